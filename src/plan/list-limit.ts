// The app's list limit in the plan: the published 25 custom lists per app (default lists not
// counted; [L] moderation/constraints-and-limits.mdx), or kwsync.yaml `limits.maxLists`, counted
// with the live lists the plan read. A plan past it cannot be applied: the service refuses the
// create past the limit, part-way through. Pure.
import { DEFAULT_LIMITS, type Limits } from '../model/config.js';
import type { LiveKeywordList } from '../model/keyword-list.js';
import type { ListLimit, Plan } from '../model/plan.js';

export const PUBLISHED_LIST_LIMIT_SOURCE = "CometChat's published limit, default lists not counted";

/** The limit a run plans with and where it comes from. */
export function listLimitSetting(limits: Pick<Limits, 'maxLists'>): { max: number; source: string } {
  return limits.maxLists === DEFAULT_LIMITS.maxLists
    ? { max: limits.maxLists, source: PUBLISHED_LIST_LIMIT_SOURCE }
    : { max: limits.maxLists, source: `limits.maxLists in kwsync.yaml; the published limit is ${DEFAULT_LIMITS.maxLists}` };
}

/** The count after apply: live non-default lists, plus the lists created, minus those deleted. */
export function countListLimit(plan: Pick<Plan, 'changes' | 'truncatedListing'>, live: readonly LiveKeywordList[], setting: { max: number; source: string }): ListLimit {
  const liveCount = live.filter((l) => !l.default).length;
  const created = plan.changes.filter((c) => c.kind === 'create').length;
  const deleted = plan.changes.filter((c) => c.kind === 'delete').length;
  const after = liveCount + created - deleted;
  return {
    max: setting.max,
    source: setting.source,
    live: liveCount,
    created,
    deleted,
    after,
    // Only creating lists can cross the limit: a plan that creates none is never refused for it.
    over: created > 0 && after > setting.max,
    ...(plan.truncatedListing ? { atLeast: true } : {}),
  };
}

/** Whether a plan's text says the limit: it creates lists, or the app is at or past it. */
export function listLimitShown(l: ListLimit): boolean {
  return l.created > 0 || l.after >= l.max;
}

/** "App list limit: 26 of 25 lists after apply (25 live + 1 created − 0 deleted): over the limit (source); apply refuses …". */
export function listLimitLine(l: ListLimit): string {
  const count = `${l.atLeast ? 'at least ' : ''}${l.after} of ${l.max} lists after apply (${l.live} live + ${l.created} created − ${l.deleted} deleted)`;
  if (l.over) return `App list limit: ${count}: over the limit of ${l.max} (${l.source}); apply refuses this plan before any write: delete or merge lists first (--prune deletes live lists that have no file)`;
  return `App list limit: ${count}${l.after === l.max ? ': at the limit, one more list would be refused' : ''} (${l.source})`;
}
