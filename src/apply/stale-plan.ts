// A saved plan is applied only if the live app is still where the plan left it: each list at its
// planned revision (or absent for a create), or already in its planned end state (a re-run).
import type { LiveKeywordList } from '../model/keyword-list.js';
import type { ListChange, Plan } from '../model/plan.js';
import { RefusedPlanError } from '../errors.js';
import { sameContent } from '../plan/term-sets.js';

export function staleReasons(plan: Plan, live: readonly LiveKeywordList[]): string[] {
  const byId = new Map(live.map((l) => [l.id, l]));
  const reasons: string[] = [];
  for (const c of plan.changes) {
    const reason = staleReason(c, byId.get(c.id));
    if (reason) reasons.push(`${c.id}: ${reason}`);
  }
  return reasons;
}

export function assertFresh(plan: Plan, live: readonly LiveKeywordList[], file: string): void {
  const reasons = staleReasons(plan, live);
  if (reasons.length === 0) return;
  throw new RefusedPlanError(`${file} is stale: the live app changed since it was made: ${reasons.join('; ')}`, reasons, {
    hint: 'make a new plan with `kwsync plan --out` and review it',
  });
}

/** Where a list stands against its planned change: the one decision both checks below word. */
export type LiveVersusPlan =
  | { state: 'as-planned' }
  | { state: 'done' }
  | { state: 'created-live'; revisionId: string }
  | { state: 'deleted-live' }
  | { state: 'moved'; revisionId: string };

export function liveVersusPlan(c: ListChange, live: LiveKeywordList | undefined): LiveVersusPlan {
  // A re-run after a half-finished apply finds some lists already in their planned end state.
  if (c.kind === 'delete' ? !live : live !== undefined && c.after !== null && sameContent(live, c.after)) return { state: 'done' };
  if (c.kind === 'create') return live ? { state: 'created-live', revisionId: live.revisionId } : { state: 'as-planned' };
  if (!live) return { state: 'deleted-live' };
  if (live.revisionId !== c.revisionId) return { state: 'moved', revisionId: live.revisionId };
  return { state: 'as-planned' };
}

function staleReason(c: ListChange, live: LiveKeywordList | undefined): string | null {
  const where = liveVersusPlan(c, live);
  switch (where.state) {
    case 'as-planned':
    case 'done':
      return null;
    case 'created-live':
      return `created live since the plan (revision ${where.revisionId})`;
    case 'deleted-live':
      return 'deleted live since the plan';
    case 'moved':
      return `revision moved from ${c.revisionId} to ${where.revisionId}`;
  }
}
