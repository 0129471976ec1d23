// Renderers of a StatusReport, pure functions of it: a table for people (text), the same table for
// a job summary (markdown, every value escaped: list ids and reasons come from files and services),
// and the versioned JSON. The cells are short; the whole story of each target follows as notes. Live
// list ids and run links come from outside: the text shows their control characters as \uXXXX.
import { mdCell, mdCodeCell, mdText, visible } from '../render/markdown-escape.js';
import type { Ahead, Drift, StatusReport, TargetStatus } from './status-schema.js';
import { ruleActivityLines } from './rule-activity.js';
import { targetUnread } from './classify.js';

const MAX_IDS = 5;

/** Aligned columns; lines longer than the terminal are cut (the notes below say it all again). */
function table(header: readonly string[], rows: readonly (readonly string[])[], columns: number | undefined): string {
  const all = [header, ...rows].map((r) => r.map((c) => visible(c.replace(/\s+/g, ' ').trim())));
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const lines = all.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd());
  const fit = (l: string) => (columns && columns >= 20 && l.length > columns ? `${l.slice(0, columns - 1)}…` : l);
  return `${lines.map(fit).join('\n')}\n`;
}

/** `a, b, c and 4 more`. */
function named(ids: readonly string[]): string {
  const shown = ids.slice(0, MAX_IDS).join(', ');
  return ids.length > MAX_IDS ? `${shown} and ${ids.length - MAX_IDS} more` : shown;
}

/** "3 h ago": minutes under an hour, hours under two days, then days. */
export function timeAgo(iso: string, now: Date): string {
  const ms = now.getTime() - Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  if (ms < 0) return 'in the future';
  const min = Math.floor(ms / 60_000);
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min ago`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.floor(h / 24)} d ago`;
}

