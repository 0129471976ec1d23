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

function staleReason(c: ListChange, live: LiveKeywordList | undefined): string | null {
  if (c.kind === 'delete' ? !live : live && c.after && sameContent(live, c.after)) return null;
  if (c.kind === 'create') return live ? `created live since the plan (revision ${live.revisionId})` : null;
  if (!live) return 'deleted live since the plan';
  if (live.revisionId !== c.revisionId) return `revision moved from ${c.revisionId} to ${live.revisionId}`;
  return null;
}
