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
  expect(await result).toEqual({ hasChanges: false, planJsonPath: '', failed: false, targets: ['production', 'staging'] });
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
