// Issue 20 item 4: a list whose id changed while its path stayed reaches the PR's check and plan
// comment through the diagnostics of the two-stage plan (stage two validates with the PR's base),
// against an emulator over real HTTP and a fake GitHub over a real git repository.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from '@jest/globals';
import { runAction } from '../../src/action/run-action.js';
import { connectService, serviceSettingsFromEnv } from '../../src/sync/service.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { FakeGitHub } from '../github/fake-github.js';
import { closeStageTwoWorld, context, harness, inputs, listYaml, openStageTwoWorld, TempRepo } from '../action/action-harness.js';

let gh: FakeGitHub;
let emu: RunningEmulator;
let repo: TempRepo;
let artifactDir: string;

beforeAll(async () => {
  gh = await new FakeGitHub().start();
});
afterAll(() => gh.close());
beforeEach(async () => {
  ({ emu, repo, artifactDir } = await openStageTwoWorld(gh));
});
afterEach(async () => {
  await closeStageTwoWorld({ emu, repo, artifactDir });
});

it('a renamed id is a list-renamed warning on the check and in the plan comment', async () => {
  repo.write('keywords/kwsync.yaml', 'targets:\n  - name: staging\n    appId: staging-app\n');
  repo.write('keywords/blocklist.yaml', listYaml('blocklist', ['spam', 'scam']));
  const baseSha = repo.commit();
  const keywords = connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl })).keywords;
  await keywords.createKeywordList({ id: 'blocklist', name: 'blocklist', description: '', category: 'word', searchTerms: ['spam', 'scam'] });
  repo.git('checkout', '-q', '-b', 'rename');
  repo.write('keywords/blocklist.yaml', listYaml('blocked-words', ['spam', 'scam']));
  const headSha = repo.commit();
  gh.permissions.set('mallory', 'write'); // R-M11: a trusted author also needs write access here
  gh.pulls.push({
    number: 7, state: 'open', user: { login: 'mallory', type: 'User' }, author_association: 'COLLABORATOR', labels: [],
    head: { sha: headSha, ref: 'rename', repo: { full_name: 'mallory/lists', owner: { login: 'mallory' } } }, base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } },
  });

  const one = harness(repo, gh, undefined);
  await runAction({ inputs: inputs('plan-upload', { artifactDir }), context: context(repo, { eventName: 'pull_request', sha: 'e'.repeat(40), pullRequest: { number: 7, headSha, baseSha, baseRef: 'main' } }), deps: one.deps });
  repo.git('checkout', '-q', 'main');

  const event = {
    workflow_run: {
      id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', created_at: '2025-01-01T00:00:00Z',
      head_sha: headSha, head_branch: 'rename', head_repository: { full_name: 'mallory/lists', owner: { login: 'mallory' } }, pull_requests: [],
    },
  };
  const two = harness(repo, gh, emu);
  await runAction({ inputs: inputs('plan-live', { target: 'staging', artifactDir }), context: context(repo, { eventName: 'workflow_run', sha: baseSha, event }), deps: two.deps });
  const annotations = gh.checkRuns[0]!.annotations;
  expect(annotations).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'keywords/blocklist.yaml', start_line: 1, annotation_level: 'warning', title: expect.stringContaining('list-renamed') })]));
  const body = gh.comments[0]!.body;
  expect(body).toContain('id changed from');
  expect(body).toContain('blocked-words');
});
