// Issue 30: each paging style of GET /moderation/keywords, over real HTTP to the emulator. The
// emulator's answers carry CometChat's published shapes (meta.pagination as list-users answers,
// meta.next as group messages answers), and the real client reads every page of each, in as many
// requests as there are pages (plus one empty page where nothing says the last is the last).
import { request } from 'undici';
import { createClient, readKeywordListing, type CometChatClient } from '../../src/api/index.js';
import { startEmulator, type KeywordListPaging, type RunningEmulator } from '../../src/emulator/index.js';
import type { ListingPaging } from '../../src/model/config.js';

const LISTS = Array.from({ length: 23 }, (_, i) => ({ id: `c${String(i).padStart(2, '0')}`, name: `C ${i}`, category: 'word' as const, searchTerms: ['x'] }));
const IDS = LISTS.map((l) => l.id);

let emu: RunningEmulator;
let client: CometChatClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
  await emu.close();
});

async function start(paging: KeywordListPaging, setting: ListingPaging = 'none'): Promise<CometChatClient> {
  emu = await startEmulator({ port: 0, keywordListLimit: 10, keywordListPaging: paging, defaultLists: 'none', data: { keywordLists: LISTS } });
  client = createClient({ apiKey: emu.apiKey, baseUrl: emu.chatBaseUrl, listingPaging: setting });
  return client;
}

async function raw(query: string): Promise<{ data: { id: string }[]; meta: Record<string, unknown> }> {
  const res = await request(`${emu.chatBaseUrl}/moderation/keywords${query}`, { headers: { apikey: emu.apiKey } });
  return (await res.body.json()) as { data: { id: string }[]; meta: Record<string, unknown> };
}

const listingGets = () => emu.requests.filter((r) => r.method === 'GET' && /\/moderation\/keywords(\?|$)/.test(r.path));

test('meta.pagination: the shape of list-users (total, count, per_page, current_page, total_pages); page/perPage is followed to total_pages', async () => {
  const c = await start('pagination');
  const first = await raw('');
  expect(first.meta['pagination']).toEqual({ total: 23, count: 10, per_page: 10, current_page: 1, total_pages: 3 });
  expect((await raw('?page=3&perPage=10')).data.map((l) => l.id)).toEqual(IDS.slice(20));
  emu.clearRequests();
  const listing = await readKeywordListing(c);
  expect(listing.lists.map((l) => l.id)).toEqual(IDS);
  expect(listing).toMatchObject({ mayBeTruncated: false, pages: 3 });
  expect(listingGets()).toHaveLength(3);
});

test('meta.next: the shape of group messages ({affix, id}); its fields are the next query, until an answer has none', async () => {
  const c = await start('cursor');
  const first = await raw('');
  expect(first.meta['next']).toEqual({ affix: 'append', id: 'c09' });
  expect((await raw('?affix=append&id=c19')).meta['next']).toBeUndefined();
  emu.clearRequests();
  const listing = await readKeywordListing(c);
  expect(listing.lists.map((l) => l.id)).toEqual(IDS);
  expect(listing).toMatchObject({ mayBeTruncated: false, pages: 3 });
});

test.each<[KeywordListPaging, ListingPaging, string]>([
  ['page', 'page/perPage', '?page=2&perPage=100'],
  ['offset', 'limit/offset', '?limit=100&offset=10'],
  ['per_page', 'page/per_page', '?page=2&per_page=100'],
])('service.listingPaging: emulator %s read with %s (the page limit of 10 wins over the 100 asked; page 2 is %s)', async (paging, setting, second) => {
  const c = await start(paging, setting);
  const listing = await readKeywordListing(c);
  expect(listing.lists.map((l) => l.id)).toEqual(IDS);
  expect(listing).toMatchObject({ mayBeTruncated: false, pages: 3 });
  expect(listingGets()).toHaveLength(3);
  // What the client asks for page 2 in this style, answered by the emulator as page 2.
  expect((await raw(second)).data.map((l) => l.id)).toEqual(IDS.slice(10, 20));
});

test('a setting the service ignores: page 2 repeats page 1, and the read stops there and says so', async () => {
  const c = await start('offset', 'page/perPage');
  const listing = await readKeywordListing(c);
  expect(listing.mayBeTruncated).toBe(true);
  expect(listing.incomplete).toBe('page 2 repeated lists already read (page/perPage), so the pages did not move on');
  expect(listing.lists.map((l) => l.id)).toEqual(IDS.slice(0, 10));
  expect(listingGets()).toHaveLength(2);
});

test('no paging at all (the default emulator): one answer; a full page is said to be possibly cut short', async () => {
  const c = await start('none');
  const listing = await readKeywordListing(c);
  expect(listing).toMatchObject({ mayBeTruncated: true, pages: 1 });
  expect(listing.incomplete).toContain('page 1 was full (10 lists, the limit its meta.current reports)');
});
