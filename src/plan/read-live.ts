// The live lists a plan compares against. A list missing from the listing is never taken as
// absent: the published list response may be truncated (example `meta.current.limit: 10`, up to 25
// lists plus defaults per app) and no paging is published. So every wanted id the listing lacks is
// confirmed with GET by id, which is published and settles that one id exactly. Paging was the other
// choice; it would send parameters the published description does not have.
import pLimit from 'p-limit';
import type { LiveKeywordList } from '../model/keyword-list.js';
import type { KeywordTarget } from '../model/target.js';

export interface LiveLists {
  /** The listing, plus every wanted list found only by GET by id. */
  lists: LiveKeywordList[];
  /** The listing may be cut short: live lists kwsync was not asked about may be missing. */
  mayBeTruncated: boolean;
  /** How many lists the listing itself returned. */
  listed: number;
  /** Live lists of a category kwsync does not know, set aside by the client. */
  unknownCategory: { id: string; category: string }[];
}

const CONFIRM_CONCURRENCY = 4;

export async function readLiveLists(target: KeywordTarget, wantedIds: Iterable<string>): Promise<LiveLists> {
  const listing = await target.listKeywordLists();
  const seen = new Set(listing.lists.map((l) => l.id));
  const missing = [...new Set(wantedIds)].filter((id) => !seen.has(id));
  const limit = pLimit(CONFIRM_CONCURRENCY);
  const found = await Promise.all(missing.map((id) => limit(() => target.getKeywordList(id))));
  return {
    lists: [...listing.lists, ...found.filter((l): l is LiveKeywordList => l !== undefined)],
    mayBeTruncated: listing.mayBeTruncated,
    listed: listing.lists.length,
    unknownCategory: listing.unknownCategory ?? [],
  };
}

/** What a plan, import or init says about how live was read: a listing that may hide lists, lists set aside. */
export function liveNotes(live: Pick<LiveLists, 'mayBeTruncated' | 'listed' | 'unknownCategory'>): string[] {
  const notes: string[] = [];
  if (live.mayBeTruncated) {
    notes.push(
      `the service's list of keyword lists may be cut short (it returned ${live.listed}, its page limit); ` +
        'lists with a file were each checked by id, but other live lists may be missing from "unmanaged" and from --prune',
    );
  }
  if (live.unknownCategory.length > 0) {
    const named = live.unknownCategory.map((l) => `${l.id} (category "${l.category}")`).join(', ');
    notes.push(`left alone, because kwsync does not know their category: ${named}`);
  }
  return notes;
}
