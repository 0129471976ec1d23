// The rules half of a plan, as text and as markdown: each changed rule with its action and its
// conditions as a diff, the CAUTION lines for what weakens moderation, the lists no rule uses, and
// the counts. Rule files from a pull request and live rules are untrusted: every id, name and value
// goes through displayLine/quote (text) or markdown-escape (markdown), and the lists are capped.
import type { Plan, RuleChange, RulesPlan } from '../../model/plan.js';
import { displayLine, quote } from '../../load/quote-value.js';
import { fenceFor, fenceLine, mdCode, mdText } from '../../render/markdown-escape.js';
import { actionText } from './rule-content.js';

const NO_CUT = Number.MAX_SAFE_INTEGER;
/** Rules shown in a comment; the rest are counted. The service allows 25 custom rules. */
const MAX_RULES_SHOWN = 30;
const MAX_NAMED = 10;

type Paint = (style: 'green' | 'yellow' | 'red' | 'bold' | 'dim', s: string) => string;

export function countRuleChanges(rules: RulesPlan): Record<RuleChange['kind'], number> {
  const n = { create: 0, update: 0, delete: 0, noop: 0 };
  for (const c of rules.changes) n[c.kind] += 1;
  return n;
}

/** ` Rules: 1 to create, ...` for the summary line, when the plan has rules. */
export function rulesSummaryText(plan: Pick<Plan, 'rules'>): string {
  if (!plan.rules || !plan.rules.managed) return '';
  const n = countRuleChanges(plan.rules);
  return ` Rules: ${n.create} to create, ${n.update} to update, ${n.delete} to delete, ${n.noop} unchanged.`;
}

/** Every CAUTION line of the plan: a rule change that weakens moderation, a list deleted while a rule uses it. */
export function cautionLines(plan: Plan): string[] {
  const rules = plan.rules;
  if (!rules) return [];
  const out = rules.changes.flatMap((c) => c.cautions);
  for (const c of plan.changes) {
    if (c.kind !== 'delete' || !c.usedBy || c.usedBy.length === 0) continue;
    out.push(`list "${c.id}" is deleted while rule ${c.usedBy.map((u) => `"${u}"`).join(', ')} uses it: ${c.usedBy.length === 1 ? 'that rule stops' : 'those rules stop'} catching its terms`);
  }
  return out;
}

/** The warning for lists no enabled rule uses once the plan is applied. */
export function unusedListsText(rules: RulesPlan): string | null {
  if (rules.unusedLists.length === 0) return null;
  const named = rules.unusedLists.slice(0, MAX_NAMED).join(', ') + (rules.unusedLists.length > MAX_NAMED ? ` and ${rules.unusedLists.length - MAX_NAMED} more` : '');
  const s = rules.unusedLists.length === 1;
  return `no enabled rule uses list${s ? '' : 's'} ${named} (in keywords/rules/ or live): ${s ? 'it catches' : 'they catch'} nothing live; reference ${s ? 'it' : 'them'} from a rule with \`- list: <id>\``;
}

