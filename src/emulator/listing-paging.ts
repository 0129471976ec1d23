// Paging of GET /moderation/keywords, which no source publishes. By default the emulator takes no
// paging parameters (one answer of at most `keywordListLimit` lists); `keywordListPaging` makes it
// honour one style, so that `kwsync doctor` can be seen finding it and the client seen following it.
// A page never holds more than `keywordListLimit` lists, whatever size is asked: a service's own
// page limit (the Must-show app answers 10 a page).
import { intParam, stringParam, type Query } from './query-params.js';

/**
 * none: paging parameters are ignored; page: `page` (from 1) and `perPage`; per_page: `page` and
 * `per_page`; offset: `offset` and `limit` (each with `meta.current` only); pagination: `page` and
 * `perPage` with `meta.pagination` as CometChat's list-users answers; cursor: `meta.next`
 * (`{affix: 'append', id}`, the last id of the page) as the group-messages endpoint answers.
 */
export const KEYWORD_LIST_PAGINGS = ['none', 'page', 'per_page', 'offset', 'pagination', 'cursor'] as const;
export type KeywordListPaging = (typeof KEYWORD_LIST_PAGINGS)[number];

export interface ListingAnswer<T> {
  items: T[];
  /** The page size in effect, as `meta.current.limit` reports it. */
  limit: number;
  /** More of `meta` than `current`, for the styles that carry it. */
  meta?: { pagination?: Pagination; next?: { affix: 'append'; id: string } };
}

export interface Pagination {
  total: number;
  count: number;
  per_page: number;
  current_page: number;
  total_pages: number;
}

/** The slice of the lists one listing answers, the limit its `meta.current` reports, and the rest of its meta. */
export function pageOfListing<T extends { id?: unknown }>(items: readonly T[], query: Query, paging: KeywordListPaging, maxLimit: number): ListingAnswer<T> {
  const size = (name: string) => Math.min(intParam(query, name, { min: 1, max: 1000 }) ?? maxLimit, maxLimit);
  if (paging === 'page' || paging === 'per_page' || paging === 'pagination') {
    const limit = size(paging === 'per_page' ? 'per_page' : 'perPage');
    // CometChat documents `page` defaulting to 0, the first page, as 1 is.
    const page = Math.max(1, intParam(query, 'page', { min: 0 }) ?? 1);
    const slice = items.slice((page - 1) * limit, page * limit);
    if (paging !== 'pagination') return { items: slice, limit };
    const pagination = { total: items.length, count: slice.length, per_page: limit, current_page: page, total_pages: Math.max(1, Math.ceil(items.length / limit)) };
    return { items: slice, limit, meta: { pagination } };
  }
  if (paging === 'offset') {
    const limit = size('limit');
    const offset = intParam(query, 'offset', { min: 0 }) ?? 0;
    return { items: items.slice(offset, offset + limit), limit };
  }
  if (paging === 'cursor') {
    const limit = size('limit');
    const after = stringParam(query, 'id');
    const start = after === undefined ? 0 : items.findIndex((l) => l.id === after) + 1;
    // An id no longer listed (deleted meanwhile) starts over: the client's repeat check stops it.
    const slice = items.slice(start, start + limit);
    const last = slice[slice.length - 1];
    const more = start + limit < items.length && last !== undefined;
    return { items: slice, limit, ...(more ? { meta: { next: { affix: 'append' as const, id: String(last.id) } } } : {}) };
  }
  return { items: items.slice(0, maxLimit), limit: maxLimit };
}
