// After every write of a run, every list the run reports as done (applied or unchanged: written,
// already as planned, or planned unchanged and relied on) is read once more: one listing, plus GET
// by id for any the listing lacks. A list that no longer stands where the run left or found it is
// named with what happened, and the run exits 1:
// - written, then replaced or deleted by a later writer: `overwritten` (its own write went through);
// - planned unchanged (or found already done), then deleted, edited or created again by another
//   writer during the run: `conflict`;
// - the re-read itself failed, or answered with another spelling of the id: `unconfirmed`/`conflict`,
//   never `applied` with exit 0 (a run that cannot see where a list ended does not say it is done).
// This catches the lost update that the revision check at write time cannot see: the one where
// this run wrote first, or did not write at all.
//
// With prune, the final listing is the judge of the whole app too: every readable live list it holds
// with no file (default lists aside) that the plan did not account for is named `left` (exit 1): the
// plan's read did not show it (a listing that moved under it), or another writer created it during
// the run. The read is made once more from the start when the listing moved or disagreed with itself
// while it was read (src/plan/read-live.ts), so a moving page boundary cannot hide a list from it.
import type { KeywordList, LiveKeywordList } from '../model/keyword-list.js';
import type { ListChange, ListResult } from '../model/plan.js';
import type { KeywordTarget } from '../model/target.js';
import { ApiError } from '../errors.js';
import { OTHER_LIST_ANSWER } from '../api/keywords.js';
import { readLiveLists } from '../plan/read-live.js';
import { sameContent } from '../plan/term-sets.js';
import { describe } from './failure-advice.js';

const ADVICE = 'find the other writer (one writer per target), run `kwsync plan`, and apply again if this change should stay';
const RECHECK = 'run `kwsync plan` to see where it stands, and `kwsync apply` again if it is not as the files say';
const RECHECK_PRUNE = 'run `kwsync plan --prune` to see where the app stands, and `kwsync apply --prune` again if it is not as the files say';

/** Where the run left or found a list, which the end of the run must still show. */
type Expected = { present: false } | { present: true; content: KeywordList; revisionId: string | null };

/** A run with prune: the final listing must hold no live list without a file but the defaults. */
export interface PruneScope {
  /** Ids with a list file (planned lists and lists whose live side could not be read). */
  files: ReadonlySet<string>;
}

export async function checkStillLive(changes: readonly ListChange[], results: ListResult[], target: KeywordTarget, prune?: PruneScope): Promise<ListResult[]> {
  return (await finalCheck(changes, results, target, prune)).results;
}

export interface FinalCheck {
  results: ListResult[];
  /**
   * With prune: why the final listing cannot show that the app holds no list without a file (its
   * read failed, or stayed incomplete after a read from the start); the run exits 1.
   */
  finalListing?: string;
}

export async function finalCheck(changes: readonly ListChange[], results: ListResult[], target: KeywordTarget, prune?: PruneScope): Promise<FinalCheck> {
  const checked = results.map((r, i) => ({ r, c: changes[i] as ListChange, i })).filter(({ r, c }) => c !== undefined && expectedEnd(c, r) !== null);
  if (checked.length === 0 && !prune) return { results };
  let byId: Map<string, LiveKeywordList>;
  let unreadable: Map<string, string>;
  let left: ListResult[] = [];
  let finalListing: string | undefined;
  try {
    const live = await readLiveLists(target, checked.map(({ c }) => c.id), { readAgain: prune !== undefined });
    byId = new Map(live.lists.map((l) => [l.id, l]));
    unreadable = new Map(live.unreadable.map((u) => [u.id, u.problems.join('; ')]));
    if (prune) left = leftLists(live.lists, new Set(changes.map((c) => c.id)), prune.files);
    if (prune && live.mayBeTruncated) {
      finalListing = `the final listing may be cut short (${live.incomplete ?? 'it returned a full page and nothing says how to read on'}), so lists with no file past it may be left; ${RECHECK_PRUNE}`;
    }
  } catch (err) {
    const why = `the final re-read failed (${describe(err)})`;
    const out = [...results];
    for (const { r, c, i } of checked) out[i] = unconfirmedResult(c, r, why);
    return { results: out, ...(prune ? { finalListing: `${why}, so it is not known whether lists with no file are left; ${RECHECK_PRUNE}` } : {}) };
  }
  const otherAnswers = await otherListAnswers(checked.map(({ c }) => c.id).filter((id) => !byId.has(id) && !unreadable.has(id)), target);
  const out = [...results];
  for (const { r, c, i } of checked) {
    const other = otherAnswers.get(c.id) ?? unreadable.get(c.id);
    out[i] = other === undefined ? stillLive(c, r, expectedEnd(c, r) as Expected, byId.get(c.id)) : otherAnswer(c, r, other);
  }
  return { results: [...out, ...left], ...(finalListing !== undefined ? { finalListing } : {}) };
}

