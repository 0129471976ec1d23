// The one PR comment for every target (issue 30): a summary table, a row per target, then each
// target's plan folded in <details>. Each target's job hands its section over (plan-sections.ts) and it is
// posted once, by the job after them all (src/action/run-plan-comment.ts); each section is kept
// between markers with its summary (base64url) and a digest, so tests and tools can read it back.
// Pure: parse, render and fit to GitHub's comment limit.
import { createHash } from 'node:crypto';
import { mdCode } from '../render/markdown-escape.js';
import { cutAtLine, GITHUB_LIMITS } from './fit-markdown.js';

/** Starts the one plan comment of a PR (the per-target comments were `<!-- kwsync:plan target=NAME -->`). */
export const PLAN_COMMENT_MARKER = '<!-- kwsync:plan -->';

export interface PlanSection {
  /** A kwsync.yaml target name (letters, digits, `_ . -`: the config refuses anything else). */
  target: string;
  /** One line for the table: counts and an outcome, made by kwsync (no PR text). */
  summary: string;
  /** The target's plan, as its own comment showed it (already escaped by its renderer). */
  details: string;
  /** The run that planned it, for the pointer when the details are cut. */
  runUrl: string;
}

const NAME = /^[A-Za-z0-9_.-]+$/;
const OPEN = /^<!-- kwsync:section target=([A-Za-z0-9_.-]+) summary=([A-Za-z0-9_-]*) run=([A-Za-z0-9_-]*) digest=([0-9a-f]{16}) -->$/;

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url').toString('utf8');

/** Identifies a section's content, so a writer can tell its own section survived. */
export function sectionDigest(s: PlanSection): string {
  return createHash('sha256').update(JSON.stringify([s.target, s.summary, s.details, s.runUrl])).digest('hex').slice(0, 16);
}

/** The sections a plan comment holds (written by kwsync; anything between markers that does not parse is dropped). */
export function parseSections(body: string): Map<string, PlanSection & { digest: string }> {
  const out = new Map<string, PlanSection & { digest: string }>();
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = OPEN.exec(lines[i]!);
    if (!m) continue;
    const end = lines.indexOf(`<!-- kwsync:end target=${m[1]} -->`, i + 1);
    if (end < 0) break;
    const inner = lines.slice(i + 1, end);
    // <details><summary>…</summary>, a blank line, the details, a blank line, </details>
    const details = inner.slice(2, -2).join('\n');
    out.set(m[1]!, { target: m[1]!, summary: unb64(m[2]!), runUrl: unb64(m[3]!), details, digest: m[4]! });
    i = end;
  }
  return out;
}

/** A section's details as stored: markers a plan could quote are neutralised, so no section can end another. */
function storable(details: string): string {
  return details.replaceAll('<!-- kwsync:', '<!-- kwsync-quoted:').trim();
}

function sectionText(s: PlanSection, digest: string): string {
  return [
    `<!-- kwsync:section target=${s.target} summary=${b64(s.summary)} run=${b64(s.runUrl)} digest=${digest} -->`,
    `<details><summary>${mdCode(s.target)}: ${s.summary}</summary>`,
    '',
    s.details,
    '',
    '</details>',
    `<!-- kwsync:end target=${s.target} -->`,
  ].join('\n');
}

export interface SummaryCommentOptions {
  /** The targets in kwsync.yaml order (those not yet planned show as waiting). */
  order: readonly string[];
  /** Characters allowed (GitHub's comment limit by default). */
  limit?: number;
  /** The commit planned and the run that planned it, for the line under the heading. */
  headSha?: string;
  runUrl?: string;
}

/**
 * The comment: the table of every target, then each planned target's section. Past the limit, the
 * longest details are cut first, each to an equal share, ending with a pointer to its run's summary.
 */
export function renderPrSummaryComment(sections: ReadonlyMap<string, PlanSection & { digest?: string }>, opts: SummaryCommentOptions): string {
  const limit = opts.limit ?? GITHUB_LIMITS.comment.limit;
  const names = [...new Set([...opts.order, ...[...sections.keys()].sort()])].filter((n) => NAME.test(n));
  const rows = names.map((n) => `| ${mdCode(n)} | ${sections.get(n)?.summary ?? '_not planned yet (its job has not finished)_'} |`);
  const planned_ = opts.headSha ? [`Planned the lists at \`${opts.headSha.slice(0, 7)}\`${opts.runUrl ? ` in [this run](${opts.runUrl})` : ''}, one job per target.`, ''] : [];
  const head = [PLAN_COMMENT_MARKER, '### kwsync plan', '', ...planned_, '| target | plan |', '|---|---|', ...rows, '', 'Each target\'s plan is folded below; its check run has the annotations.', ''].join('\n');
  const planned = names.flatMap((n) => {
    const s = sections.get(n);
    return s ? [{ ...s, details: storable(s.details), digest: s.digest ?? sectionDigest(s) }] : [];
  });
  const overhead = (s: PlanSection) => sectionText({ ...s, details: '' }, '0'.repeat(16)).length + 1;
  let room = limit - head.length - planned.reduce((n, s) => n + overhead(s), 0);
  // Equal shares, the shortest kept whole first: each cut section gets what the others left.
  const byLength = [...planned].sort((a, b) => a.details.length - b.details.length);
  const fitted = new Map<string, string>();
  byLength.forEach((s, i) => {
    const share = Math.max(0, Math.floor(room / (byLength.length - i)));
    const text = s.details.length <= share ? s.details : cut(s, share);
    fitted.set(s.target, text);
    room -= text.length;
  });
  const body = planned.map((s) => {
    const section = { ...s, details: fitted.get(s.target)! };
    // The digest is of the section as written by its job, so the job recognises it even when cut here.
    return sectionText(section, s.digest);
  });
  return [head, ...body].join('\n');
}

function cut(s: PlanSection, share: number): string {
  const pointer = `\n\n_…cut to fit GitHub's comment limit with every target's plan; [the job summary](${s.runUrl}) has all of it._`;
  return cutAtLine(s.details, Math.max(0, share - pointer.length)) + pointer;
}
