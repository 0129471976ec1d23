// Which PR a workflow_run is for: from the event for a same-repository PR, through the API for a
// fork's (empty pull_requests), and always confirmed by GitHub to have the run's commit as head.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { findPullRequest, workflowRunOf } from '../../src/action/pr-from-run.js';
import { createGitHubClient } from '../../src/github/client.js';
import { FakeGitHub, type FakePull } from '../github/fake-github.js';

const HEAD = 'a'.repeat(40);
const BASE = 'b'.repeat(40);
const repo = { owner: 'acme', repo: 'lists' };
let gh: FakeGitHub;
beforeAll(async () => (gh = await new FakeGitHub().start()));
afterAll(() => gh.close());
beforeEach(() => gh.reset());
const octokit = () => createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });

function pull(number: number, owner: string, extra: Partial<FakePull> = {}): FakePull {
  return { number, state: 'open', head: { sha: HEAD, ref: 'feature', repo: { full_name: `${owner}/lists`, owner: { login: owner } } }, base: { sha: BASE, ref: 'main', repo: { full_name: 'acme/lists' } }, ...extra };
}
const event = (owner: string, pulls: object[] = []) => ({ workflow_run: { event: 'pull_request', head_sha: HEAD, head_branch: 'feature', head_repository: { full_name: `${owner}/lists`, owner: { login: owner } }, pull_requests: pulls } });

describe('findPullRequest', () => {
  it('a same-repository PR: taken from the event, confirmed through the API, not a fork', async () => {
    gh.pulls.push(pull(3, 'acme'));
    const found = await findPullRequest(octokit(), repo, event('acme', [{ number: 3, head: { sha: HEAD } }]));
    expect(found).toEqual({ status: 'found', pr: { number: 3, headSha: HEAD, baseSha: BASE, baseRef: 'main', fromFork: false } });
    expect(gh.requests.map((r) => r.path)).toEqual(['/repos/acme/lists/pulls/3']);
  });

  it('a fork PR: looked up by owner:branch, a fork', async () => {
    gh.pulls.push(pull(8, 'mallory'));
    const found = await findPullRequest(octokit(), repo, event('mallory'));
    expect(found).toMatchObject({ status: 'found', pr: { number: 8, fromFork: true } });
  });

  it('no PR with that head: none, with the reason', async () => {
    gh.pulls.push(pull(8, 'mallory', { head: { sha: 'c'.repeat(40), ref: 'feature', repo: { full_name: 'mallory/lists', owner: { login: 'mallory' } } } }));
    expect(await findPullRequest(octokit(), repo, event('mallory'))).toEqual({ status: 'none', reason: `no open pull request of acme/lists has ${HEAD.slice(0, 7)} as its head` });
  });

  it('a PR into another repository is not taken', async () => {
    gh.pulls.push(pull(3, 'acme', { base: { sha: BASE, ref: 'main', repo: { full_name: 'other/lists' } } }));
    expect(await findPullRequest(octokit(), repo, event('acme', [{ number: 3, head: { sha: HEAD } }]))).toMatchObject({ status: 'none' });
  });

  it('refuses an event that is not a workflow_run of a pull_request', () => {
    expect(() => workflowRunOf({ pull_request: {} })).toThrow('has no workflow_run');
    expect(() => workflowRunOf({ workflow_run: { event: 'push', head_sha: HEAD } })).toThrow('started by "push"');
  });
});
