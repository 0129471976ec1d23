// One list, one write: re-read it right before writing (the service has no conditional write, so
// this read is the only guard that prevents rather than detects: it narrows the window to one
// round trip), refuse to overwrite a list that moved since the plan, a default list, or (without --force)
// an unsafe change judged from live; write; verify. Every failure becomes a ListResult, so one
// list's trouble never stops the others.
import type { KeywordList, LiveKeywordList } from '../model/keyword-list.js';
import type { ListChange, ListResult } from '../model/plan.js';
import type { KeywordTarget } from '../model/target.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../api/retry-policy.js';
import { confirmedDelete, confirmedUpdate } from './confirm-write.js';
import { describe, failedWriteMessage, isOtherListAnswer } from './failure-advice.js';
import { liveVersusPlan } from './stale-plan.js';
import { verified } from './verify.js';
import { defaultListGuard, safetyGuard, type Settled, type WriteGuardOptions } from './write-guards.js';

export interface ChangeOptions extends WriteGuardOptions {
  /** How often an ambiguous write is confirmed and resent (the client's policy). */
  retry?: RetryPolicy | undefined;
  signal?: AbortSignal | undefined;
}

export async function applyChange(change: ListChange, target: KeywordTarget, opts: ChangeOptions): Promise<ListResult> {
  const base = { id: change.id, kind: change.kind };
  if (change.kind === 'noop') return { ...base, outcome: 'unchanged', revisionId: change.revisionId, message: null, warnings: [] };
  const read = await readAndGuard(change, target, opts);
  if ('settled' in read) return { ...base, ...read.settled, warnings: [] };
  // From here on only the revision read is kept, not the list: a 1 MB list is ~100k strings, and
  // holding them across the write's round trip (four writes in flight) only grows the heap.
  const { revisionId } = read;
  const ctx = { target, retry: opts.retry ?? DEFAULT_RETRY_POLICY, signal: opts.signal };
  try {
    // settledAgainstPlan let through only: a create of an absent list, or an update/delete of a present one.
    if (change.kind === 'delete') return await confirmedDelete(change, revisionId as string, ctx);
    const after = change.after as KeywordList;
    if (change.kind === 'update') return await confirmedUpdate(change, after, revisionId as string, ctx);
    // A create confirms itself in the client (never creates twice).
    return verified(change, after, await target.createKeywordList(after), undefined);
  } catch (err) {
    if (isOtherListAnswer(err)) return { ...base, outcome: 'conflict', revisionId, message: otherListMessage(err, 'the write may or may not have landed: confirming it'), warnings: [] };
    return { ...base, outcome: 'failed', revisionId, message: failedWriteMessage(change.kind, err), warnings: [] };
  }
}

/**
 * The re-read right before the write and the checks on it: how the write ends before any request
 * (`settled`), or the revision read (null when the list is absent, i.e. a create), which is what the
 * write is judged against.
 */
async function readAndGuard(change: ListChange, target: KeywordTarget, opts: WriteGuardOptions): Promise<{ settled: Settled } | { revisionId: string | null }> {
  let live: LiveKeywordList | undefined;
  try {
    // A delete reads exactly: an answer naming another list is a conflict, never "already deleted".
    live = change.kind === 'delete' && target.getKeywordListExact ? await target.getKeywordListExact(change.id) : await target.getKeywordList(change.id);
  } catch (err) {
    if (isOtherListAnswer(err)) return { settled: { outcome: 'conflict', revisionId: null, message: otherListMessage(err, 'not written: re-reading the list before writing') } };
    return { settled: { outcome: 'failed', revisionId: null, message: `could not re-read the list before writing: ${describe(err)}` } };
  }
  const settled = defaultListGuard(live, change) ?? settledAgainstPlan(change, live) ?? safetyGuard(change, live, opts);
  return settled ? { settled } : { revisionId: live?.revisionId ?? null };
}

// Where the list stands against the plan, worded for the report: done, or not overwritten.
function settledAgainstPlan(change: ListChange, live: LiveKeywordList | undefined): Settled | null {
  const rerun = 'not overwritten: run `kwsync plan` again and review the new plan';
  const where = liveVersusPlan(change, live);
  switch (where.state) {
    case 'as-planned':
      return null;
    case 'done':
      return change.kind === 'delete'
        ? { outcome: 'unchanged', revisionId: null, message: 'already deleted' }
        : { outcome: 'unchanged', revisionId: live?.revisionId ?? null, message: 'already has the planned content' };
    case 'created-live':
      return { outcome: 'skipped', revisionId: where.revisionId, message: `a list with this id was created live (revision ${where.revisionId}) since the plan; ${rerun}` };
    case 'deleted-live':
      return { outcome: 'skipped', revisionId: null, message: `the list was deleted live since the plan; ${rerun}` };
    case 'moved':
      return {
        outcome: 'skipped',
        revisionId: where.revisionId,
        message: `the list was changed live since the plan (revision ${change.revisionId} -> ${where.revisionId}); ${rerun}`,
      };
  }
}

/** An answer naming another list: whether this list exists is unknown, so nothing is written or reported done. */
function otherListMessage(err: Error, what: string): string {
  return `${what}, ${err.message}; check the id's spelling in the listing and the list file, then run \`kwsync plan\` again`;
}
