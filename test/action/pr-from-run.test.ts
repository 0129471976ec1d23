// Which PRs a workflow_run is for: only a completed run of the configured plan workflow file; from
// the event for a same-repository PR, through the API for a fork's (empty pull_requests), always
// confirmed by GitHub to have the run's commit as head; every PR sharing that head.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { findPullRequests, runRefusal, workflowRunOf } from '../../src/action/pr-from-run.js';
import { createGitHubClient } from '../../src/github/client.js';
import { FakeGitHub, type FakePull } from '../github/fake-github.js';

const HEAD = 'a'.repeat(40);
const BASE = 'b'.repeat(40);
const PLAN = '.github/workflows/kwsync-plan.yml';
const repo = { owner: 'acme', repo: 'lists' };
let gh: FakeGitHub;
beforeAll(async () => (gh = await new FakeGitHub().start()));
afterAll(() => gh.close());
beforeEach(() => gh.reset());
const octokit = () => createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });

function pull(number: number, owner: string, extra: Partial<FakePull> = {}): FakePull {
  return {
    number, state: 'open', user: { login: owner, type: 'User' }, author_association: owner === 'acme' ? 'MEMBER' : 'CONTRIBUTOR', labels: [],
    head: { sha: HEAD, ref: 'feature', repo: { full_name: `${owner}/lists`, owner: { login: owner } } }, base: { sha: BASE, ref: 'main', repo: { full_name: 'acme/lists' } }, ...extra,
  };
}
const event = (owner: string, pulls: object[] = [], extra: object = {}) => ({
  workflow_run: { event: 'pull_request', status: 'completed', conclusion: 'success', path: PLAN, head_sha: HEAD, head_branch: 'feature', head_repository: { full_name: `${owner}/lists`, owner: { login: owner } }, pull_requests: pulls, ...extra },
});
const find = (ev: object) => findPullRequests(octokit(), repo, ev, { planWorkflow: PLAN });

describe('findPullRequests', () => {
  it('a same-repository PR: taken from the event, confirmed through the API, not a fork; author as GitHub reports it', async () => {
    gh.pulls.push(pull(3, 'acme'));
    const found = await find(event('acme', [{ number: 3, head: { sha: HEAD } }]));
    expect(found).toEqual({ status: 'found', prs: [{ number: 3, headSha: HEAD, baseSha: BASE, baseRef: 'main', fromFork: false, headRepo: 'acme/lists', headOwner: 'acme', author: 'acme', authorAssociation: 'MEMBER', labels: [] }] });
    expect(gh.requests.map((r) => r.path)).toEqual(['/repos/acme/lists/pulls', '/repos/acme/lists/pulls/3']);
  });

  it('a fork PR: looked up by owner:branch, a fork', async () => {
    gh.pulls.push(pull(8, 'mallory'));
    expect(await find(event('mallory'))).toMatchObject({ status: 'found', prs: [{ number: 8, fromFork: true, authorAssociation: 'CONTRIBUTOR' }] });
  });

  it('two PRs with the same head (one branch into two bases): both are found, none is dropped', async () => {
    gh.pulls.push(pull(8, 'mallory'), pull(9, 'mallory', { base: { sha: 'c'.repeat(40), ref: 'release', repo: { full_name: 'acme/lists' } } }));
    const found = await find(event('mallory'));
    expect(found.status === 'found' && found.prs.map((p) => [p.number, p.baseRef])).toEqual([[8, 'main'], [9, 'release']]);
  });

  it('no PR with that head: none, with the reason', async () => {
    gh.pulls.push(pull(8, 'mallory', { head: { sha: 'c'.repeat(40), ref: 'feature', repo: { full_name: 'mallory/lists', owner: { login: 'mallory' } } } }));
    expect(await find(event('mallory'))).toEqual({ status: 'none', reason: `no open pull request of acme/lists has ${HEAD.slice(0, 7)} as its head` });
  });

  it('a PR into another repository is not taken', async () => {
    gh.pulls.push(pull(3, 'acme', { base: { sha: BASE, ref: 'main', repo: { full_name: 'other/lists' } } }));
    expect(await find(event('acme', [{ number: 3, head: { sha: HEAD } }]))).toMatchObject({ status: 'none' });
  });

  it.each([
    [{ conclusion: 'action_required' }, 'awaits a maintainer\'s approval'],
    [{ conclusion: 'cancelled' }, 'conclusion is cancelled'],
    [{ conclusion: null, status: 'in_progress' }, 'has not completed'],
    [{ path: '.github/workflows/evil.yml' }, 'not .github/workflows/kwsync-plan.yml'],
    [{ path: undefined }, 'unnamed workflow file'],
  ])('refuses a run %j without asking GitHub about any PR', async (extra, why) => {
    gh.pulls.push(pull(8, 'mallory'));
    const found = await find(event('mallory', [], extra));
    expect(found).toMatchObject({ status: 'none', reason: expect.stringContaining(why) });
    expect(gh.requests).toEqual([]);
  });

  it('acts on success and on failure (stage one found invalid lists), and on a path with a ref suffix', () => {
    const run = (extra: object) => ({ status: 'completed', conclusion: 'success', path: PLAN, ...extra });
    expect(runRefusal(run({}), PLAN)).toBeUndefined();
    expect(runRefusal(run({ conclusion: 'failure' }), PLAN)).toBeUndefined();
    expect(runRefusal(run({ path: `${PLAN}@refs/heads/main` }), PLAN)).toBeUndefined();
  });

  it('refuses an event that is not a workflow_run of a pull_request', () => {
    expect(() => workflowRunOf({ pull_request: {} })).toThrow('has no workflow_run');
    expect(() => workflowRunOf({ workflow_run: { event: 'push', head_sha: HEAD } })).toThrow('started by "push"');
  });
});
