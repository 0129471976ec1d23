// `kwsync explain` for people: a pure function of the report. On a terminal the matched text is
// coloured; elsewhere it is put in [brackets], so a pasted answer still shows what matched. A
// sentence list shows its nearest sentence and score, with the local-model disclaimer.
import { actingRulesText } from './acting-rules.js';
import { displayLine } from '../load/quote-value.js';
import type { ExplainReport, ListReport, TermReport } from './explain-report.js';
import type { Provenance } from './provenance.js';
import type { Span } from './explain-message.js';
import { formatThreshold } from '../preview/similarity-threshold.js';

const paint = (on: boolean, code: string, s: string): string => (on ? `\u001b[${code}m${s}\u001b[0m` : s);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const short = (sha: string) => sha.slice(0, 10);
const day = (iso: string) => iso.slice(0, 10);
const score = (n: number) => n.toFixed(3);
const show = (s: string) => JSON.stringify(displayLine(s)).replace(/\\\\/g, '\\');

export function renderExplainText(report: ExplainReport, opts: { color: boolean }): string {
  const c = opts.color;
  const out: string[] = [];
  const held = report.lists.filter((l) => l.caught);
  if (report.target) {
    const left = report.target.leftOut;
    out.push(`Target: ${displayLine(report.target.name)} (its lists and overrides in kwsync.yaml${left.length > 0 ? `; leaves out ${left.map(displayLine).join(', ')}` : ''})`);
  }
  if (report.kind === 'message') {
    out.push(`Message: ${show(report.text)}`, '');
    out.push(held.length > 0 ? `Caught by ${plural(held.length, 'list')}:` : 'No list catches this message.');
  } else {
    out.push(`Term: ${show(report.text)}`, '');
    out.push(held.length > 0 ? `Held by ${plural(held.length, 'list')} (exactly, or case-folded as word lists fold):` : 'No list in the repository holds this term, exactly or case-folded.');
  }
  for (const list of held) out.push('', ...renderList(report, list, c));
  if (report.kind === 'message') {
    const missed = report.lists.filter((l) => l.previewable && !l.caught && l.nearest === undefined);
    const below = report.lists.filter((l) => !l.caught && l.nearest !== undefined);
    const notScored = report.lists.filter((l) => !l.previewable && l.notPreviewed !== undefined);
    const similarity = report.lists.filter((l) => !l.previewable && l.notPreviewed === undefined);
    if (missed.length > 0) out.push('', `Not caught by: ${missed.map((l) => `${l.id} (${l.category})`).join(', ')}`);
    if (below.length > 0 && report.similarity) {
      const t = formatThreshold(report.similarity.threshold);
      out.push('', `Below the threshold of the local model (${t}):`);
      for (const l of below) out.push(`  ${l.id}: ${l.nearest ? `nearest sentence ${show(l.nearest.sentence)} scores ${score(l.nearest.score)}: would not be caught at ${t} by the local model` : 'the list has no sentence'}`);
    }
    for (const l of notScored) out.push('', `${l.id} (sentence-similarity): not previewed: ${displayLine(l.notPreviewed!)}`);
    if (similarity.length > 0) {
      out.push('', `Not previewable offline: ${similarity.map((l) => l.id).join(', ')} (sentence-similarity: not scored here, the local model was not asked for; the service's AI model decides)`);
    }
    if (report.similarity) {
      out.push('', `Sentence-similarity scores come from a local model, not CometChat's (${displayLine(report.similarity.model)}); the service decides with its own AI model and may decide differently.`);
    }
  }
  const acting = report.kind === 'message' ? actingRulesText(report.rules, held.length).map(displayLine) : [];
  if (acting.length > 0) out.push('', ...acting);
  if (report.provenanceUnavailable) out.push('', `Provenance: ${report.provenanceUnavailable}.`);
  if (report.live) out.push('', ...renderLive(report));
  return `${out.join('\n')}\n`;
}

function renderList(report: ExplainReport, list: ListReport, c: boolean): string[] {
  const where = list.termsFile ? `${list.file}, terms in ${list.termsFile}` : list.file;
  const lines = [`${paint(c, '1', list.id)}  (${where})`, `  rule: ${list.category} list, ${list.rule}`];
  if (list.nearest && report.similarity) {
    lines.push(`  nearest sentence scores ${score(list.nearest.score)}: would be caught at ${formatThreshold(report.similarity.threshold)} by the local model`);
    for (const t of list.terms) lines.push(...renderTerm(t, 'sentence'));
    return lines;
  }
  if (report.kind === 'message') lines.push(`  ${highlight(report.text, list.terms.flatMap((t) => t.spans ?? []), c)}`);
  for (const t of list.terms) lines.push(...renderTerm(t, report.kind === 'message' && list.category === 'pattern' ? 'pattern' : 'term'));
  return lines;
}

function renderTerm(t: TermReport, noun: string): string[] {
  const folded = t.match === 'case-folded' ? ' (same once case-folded)' : '';
  const lines = [`  ${noun} ${show(t.term)}${folded}  ${t.file}${t.line ? `:${t.line}` : ''}`];
  lines.push(...renderProvenance(t.provenance).map((l) => `    ${l}`));
  if (t.live) lines.push(`    live: ${t.live === 'present' ? 'the live list holds it too' : t.live === 'absent' ? 'the live list does NOT hold it (not applied yet, or removed live)' : 'no live list has this id (not applied yet)'}`);
  return lines;
}

export function renderProvenance(p: Provenance): string[] {
  if (p.status === 'uncommitted') return ['added in the working tree: not committed yet'];
  if (p.status === 'unavailable') return [`provenance unavailable: ${p.reason}`];
  const lines = [`entered ${day(p.commit.date)} in commit ${short(p.commit.commit)} ${show(p.commit.subject)}`];
  const pr = p.pullRequest;
  if (!pr) lines.push('no pull request named in the history (committed straight to the branch)');
  else if (pr.via === 'squash') lines.push(`through pull request #${pr.number} (squash-merged)`);
  else lines.push(`through pull request #${pr.number} (merged in ${short(pr.landedIn)} on ${day(pr.landedAt)})`);
  return lines;
}

function renderLive(report: ExplainReport): string[] {
  const live = report.live!;
  const verb = report.kind === 'message' ? 'catches it' : 'holds it';
  const lines = ['Live lists:'];
  if (live.lists.length === 0) lines.push(`  no live list ${report.kind === 'message' ? 'catches this message' : 'holds this term'}`);
  for (const l of live.lists) {
    const by = l.terms.map(show).join(', ');
    const only = l.liveOnly.length > 0 ? `; not in git: ${l.liveOnly.map(show).join(', ')} (added live since the last apply, or removed in git and not applied yet)` : '';
    lines.push(`  ${l.id}${l.inRepo ? '' : ' (live only: no list file has this id)'} ${verb} with ${by}${only}`);
  }
  for (const note of live.notes) lines.push(`  note: ${note}`);
  return lines;
}

/** The message with the spans marked; overlapping spans are marked once. */
export function highlight(text: string, spans: readonly Span[], color: boolean): string {
  const merged: { start: number; end: number }[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ start: s.start, end: s.end });
  }
  let out = '';
  let at = 0;
  for (const s of merged) {
    out += displayLine(text.slice(at, s.start));
    const hit = displayLine(text.slice(s.start, s.end));
    out += color ? paint(true, '1;4;31', hit) : `[${hit}]`;
    at = s.end;
  }
  return out + displayLine(text.slice(at));
}
