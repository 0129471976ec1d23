// Checks made at write time against the list just re-read, whatever the plan says: a saved plan's
// checksum catches accidents, not forgery, so default lists and safety are decided from live.
import type { LiveKeywordList } from '../model/keyword-list.js';
import type { ListChange, ListResult } from '../model/plan.js';
import { unsafeReason, type SafetyConfig } from '../plan/safety.js';
import { publishedDefaultSign } from '../api/published-defaults.js';

export interface WriteGuardOptions {
  force: boolean;
  safety: SafetyConfig;
}

/** A write that ends before any request: its outcome, the revision it saw, and why. */
export type Settled = Pick<ListResult, 'outcome' | 'revisionId' | 'message'>;

/**
 * A default list of the app is never written or deleted, even when a plan asks for it: by the live
 * list's flags, or by an id or name CometChat publishes for its default lists, on the live list or
 * in what the plan would write (an answer may lack `default`; a plan may be saved and edited).
 */
export function defaultListGuard(live: LiveKeywordList | undefined, change?: ListChange): Settled | null {
  const revisionId = live?.revisionId ?? null;
  if (live?.default) return { outcome: 'skipped', revisionId, message: 'not written: it is a default list of the app, and kwsync never changes those' };
  const sign = (live ? publishedDefaultSign(live) : null) ?? (change ? publishedDefaultSign({ id: change.id, name: change.after?.name }) : null);
  if (sign === null) return null;
  return {
    outcome: 'skipped',
    revisionId,
    message: `not written: CometChat publishes ${sign} for one of its default lists, and kwsync never changes those, whatever an answer says; give your list its own id and name`,
  };
}

/** Why this write needs --force, judged from the live list rather than the plan's own `unsafe`. */
function liveUnsafeReason(change: ListChange, live: LiveKeywordList | undefined, safety: SafetyConfig): string | null {
  if (!live) return null; // a create removes nothing
  if (change.kind === 'delete') return unsafeReason(live.searchTerms, null, safety);
  if (change.kind !== 'update' || !change.after) return null;
  return unsafeReason(live.searchTerms, change.after.searchTerms, safety);
}

export function safetyGuard(change: ListChange, live: LiveKeywordList | undefined, opts: WriteGuardOptions): Settled | null {
  if (opts.force) return null;
  const reason = liveUnsafeReason(change, live, opts.safety);
  if (!reason) return null;
  return { outcome: 'skipped', revisionId: live?.revisionId ?? null, message: `not written, needs --force: ${reason}` };
}
