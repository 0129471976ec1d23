// One list, one write: re-read it, refuse to overwrite a list that moved since the plan, a default
// list, or (without --force) an unsafe change judged from live; write, verify. Every failure becomes
// a ListResult, so one list's trouble never stops the others.
import type { KeywordList, LiveKeywordList } from '../model/keyword-list.js';
import type { ListChange, ListResult } from '../model/plan.js';
import type { KeywordTarget } from '../model/target.js';
import { sameContent } from '../plan/term-sets.js';
import { describe, failedWriteMessage } from './failure-advice.js';
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
  const settled = defaultListGuard(live) ?? alreadyDone(change, live) ?? movedSincePlan(change, live) ?? safetyGuard(change, live, guards);
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

// A re-run after a half-finished apply finds some lists already in their planned state: done.
function alreadyDone(change: ListChange, live: LiveKeywordList | undefined): Settled | null {
  if (change.kind === 'delete' && !live) return { outcome: 'unchanged', revisionId: null, message: 'already deleted' };
  if (change.after && live && !live.default && sameContent(live, change.after)) {
    return { outcome: 'unchanged', revisionId: live.revisionId, message: 'already has the planned content' };
  }
  return null;
}

function movedSincePlan(change: ListChange, live: LiveKeywordList | undefined): Settled | null {
  const rerun = 'not overwritten: run `kwsync plan` again and review the new plan';
  if (change.kind === 'create') {
    if (!live) return null;
    return { outcome: 'skipped', revisionId: live.revisionId, message: `a list with this id was created live (revision ${live.revisionId}) since the plan; ${rerun}` };
  }
  if (!live) return { outcome: 'skipped', revisionId: null, message: `the list was deleted live since the plan; ${rerun}` };
  if (live.revisionId !== change.revisionId) {
    return {
      outcome: 'skipped',
      revisionId: live.revisionId,
      message: `the list was changed live since the plan (revision ${change.revisionId} -> ${live.revisionId}); ${rerun}`,
    };
  }
  return null;
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
