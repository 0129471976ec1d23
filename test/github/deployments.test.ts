// The deployment adapter over real HTTP to the fake GitHub: created once after a lost answer, the
// reader reading only as far as it needs, descriptions within GitHub's 140 characters.
import { describe, expect, it } from '@jest/globals';
import { createApplyDeployment, deploymentReader, setDeploymentStatus, statusDescription } from '../../src/github/deployments.js';
import { payload, repo, sha, staging } from './deployment-fixture.js';
import { fakeGitHubPerFile, octokitOf } from './fake-github-hooks.js';
import { startRun } from './fake-github.js';

const gh = fakeGitHubPerFile();
const octokit = () => octokitOf(gh);

/** An apply of sha(n) by a push run of the apply workflow on main (its own run, as on GitHub); returns the deployment id. */
async function applied(n: number, state: 'success' | 'failure', target = staging, run = startRun({ head_sha: sha(n) })): Promise<number> {
  const { id } = await createApplyDeployment(octokit(), { ...repo, target, sha: sha(n), payload });
  await setDeploymentStatus(octokit(), { ...repo, deploymentId: id, state: 'in_progress', description: 'applying', logUrl: run.url });
  await setDeploymentStatus(octokit(), { ...repo, deploymentId: id, state, description: state, logUrl: run.url });
  runs.set(n, run.url);
  return id;
}
const runs = new Map<number, string>();

describe('createApplyDeployment', () => {
  it('after a 502 that hid a landed create, finds it by its nonce instead of creating a second', async () => {
    gh.faultsFor.push({ method: 'POST', path: /\/deployments$/, status: 502, after: true, count: 1 });
    const { id } = await createApplyDeployment(octokit(), { ...repo, target: staging, sha: sha(1), payload });
    expect(gh.deployments.map((d) => d.id)).toEqual([id]);
    expect(gh.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /repos/acme/lists/deployments', 'GET /repos/acme/lists/deployments']);
  });

  it('after a 502 that did not land, sends again once: one deployment', async () => {
    gh.faultsFor.push({ method: 'POST', path: /\/deployments$/, status: 502, count: 1 });
    await createApplyDeployment(octokit(), { ...repo, target: staging, sha: sha(1), payload });
    expect(gh.deployments).toHaveLength(1);
    expect(gh.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('a 403 (no deployments: write) is not retried', async () => {
    gh.faultsFor.push({ method: 'POST', path: /\/deployments$/, status: 403, message: 'Resource not accessible by integration', count: 9 });
    await expect(createApplyDeployment(octokit(), { ...repo, target: staging, sha: sha(1), payload })).rejects.toMatchObject({ status: 403 });
    expect(gh.requests).toHaveLength(1);
  });
});

describe('deploymentReader', () => {
  it('takes the newest deployment with a success, reading pages only as far as that', async () => {
    await applied(1, 'success');
    for (let n = 2; n <= 34; n++) await applied(n, 'failure');
    gh.requests = [];
    const last = await deploymentReader(octokit(), repo).lastApplied(staging);
    expect(last).toMatchObject({ found: true, record: { sha: sha(1), environment: 'staging', runUrl: runs.get(1), payload } });
    // 34 records at 30 a page: two pages of deployments, a statuses read per record looked at.
    expect(gh.requests.filter((r) => r.path.endsWith('/deployments')).map((r) => r.query.page ?? '1')).toEqual(['1', '2']);
    expect(gh.requests.filter((r) => r.path.endsWith('/statuses'))).toHaveLength(34);

    await applied(35, 'success');
    gh.requests = [];
    expect(await deploymentReader(octokit(), repo).lastApplied(staging)).toMatchObject({ found: true, record: { sha: sha(35) } });
    // The deployments page, its statuses, and the proof: the run's attempt, the repository (its default branch), whether a tag of that name exists, and the commit's place on it.
    expect(gh.requests.map((r) => r.path)).toEqual(['/repos/acme/lists/deployments', `/repos/acme/lists/deployments/${gh.deployments.at(-1)!.id}/statuses`, `/repos/acme/lists/actions/runs/${runs.get(35)!.split('/').pop()}/attempts/1`, '/repos/acme/lists', '/repos/acme/lists/git/ref/tags%2Fmain', `/repos/acme/lists/compare/main...${sha(35)}`]);
  });

  it('says why there is none, and keeps environments and other tasks apart', async () => {
    await applied(1, 'success', { name: 'production' });
    await octokit().rest.repos.createDeployment({ ...repo, ref: sha(2), environment: 'staging', required_contexts: [] });
    expect(await deploymentReader(octokit(), repo).lastApplied(staging)).toEqual({ found: false, reason: 'no kwsync apply recorded in environment staging yet' });
    gh.faultsFor.push({ method: 'GET', path: /\/deployments$/, status: 403, message: 'Resource not accessible by integration', count: 1 });
    expect(await deploymentReader(octokit(), repo).lastApplied(staging)).toEqual({ found: false, reason: 'the deployment records of environment staging cannot be read (GitHub answered 403 to GET /repos/acme/lists/deployments; the job needs `deployments: read`: Resource not accessible by integration)', error: true });
  });

  it('recordOf: the newest record of a commit, a success replaced by a newer one (inactive) still a success', async () => {
    await applied(1, 'success');
    await applied(2, 'success');
    expect(gh.deployments[0]!.statuses.at(-1)!.state).toBe('inactive');
    const reader = deploymentReader(octokit(), repo);
    expect(await reader.recordOf(staging, sha(1))).toMatchObject({ state: 'success', record: { sha: sha(1), runUrl: runs.get(1) } });
    await applied(3, 'failure');
    expect(await reader.recordOf(staging, sha(3))).toMatchObject({ state: 'failure', description: 'failure' });
    expect(await reader.recordOf(staging, sha(4))).toBeUndefined();
  });
});

it('statusDescription keeps GitHub\'s 140 characters, on one line', () => {
  expect(statusDescription('a\n b')).toBe('a b');
  const long = statusDescription('x'.repeat(200));
  expect(long).toHaveLength(140);
  expect(long.endsWith('…')).toBe(true);
});
