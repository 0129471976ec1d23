// Plan as GitHub-flavoured markdown for the PR comment: a summary table, then each changed list
// folded in <details>. Both are capped ("and N more") so the caller can shrink the comment to fit
// GitHub's 65,536-character limit by lowering the caps. Every id, name, path, term and service text
// goes through src/render/markdown-escape (a PR's files and the live app are untrusted).
import type { ListChange, Plan } from '../model/plan.js';
import { needsEscapes } from '../render/look-alikes.js';
import { fenceFor, fenceLine, htmlCode, mdCell, mdCode, mdCodeCell, mdText, unicodeEscapes } from '../render/markdown-escape.js';
import { defaultsText, endpointLine, noChangesText, planSummaryLine, type ServiceEndpoint } from './summary.js';
import { listLimitLine, listLimitShown } from './list-limit.js';
import { renderRulesMarkdown } from './rules/render-rules.js';

export interface MarkdownOptions {
  /** Lists shown in the table and the details (default 50). */
  maxLists?: number;
  /** Added plus removed terms shown per list (default 100). */
  maxTermsPerList?: number;
  /** The app, region and host the plan was made against, named under the heading when given. */
  endpoint?: ServiceEndpoint;
}

const KIND_LABEL = { create: '➕ create', update: '✏️ update', delete: '🗑️ delete', noop: 'no change' } as const;

export function renderPlanMarkdown(plan: Plan, opts: MarkdownOptions = {}): string {
  const maxLists = Math.max(0, opts.maxLists ?? 50);
  const maxTerms = Math.max(0, opts.maxTermsPerList ?? 100);
  const changed = plan.changes.filter((c) => c.kind !== 'noop');
  const shown = changed.slice(0, maxLists);
  const hidden = changed.length - shown.length;
  const out: string[] = [`### kwsync plan for ${mdCode(plan.target)}`, ''];
  if (opts.endpoint) out.push(`<sub>${mdText(endpointLine(opts.endpoint))}</sub>`, '');
  out.push(`**${planSummaryLine(plan)}**`, '');
  if (plan.listLimit && listLimitShown(plan.listLimit)) out.push(`${plan.listLimit.over ? '❌ ' : ''}${mdText(listLimitLine(plan.listLimit))}`, '');
  if (plan.listFilter) out.push(`Only the lists asked for (\`--list\`): ${plan.listFilter.map(mdCode).join(', ')}; the target's other lists were not planned.`, '');
  if (changed.length === 0) out.push(noChangesText(plan), '');
  else {
    out.push('| list | change | terms | fields | needs `--force` |', '|---|---|---|---|---|');
    for (const c of shown) out.push(tableRow(c));
    if (hidden > 0) out.push('', `_…and ${hidden} more list${hidden === 1 ? '' : 's'} not shown._`);
    out.push('');
    for (const c of shown) out.push(...details(c, maxTerms), '');
    if (hidden > 0) out.push(`_…and ${hidden} more list${hidden === 1 ? '' : 's'} not shown._`, '');
  }
  out.push(...renderRulesMarkdown(plan));
  for (const u of plan.unreadable ?? []) {
    out.push(`❌ **cannot plan ${mdCode(u.id)}**${u.file ? ` (${mdCode(u.file)})` : ''}: the live list could not be read, so it is left as it is: ${mdText(u.problems.join('; '))}`, '');
  }
  if (plan.unmanaged.length > 0) {
    out.push(`Unmanaged live lists (no file; kept, \`--prune\` deletes them): ${plan.unmanaged.map((u) => mdCode(u.id)).join(', ')}`, '');
  }
  if (plan.defaults.length > 0) out.push(`Default lists (never changed): ${defaultsText(plan.defaults, 5, mdCode)}`, '');
  for (const note of plan.notes ?? []) out.push(`> [!NOTE]\n> ${mdText(note)}`, '');
  out.push(`<sub>${mdText(`${plan.mode} plan made ${plan.createdAt}`)}</sub>`);
  return `${out.join('\n')}\n`;
}

function tableRow(c: ListChange): string {
  const terms = c.kind === 'delete' ? `−${c.removed.length} (whole list)` : `+${c.added.length} −${c.removed.length}`;
  const fields = c.fieldChanges.map((f) => f.field).join(', ');
  const unsafe = c.unsafe ? `⚠️ ${mdCell(c.unsafe)}` : '';
  return `| ${mdCodeCell(c.id)} | ${KIND_LABEL[c.kind]} | ${terms} | ${fields} | ${unsafe} |`;
}

function details(c: ListChange, maxTerms: number): string[] {
  const summary = `${htmlCode(c.id)}: ${c.kind}, +${c.added.length} −${c.removed.length}${c.file ? ` (${htmlCode(c.file)})` : ''}`;
  const out = [`<details><summary>${summary}</summary>`, ''];
  if (c.kind === 'create' && c.after) {
    out.push(`- **name**: ${mdText(c.after.name)}`, `- **category**: ${mdText(c.after.category)}`);
    if (c.after.description) out.push(`- **description**: ${mdText(c.after.description)}`);
  }
  for (const f of c.fieldChanges) out.push(`- **${f.field}**: ${mdText(f.before) || '_(empty)_'} → ${mdText(f.after) || '_(empty)_'}`);
  if (c.unsafe) out.push(`- ⚠️ **needs \`--force\`**: ${mdText(c.unsafe)}`);
  // Shortened, both sides keep a share: a big list's comment must not show only its additions.
  const keepAdded = Math.min(c.added.length, Math.max(maxTerms - c.removed.length, Math.ceil(maxTerms / 2)));
  const keepRemoved = Math.min(c.removed.length, maxTerms - keepAdded);
  const lines = { length: c.added.length + c.removed.length };
  const shown = diffLines(c.added.slice(0, keepAdded), c.removed.slice(0, keepRemoved));
  if (shown.length > 0) {
    const fence = fenceFor(shown);
    if (out[out.length - 1] !== '') out.push('');
    out.push(`${fence}diff`, ...shown, fence);
  }
  const more = lines.length - shown.length;
  if (more > 0) out.push('', `_…and ${more} more term${more === 1 ? '' : 's'}._`);
  out.push('', '</details>');
  return out;
}

/**
 * `+ term` / `- term` lines for a diff block: one line each, invisible characters shown, and a term
 * that mixes scripts, hides a character or passes for ASCII followed by its escapes
 * (`+ sсam  (s\u0441am)`), so a look-alike swap is visible (see `needsEscapes`).
 */
export function diffLines(added: readonly string[], removed: readonly string[]): string[] {
  const line = (sign: string, t: string) => `${sign} ${fenceLine(t)}${needsEscapes(t) ? `  (${unicodeEscapes(t)})` : ''}`;
  return [...added.map((t) => line('+', t)), ...removed.map((t) => line('-', t))];
}
