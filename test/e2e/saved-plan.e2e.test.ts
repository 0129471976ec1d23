// Saved plans (`plan --out`, `apply --plan`) and lists moved live between plan and apply.
import { execFileSync } from 'node:child_process';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { applyFailed, applyPlan } from '../../src/apply/index.js';
import { computePlan } from '../../src/plan/index.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import type { SavedPlan } from '../../src/model/plan.js';
import { liveTerms, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
  await h.writeList('a', ['x']);
  await h.writeList('b', ['x']);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  await h.writeList('a', ['x', 'y']);
  await h.writeList('b', ['x', 'z']);
});
afterEach(async () => {
  await h.close();
});

const planFile = () => join(h.root, 'plan.json');

test('a saved plan is applied exactly, even after the files change again', async () => {
  const plan = await h.run(['plan', '--out', 'plan.json']);
  expect(plan.code).toBe(0);
  expect(plan.stderr).toContain('Saved the plan to plan.json');
  const saved = JSON.parse(await readFile(planFile(), 'utf8')) as SavedPlan;
  expect(saved.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
  expect(saved.plan.changes.map((c) => c.revisionId)).toEqual([expect.stringMatching(/_a_1$/), expect.stringMatching(/_b_1$/)]);

  await h.writeList('a', ['something', 'else']); // the reviewed plan, not the files, is what gets applied
  const apply = await h.run(['apply', '--plan', 'plan.json']);
  expect(apply.code).toBe(0);
  expect(await liveTerms(h, 'a')).toEqual(['x', 'y']);
  expect(await liveTerms(h, 'b')).toEqual(['x', 'z']);
});

test('a stale saved plan (a revision moved live since) is refused, exit 4, nothing written', async () => {
  expect((await h.run(['plan', '--out', 'plan.json'])).code).toBe(0);
  await h.target().updateKeywordList({ id: 'b', name: 'List b', description: '', category: 'word', searchTerms: ['edited', 'live'] });
  h.emulator.clearRequests();
  const apply = await h.run(['apply', '--plan', 'plan.json']);
  expect(apply.code).toBe(4);
  expect(apply.stderr).toMatch(/plan\.json is stale: the live app changed since it was made: b: revision moved from \w+_b_1 to \w+_b_2/);
  expect(h.emulator.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  expect(await liveTerms(h, 'a')).toEqual(['x']);
});

test('an altered saved plan is refused by its checksum, exit 4', async () => {
  expect((await h.run(['plan', '--out', 'plan.json'])).code).toBe(0);
  const saved = JSON.parse(await readFile(planFile(), 'utf8')) as SavedPlan;
  saved.plan.changes[0]!.after!.searchTerms = ['x'];
  await writeFile(planFile(), JSON.stringify(saved));
  const apply = await h.run(['apply', '--plan', 'plan.json']);
  expect(apply.code).toBe(4);
  expect(apply.stderr).toContain('plan.json was changed after it was made (checksum mismatch)');
  expect(await liveTerms(h, 'a')).toEqual(['x']);
});

test('a plan for another target is refused', async () => {
  expect((await h.run(['plan', '--out', 'plan.json'])).code).toBe(0);
  await writeFile(join(h.keywords, 'kwsync.yaml'), 'targets:\n  - name: other\n');
  const apply = await h.run(['apply', '--plan', 'plan.json']);
  expect(apply.code).toBe(4);
  expect(apply.stderr).toMatch(/was made for target "kwsync-demo", not "other"/);
});

test('a list edited live between plan and apply is skipped, not overwritten; the rest applied', async () => {
  const target = h.target();
  const { validateRepo } = await import('../../src/validate/index.js');
  const repo = await validateRepo({ dir: 'keywords', cwd: h.root });
  const plan = computePlan(repo.lists, (await target.listKeywordLists()).lists, { target: target.label, prune: false, safety: DEFAULT_CONFIG.safety });
  await target.updateKeywordList({ id: 'a', name: 'List a', description: '', category: 'word', searchTerms: ['someone', 'else'] });
  const report = await applyPlan(plan, target, { force: false, concurrency: 2 });
  expect(report.results.map((r) => [r.id, r.outcome])).toEqual([
    ['a', 'skipped'],
    ['b', 'applied'],
  ]);
  expect(report.results[0]?.message).toMatch(/changed live since the plan .*not overwritten/);
  expect(applyFailed(report)).toBe(true);
  expect(await liveTerms(h, 'a')).toEqual(['someone', 'else']);
});

test('plan --out into a missing folder: a located error and exit 1, before any plan is printed', async () => {
  const plan = await h.run(['plan', '--out', 'no/such/dir/plan.json']);
  expect(plan.code).toBe(1);
  expect(plan.stdout).toBe('');
  expect(plan.stderr).toContain('kwsync: cannot write the plan to no/such/dir/plan.json: ENOENT');
  expect(plan.stderr).toContain('hint: create the folder first');
  expect(plan.stderr).not.toContain('internal error');
});

test('the apply command that plan --out prints works when pasted into a shell, with a folder and a path needing quotes', async () => {
  await rename(h.keywords, join(h.root, 'my lists'));
  await writeFile(join(h.root, 'my lists', 'pasted.yaml'), 'id: pasted\nname: Pasted\ncategory: word\nsearchTerms: [a, b]\n');
  const planned = await h.run(['plan', '--dir', 'my lists', '--out', "it's plan.json"]);
  expect(planned.code).toBe(0);
  const command = /apply exactly it with: (kwsync .*)$/m.exec(planned.stderr)?.[1];
  expect(command).toBe(`kwsync apply --plan 'it'\\''s plan.json' --dir 'my lists'`);
  // The words a shell makes of the pasted line, run as they come.
  const words = execFileSync('sh', ['-c', `printf '%s\\0' ${command!.replace(/^kwsync /, '')}`]).toString().split('\0').slice(0, -1);
  const applied = await h.run(words);
  expect(applied.stdout).toMatch(/applied +pasted \(create\)/);
  expect(applied.stdout).toContain('0 skipped, 0 failed');
  expect(applied.code).toBe(0);
  expect(await liveTerms(h, 'pasted')).toEqual(['a', 'b']);
});