/** `2026-11-26 06:54Z`. */
export function utcMinute(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace('T', ' ')}Z`;
}

export function driftCell(d: Drift): string {
  if (d.state === 'not-checked') return `not checked: ${d.reason ?? ''}`.trim();
  if (d.state === 'error') return 'error (see below)';
  const parts = [
    ...(d.liveEdits.length > 0 ? [`live edits: ${named(d.liveEdits)}`] : []),
    ...(d.differs && d.differs.length > 0 ? [`differs from ${d.differsFrom ?? 'the ref'}: ${named(d.differs)}`] : []),
    ...(d.missing.length > 0 ? [`missing: ${named(d.missing)}`] : []),
    ...(d.unmanaged.length > 0 ? [`unmanaged: ${named(d.unmanaged)}`] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : 'none';
}

export function aheadCell(a: Ahead): string {
  if (a.state === 'unknown') return 'unknown';
  if (a.state === 'none') return 'none';
  const parts = [
    ...(a.added.length > 0 ? [`+${a.added.length} added`] : []),
    ...(a.changed.length > 0 ? [`~${a.changed.length} changed`] : []),
    ...(a.removed.length > 0 ? [`-${a.removed.length} removed`] : []),
  ];
  return parts.join(', ');
}

/** Every sentence about a target the table leaves out: the fallback, errors, the ids ahead. */
export function targetNotes(t: TargetStatus): string[] {
  const notes: string[] = [];
  if (t.app) notes.push(`app ${t.app.appId ?? '(none set)'}, region ${t.app.region}, ${t.app.baseUrl}`);
  if (t.applied.ignored) notes.push(`records ignored: ${t.applied.ignored}.`);
  if (t.appliedLocally) {
    const l = t.appliedLocally;
    notes.push(`applied from this machine: ${l.shortSha ?? 'no commit'}${l.dirty ? ' with uncommitted changes' : ''} at ${utcMinute(l.appliedAt)} (kwsync apply, recorded in .git/kwsync/; not a deployment record)${l.sha && !l.dirty ? `; \`kwsync plan --base ${l.shortSha}\` tells dashboard edits made since from the files' changes` : ''}.`);
  }
  if (t.comparedWith.note) notes.push(`drift: ${t.comparedWith.note}.`);
  if (t.drift.state === 'error') notes.push(`drift could not be read: ${t.drift.reason ?? 'unknown error'}`);
  if (t.drift.state !== 'drift' && t.drift.unmanaged.length > 0) notes.push(`unmanaged lists (no file) are not drift while prune is off: ${named(t.drift.unmanaged)}.`);
  if (t.drift.differs && t.drift.differs.length > 0) {
    notes.push(`differs from ${t.drift.differsFrom ?? 'the ref'}: ${named(t.drift.differs)}: a live edit or a committed change never applied (without the applied commit, status cannot tell which).`);
  }
  for (const n of t.drift.notes) notes.push(n);
  if (t.rules) notes.push(...ruleActivityLines(t.rules));
  if (t.ahead.state === 'ahead') {
    const ids = [
      ...(t.ahead.added.length > 0 ? [`added ${named(t.ahead.added)}`] : []),
      ...(t.ahead.changed.length > 0 ? [`changed ${named(t.ahead.changed)}`] : []),
      ...(t.ahead.removed.length > 0 ? [`removed ${named(t.ahead.removed)}`] : []),
    ];
    notes.push(`ahead: ${t.ahead.ref} has list changes not applied yet: ${ids.join('; ')}.`);
  } else if (t.ahead.state === 'unknown' && t.ahead.reason && t.applied.found) {
    notes.push(`ahead unknown: ${t.ahead.reason}.`);
  }
  return notes;
}

function overall(report: StatusReport): string {
  const n = report.targets.length;
  const unread = report.targets.filter(targetUnread).length;
  if (report.inSync) return `${n === 1 ? 'The target is' : `All ${n} targets are`} in sync: live matches, nothing ahead.`;
  const differ = report.targets.filter((t) => t.drift.state === 'drift' || t.ahead.state === 'ahead').length;
  return [
    ...(differ > 0 ? [`${differ} of ${n} target${n === 1 ? '' : 's'} differ${differ === 1 ? 's' : ''} (drift or ahead).`] : []),
    ...(unread > 0 ? [`${unread} of ${n} could not be checked.`] : []),
  ].join(' ');
}

export function renderStatusText(report: StatusReport, opts: { now: Date; columns?: number | undefined }): string {
  const rows = report.targets.map((t) => [
    t.target,
    t.applied.found ? (t.applied.shortSha ?? '') : t.applied.error ? 'unknown' : t.appliedLocally ? `${t.appliedLocally.shortSha ?? 'none'} (this machine)` : 'none',
    t.applied.appliedAt ? `${utcMinute(t.applied.appliedAt)} (${timeAgo(t.applied.appliedAt, opts.now)})` : t.appliedLocally ? `${utcMinute(t.appliedLocally.appliedAt)} (${timeAgo(t.appliedLocally.appliedAt, opts.now)})` : '-',
    t.applied.runUrl ?? '-',
    driftCell(t.drift),
    aheadCell(t.ahead),
  ]);
  const shown = table(['TARGET', 'APPLIED', 'WHEN', 'RUN', 'DRIFT', `AHEAD (${report.ref})`], rows, opts.columns);
  const notes = report.targets.flatMap((t) => targetNotes(t).map((n) => `  ${visible(`${t.target}: ${n}`)}`));
  return `${shown}${notes.length > 0 ? `\n${notes.join('\n')}\n` : ''}\n${overall(report)}\n`;
}

export function renderStatusMarkdown(report: StatusReport, opts: { now: Date }): string {
  const rows = report.targets.map((t) => {
    const when = t.applied.appliedAt ? `${mdCell(utcMinute(t.applied.appliedAt))} (${mdCell(timeAgo(t.applied.appliedAt, opts.now))})` : '–';
    const run = t.applied.runUrl && /^https:\/\/[^\s()<>]+$/.test(t.applied.runUrl) ? `[run](${t.applied.runUrl})` : '–';
    const sha = t.applied.found && t.applied.shortSha ? mdCodeCell(t.applied.shortSha) : t.applied.error ? 'unknown' : 'none';
    return `| ${mdCell(t.target)} | ${sha} | ${when} | ${run} | ${mdCell(driftCell(t.drift))} | ${mdCell(aheadCell(t.ahead))} |`;
  });
  const notes = report.targets.flatMap((t) => targetNotes(t).map((n) => `- **${mdText(t.target)}**: ${mdText(n)}`));
  return [
    '### kwsync status',
    '',
    `| target | applied | when | run | drift | ahead of ${mdCell(report.ref)} |`,
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    ...(notes.length > 0 ? [...notes, ''] : []),
    mdText(overall(report)),
    '',
  ].join('\n');
}

export function renderStatusJson(report: StatusReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
