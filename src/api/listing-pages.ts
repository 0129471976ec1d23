// Every page of GET /moderation/keywords. No paging of this listing is published (its example says
// `meta.current.limit: 10`), so the reader follows, in this order:
// 1. `meta.pagination` ({total, count, per_page, current_page, total_pages}), the style CometChat's
//    other list endpoints answer with: next is `page=current+1&perPage=per_page`. It wins when an
//    answer also carries `meta.next`, because its total and page count let the read be checked.
// 2. `meta.next`, as the group-messages endpoint answers: its fields are the next request's query;
//    once followed, a page without it is the last ("meta.next may be absent on the last page"),
//    full or not.
// 3. kwsync.yaml `service.listingPaging` (what `kwsync doctor` found): page/perPage, limit/offset
//    or page/per_page, until an empty or short page.
// The read is bounded (MAX_PAGES, MAX_ITEMS) and says why it is incomplete whenever it cannot show
// it saw everything: a page cut short, a page or cursor repeated, a cap reached, a full page that
// nothing says how to follow, and a read that disagrees with itself: a page whose count is not what
// its meta says, or totals (meta.pagination.total, total_pages) that change between pages (a list
// created or deleted meanwhile moves the others across page boundaries, so one may go unread while
// the totals still add up). A total the pages add up to makes the read whole. An incomplete read
// never lets prune run (src/plan/safety.ts); `again` says whether a read from the start may be whole.
import { z } from 'zod';
import type { ListingPaging } from '../model/config.js';
import { optionalNumber } from './lenient.js';

export type ListingQuery = Record<string, string | number>;

/** One answer of the listing, its envelope only: the items are read one by one later. */
export interface ListingPage {
  data: unknown[];
  meta?: unknown;
}

export interface ListingRead {
  /** Every item of every page read, in order; an item seen on an earlier page is not repeated. */
  items: unknown[];
  /** Requests made. */
  pages: number;
  /** How the pages were followed. */
  followed: 'one answer' | 'meta.pagination' | 'meta.next' | Exclude<ListingPaging, 'none'>;
  /** Why the items may not be all the app's lists; absent when the read shows it is whole. */
  incomplete?: string;
  /**
   * Set with `incomplete` when the listing disagreed with itself or moved while it was read (a page
   * cut short, a repeat, totals or counts that disagree): a read from the start may be whole. Unset
   * when reading again cannot help (nothing says how to read on, a cap, a cursor kwsync cannot send).
   */
  again?: true;
}

export interface ListingCaps {
  /** Requests at most (default MAX_PAGES). */
  maxPages: number;
  /** Items at most (default MAX_ITEMS). */
  maxItems: number;
  /** Lists asked per page in a configured style (default PAGE_SIZE). */
  pageSize: number;
}

/** An app holds 25 lists plus ~20 default lists ([L]); these caps leave room for a service far off that. */
export const MAX_PAGES = 100;
export const MAX_ITEMS = 5_000;
/** Asked per page in a configured style; a service that answers fewer per page says so in meta.current.limit. */
export const PAGE_SIZE = 100;
export const DEFAULT_CAPS: ListingCaps = { maxPages: MAX_PAGES, maxItems: MAX_ITEMS, pageSize: PAGE_SIZE };

const paginationSchema = z.looseObject({
  total: optionalNumber,
  count: optionalNumber,
  per_page: optionalNumber,
  current_page: optionalNumber,
  total_pages: optionalNumber,
});
const currentSchema = z.looseObject({ limit: optionalNumber, count: optionalNumber });
const metaSchema = z.looseObject({ current: z.unknown().optional(), pagination: z.unknown().optional(), next: z.unknown().optional() });

interface PageMeta {
  limit?: number | undefined;
  count?: number | undefined;
  pagination?: z.output<typeof paginationSchema> | undefined;
  /** `meta.next` as query parameters; null when present but not a set of scalars. */
  next?: ListingQuery | null | undefined;
}

function readMeta(meta: unknown): PageMeta {
  const m = metaSchema.safeParse(meta);
  if (!m.success) return {};
  const current = currentSchema.safeParse(m.data.current);
  const pagination = paginationSchema.safeParse(m.data.pagination);
  return {
    ...(current.success ? { limit: current.data.limit, count: current.data.count } : {}),
    ...(pagination.success && m.data.pagination != null ? { pagination: pagination.data } : {}),
    ...(m.data.next != null ? { next: nextQuery(m.data.next) } : {}),
  };
}

