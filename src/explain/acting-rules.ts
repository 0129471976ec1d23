// Which moderation rule would act on a message (issue 39 item 7): a list that catches it does
// something only through an enabled rule that references it. From the rule files of the folder
// (keywords/rules/*.yaml); live rules are not read here.
import { ruleListIds, type DesiredRule } from '../model/moderation-rule.js';

export interface ActingRule {
  id: string;
  file: string;
  action: string[];
  /** The caught lists the rule references. */
  lists: string[];
}

export function actingRules(rules: readonly DesiredRule[], caught: readonly string[]): ActingRule[] {
  const held = new Set(caught);
  return rules
    .filter((r) => r.enabled)
    .map((r) => ({ id: r.id, file: r.source.file, action: [...r.action], lists: ruleListIds(r).filter((l) => held.has(l)) }))
    .filter((r) => r.lists.length > 0);
}

/** The lines of the text report. */
export function actingRulesText(rules: readonly ActingRule[] | undefined, caught: number): string[] {
  if (rules === undefined || caught === 0) return [];
  if (rules.length === 0) return ['No enabled rule in keywords/rules/ uses the lists that catch it: nothing happens to this message live unless a rule outside the files does.'];
  return [`Acted on by ${rules.length === 1 ? 'rule' : 'rules'}:`, ...rules.map((r) => `  ${r.id} [${r.action.join(', ')}] (${r.file}) through ${r.lists.join(', ')}`)];
}
