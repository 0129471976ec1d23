// Issue 22 items 3 and 4 in the PR plan: the check never claims a comment that is not there; a
// failure to read the PR's files names its cause (and never a runner path); a closed or merged PR
// gets no plan; stage one says what it did only after doing it.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAction } from '../../src/action/run-action.js';
import { connectService, serviceSettingsFromEnv } from '../../src/sync/service.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { planSection } from '../github/plan-comment.js';
import { FakeGitHub, type FakePull } from '../github/fake-github.js';
import { closeStageTwoWorld, context, harness, inputs, listYaml, openStageTwoWorld, TempRepo, type StageTwoWorld } from './action-harness.js';

let gh: FakeGitHub;
let emu: RunningEmulator;
let repo: TempRepo;
let world: StageTwoWorld;
let baseSha: string;
let headSha: string;

const pull = (state: FakePull['state'] = 'open'): FakePull => ({
  number: 7, state, user: { login: 'dev', type: 'User' }, author_association: 'MEMBER', labels: [],
  head: { sha: headSha, ref: 'feature', repo: { full_name: 'acme/lists', owner: { login: 'acme' } } }, base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } },
});
const runEvent = () => ({
  workflow_run: {
    id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', created_at: '2025-01-01T00:00:00Z',
    head_sha: headSha, head_branch: 'feature', head_repository: { full_name: 'acme/lists', owner: { login: 'acme' } }, pull_requests: [{ number: 7, head: { sha: headSha } }],
  },
});

beforeAll(async () => {
  gh = await new FakeGitHub().start();
});
afterAll(() => gh.close());
beforeEach(async () => {
  world = await openStageTwoWorld(gh);
  ({ emu, repo } = world);
  repo.write('keywords/blocklist.yaml', listYaml('blocklist', ['spam']));
  baseSha = repo.commit();
  await connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl })).keywords.createKeywordList({ id: 'blocklist', name: 'blocklist', description: '', category: 'word', searchTerms: ['spam'] });
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write('keywords/blocklist.yaml', listYaml('blocklist', ['spam', 'phish']));
  headSha = repo.commit();
  repo.git('checkout', '-q', 'main');
  gh.permissions.set('dev', 'write'); // R-M11: a trusted author also needs write access here
  gh.pulls.push(pull());
});
afterEach(async () => {
  await closeStageTwoWorld(world);
});

function stageTwo() {
  const h = harness(repo, gh, emu);
  const ctx = context(repo, { eventName: 'workflow_run', sha: baseSha, event: runEvent() });
  return { h, run: runAction({ inputs: inputs('plan-live'), context: ctx, deps: h.deps }) };
}

describe('stage two', () => {
  it('a comment GitHub refuses: the check says the plan is in the job summary, never "in the pull request comment"', async () => {
    gh.faultsFor = [{ method: 'POST', path: /\/issues\/7\/comments$/, status: 502, count: 10 }];
    const { h, run } = stageTwo();
    const res = await run;
    expect(res).toMatchObject({ failed: false, hasChanges: true });
    expect(gh.comments).toHaveLength(0);
    expect(gh.checkRuns).toHaveLength(1);
    expect(gh.checkRuns[0]!.output.summary).toContain('The plan is in the job summary (the pull request comment could not be posted).');
    expect(gh.checkRuns[0]!.output.summary).not.toContain('The plan is in the pull request comment');
    expect(h.warnings.join('\n')).toMatch(/#7 was planned; the plan comment could not be posted .*502/);
  });

  it('a closed pull request gets no plan: no comment, no check', async () => {
    gh.pulls[0] = pull('closed');
    const { h, run } = stageTwo();
    expect(await run).toMatchObject({ failed: false, hasChanges: false });
    expect(gh.writes()).toEqual([]);
    expect(h.summaries.join('')).toContain('#7 is closed');
  });

  it.each([
    [404, /is not in this repository \(GitHub answered 404\).*force-pushed away/],
    [403, /may not read the pull request's commit .*contents: read/],
    [502, /GitHub failed reading the pull request's commit .*502.*re-run this job/],
  ])('a %s on the Git Database API is named with its cause and fix, and no runner path is shown', async (status, expected) => {
    gh.faultsFor = [{ method: 'GET', path: /\/git\/commits\//, status, count: 10 }];
    const { h, run } = stageTwo();
    const res = await run;
    expect(res.failed).toBe(true);
    const comment = planSection(gh, 'default')!;
    expect(comment.body.replace(/\n/g, ' ')).toMatch(expected);
    for (const text of [comment.body, h.summaries.join(''), res.message ?? '']) {
      expect(text).not.toContain(tmpdir());
      expect(text).not.toContain(repo.dir);
    }
    expect(gh.checkRuns[0]).toMatchObject({ conclusion: 'failure' });
  });
});

describe('stage one', () => {
  it('a closed or merged pull request gets no plan', async () => {
    repo.git('checkout', '-q', 'feature');
    for (const [merged, word] of [[false, 'closed'], [true, 'merged']] as const) {
      const h = harness(repo, gh, undefined);
      const ctx = context(repo, { eventName: 'pull_request', event: { action: 'closed', pull_request: { state: 'closed', merged } }, pullRequest: { number: 7, headSha, baseSha, baseRef: 'main' } });
      const res = await runAction({ inputs: inputs('plan-upload'), context: ctx, deps: h.deps });
      expect(res).toMatchObject({ failed: false });
      expect(h.summaries.join('')).toContain(`#7 is ${word}: no plan is made for it.`);
    }
  });
});
