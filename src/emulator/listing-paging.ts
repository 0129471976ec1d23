// Paging of GET /moderation/keywords, which no source publishes. By default the emulator takes no
// paging parameters (one answer of at most `keywordListLimit` lists); `keywordListPaging` makes it
// honour one style, so that `kwsync doctor` can be seen finding it.
import { intParam, type Query } from './query-params.js';

/** none: paging parameters are ignored; page: `page` (from 1) and `perPage`; offset: `offset` and `limit`. */
export const KEYWORD_LIST_PAGINGS = ['none', 'page', 'offset'] as const;
export type KeywordListPaging = (typeof KEYWORD_LIST_PAGINGS)[number];

/** The slice of the lists one listing answers, and the limit its `meta.current` reports. */
export function pageOfListing<T>(items: readonly T[], query: Query, paging: KeywordListPaging, defaultLimit: number): { items: T[]; limit: number } {
  if (paging === 'page') {
    const limit = intParam(query, 'perPage', { min: 1, max: 100 }) ?? defaultLimit;
    const page = intParam(query, 'page', { min: 1 }) ?? 1;
    return { items: items.slice((page - 1) * limit, page * limit), limit };
  }
  if (paging === 'offset') {
    const limit = intParam(query, 'limit', { min: 1, max: 100 }) ?? defaultLimit;
    const offset = intParam(query, 'offset', { min: 0 }) ?? 0;
    return { items: items.slice(offset, offset + limit), limit };
  }
  return { items: items.slice(0, defaultLimit), limit: defaultLimit };
}
