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

// Issue 38: a read checks itself, and a full last page is not a cut.
describe('a read that disagrees with itself is incomplete, and may be whole when read again', () => {
  const pagination = (total: number, count: number, current: number, totalPages: number) => ({ pagination: { total, count, per_page: 2, current_page: current, total_pages: totalPages } });

  test('totals that change between pages (a list deleted after page 1 moves one past the read)', async () => {
    const s = script([
      { data: items(0, 2), meta: pagination(4, 2, 1, 2) },
      { data: items(3, 1), meta: pagination(3, 1, 2, 2) },
    ]);
    const read = await readListingPages(s.fetch, 'none');
    expect(read.incomplete).toBe(
      'page 2 disagrees with the read so far: meta.pagination.total said 4 on page 1 and 3 on page 2: lists were created or deleted while the pages were read, so a list may have moved across a page boundary unread',
    );
    expect(read.again).toBe(true);
  });

  test('a page count that changes between pages, with no total', async () => {
    const s = script([
      { data: items(0, 2), meta: { pagination: { per_page: 2, current_page: 1, total_pages: 3 } } },
      { data: items(2, 2), meta: { pagination: { per_page: 2, current_page: 2, total_pages: 2 } } },
    ]);
    expect((await readListingPages(s.fetch, 'none')).incomplete).toContain('meta.pagination.total_pages said 3 on page 1 and 2 on page 2');
  });

  test('a page whose count disagrees with its meta, either way', async () => {
    const more = script([{ data: items(0, 3), meta: { current: { limit: 10, count: 2 } } }]);
    expect((await readListingPages(more.fetch, 'none')).incomplete).toBe('page 1 disagrees with the read so far: it held 3 lists where its meta.current.count says 2');
    const paged = script([{ data: items(0, 2), meta: { pagination: { total: 2, count: 3, per_page: 5, current_page: 1, total_pages: 1 } } }]);
    expect((await readListingPages(paged.fetch, 'none')).incomplete).toBe('page 1 disagrees with the read so far: it held 2 lists where its meta.pagination.count says 3');
  });

  test('what reading again cannot help is not marked to read again: a full page nothing says how to follow, a cap', async () => {
    const full = script([{ data: items(0, 10), meta: { current: { limit: 10, count: 10 } } }]);
    const read = await readListingPages(full.fetch, 'none');
    expect(read.incomplete).toMatch(/was full/);
    expect(read.again).toBeUndefined();
    let n = 0;
    const endless = async () => ({ data: items(n++ * 10, 10), meta: { current: { limit: 10, count: 10 } } });
    expect((await readListingPages(endless, 'limit/offset', { ...DEFAULT_CAPS, maxPages: 2 })).again).toBeUndefined();
  });
});

describe('a full last page is not a cut', () => {
  test('meta.next absent on a full page after meta.next was followed: the read is whole', async () => {
    const s = script([
      { data: items(0, 10), meta: { current: { limit: 10, count: 10 }, next: { affix: 'append', id: 'l9' } } },
      { data: items(10, 10), meta: { current: { limit: 10, count: 10 } } },
    ]);
    const read = await readListingPages(s.fetch, 'none');
    expect(read).toMatchObject({ pages: 2, followed: 'meta.next' });
    expect(read.incomplete).toBeUndefined();
    expect(read.items).toHaveLength(20);
  });

  test('a full first page without meta.next, nothing else said: still may be cut short (a service may not page at all)', async () => {
    const s = script([{ data: items(0, 10), meta: { current: { limit: 10, count: 10 } } }]);
    expect((await readListingPages(s.fetch, 'none')).incomplete).toMatch(/was full \(10 lists/);
  });

  test('a total the pages add up to (meta.pagination without total_pages): whole, however full the page', async () => {
    const s = script([{ data: items(0, 10), meta: { current: { limit: 10, count: 10 }, pagination: { total: 10, count: 10 } } }]);
    const read = await readListingPages(s.fetch, 'none');
    expect(read.incomplete).toBeUndefined();
    expect(s.asked).toHaveLength(1);
  });
});