export function renderRulesText(plan: Plan, paint: Paint): string[] {
  const rules = plan.rules;
  if (!rules) return [];
  const lines: string[] = [];
  const changed = rules.changes.filter((c) => c.kind !== 'noop');
  for (const c of changed.slice(0, MAX_RULES_SHOWN)) lines.push(...ruleChangeText(c, paint), '');
  if (changed.length > MAX_RULES_SHOWN) lines.push(`…and ${changed.length - MAX_RULES_SHOWN} more rule changes`, '');
  const named = (xs: readonly { id: string }[]) => xs.slice(0, MAX_NAMED).map((r) => displayLine(r.id)).join(', ') + (xs.length > MAX_NAMED ? ` and ${xs.length - MAX_NAMED} more` : '');
  if (rules.unmanaged.length > 0) lines.push(`Unmanaged rules (live custom rules with no file, left alone${rules.managed ? '; --prune deletes them' : ''}): ${named(rules.unmanaged)}`);
  if (rules.defaults.length > 0) lines.push(`Default rules (never written or deleted): ${named(rules.defaults)}`);
  if (rules.unmanaged.length > 0 || rules.defaults.length > 0) lines.push('');
  if (rules.incomplete) lines.push(paint('yellow', `Note: ${displayLine(`the service's list of rules may be cut short (${rules.incomplete}); rules past it were not seen`)}`), '');
  const unused = unusedListsText(rules);
  if (unused) lines.push(paint('yellow', `Warning: ${displayLine(unused)}`), '');
  const cautions = cautionLines(plan);
  for (const c of cautions) lines.push(paint('red', `CAUTION: ${displayLine(c)}`));
  if (cautions.length > 0) lines.push('');
  return lines;
}

function ruleChangeText(c: RuleChange, paint: Paint): string[] {
  const where = c.file ? `  (${displayLine(c.file)})` : '';
  const rev = c.revisionId ? `  revision ${displayLine(c.revisionId)}` : '';
  const out: string[] = [];
  if (c.kind === 'create' && c.after) {
    out.push(paint('green', `+ create rule ${displayLine(c.id)}`) + where);
    out.push(`    name: ${quote(c.after.name, NO_CUT)}`, `    enabled: ${c.after.enabled}`, `    action: ${displayLine(actionText(c.after.action))}`);
  } else if (c.kind === 'update') {
    out.push(paint('yellow', `~ update rule ${displayLine(c.id)}`) + where + rev);
    for (const f of c.fieldChanges) out.push(`    ${f.field}: ${f.field === 'name' || f.field === 'description' ? `${quote(f.before, NO_CUT)} -> ${quote(f.after, NO_CUT)}` : `${displayLine(f.before)} -> ${displayLine(f.after)}`}`);
    if (!c.fieldChanges.some((f) => f.field === 'action') && c.after) out.push(`    action: ${displayLine(actionText(c.after.action))}`);
  } else {
    out.push(paint('red', `- delete rule ${displayLine(c.id)}`) + rev);
  }
  for (const t of c.conditionsAdded) out.push(paint('green', `    + condition: ${displayLine(t)}`));
  for (const t of c.conditionsRemoved) out.push(paint('red', `    - condition: ${displayLine(t)}`));
  if (c.kind === 'update' && c.conditionsAdded.length === 0 && c.conditionsRemoved.length === 0 && c.fieldChanges.length === 0) out.push('    conditions reordered');
  if (c.unsafe) out.push(paint('yellow', `    ! needs --force: ${displayLine(c.unsafe)}`));
  return out;
}

export function renderRulesMarkdown(plan: Plan): string[] {
  const rules = plan.rules;
  if (!rules) return [];
  const out: string[] = [];
  const cautions = cautionLines(plan);
  if (cautions.length > 0) out.push('> [!CAUTION]', ...cautions.slice(0, MAX_RULES_SHOWN).map((c) => `> - ${mdText(c)}`), '');
  const changed = rules.changes.filter((c) => c.kind !== 'noop');
  if (changed.length > 0) {
    out.push('**Rules**', '');
    for (const c of changed.slice(0, MAX_RULES_SHOWN)) {
      const head = `${c.kind} rule ${mdCode(c.id)}${c.file ? ` (${mdCode(c.file)})` : ''}`;
      const lines = [
        ...(c.after ? [`  action: ${actionText(c.after.action)}`, `  enabled: ${c.after.enabled}`] : []),
        ...c.fieldChanges.filter((f) => f.field !== 'action' && f.field !== 'enabled').map((f) => `  ${f.field}: ${f.before} -> ${f.after}`),
        ...c.fieldChanges.filter((f) => f.field === 'action' || f.field === 'enabled').map((f) => `! ${f.field}: ${f.before} -> ${f.after}`),
        ...c.conditionsAdded.map((t) => `+ condition: ${t}`),
        ...c.conditionsRemoved.map((t) => `- condition: ${t}`),
      ].map((l) => fenceLine(l));
      const fence = fenceFor(lines);
      out.push(`- ${head}${c.unsafe ? ` ⚠️ needs \`--force\`: ${mdText(c.unsafe)}` : ''}`, '', `  ${fence}diff`, ...lines.map((l) => `  ${l}`), `  ${fence}`, '');
    }
    if (changed.length > MAX_RULES_SHOWN) out.push(`_…and ${changed.length - MAX_RULES_SHOWN} more rule changes._`, '');
  }
  const unused = unusedListsText(rules);
  if (unused) out.push(`> [!WARNING]\n> ${mdText(unused)}`, '');
  if (rules.unmanaged.length > 0) out.push(`Unmanaged rules (no file; kept): ${rules.unmanaged.slice(0, MAX_NAMED).map((r) => mdCode(r.id)).join(', ')}${rules.unmanaged.length > MAX_NAMED ? ' …' : ''}`, '');
  return out;
}
