// The plan comment for a pull request whose author is not trusted (see src/action/pr-trust.ts):
// counts only, from the PR's own files against its base commit, both public in git. Nothing read
// from the live app (terms, unmanaged lists, drift, revisions) and no impact preview: a PR's
// patterns run over chat messages are a query oracle over what the app's users wrote. One line
// says what is withheld and how a maintainer releases it. Rules: the PR's rule files against the
// base's, with the CAUTION lines those files alone give (a rule disabled, a list deleted while a
// rule uses it). Pure.
import { mdCode, mdCodeCell, mdText } from '../render/markdown-escape.js';
import { footer, type RunLink } from './render-comments.js';
import { planMarker } from './markers.js';

export interface OwnCount {
  id: string;
  kind: 'create' | 'update' | 'delete';
  added: number;
  removed: number;
}

/** The rules half of a withheld plan: the PR's rule files against the base commit's. */
export interface WithheldRules {
  changes: readonly { id: string; kind: 'create' | 'update' | 'delete' }[];
  /** Rules of the base with no file in the PR that apply leaves live (prune off, or no rules/ in the PR). */
  leftLive: readonly string[];
  /** CAUTION lines (cautionLines): from the two commits' files, never from the app. */
  cautions: readonly string[];
}

export interface WithheldPlanOptions extends RunLink {
  target: string;
  lists: readonly OwnCount[];
  /** Absent when neither commit has keywords/rules/ (and no list is deleted). */
  rules?: WithheldRules;
  /** Why the author is not trusted, in a sentence fragment. */
  why: string;
  /** Which act releases which commit (src/action/pr-trust.ts releaseInstruction). */
  release: string;
  errorCount: number;
  warningCount: number;
  /** Extra blocks (the CAUTION line on guard changes), shown under the heading. */
  notes?: readonly string[];
}

export const MAX_WITHHELD_ROWS = 100;

export function withheldLine(release: string, why: string): string {
  return (
    `> [!NOTE]\n> **The live plan is withheld** (${why}): this comment shows only what the pull request's own files change. ` +
    `Not shown: the impact preview on recent messages, terms of the live lists, live lists the repository does not manage, and live edits. ${release}`
  );
}

export function renderWithheldPlan(opts: WithheldPlanOptions): string {
  const out = [planMarker(opts.target), `### kwsync plan for \`${opts.target}\` (counts only)`, '', withheldLine(opts.release, opts.why), ''];
  for (const n of opts.notes ?? []) if (n) out.push(n, '');
  const e = opts.errorCount;
  const w = opts.warningCount;
  out.push(e + w === 0 ? 'Validation: all lists are valid.' : `Validation: ${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}; the check shows each one on its line.`, '');
  if (opts.lists.length === 0) out.push('The pull request changes no list.', '');
  else {
    out.push(`#### This pull request's changes (${opts.lists.length} list${opts.lists.length === 1 ? '' : 's'})`, '', '| list | change | terms added | terms removed |', '|---|---|--:|--:|');
    // List ids come from the PR's own files (validated ids, but untrusted text).
    for (const l of opts.lists.slice(0, MAX_WITHHELD_ROWS)) out.push(`| ${mdCodeCell(l.id)} | ${l.kind} | ${l.added} | ${l.removed} |`);
    if (opts.lists.length > MAX_WITHHELD_ROWS) out.push('', `_…and ${opts.lists.length - MAX_WITHHELD_ROWS} more lists._`);
    out.push('');
  }
  if (opts.rules) out.push(...rulesBlock(opts.rules));
  out.push(footer(opts, 'Planned'), '');
  return out.join('\n');
}

/** Rule changes and left-live rules a withheld comment counts (both by id). */
export function withheldRuleCount(rules: WithheldRules | undefined): number {
  return rules ? rules.changes.length + rules.leftLive.length : 0;
}

function rulesBlock(rules: WithheldRules): string[] {
  const out: string[] = [];
  // CAUTION lines quote rule and list ids from the PR's files: escaped, capped like the rows.
  if (rules.cautions.length > 0) out.push('> [!CAUTION]', ...rules.cautions.slice(0, MAX_WITHHELD_ROWS).map((c) => `> - ${mdText(c)}`), '');
  const n = (k: string) => rules.changes.filter((c) => c.kind === k).length;
  if (rules.changes.length > 0) {
    out.push(`#### Moderation rules: ${n('create')} created, ${n('update')} updated, ${n('delete')} deleted`, '', '| rule | change |', '|---|---|');
    for (const c of rules.changes.slice(0, MAX_WITHHELD_ROWS)) out.push(`| ${mdCodeCell(c.id)} | ${c.kind} |`);
    if (rules.changes.length > MAX_WITHHELD_ROWS) out.push('', `_…and ${rules.changes.length - MAX_WITHHELD_ROWS} more rules._`);
    out.push('');
  }
  if (rules.leftLive.length > 0) {
    const named = rules.leftLive.slice(0, MAX_WITHHELD_ROWS).map(mdCode).join(', ') + (rules.leftLive.length > MAX_WITHHELD_ROWS ? ' …' : '');
    out.push(`Rules with no file in the pull request, left live by apply (prune is off, or the pull request has no \`rules/\`): ${named}`, '');
  }
  return out;
}
