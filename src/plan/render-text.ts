// Plan as terminal text, Terraform-like: `+ create`, `~ update`, `- delete`, then a summary line.
// Colour only when asked (the CLI asks when stdout is a terminal); the words carry the meaning.
import { styleText } from 'node:util';
import type { ListChange, Plan } from '../model/plan.js';
import { displayLine, quote } from '../load/quote-value.js';
import { needsEscapes } from '../render/look-alikes.js';
import { unicodeEscapes } from '../render/markdown-escape.js';
import { defaultsText, endpointLine, noChangesText, planSummaryLine, type ServiceEndpoint } from './summary.js';
import { listLimitLine, listLimitShown } from './list-limit.js';
import { renderRulesText } from './rules/render-rules.js';

// Names, ids and terms can come from the live service: control characters are shown, never sent to
// the terminal, so a term cannot recolour or rewrite the screen. Names are quoted whole.
const NO_CUT = Number.MAX_SAFE_INTEGER;

type Style = Parameters<typeof styleText>[0];

export interface PlanTextOptions {
  color: boolean;
  /** The app, region and host the plan was made against (the CLI knows; a saved plan does not). */
  endpoint?: ServiceEndpoint;
}

export function renderPlanText(plan: Plan, opts: PlanTextOptions): string {
  const paint = (style: Style, s: string) => (opts.color ? styleText(style, s, { validateStream: false }) : s);
  const lines: string[] = [`Plan for target "${displayLine(plan.target)}" (${plan.mode}, ${plan.createdAt})`];
  if (opts.endpoint) lines.push(`  ${displayLine(endpointLine(opts.endpoint))}`);
  lines.push('');
  const changed = plan.changes.filter((c) => c.kind !== 'noop');
  if (changed.length === 0) lines.push(noChangesText(plan), '');
  for (const c of changed) lines.push(...renderChange(c, paint), '');
  lines.push(...renderRulesText(plan, paint));
  for (const u of plan.unreadable ?? []) {
    lines.push(paint('red', `✗ cannot plan ${displayLine(u.id)}`) + (u.file ? `  (${u.file})` : ''));
    lines.push(`    the live list could not be read, so it is left as it is: ${u.problems.map(displayLine).join('; ')}`, '');
  }
  if (plan.unmanaged.length > 0) {
    lines.push(
      `Unmanaged (live lists with no file, left alone; --prune deletes them): ${plan.unmanaged.map((u) => displayLine(u.id)).join(', ')}`,
    );
  }
  if (plan.defaults.length > 0) lines.push(`Default lists (never changed): ${defaultsText(plan.defaults.map(displayLine))}`);
  if (plan.unmanaged.length > 0 || plan.defaults.length > 0) lines.push('');
  // One note is a line; several are a bullet list under one heading, so each can be found.
  const notes = plan.notes ?? [];
  if (notes.length === 1) lines.push(paint('yellow', `Note: ${displayLine(notes[0]!)}`), '');
  else if (notes.length > 1) lines.push(paint('yellow', 'Notes:'), ...notes.map((n) => paint('yellow', `  - ${displayLine(n)}`)), '');
  if (plan.listFilter) lines.push(`Only the lists asked for (--list): ${plan.listFilter.map(displayLine).join(', ')}; the target's other lists were not planned.`, '');
  if (changed.length > 0) lines.push(...summaryTable(changed), '');
  if (plan.listLimit && listLimitShown(plan.listLimit)) lines.push(plan.listLimit.over ? paint('red', `✗ ${listLimitLine(plan.listLimit)}`) : listLimitLine(plan.listLimit), '');
  const unsafe = changed.filter((c) => c.unsafe !== null).length + (plan.rules?.changes ?? []).filter((c) => c.unsafe !== null).length;
  if (unsafe > 0) lines.push(paint('yellow', `${unsafe} change${unsafe === 1 ? ' needs' : 's need'} --force (marked !).`));
  lines.push(paint('bold', planSummaryLine(plan)));
  return `${lines.join('\n')}\n`;
}

/**
 * The changed lists at a glance, as the markdown plan has them: list, change, terms added and
 * removed, fields, and `!` for a change that needs --force. Columns aligned; ids shown safely.
 */
export function summaryTable(changed: readonly ListChange[]): string[] {
  const rows = changed.map((c) => [
    displayLine(c.id),
    c.kind,
    c.kind === 'delete' ? '' : `+${c.added.length}`,
    c.kind === 'delete' ? `-${c.removed.length} (whole list)` : `-${c.removed.length}`,
    c.fieldChanges.map((f) => f.field).join(', '),
    c.unsafe ? '! needs --force' : '',
  ]);
  return alignedRows(['LIST', 'CHANGE', 'ADDED', 'REMOVED', 'FIELDS', 'SAFETY'], rows);
}

/** Rows padded to the widest cell of each column (by code points), trailing blanks trimmed. */
export function alignedRows(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const all = [header, ...rows];
  const width = (s: string) => [...s].length;
  const widths = header.map((_, i) => Math.max(...all.map((r) => width(r[i] ?? ''))));
  return all.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell + ' '.repeat((widths[i] ?? 0) - width(cell)))).join('  ').trimEnd());
}

function renderChange(c: ListChange, paint: (style: Style, s: string) => string): string[] {
  const where = c.file ? `  (${c.file})` : '';
  const rev = c.revisionId ? `  revision ${displayLine(c.revisionId)}` : '';
  const out: string[] = [];
  if (c.kind === 'create' && c.after) {
    out.push(paint('green', `+ create ${displayLine(c.id)}`) + where);
    out.push(`    name: ${quote(c.after.name, NO_CUT)}`, `    category: ${c.after.category}`);
    if (c.after.description) out.push(`    description: ${quote(c.after.description, NO_CUT)}`);
  } else if (c.kind === 'update') {
    out.push(paint('yellow', `~ update ${displayLine(c.id)}`) + where + rev);
    for (const f of c.fieldChanges) out.push(`    ${f.field}: ${quote(f.before, NO_CUT)} -> ${quote(f.after, NO_CUT)}`);
  } else {
    out.push(paint('red', `- delete ${displayLine(c.id)}`) + rev);
  }
  for (const t of c.added) out.push(paint('green', `    + ${term(t)}`));
  // A deletion's terms go with the list; listing them would only bury the one line that matters.
  if (c.kind !== 'delete') for (const t of c.removed) out.push(paint('red', `    - ${term(t)}`));
  else out.push(`    (${c.removed.length} term${c.removed.length === 1 ? '' : 's'})`);
  if (c.unsafe) out.push(paint('yellow', `    ! needs --force: ${c.unsafe}`));
  return out;
}

// A term that mixes scripts, hides a character or passes for ASCII is followed by its escapes
// (`sсam  (s\u0441am)`): a look-alike swap shows as a visible difference, not as a `+`/`-` pair
// that reads the same.
function term(t: string): string {
  return needsEscapes(t) ? `${displayLine(t)}  (${unicodeEscapes(t)})` : displayLine(t);
}
