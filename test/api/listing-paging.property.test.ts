// Invariant (issue 30): for any number of lists, page size, paging style of the service, setting of
// service.listingPaging, caps, and faults (a page cut short, a page repeated, a cursor repeated, a
// page count that never ends), the listing read is either complete and equal to the store's, in
// order, or it says it is incomplete: and then a plan with prune carries it and apply refuses.
// The service is the emulator's own paging (pageOfListing); the reader is the client's, through
// readKeywordListing, readLiveLists, computePlan and assertSafe.
import fc from 'fast-check';
import { readKeywordListing } from '../../src/api/keywords.js';
import { createKeywordTarget } from '../../src/api/keyword-target.js';
import type { CometChatClient } from '../../src/api/client.js';
import { DEFAULT_CAPS, type ListingQuery } from '../../src/api/listing-pages.js';
import { assertSafe } from '../../src/apply/apply-plan.js';
import { KEYWORD_LIST_PAGINGS, pageOfListing, type KeywordListPaging } from '../../src/emulator/listing-paging.js';
import { RefusedPlanError } from '../../src/errors.js';
import { LISTING_PAGINGS, type ListingPaging } from '../../src/model/config.js';
import { computePlan, liveContext, readLiveLists } from '../../src/plan/index.js';
import { pruneRefusal } from '../../src/plan/safety.js';
import { SAFETY } from '../plan/fixtures.js';
import { propertyRuns } from '../helpers/runs.js';

type Fault = 'none' | 'cut' | 'repeat-page' | 'repeat-cursor' | 'endless';
interface Case {
  lists: number;
  defaults: number;
  maxLimit: number;
  service: KeywordListPaging;
  setting: ListingPaging;
  /** The fault of each request, by index (past the end: none). */
  faults: Fault[];
  maxPages: number;
}

type Item = { id: string; name: string; category: string; searchTerms: string[]; revisionId: string; default?: true };
type Answer = { data: Item[]; meta: Record<string, unknown> };

function store(c: Case): Item[] {
  return Array.from({ length: c.lists }, (_, i) => ({
    id: `l${String(i).padStart(3, '0')}`,
    name: `List ${i}`,
    category: 'word',
    searchTerms: ['t'],
    revisionId: `r${i}`,
    ...(i < c.defaults ? { default: true as const } : {}),
  }));
}

/** The emulator's paging, with the case's fault on each answer. */
function service(c: Case, items: Item[]) {
  let previous: Answer | undefined;
  let n = 0;
  return (query: ListingQuery): Answer => {
    const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const page = pageOfListing(items, q, c.service, c.maxLimit);
    let answer: Answer = { data: page.items, meta: { current: { limit: page.limit, count: page.items.length }, ...page.meta } };
    const fault = c.faults[n++] ?? 'none';
    if (fault === 'cut' && answer.data.length > 0) answer = { ...answer, data: answer.data.slice(0, -1) };
    if (fault === 'repeat-page' && previous) answer = previous;
    if (fault === 'repeat-cursor') {
      const meta = { ...answer.meta };
      if (meta['next']) meta['next'] = { ...q };
      const p = meta['pagination'] as Record<string, number> | undefined;
      if (p) meta['pagination'] = { ...p, current_page: p['current_page']! - 1 };
      answer = { ...answer, meta };
    }
    if (fault === 'endless') {
      const p = answer.meta['pagination'] as Record<string, number> | undefined;
      if (p) answer = { ...answer, meta: { ...answer.meta, pagination: { ...p, total_pages: p['current_page']! + 1 } } };
    }
    previous = answer;
    return structuredClone(answer);
  };
}

function clientOf(fetch: (q: ListingQuery) => Answer, setting: ListingPaging): CometChatClient {
  return {
    listingPaging: setting,
    send: async (req: { query?: ListingQuery }, schema: { parse(v: unknown): unknown }) => schema.parse(fetch(req.query ?? {})),
  } as unknown as CometChatClient;
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    lists: fc.integer({ min: 0, max: 60 }),
    defaultShare: fc.double({ min: 0, max: 1, noNaN: true }),
    maxLimit: fc.integer({ min: 1, max: 15 }),
    service: fc.constantFrom(...KEYWORD_LIST_PAGINGS),
    setting: fc.constantFrom(...LISTING_PAGINGS),
    faults: fc.oneof(
      { weight: 2, arbitrary: fc.constant<Fault[]>([]) },
      { weight: 3, arbitrary: fc.array(fc.constantFrom<Fault>('none', 'none', 'cut', 'repeat-page', 'repeat-cursor', 'endless'), { maxLength: 12 }) },
    ),
    maxPages: fc.oneof(fc.constant(DEFAULT_CAPS.maxPages), fc.integer({ min: 1, max: 8 })),
  })
  .map(({ defaultShare, ...c }) => ({ ...c, defaults: Math.floor(c.lists * defaultShare) }));

const tally = { complete: 0, incomplete: 0 };

test('the listing read is complete and equal to the store, or says it is incomplete and prune refuses', async () => {
  await fc.assert(
    fc.asyncProperty(caseArb, async (c) => {
      const items = store(c);
      const fetch = service(c, items);
      let requests = 0;
      const counted = (q: ListingQuery) => (requests++, fetch(q));
      // Caps: the read through the pure pager, with the case's page cap.
      const { readListingPages } = await import('../../src/api/listing-pages.js');
      const capped = await readListingPages(async (q) => service(c, items)(q), c.setting, { ...DEFAULT_CAPS, maxPages: c.maxPages });
      expect(capped.pages).toBeLessThanOrEqual(c.maxPages);
      if (capped.incomplete === undefined) expect(capped.items.map((i) => (i as Item).id)).toEqual(items.map((i) => i.id));

      const client = clientOf(counted, c.setting);
      const listing = await readKeywordListing(client);
      expect(requests).toBeLessThanOrEqual(DEFAULT_CAPS.maxPages);
      // The plan's read: the same service from its start (the same faults on the same requests).
      const live = await readLiveLists(createKeywordTarget(clientOf(service(c, items), c.setting), 'prop'), []);
      expect(live.mayBeTruncated).toBe(listing.mayBeTruncated);
      const plan = computePlan([], live.lists, { ...liveContext(live), target: 'prop', prune: true, safety: SAFETY });
      if (!listing.mayBeTruncated) {
        tally.complete++;
        expect([...listing.defaults.map((d) => d.id), ...listing.lists.map((l) => l.id)].sort()).toEqual(items.map((i) => i.id));
        expect(listing.incomplete).toBeUndefined();
        expect(plan.changes.map((ch) => ch.id)).toEqual(items.filter((i) => !i.default).map((i) => i.id));
        expect(pruneRefusal(plan)).toBeNull();
        expect(() => assertSafe(plan, true)).not.toThrow();
      } else {
        tally.incomplete++;
        expect(listing.incomplete).toMatch(/\S/);
        expect(plan.truncatedListing?.reason).toBe(listing.incomplete);
        expect(pruneRefusal(plan)).toContain('refusing --prune');
        expect(() => assertSafe(plan, true)).toThrow(RefusedPlanError);
      }
    }),
    { numRuns: propertyRuns(600, 5000), seed: 3030 },
  );
  console.log(`listing paging property: 2000 runs, seed 3030: ${tally.complete} complete and equal, ${tally.incomplete} said incomplete (prune refused)`);
  // Both sides of the invariant were exercised.
  expect(tally.complete).toBeGreaterThan(200);
  expect(tally.incomplete).toBeGreaterThan(200);
});
