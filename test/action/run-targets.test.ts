// mode: targets gives the reusable workflows their matrix from kwsync.yaml (targets written once).
import { afterEach, expect, it } from '@jest/globals';
import { runAction } from '../../src/action/run-action.js';
import { FakeGitHub } from '../github/fake-github.js';
import { context, harness, inputs, listYaml, TempRepo } from './action-harness.js';

let repo: TempRepo;
afterEach(() => repo.remove());

const run = (gh: FakeGitHub) => {
  const h = harness(repo, gh, undefined);
  return { h, result: runAction({ inputs: inputs('targets'), context: context(repo), deps: h.deps }) };
};

it('lists the target names in kwsync.yaml order, even when a list is invalid', async () => {
  repo = new TempRepo();
  repo.write('keywords/kwsync.yaml', 'targets:\n  - name: production\n    appId: a1\n  - name: staging\n    appId: a2\n');
  repo.write('keywords/bad.yaml', 'id: bad\nname: Bad\ncategory: word\nsearchTerms: []\n');
  repo.write('keywords/ok.yaml', listYaml('ok', ['x']));
  const { result } = run(new FakeGitHub());
  expect(await result).toEqual({
    hasChanges: false, planJsonPath: '', failed: false, targets: ['production', 'staging'],
    environments: { production: 'production', staging: 'staging' }, waves: [['production', 'staging'], [], []],
  });
});

it('fails with the fix when kwsync.yaml defines no targets', async () => {
  repo = new TempRepo();
  repo.write('keywords/ok.yaml', listYaml('ok', ['x']));
  const { result } = run(new FakeGitHub());
  const r = await result;
  expect(r.failed).toBe(true);
  expect(r.message).toContain('keywords/kwsync.yaml defines no targets');
  expect(r.message).toContain('add `targets:`');
});

it('fails on a broken kwsync.yaml and annotates its problem', async () => {
  repo = new TempRepo();
  repo.write('keywords/kwsync.yaml', 'targets:\n  - nmae: production\n');
  const { h, result } = run(new FakeGitHub());
  const r = await result;
  expect(r.failed).toBe(true);
  expect(h.annotations.map((d) => d.file)).toContain('keywords/kwsync.yaml');
});

it('gives each target its environment and groups the targets in waves by after:', async () => {
  repo = new TempRepo();
  repo.write('keywords/kwsync.yaml', 'targets:\n  - name: production\n    environment: prod\n    after: staging\n  - name: staging\n  - name: eu\n    after: production\n  - name: qa\n');
  const { result } = run(new FakeGitHub());
  expect(await result).toMatchObject({ failed: false, environments: { production: 'prod', staging: 'staging', eu: 'eu', qa: 'qa' }, waves: [['staging', 'qa'], ['production'], ['eu']] });
});

it('refuses an after: chain longer than the three waves, a circle, and an unknown target', async () => {
  repo = new TempRepo();
  const yaml = (targets: string) => repo.write('keywords/kwsync.yaml', `targets:\n${targets}`);
  yaml('  - name: a\n  - name: b\n    after: a\n  - name: c\n    after: b\n  - name: d\n    after: c\n');
  expect((await run(new FakeGitHub()).result).message).toMatch(/^keywords\/kwsync\.yaml:\d+:\d+: target d: after makes a chain of 4 targets .*at most 3 waves/);
  yaml('  - name: a\n    after: b\n  - name: b\n    after: a\n');
  expect((await run(new FakeGitHub()).result).message).toMatch(/^keywords\/kwsync\.yaml:\d+:\d+: target a: after makes a cycle \(a after b after a\)/);
  yaml('  - name: a\n    after: stagign\n');
  expect((await run(new FakeGitHub()).result).message).toMatch(/^keywords\/kwsync\.yaml:\d+:\d+: .*stagign/);
});

it('refuses more targets than one GitHub matrix runs (256)', async () => {
  repo = new TempRepo();
  repo.write('keywords/kwsync.yaml', `targets:\n${Array.from({ length: 257 }, (_, i) => `  - name: t${i}\n`).join('')}`);
  const r = await run(new FakeGitHub()).result;
  expect(r.failed).toBe(true);
  expect(r.message).toContain('has 257 targets; a GitHub Actions matrix runs at most 256 jobs');
});
