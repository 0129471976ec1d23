// Issue 38, Must show, over real HTTP: `apply --prune` ends as the files say whatever the listing does.
// - A page boundary that moves: the listing is paged with meta.pagination computed from the state at
//   each request (4 lists a page); another writer deletes a list right after page 1 is read, so a
//   list slides from page 2 to page 1 unread while the totals still add up (7, then 6). The read
//   sees its totals change, re-reads from the start, and the list is deleted; a writer that moves it
//   on the re-read too makes the run refuse (exit 4).
// - A listing that looks whole but is not: meta.current.count under its limit, yet a list found by id
//   is missing from it. The read is incomplete (the plan says "Not checked" and why) and --prune
//   refuses (exit 4), instead of leaving the lists it left out with exit 0.
// - The final listing is the judge: a list with no file that another writer creates after the plan's
//   read is in the final listing, so it is named `left` and the run exits 1.
import { liveTerms, startHarness, type Harness } from './harness.js';

const LISTING = /^\/moderation\/keywords$/;
const list = (id: string, extra: { default?: boolean } = {}) => ({ id, name: `List ${id}`, category: 'word' as const, searchTerms: ['u'], ...extra });

let h: Harness;
afterEach(async () => {
  await h.close();
});

describe('a page boundary that moves (meta.pagination, 4 lists a page)', () => {
  const STRAYS = ['stray-1', 'stray-2', 'stray-3', 'stray-4'];
  beforeEach(async () => {
    // Listing order: def-1 keep gone stray-1 | stray-2 stray-3 stray-4.
    const keywordLists = [list('def-1', { default: true }), list('keep'), list('gone'), ...STRAYS.map((id) => list(id))];
    h = await startHarness({ keywordListLimit: 4, keywordListPaging: 'pagination', data: { keywordLists } });
    await h.writeList('keep', ['u']);
  });

  test('another writer deletes a list after page 1: the read sees the totals change, reads again, and deletes the list that slid to page 1', async () => {
    h.emulator.injectFaults({ type: 'delete-before', editList: 'gone', method: 'GET', path: LISTING, skip: 1, count: 1 });
    const apply = await h.run(['apply', '--prune', '--force', '--auto-approve']);
    expect(apply.stderr).not.toMatch(/\n\s+at /);
    expect(apply.stdout).toMatch(/^✓ applied +stray-2 \(delete\)$/m);
    expect(apply.code).toBe(0);
    for (const id of STRAYS) expect(await liveTerms(h, id)).toBeUndefined();
    expect(await liveTerms(h, 'keep')).toEqual(['u']);
    expect(await liveTerms(h, 'def-1')).toEqual(['u']);
    const listings = h.emulator.requests.filter((r) => r.method === 'GET' && /\/moderation\/keywords$/.test(r.path));
    // The plan's read (2 pages), its read from the start (2 pages), the final read (1 page: def-1, keep).
    expect(listings.length).toBe(5);
  });

  test('the boundary moves on the read from the start too: plan says why, and apply --prune refuses with exit 4, writing nothing', async () => {
    h.emulator.injectFaults({ type: 'delete-before', editList: 'gone', method: 'GET', path: LISTING, skip: 1, count: 1 });
    h.emulator.injectFaults({ type: 'delete-before', editList: 'stray-1', method: 'GET', path: LISTING, skip: 1, count: 1 });
    const apply = await h.run(['apply', '--prune', '--force', '--auto-approve']);
    expect(apply.stderr).toContain("refusing --prune: the service's list of keyword lists may be cut short");
    expect(apply.stderr).toContain('meta.pagination.total said 6 on page 1 and 5 on page 2');
    // The advice fits the cause: the lists moved while read, so a quiet app, not the paging settings.
    expect(apply.stderr).toContain("hint: the app's lists changed while kwsync read them");
    expect(apply.code).toBe(4);
    expect(h.emulator.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    for (const id of ['stray-2', 'stray-3', 'stray-4']) expect(await liveTerms(h, id)).toEqual(['u']);
  });

  test('plan --prune shows an incomplete read with its reason when the totals change between pages', async () => {
    h.emulator.injectFaults({ type: 'delete-before', editList: 'gone', method: 'GET', path: LISTING, skip: 1, count: 1 });
    const plan = await h.run(['plan']);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('meta.pagination.total said 7 on page 1 and 6 on page 2');
    expect(plan.stdout).toContain('Not checked');
  });
});

describe('a listing that looks whole but is not (meta.current.count under its limit)', () => {
  beforeEach(async () => {
    const keywordLists = [list('def-1', { default: true }), list('m1'), list('m2'), list('u1'), list('u2')];
    h = await startHarness({ data: { keywordLists } });
    await h.writeList('m1', ['u']);
    await h.writeList('m2', ['u']);
    // Every listing leaves out m2 (which has a file) and u1 (which has none); GET by id finds both.
    h.emulator.injectFaults({ type: 'omit-list', omitIds: ['m2', 'u1'], method: 'GET', path: LISTING, count: 1000 });
  });

  test('the plan says the listing left out a list found by id and what was not checked', async () => {
    const plan = await h.run(['plan', '--prune', '--detailed-exitcode']);
    expect(plan.stdout).toContain('- delete u2');
    expect(plan.stdout).toContain('Not checked');
    expect(plan.stdout).toContain('the listing left out 1 list that GET by id found (m2)');
    expect(plan.code).toBe(2);
  });

  test('apply --prune --force refuses with exit 4 and names why, instead of leaving the lists the listing left out', async () => {
    const apply = await h.run(['apply', '--prune', '--force', '--auto-approve']);
    expect(apply.stderr).toContain("refusing --prune: the service's list of keyword lists may be cut short");
    expect(apply.stderr).toContain('the listing left out 1 list that GET by id found (m2)');
    // A listing that leaves a list out on every read is a paging question.
    expect(apply.stderr).toContain('kwsync doctor --listing-paging');
    expect(apply.code).toBe(4);
    expect(h.emulator.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(await liveTerms(h, 'u1')).toEqual(['u']);
    expect(await liveTerms(h, 'u2')).toEqual(['u']);
  });
});

describe('the final listing is the judge', () => {
  beforeEach(async () => {
    h = await startHarness({ data: { keywordLists: [list('def-1', { default: true }), list('keep'), list('stray')] } });
    await h.writeList('keep', ['u']);
  });

  test('a list with no file that another writer creates during the run is named `left`, exit 1', async () => {
    h.emulator.injectFaults({ type: 'create-before', editList: 'late', method: 'DELETE', count: 1 });
    const apply = await h.run(['apply', '--prune', '--force', '--auto-approve']);
    expect(apply.stdout).toMatch(/^✓ applied +stray \(delete\)$/m);
    expect(apply.stdout).toMatch(/^✗ left +late \(delete\)$/m);
    expect(apply.stdout).toContain('Apply: 1 applied, 1 unchanged, 0 skipped, 0 failed, 1 left.');
    expect(apply.code).toBe(1);
    expect(await liveTerms(h, 'late')).toEqual(['live-edit-1']);
    // Without --prune, a list with no file is left alone by design: not named, exit 0.
    const again = await h.run(['apply', '--force', '--auto-approve']);
    expect(again.stdout).not.toMatch(/^✗ left/m);
    expect(again.code).toBe(0);
  });
});

describe('a full last page is not a cut (meta.next, 10 lists a page, 20 lists)', () => {
  const pad = (n: number) => String(n).padStart(2, '0');
  const UNMANAGED = Array.from({ length: 18 }, (_, i) => `u-${pad(i + 1)}`);
  beforeEach(async () => {
    // Two full pages: the second carries no meta.next, as the published cursor paging may answer on its last page.
    const keywordLists = [list('def-1', { default: true }), list('keep'), ...UNMANAGED.map((id) => list(id))];
    h = await startHarness({ keywordListLimit: 10, keywordListPaging: 'cursor', data: { keywordLists } });
    await h.writeList('keep', ['u']);
  });

  test('plan --prune reads it whole, and apply --prune deletes every list with no file (exit 0)', async () => {
    const plan = await h.run(['plan', '--prune', '--detailed-exitcode']);
    expect(plan.stdout).not.toContain('may be cut short');
    expect(plan.stdout).toContain('Plan: 0 to create, 0 to update, 18 to delete, 1 unchanged.\n');
    expect(plan.code).toBe(2);
    const apply = await h.run(['apply', '--prune', '--force', '--auto-approve']);
    expect(apply.stdout).toContain('Apply: 18 applied, 1 unchanged, 0 skipped, 0 failed.');
    expect(apply.code).toBe(0);
    for (const id of UNMANAGED) expect(await liveTerms(h, id)).toBeUndefined();
  });
});
