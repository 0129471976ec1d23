// Does GET /moderation/keywords take paging parameters? No source publishes any. With a limit of
// one, each obvious style asks for a first and a second page and compares the ids answered. Run
// only when the listing looks cut short or when asked (--listing-paging): a few GETs.
import type { ProbeResult } from '../api/index.js';
import type { ProbeClient } from './read-checks.js';
import type { Finding } from './report.js';
import { isObject } from './response-traits.js';
import { KEYWORDS_PATH } from './terms-variants.js';

type Query = Record<string, string | number>;

export interface PagingStyle {
  name: string;
  first: Query;
  second: Query;
}

export const PAGING_STYLES: readonly PagingStyle[] = [
  { name: 'page/perPage', first: { page: 1, perPage: 1 }, second: { page: 2, perPage: 1 } },
  { name: 'limit/offset', first: { limit: 1, offset: 0 }, second: { limit: 1, offset: 1 } },
  { name: 'page/per_page', first: { page: 1, per_page: 1 }, second: { page: 2, per_page: 1 } },
];

/** pages: the limit and the page both taken; page-only: the page moves at the service's own size. */
export type StyleOutcome = 'pages' | 'page-only' | 'limit-only' | 'ignored' | 'refused' | 'unclear';

export interface StyleResult {
  style: string;
  outcome: StyleOutcome;
  /** What was seen, in a few words. */
  seen: string;
}

const ids = (res: ProbeResult): string[] | undefined =>
  isObject(res.json) && Array.isArray(res.json.data) ? res.json.data.map((i) => (isObject(i) ? String(i.id) : '?')) : undefined;

/** How one style behaved, from its two answers and the size of the plain listing. Pure. */
export function judgeStyle(style: string, whole: number, first: ProbeResult, second: ProbeResult): StyleResult {
  if (first.status >= 400 || second.status >= 400) return { style, outcome: 'refused', seen: `refused (HTTP ${first.status >= 400 ? first.status : second.status})` };
  const a = ids(first);
  const b = ids(second);
  if (!a || !b) return { style, outcome: 'unclear', seen: 'answered without a data array' };
  const seen = `first page [${a.join(', ')}], second [${b.join(', ')}]`;
  if (a.length === b.length && a.every((id, i) => id === b[i])) {
    return a.length < whole ? { style, outcome: 'limit-only', seen: `${seen}: the limit is taken, the second page repeats the first` } : { style, outcome: 'ignored', seen: `ignored (${a.length} list${a.length === 1 ? '' : 's'} each time)` };
  }
  if (a.length >= 1 && b.length >= 1 && !b.includes(a[0]!)) {
    return a.length === 1 ? { style, outcome: 'pages', seen } : { style, outcome: 'page-only', seen: `${seen}: the page moves, the size asked for is not taken` };
  }
  return { style, outcome: 'unclear', seen };
}

/** A cursor the listing's meta offers (meta.next, meta.cursor, meta.next_cursor), as query parameters. */
export function cursorQuery(json: unknown): Query | undefined {
  const meta = isObject(json) && isObject(json.meta) ? json.meta : undefined;
  if (!meta) return undefined;
  for (const key of ['next', 'cursor', 'next_cursor', 'nextCursor']) {
    const v = meta[key];
    if (typeof v === 'string' && v !== '') return { cursor: v };
    if (isObject(v)) {
      const scalars = Object.entries(v).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number');
      if (scalars.length > 0) return Object.fromEntries(scalars);
    }
  }
  return undefined;
}

export async function listingPagingFinding(client: ProbeClient, listing: { json: unknown; count: number; mayBeTruncated: boolean }): Promise<Finding> {
  const title = 'paging of the listing';
  const assumed = 'GET /moderation/keywords takes no paging parameters (none is published); a list missing from it is confirmed by a GET by id';
  if (listing.count < 2 && !listing.mayBeTruncated) {
    return {
      id: 'listing-paging',
      status: 'unknown',
      title,
      detail: `The listing holds ${listing.count} list${listing.count === 1 ? '' : 's'}: with fewer than two there is nothing to page, so paging parameters were not tried.`,
      needsAction: false,
      assumed,
    };
  }
  const results: StyleResult[] = [];
  const get = (query: Query) => client.probe({ api: 'chat', method: 'GET', path: KEYWORDS_PATH, query });
  for (const style of PAGING_STYLES) results.push(judgeStyle(style.name, listing.count, await get(style.first), await get(style.second)));
  const cursor = cursorQuery(listing.json);
  let cursorSeen = 'no cursor in meta';
  if (cursor) {
    const res = await get(cursor);
    const got = ids(res);
    cursorSeen = `the cursor in meta (${Object.keys(cursor).join(', ')}) answered ${res.status >= 400 ? `HTTP ${res.status}` : `[${(got ?? []).join(', ')}]`}`;
  }
  const observed = `${results.map((r) => `${r.style}: ${r.seen}`).join('; ')}; ${cursorSeen}`;
  const paging = results.filter((r) => r.outcome === 'pages' || r.outcome === 'page-only');
  if (paging.length === 0) {
    return {
      id: 'listing-paging',
      status: 'ok',
      title,
      detail: 'None of page/perPage, limit/offset and page/per_page moved through the listing; as kwsync assumes, one GET is the whole answer it gets.',
      needsAction: false,
      assumed,
      observed,
      fix: 'none needed',
    };
  }
  return {
    id: 'listing-paging',
    status: 'differs',
    title,
    detail:
      `The listing pages with ${paging.map((p) => (p.outcome === 'pages' ? p.style : `${p.style} (only the page is taken)`)).join(' and ')}. kwsync reads only the first answer: it still confirms each list of your folder by id, ` +
      'but lists beyond the first page are not shown as unmanaged and prune cannot delete them.',
    needsAction: false,
    assumed,
    observed,
    fix: 'no setting reads further pages yet; report this output to the kwsync maintainers so the listing can be paged this way',
  };
}