/**
 * The live lists of the final read with no file that the plan did not account for (a list the plan
 * meant to delete has its own result), default lists aside: each is `left`, sorted by id.
 */
function leftLists(live: readonly LiveKeywordList[], planned: ReadonlySet<string>, files: ReadonlySet<string>): ListResult[] {
  return live
    .filter((l) => !l.default && !files.has(l.id) && !planned.has(l.id))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((l) => ({
      id: l.id,
      kind: 'delete' as const,
      outcome: 'left' as const,
      revisionId: l.revisionId,
      message:
        `a live list with no file is still there at the end of this --prune run (revision ${l.revisionId}): the plan's read of the listing did not show it, ` +
        'or another writer created it during the run; run `kwsync plan --prune` to see it, and `kwsync apply --prune` again to delete it',
      warnings: [],
    }));
}

/** What the end of the run must show for a list the run reports done; null when it reports no end state. */
function expectedEnd(change: ListChange, result: ListResult): Expected | null {
  if (result.outcome !== 'applied' && result.outcome !== 'unchanged') return null;
  if (change.kind === 'delete') return { present: false };
  if (!change.after) return null;
  const revisionId = result.outcome === 'applied' || change.kind !== 'noop' ? result.revisionId : change.revisionId;
  return { present: true, content: change.after, revisionId };
}

/**
 * A list the re-read did not find is asked once more by id, exactly: an answer naming another list
 * (the service spells the id otherwise) says nothing about this list, so "deleted" or "gone" cannot
 * be confirmed. Returns the message of each such answer by id.
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

function what(change: ListChange, result: ListResult): string {
  if (result.outcome === 'unchanged') return change.kind === 'delete' ? 'the list was found already deleted' : `the list was found as planned (revision ${result.revisionId ?? change.revisionId ?? '?'})`;
  return change.kind === 'delete' ? 'this run sent the delete' : `this run wrote revision ${result.revisionId ?? '?'}`;
}

function unconfirmedResult(change: ListChange, result: ListResult, why: string): ListResult {
  return { ...result, outcome: 'unconfirmed', message: `${what(change, result)}, but ${why}, so it is not known where the list ended; ${RECHECK}` };
}

function otherAnswer(change: ListChange, result: ListResult, answer: string): ListResult {
  return {
    ...result,
    outcome: 'conflict',
    message:
      `${what(change, result)}, but the re-read cannot confirm it: the listing does not show the list and ${answer}. ` +
      'Check the list in the CometChat dashboard, then run `kwsync plan`; report this answer to the kwsync maintainers',
  };
}

function stillLive(change: ListChange, result: ListResult, expected: Expected, now: LiveKeywordList | undefined): ListResult {
  const wrote = result.outcome === 'applied';
  if (!expected.present) {
    if (!now) return result;
    const message = wrote
      ? `this run deleted the list, but another writer created it again (revision ${now.revisionId}); ${ADVICE}`
      : `the list was found already deleted, but at the end of the run it is there (revision ${now.revisionId}): another writer created it during this apply, or the service spells its id otherwise; it was not deleted: ${RECHECK}`;
    return { ...result, outcome: wrote ? 'overwritten' : 'conflict', revisionId: now.revisionId, message };
  }
  if (now && sameContent(now, expected.content)) {
    if (wrote || expected.revisionId === null || now.revisionId === expected.revisionId) return result;
    const note = `another writer wrote the list during this apply (revision ${expected.revisionId} -> ${now.revisionId}); it still holds the planned content`;
    return { ...result, revisionId: now.revisionId, warnings: [...result.warnings, note] };
  }
  const where = now ? `it now holds other content (revision ${now.revisionId})` : 'it has since been deleted';
  if (wrote) return { ...result, outcome: 'overwritten', revisionId: now?.revisionId ?? null, message: `this run wrote revision ${result.revisionId ?? '?'}, but by the end of the run ${where}; ${ADVICE}` };
  const done = now ? `edited it (revision ${expected.revisionId ?? '?'} -> ${now.revisionId})` : `deleted it (it was at revision ${expected.revisionId ?? '?'})`;
  return {
    ...result,
    outcome: 'conflict',
    revisionId: now?.revisionId ?? null,
    message: `${what(change, result)}, but another writer ${done} during this apply, so it is not as the files say; ${ADVICE}`,
  };
}
