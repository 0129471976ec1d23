// Issue 18 item 5: when the listing may be cut short, deleting a list's file must not pass unseen.
// The emulator truncates its listing (keywordListLimit); the list whose file is deleted lies past
// the page. Without a base the plan cannot know the list was managed: it must not say the app
// matches. With --base (the git ref the file still exists at) the list is asked by id, so the plan
// reports it and prune deletes it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { liveTerms, startHarness, type Harness } from './harness.js';

const git = promisify(execFile);
let h: Harness;
beforeEach(async () => {
  h = await startHarness({ keywordListLimit: 3 });
});
afterEach(async () => {
  await h.close();
});

const ids = ['a1', 'a2', 'a3', 'a4', 'a5'];

async function commitAll(): Promise<void> {
  const opts = { cwd: h.root };
  await git('git', ['init', '-q'], opts);
  await git('git', ['add', '-A'], opts);
  await git('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '-m', 'lists'], opts);
}

async function managedFiveThenDeleteA5(): Promise<void> {
  for (const id of ids) await h.writeList(id, ['x']);
  const apply = await h.run(['apply', '--auto-approve']);
  expect(apply.code).toBe(0);
  await commitAll();
  await h.removeList('a5');
  // The listing shows the default list, a1 and a2: a5 lies past its page.
  const listing = await h.target().listKeywordLists();
  expect(listing.mayBeTruncated).toBe(true);
  expect(listing.lists.map((l) => l.id)).not.toContain('a5');
}

test('without a base, a plan over a truncated listing never says the app matches', async () => {
  await managedFiveThenDeleteA5();
  const plan = await h.run(['plan', '--prune', '--detailed-exitcode']);
  expect(plan.stdout).not.toContain('match');
  expect(plan.stdout).toContain('No changes to the lists with a file; live lists the listing did not show (it may be cut short) were not checked.');
  expect(plan.stdout).toContain(
    'Plan: 0 to create, 0 to update, 0 to delete, 4 unchanged. Not checked: live lists with no file past the 3 the service listed (its listing may be cut short).',
  );
  expect(plan.code).toBe(0);
  expect(await liveTerms(h, 'a5')).toEqual(['x']);
});

test('with --base, the deleted file\'s list is asked by id: the plan shows it; apply --prune refuses while the listing cannot be followed', async () => {
  await managedFiveThenDeleteA5();
  const kept = await h.run(['plan', '--base', 'HEAD']);
  expect(kept.code).toBe(0);
  expect(kept.stdout).toContain('Unmanaged (live lists with no file, left alone; --prune deletes them): a5');
  const asked = h.emulator.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/moderation/keywords/a5'));
  expect(asked.length).toBeGreaterThan(0);

  const plan = await h.run(['plan', '--prune', '--base', 'HEAD', '--detailed-exitcode']);
  expect(plan.stdout).toContain('- delete a5');
  expect(plan.stdout).toContain('Plan: 0 to create, 0 to update, 1 to delete, 4 unchanged. Not checked:');
  expect(plan.code).toBe(2);

  // Issue 30: a prune over a listing that may be cut short and cannot be followed is refused, --force
  // or not: it could delete a5 but not the lists past the page that no base names.
  const apply = await h.run(['apply', '--auto-approve', '--prune', '--force', '--base', 'HEAD']);
  expect(apply.code).toBe(4);
  expect(apply.stderr).toContain('refusing --prune: the service\'s list of keyword lists may be cut short (3 items read, then page 1 was full');
  expect(apply.stderr).toContain('service.listingPaging');
  expect(await liveTerms(h, 'a5')).toEqual(['x']);

  // Without prune, a5 is shown as unmanaged and left alone.
  const kept2 = await h.run(['apply', '--auto-approve', '--base', 'HEAD']);
  expect(kept2.code).toBe(0);
  expect(await liveTerms(h, 'a5')).toEqual(['x']);
});

test('a --base git cannot read is a clear error, not a stack trace', async () => {
  await h.writeList('a1', ['x']);
  const plan = await h.run(['plan', '--base', 'no-such-ref']);
  expect(plan.code).toBe(64);
  expect(plan.stderr).toContain('--base no-such-ref: not inside a git repository');
  expect(plan.stderr).not.toMatch(/\n\s+at /);
  const both = await h.run(['apply', '--plan', 'plan.json', '--base', 'HEAD']);
  expect(both.code).toBe(64);
  expect(both.stderr).toContain('--base belongs to a fresh plan');
});
