// Does GET /moderation/keywords take paging parameters? No source publishes any. With a limit of
// one, each obvious style asks for a first and a second page and compares the ids answered. Run
// only when the listing looks cut short or when asked (--listing-paging): a few GETs.
import type { ProbeResult } from '../api/index.js';
import type { ProbeClient } from './read-checks.js';
import type { ListingPaging } from '../model/config.js';
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

export interface PagingFinding {
  finding: Finding;
  /** service.listingPaging to use: a style that moved through the listing (the current one if it did), or none. */
  recommended: ListingPaging;
}

/** The service.listingPaging value of a style doctor tries. */
const SETTING_OF: Record<string, ListingPaging> = { 'page/perPage': 'page/perPage', 'limit/offset': 'limit/offset', 'page/per_page': 'page/per_page' };

/** The listing's own meta says how to read on (meta.pagination or meta.next): kwsync follows it whatever the setting. */
function metaPaging(json: unknown): string | undefined {
  const meta = isObject(json) && isObject(json.meta) ? json.meta : undefined;
  if (meta && isObject(meta.pagination)) return 'meta.pagination';
  if (meta && isObject(meta.next)) return 'meta.next';
  return undefined;
}

export async function listingPagingFinding(client: ProbeClient, listing: { json: unknown; count: number; mayBeTruncated: boolean }, current: ListingPaging = 'none'): Promise<PagingFinding> {
  const title = 'paging of the listing';
  const assumed = `GET /moderation/keywords pages as its answer's meta.pagination or meta.next says, or else by service.listingPaging (now ${current}); a list missing from it is confirmed by a GET by id`;
  const fromMeta = metaPaging(listing.json);
  if (fromMeta) {
    return {
      recommended: current,
      finding: {
        id: 'listing-paging',
        status: 'ok',
        title,
        detail: `The listing answers with ${fromMeta}, which kwsync follows to the last page whatever service.listingPaging says.`,
        needsAction: false,
        assumed,
        observed: `${fromMeta} in the first answer`,
        fix: 'none needed',
      },
    };
  }
  if (listing.count < 2 && !listing.mayBeTruncated) {
    return {
      recommended: current,
      finding: {
        id: 'listing-paging',
        status: 'unknown',
        title,
        detail: `The listing holds ${listing.count} list${listing.count === 1 ? '' : 's'}: with fewer than two there is nothing to page, so paging parameters were not tried.`,
        needsAction: false,
        assumed,
      },
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
  // Styles whose page moves, those taking the size asked first: kwsync reads on until a short or empty page either way.
  const paging = [...results.filter((r) => r.outcome === 'pages'), ...results.filter((r) => r.outcome === 'page-only')];
  if (paging.length === 0) {
    const recommended: ListingPaging = 'none';
    return {
      recommended,
      finding: {
        id: 'listing-paging',
        status: current === recommended ? 'ok' : 'differs',
        title,
        detail:
          'None of page/perPage, limit/offset and page/per_page moved through the listing: one GET is the whole answer kwsync gets. ' +
          (listing.mayBeTruncated ? 'It may be cut short, so lists past it are not shown as unmanaged and apply --prune refuses.' : 'It does not look cut short.'),
        needsAction: false,
        assumed,
        observed,
        fix: current === recommended ? 'none needed' : 'service.listingPaging: none (the style set now does not move through the listing)',
      },
    };
  }
  const works = paging.map((p) => SETTING_OF[p.style]).filter((v): v is ListingPaging => v !== undefined);
  const recommended = works.includes(current) ? current : works[0]!;
  return {
    recommended,
    finding: {
      id: 'listing-paging',
      status: recommended === current ? 'ok' : 'differs',
      title,
      detail:
        `The listing pages with ${paging.map((p) => (p.outcome === 'pages' ? p.style : `${p.style} (only the page is taken)`)).join(' and ')}. ` +
        (recommended === current
          ? `kwsync reads every page with service.listingPaging: ${current}.`
          : `With service.listingPaging: ${current}, kwsync reads only the first answer: lists past it are not shown as unmanaged, and apply --prune refuses. With ${recommended} it reads every page.`),
      needsAction: false,
      assumed,
      observed,
      fix: recommended === current ? 'none needed' : `service.listingPaging: ${recommended}`,
    },
  };
}
