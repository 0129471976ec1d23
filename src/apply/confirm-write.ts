// An update or delete whose answer was lost (dropped, timed out, 5xx) may have landed. The client
// does not resend such writes blindly (src/api/retry-policy.ts): this file looks at the list and
// words what it found, so a landed write is `applied` (with a note), never "failed" and never
// "another writer", and a list another writer moved is a `conflict`, never overwritten again.
import type { KeywordList, LiveKeywordList } from '../model/keyword-list.js';
import type { ListChange, ListResult } from '../model/plan.js';
import type { KeywordTarget } from '../model/target.js';
import { writeWithConfirmation, type ConfirmedWrite, type RetryPolicy, type WriteCheck } from '../api/retry-policy.js';
import { sameContent } from '../plan/term-sets.js';
import { revisionConflict, verified } from './verify.js';

export interface WriteContext {
  target: KeywordTarget;
  retry: RetryPolicy;
  signal?: AbortSignal | undefined;
}

/** PUT the planned list; `readRevision` is the revision last read, which the write is judged against. */
export async function confirmedUpdate(change: ListChange, after: KeywordList, readRevision: string, ctx: WriteContext): Promise<ListResult> {
  const outcome = await writeWithConfirmation({
    send: () => ctx.target.updateKeywordList(after),
    confirm: async (): Promise<WriteCheck<LiveKeywordList>> => {
      const now = await ctx.target.getKeywordList(change.id);
      if (now && sameContent(now, after)) return { state: 'landed', live: now };
      if (now && now.revisionId === readRevision) return { state: 'untouched' };
      return { state: 'elsewhere', live: now };
    },
    policy: ctx.retry,
    signal: ctx.signal,
  });
  return settleWrite(change, after, readRevision, outcome);
}

export async function confirmedDelete(change: ListChange, readRevision: string, ctx: WriteContext): Promise<ListResult> {
  const outcome = await writeWithConfirmation({
    send: () => ctx.target.deleteKeywordList(change.id),
    confirm: async (): Promise<WriteCheck<LiveKeywordList | null>> => {
      const now = ctx.target.getKeywordListExact ? await ctx.target.getKeywordListExact(change.id) : await ctx.target.getKeywordList(change.id);
      if (!now) return { state: 'landed', live: null };
      if (now.revisionId === readRevision) return { state: 'untouched' };
      return { state: 'elsewhere', live: now };
    },
    policy: ctx.retry,
    signal: ctx.signal,
  });
  const base = { id: change.id, kind: change.kind, warnings: [] };
  switch (outcome.state) {
    case 'sent':
      return { ...base, outcome: 'applied', revisionId: null, message: lostNote(outcome.lostResponses, 'the list was still there, so the delete was sent again'), warnings: [] };
    case 'landed':
      return { ...base, outcome: 'applied', revisionId: null, message: `${lostAnswer(outcome.error)}; a re-read shows the list is gone, so the delete landed` };
    case 'elsewhere':
      return {
        ...base,
        outcome: 'conflict',
        revisionId: outcome.live?.revisionId ?? null,
        message: `another writer changed the list while this apply deleted it (revision ${readRevision} read, now ${outcome.live?.revisionId ?? 'unknown'}); it was not deleted: run \`kwsync plan\` and review`,
      };
  }
}

function settleWrite(change: ListChange, after: KeywordList, readRevision: string, outcome: ConfirmedWrite<LiveKeywordList, LiveKeywordList>): ListResult {
  const base = { id: change.id, kind: change.kind, warnings: [] };
  switch (outcome.state) {
    case 'sent': {
      const result = verified(change, after, outcome.value, readRevision);
      const note = lostNote(outcome.lostResponses, 'the list was unchanged, so it was sent again');
      return note && !result.message ? { ...result, message: note } : result;
    }
    case 'landed': {
      const conflict = revisionConflict(change.id, readRevision, outcome.live.revisionId);
      if (conflict) return { ...base, outcome: 'conflict', revisionId: outcome.live.revisionId, message: conflict };
      return {
        ...base,
        outcome: 'applied',
        revisionId: outcome.live.revisionId,
        message: `${lostAnswer(outcome.error)}; a re-read shows the planned content at revision ${outcome.live.revisionId}, so the write landed`,
      };
    }
    case 'elsewhere':
      return {
        ...base,
        outcome: 'conflict',
        revisionId: outcome.live?.revisionId ?? null,
        message: outcome.live
          ? `another writer changed the list while this apply wrote it (revision ${readRevision} read, now ${outcome.live.revisionId} with other content); this run's change is not live: run \`kwsync plan\` and review`
          : `another writer deleted the list while this apply wrote it (revision ${readRevision} read); run \`kwsync plan\` and review`,
      };
  }
}

function lostAnswer(err: unknown): string {
  return `the answer to the write was lost (${err instanceof Error ? err.message : String(err)})`;
}

function lostNote(lost: number, what: string): string | null {
  return lost > 0 ? `${lost} answer${lost === 1 ? ' was' : 's were'} lost; ${what}` : null;
}
