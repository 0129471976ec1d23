// A rule as kwsync compares and sends it: a desired rule's `- list: id` conditions resolved to the
// published keyword-list condition (its category the list's own), and a live rule reduced to what
// a rule file says (no id, revision, weight or message). Pure.
import type { Category } from '../../model/keyword-list.js';
import { isListCondition, type DesiredRule, type LiveRule, type RuleCondition, type RuleFilter, type RuleWrite } from '../../model/moderation-rule.js';

/** The published keyword-list condition: message text contains a term of the list. */
export function listCondition(list: string, category: string): RuleCondition {
  return { entity: 'message', operand: 'text', operator: 'contains', category, isReference: true, value: [list] };
}

/** What is sent for a rule file. `categoryOf` gives a list's category (word when it is not known). */
export function ruleWrite(rule: DesiredRule, categoryOf: (list: string) => Category | string | undefined): RuleWrite {
  return {
    id: rule.id,
    name: rule.name,
    description: rule.description,
    enabled: rule.enabled,
    action: [...rule.action],
    conditions: rule.conditions.map((c, i) => ({ ...(isListCondition(c) ? listCondition(c.list, categoryOf(c.list) ?? 'word') : comparable(c)), id: i + 1 })),
    filters: rule.filters.map((f) => ({ ...f })),
  };
}

/** A live rule in the shape of a write (filters only when the answer echoed them). */
export function liveWrite(rule: LiveRule): RuleWrite & { filtersKnown: boolean } {
  return {
    id: rule.id,
    name: rule.name,
    description: rule.description,
    enabled: rule.enabled,
    action: [...rule.action],
    conditions: rule.conditions.map((c, i) => ({ ...comparable(c), id: c.id ?? i + 1 })),
    filters: (rule.filters ?? []).map((f) => ({ ...f })),
    filtersKnown: rule.filters !== undefined,
  };
}

/** A condition without what the service adds (message, weight). */
function comparable(c: RuleCondition): RuleCondition {
  return {
    entity: c.entity,
    operand: c.operand,
    operator: c.operator,
    category: c.category,
    isReference: c.isReference,
    value: [...c.value],
    ...(c.isMediaPresent ? { isMediaPresent: true } : {}),
  };
}

/** One condition as a line of the plan: `list scam-words (word)`, `text contains (word): "x", "y"`. */
export function conditionText(c: RuleCondition): string {
  const values = c.value.map((v) => JSON.stringify(v)).join(', ');
  if (c.isReference && c.entity === 'message' && c.operand === 'text' && c.operator === 'contains') {
    return `${c.value.length === 1 ? 'list' : 'lists'} ${c.value.join(', ')} (${c.category})`;
  }
  const ref = c.isReference ? ' lists' : '';
  const media = c.isMediaPresent ? ' [media]' : '';
  return `${c.entity === 'message' ? '' : `${c.entity} `}${c.operand} ${c.operator} (${c.category})${ref}: ${values}${media}`;
}

export function filterText(f: RuleFilter): string {
  return `${f.type} ${f.entity}.${f.operand} ${f.operator} ${JSON.stringify(f.value)}`;
}

export function actionText(action: readonly string[]): string {
  return `[${action.join(', ')}]`;
}

/** What an action does, as a verb for CAUTION lines: `blocking`, `dropping`, or the action quoted. */
export function actionVerb(action: readonly string[]): string {
  const verbs = action.map((a) => (a === 'blockMessage' ? 'blocking' : a === 'dropMessage' ? 'dropping' : `"${a}" on`));
  return verbs.length === 0 ? 'acting on' : verbs.join(' and ');
}
