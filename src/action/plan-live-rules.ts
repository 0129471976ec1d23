// The rules half of stage two's plan (issue 39). Released: the app's rules are read (one listing,
// through the default branch's connection; nothing of the PR chooses what is read) and planned
// beside the lists, as `kwsync plan` plans them. Withheld: the PR's rule files against the base
// commit's, offline: no request to the app, so only what both commits' files say is shown.
import { ConfigError } from '../errors.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { LiveKeywordList } from '../model/keyword-list.js';
import { RULES as PREDICTED } from '../plan/predict-apply.js';
import type { Plan, RuleChange } from '../model/plan.js';
import { asBaseLists, asBaseRules } from '../plan/base-lists.js';
import { computeRulePlan, planRules } from '../plan/rules/index.js';
import { cautionLines } from '../plan/rules/render-rules.js';
import { mdText } from '../render/markdown-escape.js';
import type { WithheldRules } from '../github/withheld-plan.js';
import type { ActionRun, RepoValidation } from './deps.js';
import { formatError } from './format-error.js';
import type { Settings } from './setup.js';

/**
 * The plan with the app's rules planned against the PR's rule files. A failure to read or plan them
 * keeps the lists' plan: `note` says why in the comment (escaped), and the run warns.
 */
export async function planLiveRules(run: ActionRun, trusted: Settings, plan: Plan, pr: RepoValidation, live: readonly LiveKeywordList[]): Promise<{ plan: Plan; note: string; problems: Diagnostic[] }> {
  const { deps } = run;
  if (!deps.connectRules) return { plan, note: '', problems: [] };
  try {
    const target = deps.connectRules(trusted.targetConfig, trusted.config.service);
    return { plan: await planRules(plan, { target, desired: pr.rulesManaged ? (pr.rules ?? []) : null, lists: pr.lists, liveLists: live }), note: '', problems: [] };
  } catch (err) {
    // The plan refuses what the files ask (a rule file claiming a default rule's id): so would apply after merge.
    if (err instanceof ConfigError) {
      const clash = (pr.rules ?? []).find((r) => err.message.includes(`rule id "${r.id}"`));
      const message = `${err.message}${err.hint ? ` (${err.hint})` : ''}; apply after merge would refuse the plan`;
      return { plan, note: '', problems: [{ file: clash?.source.file ?? `${run.inputs.dir}/rules`, line: 1, column: 1, severity: 'error', rule: PREDICTED.defaultRuleId, message }] };
    }
    const why = formatError(err).replace(/\n/g, ' ');
    deps.log.warning(`the moderation rules were not planned (the lists' plan stands): ${why}`);
    return { plan, problems: [], note: `> [!WARNING]\n> **The moderation rules were not planned**; the lists' plan below stands without them: ${mdText(why)}` };
  }
}

/**
 * The PR's rule files against the base commit's (standing in for live, as the base's lists do): the
 * rule changes, and list deletions a base or PR rule still uses marked. Pure; the plan as it is when
 * neither commit has keywords/rules/.
 */
export function planBaseRules(plan: Plan, base: RepoValidation, head: RepoValidation): Plan {
  if (!base.rulesManaged && !head.rulesManaged) return plan;
  const live = asBaseRules(base.rulesManaged ? (base.rules ?? []) : [], base.lists);
  const desired = head.rulesManaged ? (head.rules ?? []) : null;
  const { rules, listChanges } = computeRulePlan({ desired, live, lists: head.lists, liveLists: asBaseLists(base.lists), listChanges: plan.changes, prune: plan.prune });
  return { ...plan, changes: listChanges, rules };
}

/** What a withheld comment may show of the rules: changes by id, rules left live, the CAUTION lines (from files only). */
export function withheldRules(plan: Plan): WithheldRules | undefined {
  const rules = plan.rules;
  if (!rules) return undefined;
  const changes = rules.changes.filter((c): c is RuleChange & { kind: 'create' | 'update' | 'delete' } => c.kind !== 'noop').map((c) => ({ id: c.id, kind: c.kind }));
  // Offline, the unmanaged rules are the base's rules the PR has no file for: apply leaves them (prune off).
  return { changes, leftLive: rules.unmanaged.map((r) => r.id), cautions: cautionLines(plan) };
}
