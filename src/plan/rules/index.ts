// The rules half of a plan, read and computed beside the lists' (src/sync/plan.ts calls it).
import type { KeywordList, LiveKeywordList } from '../../model/keyword-list.js';
import type { DesiredRule } from '../../model/moderation-rule.js';
import type { Plan } from '../../model/plan.js';
import type { RuleTarget } from '../../model/target.js';
import { computeRulePlan } from './compute-rule-plan.js';

export { computeRulePlan, weakening, type RulePlanInput } from './compute-rule-plan.js';
export { actionText, actionVerb, conditionText, listCondition, liveWrite, ruleWrite } from './rule-content.js';

export interface PlanRulesInput {
  target: RuleTarget;
  /** The rule files, or null when the folder has no rules/. */
  desired: readonly DesiredRule[] | null;
  lists: readonly KeywordList[];
  liveLists: readonly LiveKeywordList[];
}

/**
 * The plan with its rules half. The rules are read (one listing) when the folder manages rules, or
 * when the plan deletes a list (a rule may still use it); otherwise the plan is returned as it is.
 */
export async function planRules(plan: Plan, input: PlanRulesInput): Promise<Plan> {
  if (input.desired === null && !plan.changes.some((c) => c.kind === 'delete')) return plan;
  const live = await input.target.listRules();
  const { rules, listChanges } = computeRulePlan({ desired: input.desired, live, lists: input.lists, liveLists: input.liveLists, listChanges: plan.changes, prune: plan.prune });
  return { ...plan, changes: listChanges, rules };
}
