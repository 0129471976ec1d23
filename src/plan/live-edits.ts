// Apply on merge would undo live edits made outside the repository (drift) that the merged files do
// not carry. The PR plan marks those unsafe; so does apply, so they need `force` here too. The
// last applied state is taken to be the default branch before the push (the event's `before`):
// kwsync keeps no record of its own, and a completed apply leaves live equal to that commit.
import type { ListChange, Plan } from '../model/plan.js';
import type { LiveKeywordList } from '../model/keyword-list.js';
import { describeReverted } from './predict-apply.js';
import { hasReverts, threeWayLists, type ListSide } from './three-way.js';

/** The commit the default branch pointed at before this push, when the event says (not on a new branch). */
export function pushedFrom(event: unknown): string | undefined {
  const before = (event as { before?: unknown } | undefined)?.before;
  return typeof before === 'string' && /^[0-9a-f]{40}$/.test(before) && !/^0+$/.test(before) ? before : undefined;
}

/** The plan with every change that reverts a live edit marked unsafe (other unsafe reasons kept). */
export function markLiveEditReverts(plan: Plan, base: readonly ListSide[], live: readonly LiveKeywordList[], head: readonly ListSide[]): Plan {
  const reverts = new Map(threeWayLists(base, live, head, plan.prune).filter((l) => hasReverts(l.reverted)).map((l) => [l.id, describeReverted(l)]));
  if (reverts.size === 0) return plan;
  const mark = (c: ListChange): ListChange => {
    const what = reverts.get(c.id);
    if (!what || c.kind === 'noop') return c;
    const reason = `undoes live edits made since the last apply (${what}); bring them into the file with \`kwsync import --list ${c.id}\`, or apply with force`;
    return { ...c, unsafe: c.unsafe ? `${c.unsafe}; ${reason}` : reason };
  };
  return { ...plan, changes: plan.changes.map(mark) };
}
