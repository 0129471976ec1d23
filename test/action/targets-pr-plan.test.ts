// The live PR plan with kwsync.yaml targets that select lists: each target's comment plans only the
// lists it takes (base and head resolved for it), says how many of the PR's changed lists that is
// and, with `after:`, which target applies first. Real HTTP to the emulator and the fake GitHub.
import { beforeEach, expect, it } from '@jest/globals';
import { runAction } from '../../src/action/run-action.js';
import { connectService, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { planSection } from '../github/plan-comment.js';
import { runCommentJob } from './comment-job.js';
import { commitBlocklist, commitOn, context, harness, inputs, listYaml, stageTwoWorldPerTest } from './action-harness.js';

const CONFIG = `targets:
  - name: staging
  - name: prod
    after: staging
    exclude:
      paths: ["experimental-*"]
    overrides:
      blocklist:
        name: Blocklist (prod)
`;
const { gh, w } = stageTwoWorldPerTest();
let baseSha: string;
let headSha: string;

beforeEach(async () => {
  baseSha = commitBlocklist(w, ['spam'], { 'keywords/kwsync.yaml': CONFIG, 'keywords/experimental-a.yaml': listYaml('experimental-a', ['yeet']) });
  headSha = commitOn(w.repo, 'feature', baseSha, {
    'keywords/blocklist.yaml': listYaml('blocklist', ['spam', 'scam']),
    'keywords/experimental-a.yaml': listYaml('experimental-a', ['yeet', 'sus']),
    'keywords/experimental-b.yaml': listYaml('experimental-b', ['rizz']),
  });
  gh.permissions.set('alice', 'write'); // R-M11: a trusted author also needs write access here
  gh.pulls.push({
    number: 3, state: 'open', user: { login: 'alice', type: 'User' }, author_association: 'MEMBER', labels: [],
    head: { sha: headSha, ref: 'feature', repo: { full_name: 'acme/lists', owner: { login: 'acme' } } }, base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } },
  });
});

async function planLive(target: string) {
  const event = {
    workflow_run: {
      id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', created_at: '2025-01-01T00:00:00Z',
      head_sha: headSha, head_branch: 'feature', head_repository: { full_name: 'acme/lists', owner: { login: 'acme' } }, pull_requests: [],
    },
  };
  const h = harness(w.repo, gh, w.emu);
  const result = await runAction({ inputs: inputs('plan-live', { target, artifactDir: w.artifactDir }), context: context(w.repo, { eventName: 'workflow_run', sha: baseSha, event }), deps: h.deps });
  await runCommentJob(w.repo, gh, event, [h.deps.tempDir], baseSha);
  const body = planSection(gh, target)!.body;
  // KWSYNC_SHOW=1 prints each target's comment (for the notes); the suite stays quiet.
  if (process.env.KWSYNC_SHOW === '1') process.stdout.write(`\n===== PR comment for target ${target} =====\n${body}\n`);
  return { result, body };
}

it('prod plans only the lists it takes, with its override, and says what it takes and what it waits for', async () => {
  // Prod's app as the base branch left it: its own name for the list, and no experimental list.
  const keywords = connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: w.emu.apiKey, COMETCHAT_BASE_URL: w.emu.chatBaseUrl })).keywords;
  await keywords.createKeywordList({ id: 'blocklist', name: 'Blocklist (prod)', description: '', category: 'word', searchTerms: ['spam'] });
  const { result, body } = await planLive('prod');
  expect(result).toMatchObject({ failed: false, hasChanges: true });
  expect(body).toContain('This target takes 1 of the 3 lists this pull request changes. It applies after `staging`, once that target has applied the same commit.');
  expect(body).toMatch(/`blocklist` \| update \| \+1 −0/);
  expect(body).not.toContain('experimental-');
  // Base and head are both resolved for prod: its name override is no change, and no drift.
  expect(body).not.toContain('Drift');
  expect(body).toContain('**Plan: 0 to create, 1 to update, 0 to delete, 0 unchanged.**');
});

it('staging takes every list the PR changes', async () => {
  const { body } = await planLive('staging');
  expect(body).toContain('This target takes all 3 lists this pull request changes.');
  expect(body).toContain('`experimental-b`');
  expect(body).not.toContain('applies after');
});
