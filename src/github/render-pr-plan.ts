// The sticky comment of the live PR plan (two-stage: workflow_run). It keeps apart what a reviewer
// must not confuse: the pull request's own changes (base branch -> PR), live edits that merging
// would revert (changed outside the repository and not in the PR's files), and the lists changed
// live since the last apply. What apply would refuse comes first; the plain plan (PR vs live, what
// apply does) follows folded. Pure; fitted to GitHub's 65,536-character body limit. Ids, paths,
// terms and messages are untrusted (the PR's files, the live app): all go through markdown-escape.
import type { Diagnostic } from '../model/diagnostic.js';
import type { FieldChange, Plan } from '../model/plan.js';
import { cautionLines, countRuleChanges, unusedListsText } from '../plan/rules/render-rules.js';
import { describeReverted } from '../plan/predict-apply.js';
import { diffLines } from '../plan/render-markdown.js';
import { hasReverts, type ThreeWayList, type ThreeWayPlan } from '../plan/three-way.js';
import { fenceFor, htmlCode, mdCode, mdCodeCell, mdText } from '../render/markdown-escape.js';
import { fitMarkdown, type FittedBody, type Measure, type ShrinkOptions } from './fit-markdown.js';
import { planMarker } from './markers.js';
import { footer, offlineNote, truncatedNote, type RenderPlanMarkdown, type RunLink } from './render-comments.js';

export interface PrPlanCommentOptions extends RunLink {
  renderPlan: RenderPlanMarkdown;
  /** Apply's predicted refusals and failures (errors) shown first. */
  problems: readonly Diagnostic[];
  /** Set when the plan is offline: why (no key configured for the target, ...). */
  offlineReason?: string;
  /** Extra markdown (the impact preview) shown after the three sections. */
  extra?: string;
  /** What is live on the target, by its deployment record, or why none is known (src/status/last-applied.ts liveOnLine): the first line under the heading. */
  liveOn?: string;
  /** Blocks shown right under the heading (the CAUTION line when the PR edits kwsync.yaml's guards). */
  notes?: readonly string[];
  warningCount: number;
  limit?: number;
  /** Characters by default (a comment); the job summary counts UTF-8 bytes. */
  measure?: Measure;
  /** Shown when the body had to be shortened; by default the comment's pointer to the job summary. */
  shortenedNote?: string;
}

export function renderPrPlanComment(tw: ThreeWayPlan, opts: PrPlanCommentOptions): FittedBody {
  const target = tw.plan.target;
  return fitMarkdown((shrink) => body(tw, opts, shrink), {
    ...(opts.limit === undefined ? {} : { limit: opts.limit }),
    ...(opts.measure === undefined ? {} : { measure: opts.measure }),
    wrap: (content, truncated) =>
      [
        planMarker(target),
        content,
        ...(truncated ? ['', opts.shortenedNote ?? truncatedNote(opts.runUrl)] : []),
        '',
        footer(opts, 'Planned'),
        '',
      ].join('\n'),
  });
}

