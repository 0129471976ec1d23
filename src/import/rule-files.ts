// `kwsync import` for rules: each live custom rule as the text of keywords/rules/<id>.yaml, in the
// canonical form `kwsync fmt` writes (keys in schema order, `action` on one line). A condition that is
// the published keyword-list condition (reference flag, message text contains, one list id, the
// list's own category) is written `- list: <id>`; any other in the published raw form. Default rules
// are never written; an id that cannot name a file is refused. Pure.
import { Document } from 'yaml';
import { LIST_ID_PATTERN } from '../model/list-file.js';
import { RULE_LIMITS, type LiveRule, type RuleCondition } from '../model/moderation-rule.js';

export interface RuleFileText {
  id: string;
  /** The file name under keywords/rules/. */
  name: string;
  text: string;
  /** The list ids its conditions reference. */
  lists: string[];
}

/** Whether a live rule id can name a file (the ids rule files accept). */
export function importableRuleId(id: string): boolean {
  return id.length <= RULE_LIMITS.maxIdLength && LIST_ID_PATTERN.test(id);
}

/** The file text of one live custom rule. `categoryOf` gives a list's category (undefined: word, as plan reads it). */
export function ruleFileFor(rule: LiveRule, categoryOf: (list: string) => string | undefined): RuleFileText {
  const conditions = rule.conditions.map((c) => conditionEntry(c, categoryOf));
  const data: Record<string, unknown> = { id: rule.id, name: rule.name };
  if (rule.description !== '') data.description = rule.description;
  data.enabled = rule.enabled;
  data.action = [...rule.action];
  data.conditions = conditions;
  if (rule.filters && rule.filters.length > 0) data.filters = rule.filters.map((f) => ({ type: f.type, entity: f.entity, operand: f.operand, operator: f.operator, value: f.value }));
  const doc = new Document(data);
  const action = doc.get('action', true) as { flow?: boolean } | undefined;
  if (action) action.flow = true;
  const text = doc.toString({ lineWidth: 0, singleQuote: true, flowCollectionPadding: false });
  const lists = [...new Set(rule.conditions.flatMap((c) => (c.isReference ? c.value : [])))];
  return { id: rule.id, name: `${rule.id}.yaml`, text, lists };
}

function conditionEntry(c: RuleCondition, categoryOf: (list: string) => string | undefined): Record<string, unknown> {
  const list = c.value[0];
  if (c.isReference && !c.isMediaPresent && c.entity === 'message' && c.operand === 'text' && c.operator === 'contains' && c.value.length === 1 && list !== undefined && c.category === (categoryOf(list) ?? 'word')) {
    return { list };
  }
  return {
    entity: c.entity,
    operand: c.operand,
    operator: c.operator,
    category: c.category,
    ...(c.isReference ? { isKeywordReferencePresent: true } : {}),
    ...(c.isMediaPresent ? { isMediaPresent: true } : {}),
    value: c.value.length === 1 ? c.value[0] : [...c.value],
  };
}
