// Issue 30, Must show: an app whose listing answers 10 lists a page, the default lists on page 1 and
// unmanaged lists on pages 2-3. Plan and `apply --prune` over real HTTP read every page: every
// unmanaged list is deleted, no default list is written, nothing is re-created, and a second plan
// shows no changes. Once per paging style: the two the answers carry (meta.pagination, meta.next)
// and the three service.listingPaging names (what `kwsync doctor` finds).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { KeywordListPaging } from '../../src/emulator/index.js';
import type { ListingPaging } from '../../src/model/config.js';
import { liveTerms, startHarness, type Harness } from './harness.js';

const pad = (n: number) => String(n).padStart(2, '0');
const DEFAULTS = Array.from({ length: 10 }, (_, i) => `default-${pad(i + 1)}`);
const UNMANAGED = Array.from({ length: 15 }, (_, i) => `unmanaged-${pad(i + 1)}`);
const MANAGED = ['managed-a', 'managed-b', 'managed-c'];

/** Listing order: defaults (page 1), unmanaged (page 2 and half of 3), managed (the end of page 3). */
const keywordLists = [
  ...DEFAULTS.map((id) => ({ id, name: `Default ${id}`, category: 'word' as const, searchTerms: ['d'], default: true })),
  ...UNMANAGED.map((id) => ({ id, name: `Unmanaged ${id}`, category: 'word' as const, searchTerms: ['u'] })),
  ...MANAGED.map((id) => ({ id, name: `List ${id}`, category: 'word' as const, searchTerms: ['m'] })),
];

const STYLES: [KeywordListPaging, ListingPaging | undefined][] = [
  ['pagination', undefined],
  ['cursor', undefined],
  ['page', 'page/perPage'],
  ['offset', 'limit/offset'],
  ['per_page', 'page/per_page'],
];

let h: Harness;
afterEach(async () => {
  await h.close();
});

describe.each(STYLES)('emulator paging %s (service.listingPaging %s)', (emulatorPaging, setting) => {
  beforeEach(async () => {
    h = await startHarness({ keywordListLimit: 10, keywordListPaging: emulatorPaging, defaultLists: 'published', data: { keywordLists } });
    for (const id of MANAGED) await h.writeList(id, ['m']);
    if (setting) await writeFile(join(h.keywords, 'kwsync.yaml'), `service:\n  listingPaging: ${setting}\n`, 'utf8');
  });

  test('plan and apply --prune delete every unmanaged list past page 1, write no default list, re-create nothing; a second plan is clean', async () => {
    const listings = () => h.emulator.requests.filter((r) => r.method === 'GET' && /\/moderation\/keywords(\?|$)/.test(r.path));
    const plan = await h.run(['plan', '--prune', '--detailed-exitcode']);
    expect(plan.stderr).toBe('');
    expect(plan.code).toBe(2);
    for (const id of UNMANAGED) expect(plan.stdout).toContain(`- delete ${id}`);
    expect(plan.stdout).toContain('Plan: 0 to create, 0 to update, 15 to delete, 3 unchanged.\n');
    expect(plan.stdout).not.toContain('Not checked');
    expect(plan.stdout).not.toContain('may be cut short');
    // Three pages of 10 (a fourth, empty, only where nothing says page 3 is the last).
    expect(listings().length).toBeGreaterThanOrEqual(3);

    h.emulator.clearRequests();
    const apply = await h.run(['apply', '--prune', '--force', '--auto-approve']);
    expect(apply.stderr).not.toMatch(/\n\s+at /);
    expect(apply.code).toBe(0);
    expect(apply.stdout).toContain('Apply: 15 applied, 3 unchanged, 0 skipped, 0 failed.');
    const writes = h.emulator.requests.filter((r) => r.method !== 'GET');
    expect(writes.filter((r) => r.method === 'POST')).toEqual([]);
    expect(writes.filter((r) => r.method === 'PUT')).toEqual([]);
    expect(writes.map((r) => decodeURIComponent(r.path.split('/').pop()!)).sort()).toEqual(UNMANAGED);
    for (const id of UNMANAGED) expect(await liveTerms(h, id)).toBeUndefined();
    for (const id of [...DEFAULTS, ...MANAGED]) expect(await liveTerms(h, id)).toEqual([DEFAULTS.includes(id) ? 'd' : 'm']);

    const again = await h.run(['plan', '--prune', '--detailed-exitcode']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('No changes: the live lists match the files.');
    expect(again.stdout).toContain('Plan: 0 to create, 0 to update, 0 to delete, 3 unchanged.\n');
  });
});

describe('the same app when nothing says how to page (service.listingPaging none, emulator none)', () => {
  beforeEach(async () => {
    h = await startHarness({ keywordListLimit: 10, keywordListPaging: 'none', defaultLists: 'published', data: { keywordLists } });
    for (const id of MANAGED) await h.writeList(id, ['m']);
  });

  test('plan says exactly what could not be checked (never "match"), and apply --prune refuses, even with --force', async () => {
    const plan = await h.run(['plan', '--prune']);
    expect(plan.code).toBe(0);
    expect(plan.stdout).not.toContain('No changes: the live lists match the files.');
    expect(plan.stdout).toContain('No changes to the lists with a file; live lists the listing did not show (it may be cut short) were not checked.');
    expect(plan.stdout).toContain(
      "Note: the service's list of keyword lists may be cut short: 10 items read, then page 1 was full (10 lists, the limit its meta.current reports) and neither meta.pagination, meta.next nor service.listingPaging says how to read on.",
    );
    expect(plan.stdout).toContain('apply --prune refuses until the whole listing can be read');

    h.emulator.clearRequests();
    const apply = await h.run(['apply', '--prune', '--force', '--auto-approve']);
    expect(apply.code).toBe(4);
    expect(apply.stderr).toContain("refusing --prune: the service's list of keyword lists may be cut short (10 items read, then page 1 was full");
    expect(apply.stderr).toContain('kwsync doctor --listing-paging');
    expect(h.emulator.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    for (const id of UNMANAGED) expect(await liveTerms(h, id)).toEqual(['u']);
  });
});
