// One list, one write: re-read it, refuse to overwrite a list that moved since the plan, a default
// list, or (without --force) an unsafe change judged from live; write, verify. Every failure becomes
// a ListResult, so one list's trouble never stops the others.
import type { KeywordList, LiveKeywordList } from '../model/keyword-list.js';
import type { ListChange, ListResult } from '../model/plan.js';
import type { KeywordTarget } from '../model/target.js';
import { describe, failedWriteMessage } from './failure-advice.js';
import { liveVersusPlan } from './stale-plan.js';
import { contentMismatches, orderWarning, revisionWarning } from './verify.js';
import { defaultListGuard, safetyGuard, type Settled, type WriteGuardOptions } from './write-guards.js';

export async function applyChange(change: ListChange, target: KeywordTarget, guards: WriteGuardOptions): Promise<ListResult> {
  const base = { id: change.id, kind: change.kind };
  if (change.kind === 'noop') return { ...base, outcome: 'unchanged', revisionId: change.revisionId, message: null, warnings: [] };
  let live: LiveKeywordList | undefined;
  try {
    live = await target.getKeywordList(change.id);
  } catch (err) {
    return { ...base, outcome: 'failed', revisionId: null, message: `could not re-read the list before writing: ${describe(err)}`, warnings: [] };
  }
  const settled = defaultListGuard(live) ?? settledAgainstPlan(change, live) ?? safetyGuard(change, live, guards);
  if (settled) return { ...base, ...settled, warnings: [] };
  try {
    if (change.kind === 'delete') {
      await target.deleteKeywordList(change.id);
      return { ...base, outcome: 'applied', revisionId: null, message: null, warnings: [] };
    }
    const after = change.after as KeywordList;
    const got = change.kind === 'create' ? await target.createKeywordList(after) : await target.updateKeywordList(after);
    return verified(change, after, got, live);
  } catch (err) {
    return {
      ...base,
      outcome: 'failed',
      revisionId: live?.revisionId ?? null,
      message: failedWriteMessage(change.kind, err),
      warnings: [],
    };
  }
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

function verified(change: ListChange, sent: KeywordList, got: LiveKeywordList, before: LiveKeywordList | undefined): ListResult {
  const base = { id: change.id, kind: change.kind, revisionId: got.revisionId };
  const mismatches = contentMismatches(sent, got);
  if (mismatches.length > 0) {
    return {
      ...base,
      outcome: 'failed',
      message: `the service stored something other than what was sent (${mismatches.join('; ')})`,
      warnings: [],
    };
  }
  const warnings = [orderWarning(sent, got), before ? revisionWarning(before.revisionId, got) : null];
  return { ...base, outcome: 'applied', message: null, warnings: warnings.filter((w): w is string => w !== null) };
}
