// After every write of a run, each written list is read once more (one listing, plus GET by id for
// any the listing lacks). A list that no longer holds what this run sent was replaced by a later
// writer: `overwritten`, so this writer learns its change is not live, even though its own write
// went through. This catches the lost update that the revision check at write time cannot see:
// the one where this run wrote first.
import type { KeywordList, LiveKeywordList } from '../model/keyword-list.js';
import type { ListChange, ListResult } from '../model/plan.js';
import type { KeywordTarget } from '../model/target.js';
import { ApiError } from '../errors.js';
import { OTHER_LIST_ANSWER } from '../api/keywords.js';
import { readLiveLists } from '../plan/read-live.js';
import { sameContent } from '../plan/term-sets.js';
import { describe } from './failure-advice.js';

export async function checkStillLive(changes: readonly ListChange[], results: ListResult[], target: KeywordTarget): Promise<ListResult[]> {
  const written = results.map((r, i) => ({ r, c: changes[i] as ListChange })).filter(({ r }) => r.outcome === 'applied');
  if (written.length === 0) return results;
  let byId: Map<string, LiveKeywordList>;
  try {
    byId = new Map((await readLiveLists(target, written.map(({ c }) => c.id))).lists.map((l) => [l.id, l]));
  } catch (err) {
    const warning = `could not re-read the list after the run to confirm no one replaced it: ${describe(err)}`;
    return results.map((r) => (r.outcome === 'applied' ? { ...r, warnings: [...r.warnings, warning] } : r));
  }
  const otherAnswers = await otherListAnswers(written.map(({ c }) => c.id).filter((id) => !byId.has(id)), target);
  return results.map((r, i) => {
    if (r.outcome !== 'applied') return r;
    const other = otherAnswers.get(r.id);
    return other === undefined ? stillLive(changes[i] as ListChange, r, byId.get(r.id)) : unconfirmed(changes[i] as ListChange, r, other);
  });
}

/**
 * A written list the re-read did not find is asked once more by id, exactly: an answer naming
 * another list (the service spells the id otherwise) says nothing about this list, so "deleted"
 * or "gone" cannot be confirmed. Returns the message of each such answer by id.
 */
async function otherListAnswers(absentIds: string[], target: KeywordTarget): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!target.getKeywordListExact) return out;
  for (const id of absentIds) {
    try {
      await target.getKeywordListExact(id);
    } catch (err) {
      if (err instanceof ApiError && err.code === OTHER_LIST_ANSWER) out.set(id, err.message);
      // Any other failure of this extra read leaves the ordinary check's answer standing.
    }
  }
  return out;
}

function unconfirmed(change: ListChange, result: ListResult, answer: string): ListResult {
  const sent = change.kind === 'delete' ? 'this run sent the delete' : `this run wrote revision ${result.revisionId ?? '?'}`;
  return {
    ...result,
    outcome: 'conflict',
    message:
      `${sent}, but the re-read cannot confirm it: the listing does not show the list and ${answer}. ` +
      'Check the list in the CometChat dashboard, then run `kwsync plan`; report this answer to the kwsync maintainers',
  };
}

function stillLive(change: ListChange, result: ListResult, now: LiveKeywordList | undefined): ListResult {
  const advice = 'find the other writer (one writer per target), run `kwsync plan`, and apply again if this change should stay';
  if (change.kind === 'delete') {
    if (!now) return result;
    return { ...result, outcome: 'overwritten', revisionId: now.revisionId, message: `this run deleted the list, but another writer created it again (revision ${now.revisionId}); ${advice}` };
  }
  if (now && sameContent(now, change.after as KeywordList)) return result;
  const where = now ? `it now holds other content (revision ${now.revisionId})` : 'it has since been deleted';
  return {
    ...result,
    outcome: 'overwritten',
    revisionId: now?.revisionId ?? null,
    message: `this run wrote revision ${result.revisionId ?? '?'}, but by the end of the run ${where}; ${advice}`,
  };
}
