// The pager's decisions where the spec is silent, one answer script per case: which style wins, what
// is a stop, what the caps do. The property test (listing-paging.property.test.ts) holds the invariant.
import { DEFAULT_CAPS, readListingPages, type ListingPage, type ListingQuery } from '../../src/api/listing-pages.js';

const items = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: `l${from + i}` }));

/** Answers in turn, recording each query. */
function script(answers: ListingPage[]) {
  const asked: ListingQuery[] = [];
  let i = 0;
  const fetch = async (q: ListingQuery) => (asked.push(q), answers[Math.min(i++, answers.length - 1)]!);
  return { asked, fetch };
}

test('meta.pagination wins over meta.next when both are present, and is followed with page/perPage', async () => {
  const s = script([
    { data: items(0, 2), meta: { pagination: { total: 3, count: 2, per_page: 2, current_page: 1, total_pages: 2 }, next: { affix: 'append', id: 'l1' } } },
    { data: items(2, 1), meta: { pagination: { total: 3, count: 1, per_page: 2, current_page: 2, total_pages: 2 } } },
  ]);
  const read = await readListingPages(s.fetch, 'none');
  expect(read).toMatchObject({ pages: 2, followed: 'meta.pagination' });
  expect(read.incomplete).toBeUndefined();
  expect(s.asked).toEqual([{}, { page: 2, perPage: 2 }]);
});

test('current_page 0 (the documented default of page) is the first page', async () => {
  const s = script([
    { data: items(0, 1), meta: { pagination: { per_page: 1, current_page: 0, total_pages: 2 } } },
    { data: items(1, 1), meta: { pagination: { per_page: 1, current_page: 2, total_pages: 2 } } },
  ]);
  expect((await readListingPages(s.fetch, 'none')).items).toHaveLength(2);
  expect(s.asked[1]).toEqual({ page: 2, perPage: 1 });
});

test('fewer lists in all than meta.pagination.total: incomplete', async () => {
  const s = script([{ data: items(0, 2), meta: { pagination: { total: 5, count: 2, per_page: 10, current_page: 1, total_pages: 1 } } }]);
  expect((await readListingPages(s.fetch, 'none')).incomplete).toBe('page 1 was the last, but 2 lists were read in all where meta.pagination.total says 5');
});

test('a meta.next that is not a set of query parameters: incomplete, not sent', async () => {
  const s = script([{ data: items(0, 2), meta: { next: 'opaque' } }]);
  const read = await readListingPages(s.fetch, 'page/perPage');
  expect(read.incomplete).toBe('page 1 carried a meta.next that is not a set of query parameters kwsync can send');
  expect(s.asked).toHaveLength(1);
});

test('the page cap: an endless listing stops after maxPages requests and says so', async () => {
  let n = 0;
  const fetch = async () => ({ data: items(n++ * 10, 10), meta: { current: { limit: 10, count: 10 } } });
  const read = await readListingPages(fetch, 'limit/offset', { ...DEFAULT_CAPS, maxPages: 4 });
  expect(read).toMatchObject({ pages: 4, incomplete: 'stopped after 4 pages, the cap, with more pages announced' });
  expect(read.items).toHaveLength(40);
});

test('no limit reported in a configured style: read on until an empty page (a service may answer fewer than asked)', async () => {
  const s = script([{ data: items(0, 3) }, { data: items(3, 3) }, { data: [] }]);
  const read = await readListingPages(s.fetch, 'page/per_page');
  expect(read.incomplete).toBeUndefined();
  expect(read.items).toHaveLength(6);
  expect(s.asked).toEqual([{ page: 1, per_page: 100 }, { page: 2, per_page: 100 }, { page: 3, per_page: 100 }]);
});

test('no limit reported and no setting: one answer, taken as whole (as before paging)', async () => {
  const s = script([{ data: items(0, 30) }]);
  expect(await readListingPages(s.fetch, 'none')).toMatchObject({ pages: 1, followed: 'one answer' });
});