function nextQuery(next: unknown): ListingQuery | null {
  if (typeof next !== 'object' || next === null || Array.isArray(next)) return null;
  const scalars = Object.entries(next).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number');
  return scalars.length > 0 ? Object.fromEntries(scalars) : null;
}

/** The first request's query in a configured style; none asks plainly (no parameter is published). */
function firstQuery(style: ListingPaging, size: number): ListingQuery {
  if (style === 'page/perPage') return { page: 1, perPage: size };
  if (style === 'page/per_page') return { page: 1, per_page: size };
  if (style === 'limit/offset') return { limit: size, offset: 0 };
  return {};
}

const queryKey = (q: ListingQuery) => JSON.stringify(Object.entries(q).sort(([a], [b]) => (a < b ? -1 : 1)));
const idOf = (item: unknown): string | undefined => {
  const id = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)['id'] : undefined;
  return typeof id === 'string' && id.length > 0 ? id : undefined;
};
/** The service's own cursor, cut: it ends up in notes and PR comments. */
const shortJson = (q: ListingQuery) => {
  const text = JSON.stringify(q);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Reads the listing page by page through `fetch` (one GET each), following the page's meta or the
 * configured style. Throws what `fetch` throws (a failing service fails the read); everything else
 * ends in a ListingRead that says whether it is whole.
 */
export async function readListingPages(fetch: (query: ListingQuery) => Promise<ListingPage>, style: ListingPaging, caps: ListingCaps = DEFAULT_CAPS): Promise<ListingRead> {
  const items: unknown[] = [];
  const seenIds = new Set<string>();
  const asked = new Set<string>();
  let query = firstQuery(style, caps.pageSize);
  let followed: ListingRead['followed'] = 'one answer';
  let offset = 0;
  /** meta.pagination's total and total_pages as the first page that carried them said. */
  let first: { page: number; total?: number | undefined; totalPages?: number | undefined } | undefined;
  for (let pages = 1; ; pages += 1) {
    asked.add(queryKey(query));
    const page = await fetch(query);
    const meta = readMeta(page.meta);
    const fresh = page.data.filter((item) => {
      const id = idOf(item);
      return id === undefined || !seenIds.has(id);
    });
    const end = (incomplete?: string, again = true): ListingRead => ({
      items,
      pages,
      followed,
      ...(incomplete !== undefined ? { incomplete, ...(again ? { again: true as const } : {}) } : {}),
    });
    const at = `page ${pages}`;
    if (page.data.length > 0 && fresh.length === 0) return end(`${at} repeated lists already read (${followed}), so the pages did not move on`);
    if (fresh.length < page.data.length) return end(`${at} repeated ${plural(page.data.length - fresh.length, 'list')} of an earlier page (${followed}): lists may have moved between pages`);
    for (const item of fresh) {
      const id = idOf(item);
      if (id !== undefined) seenIds.add(id);
      items.push(item);
    }
    if (meta.count !== undefined && page.data.length < meta.count) return end(`${at} was cut short: it held ${page.data.length} of the ${meta.count} lists its meta.current.count says`);
    const disagrees = selfCheck(meta, page.data.length, pages, first);
    if (disagrees !== undefined) return end(`${at} disagrees with the read so far: ${disagrees}`);
    if (meta.pagination && first === undefined && (meta.pagination.total !== undefined || meta.pagination.total_pages !== undefined)) {
      first = { page: pages, total: meta.pagination.total, totalPages: meta.pagination.total_pages };
    }

    const next = nextStep(meta, page.data.length, style, caps.pageSize, query, (offset += page.data.length), items.length, followed);
    if (next.kind === 'done') return end();
    if (next.kind === 'stop') return end(`${at} ${next.why}`, next.again);
    followed = next.followed;
    if (asked.has(queryKey(next.query))) return end(`${at} pointed again at a page already read (${followed} ${shortJson(next.query)}): a repeated cursor is a stop, not a loop`);
    if (pages >= caps.maxPages) return end(`stopped after ${plural(pages, 'page')}, the cap, with more pages announced`, false);
    if (items.length >= caps.maxItems) return end(`stopped after ${plural(items.length, 'list')}, the cap, with more pages announced`, false);
    query = next.query;
  }
}

/**
 * What makes a page disagree with itself or with the pages before it, or undefined: a count in its
 * meta other than the lists it holds, or a total (or page count) other than the first page's. Pure.
 */
function selfCheck(meta: PageMeta, n: number, pages: number, first: { page: number; total?: number | undefined; totalPages?: number | undefined } | undefined): string | undefined {
  if (meta.count !== undefined && n !== meta.count) return `it held ${n} lists where its meta.current.count says ${meta.count}`;
  const p = meta.pagination;
  if (p?.count !== undefined && n !== p.count) return `it held ${n} lists where its meta.pagination.count says ${p.count}`;
  if (!p || first === undefined) return undefined;
  const moved = 'lists were created or deleted while the pages were read, so a list may have moved across a page boundary unread';
  if (p.total !== undefined && first.total !== undefined && p.total !== first.total) return `meta.pagination.total said ${first.total} on page ${first.page} and ${p.total} on page ${pages}: ${moved}`;
  if (p.total_pages !== undefined && first.totalPages !== undefined && p.total_pages !== first.totalPages) {
    return `meta.pagination.total_pages said ${first.totalPages} on page ${first.page} and ${p.total_pages} on page ${pages}: ${moved}`;
  }
  return undefined;
}

type Step = { kind: 'done' } | { kind: 'stop'; why: string; again: boolean } | { kind: 'next'; query: ListingQuery; followed: ListingRead['followed'] };

/** Where to go after a page of `n` items: meta.pagination, then meta.next, then the configured style. Pure. */
function nextStep(meta: PageMeta, n: number, style: ListingPaging, size: number, query: ListingQuery, offset: number, read: number, followed: ListingRead['followed']): Step {
  const p = meta.pagination;
  if (p && p.total_pages !== undefined) {
    // Pages count from 1; a current_page of 0 (the documented default of `page`) is the first page.
    const current = Math.max(1, p.current_page ?? Number(query['page'] ?? 1));
    if (p.per_page !== undefined && n < p.per_page && current < p.total_pages) {
      return { kind: 'stop', again: true, why: `was cut short: it held ${n} lists where meta.pagination.per_page says ${p.per_page}, and it is page ${current} of ${p.total_pages}` };
    }
    if (current >= p.total_pages || n === 0) {
      if (p.total !== undefined && read < p.total) return { kind: 'stop', again: true, why: `was the last, but ${read} lists were read in all where meta.pagination.total says ${p.total}` };
      return { kind: 'done' };
    }
    return { kind: 'next', followed: 'meta.pagination', query: { page: current + 1, perPage: p.per_page ?? n } };
  }
  if (meta.next !== undefined) {
    if (meta.next === null) return { kind: 'stop', again: false, why: 'carried a meta.next that is not a set of query parameters kwsync can send' };
    if (n === 0) return { kind: 'done' };
    return { kind: 'next', followed: 'meta.next', query: meta.next };
  }
  if (n === 0) return { kind: 'done' };
  // A listing followed by meta.next ends at the first page without it, full or not: "meta.next may be
  // absent on the last page" (the group-messages endpoint) and nothing else says how to read on.
  if (followed === 'meta.next') return { kind: 'done' };
  // A total the pages add up to (meta.pagination without total_pages) says the read is whole.
  if (p?.total !== undefined && read >= p.total) return { kind: 'done' };
  // A page is full when it holds the limit its meta reports, or, with no limit reported, the size asked
  // (a service may answer fewer per page than asked without saying so: then the next page settles it).
  const full = meta.limit !== undefined ? n >= meta.limit : style !== 'none' && n > 0;
  if (!full) return { kind: 'done' };
  if (style === 'none') {
    return { kind: 'stop', again: false, why: `was full (${n} lists, the limit its meta.current reports) and neither meta.pagination, meta.next nor service.listingPaging says how to read on` };
  }
  if (style === 'limit/offset') return { kind: 'next', followed: style, query: { limit: size, offset } };
  const page = Number(query['page'] ?? 1) + 1;
  return { kind: 'next', followed: style, query: style === 'page/perPage' ? { page, perPage: size } : { page, per_page: size } };
}
