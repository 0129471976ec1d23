// The published list response may be cut short (example: meta.current.limit 10) and no paging is
// published. With the emulator truncating its listing, plan and apply must still see every list
// that has a file, through GET by id, and say that unmanaged lists may be missing.
import { liveTerms, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ keywordListLimit: 3 });
});
afterEach(async () => {
  await h.close();
});

const ids = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];

test('lists hidden by a truncated listing are updated, not created twice; a re-plan is clean', async () => {
  // Six lists exist live; the listing shows the default list and the first two only.
  for (const id of ids) await h.target().createKeywordList({ id, name: `List ${id}`, description: '', category: 'word', searchTerms: ['old'] });
  const listing = await h.target().listKeywordLists();
  expect([...(listing.defaults ?? []).map((l) => l.id), ...listing.lists.map((l) => l.id)]).toEqual(['profanity-list', 'a1', 'a2']);
  for (const id of ids) await h.writeList(id, ['old', 'new']);
  await h.writeList('fresh', ['x']);

  const plan = await h.run(['plan', '--detailed-exitcode']);
  expect(plan.code).toBe(2);
  expect(plan.stdout).toContain('Plan: 1 to create, 6 to update, 0 to delete, 0 unchanged.');
  expect(plan.stdout).toContain("Note: the service's list of keyword lists may be cut short: 3 items read, then page 1 was full (3 lists, the limit its meta.current reports)");

  const apply = await h.run(['apply', '--auto-approve']);
  expect(apply.stdout).toContain('Apply: 7 applied, 0 unchanged, 0 skipped, 0 failed.');
  expect(apply.code).toBe(0);
  for (const id of ids) expect(await liveTerms(h, id)).toEqual(['old', 'new']);
  const posts = h.emulator.requests.filter((r) => r.method === 'POST').length;
  expect(posts).toBe(ids.length + 1); // six set-up creates and one for `fresh`: nothing created twice

  const again = await h.run(['plan', '--detailed-exitcode']);
  expect(again.stdout).toContain('Plan: 0 to create, 0 to update, 0 to delete, 7 unchanged.');
  expect(again.code).toBe(0);
});

test('a saved plan is not called stale because its lists are missing from a truncated listing', async () => {
  for (const id of ids) await h.target().createKeywordList({ id, name: `List ${id}`, description: '', category: 'word', searchTerms: ['old'] });
  await h.writeList('a6', ['old', 'newer']);
  const saved = await h.run(['plan', '--out', 'plan.json']);
  expect(saved.code).toBe(0);
  const apply = await h.run(['apply', '--plan', 'plan.json']);
  expect(apply.stdout).toContain('1 applied');
  expect(apply.code).toBe(0);
  expect(await liveTerms(h, 'a6')).toEqual(['old', 'newer']);
});
