// The drift use case: whether a target's live lists differ from the lists it should have, read the
// way a plan reads them (src/sync/plan.ts; reading only). Two readings of the one plan: the Action's
// drift mode takes the plan itself (the drift issue renders it: every change to make live match
// again); `kwsync status` and the Action's status mode take the drift column of a plan with prune
// and the safety thresholds off, classified (live edits, missing, unmanaged, unreadable).
import type { DesiredList } from '../model/keyword-list.js';
import { planHasChanges, type Plan } from '../model/plan.js';
import type { KeywordTarget } from '../model/target.js';
import { classifyDrift } from '../status/classify.js';
import type { Drift } from '../status/status-schema.js';
import { planTarget, type PlanTargetInput } from './plan.js';

export type DriftTargetInput = Pick<PlanTargetInput, 'lists' | 'keywords' | 'options' | 'rules'>;

export interface TargetDrift {
  /** The plan that would make live match the lists: its changes are what differs. */
  plan: Plan;
  /** Some change is not a no-op: live differs from the lists. */
  differs: boolean;
}

export async function driftTarget(input: DriftTargetInput): Promise<TargetDrift> {
  const { plan } = await planTarget(input);
  return { plan, differs: planHasChanges(plan) };
}

/** Nothing is unsafe in a drift read: it writes nothing, so no removal is held back from the changes listed. */
const NO_SAFETY = { maxRemovedShare: 1, minTermsForShareCheck: 0 };

/**
 * Status's drift of one target: `lists` (the applied commit's, else the ref's) against live, with
 * prune off so unmanaged lists are listed, not planned for deletion; with `prune` on they count as
 * drift. `differsFrom`: the lists are a ref's, so a difference is "differs from <ref>", not a live edit.
 */
export async function liveDrift(keywords: KeywordTarget, lists: readonly DesiredList[], prune: boolean, differsFrom: string | undefined): Promise<Drift> {
  const { plan } = await driftTarget({ lists, keywords, options: { target: keywords.label, prune: false, safety: NO_SAFETY } });
  return classifyDrift(plan, prune, differsFrom);
}
