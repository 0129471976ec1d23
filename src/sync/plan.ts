// The plan use case, one for both shells (`kwsync plan`/`apply`/`preview` and the Action's plan,
// apply and drift): read the target's live lists, plan the desired lists against them, and, given
// the lists of the commit live was last set from, mark the changes that would revert live edits.
// The shells resolve the target and connect; they render what comes back.
import type { DesiredList, LiveKeywordList } from '../model/keyword-list.js';
import type { Plan } from '../model/plan.js';
import type { KeywordTarget } from '../model/target.js';
import { computePlan, liveContext, readLiveLists, type PlanOptions } from '../plan/index.js';
import { markLiveEditReverts } from '../plan/live-edits.js';
import { countListLimit } from '../plan/list-limit.js';
import type { DesiredRule } from '../model/moderation-rule.js';
import type { RuleTarget } from '../model/target.js';
import { planRules } from '../plan/rules/index.js';

export interface PlanTargetInput {
  /** The target's desired lists (validated, its kwsync.yaml selection and overrides applied). */
  lists: readonly DesiredList[];
  /** The connected target's keyword lists. */
  keywords: KeywordTarget;
  /** Who the plan is for and how it plans; what the live read learns is added here. */
  options: Omit<PlanOptions, 'notes' | 'defaults' | 'unreadable' | 'truncatedListing'>;
  /** Ids managed at `base` whose file is gone: asked by id, as a listing cut short may not show them. */
  formerIds?: readonly string[];
  /** The lists of the commit live was last set from: changes reverting live edits made since are marked. */
  base?: readonly DesiredList[];
  /** The app's list limit and its source (listLimitSetting): counted with the live lists read, in the plan. */
  listLimit?: { max: number; source: string };
  /** `--list ID`: plan (and so apply) only these lists of the target; the plan records the filter. */
  only?: readonly string[];
  /**
   * The app's rules and the rule files (null: the folder has no rules/, so rules are read to guard
   * list deletions, never written). Without it, the plan has no rules half (a target with no rules API).
   */
  rules?: { target: RuleTarget; desired: readonly DesiredRule[] | null };
}

export interface PlannedTarget {
  plan: Plan;
  /** The live lists read (apply leaves them here: at 25 lists of 1 MB that is ~60 MB it does not need). */
  live: LiveKeywordList[];
}

export async function planTarget(input: PlanTargetInput): Promise<PlannedTarget> {
  const { lists, keywords, options, base } = input;
  // A prune reads a listing that moved or disagreed with itself once more before it gives up (exit 4).
  const live = await readLiveLists(keywords, lists.map((l) => l.id), { formerIds: input.formerIds ?? [], readAgain: options.prune });
  const computed = computePlan(lists, live.lists, { ...options, ...liveContext(live) });
  const marked = base ? markLiveEditReverts(computed, base, live.lists, lists) : computed;
  // Limited to some lists: the others' changes (and deletions) are left out, and the plan says so.
  const only = input.only ? new Set(input.only) : undefined;
  const limited = only ? { ...marked, changes: marked.changes.filter((c) => only.has(c.id)), listFilter: [...only] } : marked;
  const plan = input.listLimit ? { ...limited, listLimit: countListLimit(limited, live.lists, input.listLimit) } : limited;
  return { plan: input.rules ? await planRules(plan, { ...input.rules, lists, liveLists: live.lists }) : plan, live: live.lists };
}
