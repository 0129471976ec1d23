// Issue 20 items 4 and 8 over real HTTP and a real git repository: the list past the limit that
// gets the blame, a mistyped --base, a list whose id changed in place, and a term added live in the
// dashboard that plan marks and apply refuses to revert without --force.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { liveTerms, startHarness, type Harness } from './harness.js';

const git = promisify(execFile);
let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

async function commit(message: string): Promise<void> {
  const opts = { cwd: h.root };
  await git('git', ['init', '-q'], opts);
  await git('git', ['add', '-A'], opts);
  await git('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '-m', message], opts);
}

/** The files the too-many-lists errors are located in. */
function blamed(stdout: string): string[] {
  return stdout.split('\n').filter((l) => l.includes('too-many-lists')).map((l) => l.split(':')[0]!);
}

async function twentyFiveCommitted(): Promise<void> {
  for (let i = 0; i < 25; i++) await h.writeList(`l${String(i).padStart(2, '0')}`, ['x']);
  await commit('25 lists');
}

test('the 26th list is blamed, not an untouched one: uncommitted, then newest by history, then added since --base', async () => {
  await twentyFiveCommitted();
  // Sorts first by name: the old "last by name" rule blamed l24, which nobody touched.
  await h.writeList('aaa-new', ['y']);
  const uncommitted = await h.run(['validate']);
  expect(uncommitted.code).toBe(3);
  expect(blamed(uncommitted.stdout)).toEqual(['keywords/aaa-new.yaml']);
  expect(uncommitted.stdout).toContain('this is the newest list by git history');

  await commit('a 26th list');
  const committed = await h.run(['validate']);
  expect(blamed(committed.stdout)).toEqual(['keywords/aaa-new.yaml']);

  // With a base, the list added since it, even when an old list is edited in the same change.
  await h.writeList('l03', ['x', 'edited']);
  const based = await h.run(['validate', '--base', 'HEAD~1']);
  expect(based.code).toBe(3);
  expect(blamed(based.stdout)).toEqual(['keywords/aaa-new.yaml']);
  expect(based.stdout).toContain('this change adds this list');
});

test('outside git the last list by name is blamed and the message says why', async () => {
  for (let i = 0; i < 26; i++) await h.writeList(`l${String(i).padStart(2, '0')}`, ['x']);
  const out = await h.run(['validate']);
  expect(out.code).toBe(3);
  expect(blamed(out.stdout)).toEqual(['keywords/l25.yaml']);
  expect(out.stdout).toContain('outside git, so the last list by name is named here');
});

test('a mistyped --base is exit 64 naming the ref and what to pass', async () => {
  await h.writeList('a1', ['x']);
  await commit('one list');
  for (const cmd of [['validate'], ['plan']]) {
    const out = await h.run([...cmd, '--base', 'origin/mian']);
    expect(out.code).toBe(64);
    expect(out.stderr).toContain('git does not know the ref "origin/mian"');
    expect(out.stderr).toContain('origin/main after `git fetch origin main`');
    expect(out.stderr).not.toMatch(/\n\s+at /);
  }
});

test('an id changed in place is a list-renamed warning on the id line', async () => {
  await h.writeList('a1', ['x']);
  await commit('a1');
  await writeFile(join(h.keywords, 'a1.yaml'), 'id: a2\nname: List a1\ncategory: word\nsearchTerms:\n  - x\n', 'utf8');
  const out = await h.run(['validate', '--base', 'HEAD']);
  expect(out.code).toBe(0);
  expect(out.stdout).toMatch(/keywords\/a1\.yaml:1:\d+ warning list-renamed id changed from "a1" to "a2"/);
  expect(out.stdout).toContain('the plan creates "a2" and leaves "a1" live (or deletes it with --prune)');
  // Without a base nothing says what the id was.
  expect((await h.run(['validate'])).stdout).not.toContain('id changed');
});

test('a term added live is a live edit: plan marks it, apply refuses (exit 4), --force reverts it', async () => {
  await h.writeList('a1', ['x', 'y']);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  await commit('applied');
  const live = (await h.target().getKeywordList('a1'))!;
  await h.target().updateKeywordList({ id: live.id, name: live.name, description: live.description, category: live.category, searchTerms: [...live.searchTerms, 'dashboard-term'] });

  // Without a base plan prints as before (the note is apply's, where the revert would happen).
  expect((await h.run(['plan'])).stderr).toBe('');

  const plan = await h.run(['plan', '--base', 'HEAD']);
  expect(plan.code).toBe(0);
  expect(plan.stdout).toContain('undoes live edits made since the last apply');
  expect(plan.stdout).toContain('dashboard-term');
  expect(plan.stdout).toContain('needs --force');
  const json = JSON.parse((await h.run(['plan', '--base', 'HEAD', '--format', 'json'])).stdout);
  expect(json.plan.changes.find((c: { id: string }) => c.id === 'a1').unsafe).toContain('undoes live edits');
  const md = await h.run(['plan', '--base', 'HEAD', '--format', 'markdown']);
  expect(md.stdout).toContain('undoes live edits');

  const refused = await h.run(['apply', '--auto-approve', '--base', 'HEAD']);
  expect(refused.code).toBe(4);
  expect(await liveTerms(h, 'a1')).toContain('dashboard-term');

  const forced = await h.run(['apply', '--auto-approve', '--base', 'HEAD', '--force']);
  expect(forced.stderr).not.toContain('live edits cannot be told');
  expect(forced.code).toBe(0);
  expect(await liveTerms(h, 'a1')).toEqual(['x', 'y']);
});

test('apply without --base says live edits cannot be told apart when it removes terms', async () => {
  await h.writeList('a1', ['x', 'y']);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  const live = (await h.target().getKeywordList('a1'))!;
  await h.target().updateKeywordList({ id: live.id, name: live.name, description: live.description, category: live.category, searchTerms: [...live.searchTerms, 'dashboard-term'] });
  const blind = await h.run(['apply', '--auto-approve']);
  expect(blind.code).toBe(0);
  expect(blind.stderr).toContain('live edits cannot be told from changes in the files without --base; pass --base <the commit last applied>');
  expect(await liveTerms(h, 'a1')).toEqual(['x', 'y']);
});