function body(tw: ThreeWayPlan, opts: PrPlanCommentOptions, shrink: ShrinkOptions): string {
  const maxLists = shrink.maxLists ?? 50;
  const maxTerms = shrink.maxTermsPerList ?? 100;
  const target = tw.plan.target;
  const out = [`### kwsync plan for ${mdCode(target)} ${opts.offlineReason ? '(offline, against the base branch)' : '(against the live app)'}`, ''];
  if (opts.liveOn) out.push(opts.liveOn, '');
  if (opts.offlineReason) out.push(offlineNote(opts.offlineReason), '');
  for (const n of opts.notes ?? []) if (n) out.push(n, '');
  out.push(...problemsBlock(opts.problems, maxLists));
  const own = tw.lists.filter((l) => l.own.kind !== 'none');
  out.push(`#### This pull request's changes`, '');
  if (own.length === 0) out.push('None: the pull request changes no list.', '');
  else {
    out.push('| list | change | terms | fields | live revision |', '|---|---|---|---|---|');
    for (const l of own.slice(0, maxLists)) out.push(`| ${mdCodeCell(l.id)} | ${l.own.kind} | +${l.own.added.length} −${l.own.removed.length} | ${l.own.fields.map((f) => f.field).join(', ')} | ${rev(l)} |`);
    more(out, own.length - maxLists, 'list');
    out.push('');
    for (const l of own.slice(0, maxLists)) out.push(...termDetails(l.id, l.own.kind, l.own.added, l.own.removed, l.own.fields, maxTerms));
  }
  out.push(...rulesBlock(tw.plan, maxLists));
  const reverts = tw.lists.filter((l) => hasReverts(l.reverted));
  if (reverts.length > 0) {
    out.push('#### ⚠️ Drift: merging reverts these live edits', '');
    out.push('These lists were changed on the live app, outside the repository, and the pull request\'s files do not carry the edit. Apply makes live match the files, so **merging reverts these live edits**. They are marked unsafe: bring the edit into the file (`kwsync import --list <id>`) to keep it.', '');
    out.push('| list | live revision | merging |', '|---|---|---|');
    for (const l of reverts.slice(0, maxLists)) out.push(`| ${mdCodeCell(l.id)} | ${rev(l)} | ${describeReverted(l)} |`);
    more(out, reverts.length - maxLists, 'list');
    out.push('');
    for (const l of reverts.slice(0, maxLists)) out.push(...termDetails(l.id, 'reverted by merging', l.reverted.readds, l.reverted.removes, l.reverted.fields, maxTerms));
  }
  const changedLive = tw.lists.filter((l) => l.changedLive);
  if (changedLive.length > 0) {
    out.push('#### Lists changed live since the last apply', '');
    out.push('| list | live revision | kept by this PR | reverted by merging |', '|---|---|---|---|');
    for (const l of changedLive.slice(0, maxLists)) {
      out.push(`| ${mdCodeCell(l.id)} | ${rev(l)} | ${l.adopted.length > 0 ? `${l.adopted.length} term${l.adopted.length === 1 ? '' : 's'}` : '—'} | ${hasReverts(l.reverted) ? describeReverted(l) : '—'} |`);
    }
    more(out, changedLive.length - maxLists, 'list');
    out.push('');
  }
  if (opts.extra) out.push(opts.extra.trimEnd(), '');
  out.push('<details><summary>What apply does after merge (the pull request\'s lists against live)</summary>', '', opts.renderPlan(tw.plan, shrink).trimEnd(), '', '</details>');
  return out.join('\n');
}

/** The rules half, above the fold: the counts, and what weakens moderation (the diff of each rule is in the plan below). */
function rulesBlock(plan: Plan, max: number): string[] {
  if (!plan.rules) return [];
  const n = countRuleChanges(plan.rules);
  const out: string[] = [];
  if (n.create + n.update + n.delete > 0) out.push(`**Moderation rules:** ${n.create} to create, ${n.update} to update, ${n.delete} to delete (each rule's change is in the plan below).`, '');
  const cautions = cautionLines(plan);
  if (cautions.length > 0) {
    out.push('> [!CAUTION]', ...cautions.slice(0, max).map((c) => `> - ${mdText(c)}`));
    if (cautions.length > max) out.push(`> - …and ${cautions.length - max} more`);
    out.push('');
  }
  const unused = unusedListsText(plan.rules);
  if (unused) out.push(`> [!WARNING]\n> ${mdText(unused)}`, '');
  return out;
}

function problemsBlock(problems: readonly Diagnostic[], max: number): string[] {
  if (problems.length === 0) return [];
  const out = [`> [!CAUTION]\n> **Apply after merge would refuse or fail** (${problems.length} problem${problems.length === 1 ? '' : 's'}; the check fails until they are resolved):`, ''];
  for (const p of problems.slice(0, max)) out.push(`- ${mdCode(`${p.file}:${p.line}`)}: ${mdText(p.message)}`);
  more(out, problems.length - max, 'problem');
  out.push('');
  return out;
}

function termDetails(id: string, what: string, plus: readonly string[], minus: readonly string[], fields: readonly FieldChange[], maxTerms: number): string[] {
  const lines = diffLines(plus, minus);
  if (lines.length === 0 && fields.length === 0) return [];
  const out = [`<details><summary>${htmlCode(`${id}: ${what}`)}</summary>`, ''];
  for (const f of fields) out.push(`- **${f.field}**: ${mdText(f.before) || '_(empty)_'} → ${mdText(f.after) || '_(empty)_'}`);
  const shown = lines.slice(0, maxTerms);
  if (shown.length > 0) {
    const fence = fenceFor(shown);
    if (out[out.length - 1] !== '') out.push('');
    out.push(`${fence}diff`, ...shown, fence);
  }
  if (lines.length > shown.length) out.push('', `_…and ${lines.length - shown.length} more terms._`);
  out.push('', '</details>', '');
  return out;
}

function rev(l: ThreeWayList): string {
  return l.liveRevision ? mdCodeCell(l.liveRevision) : '_(not live)_';
}
function more(out: string[], n: number, what: string): void {
  if (n > 0) out.push('', `_…and ${n} more ${what}${n === 1 ? '' : 's'} not shown._`);
}
