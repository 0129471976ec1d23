// The apply's deployment records, through the real path: the Action's apply against the emulator,
// recording to the fake GitHub, which checks every request against GitHub's published schema.
import { describe, expect, it } from '@jest/globals';
import { runAction } from '../../src/action/run-action.js';
import { createGitHubClient } from '../../src/github/client.js';
import { deploymentReader } from '../../src/github/deployments.js';
import { KWSYNC_DEPLOYMENT_TASK } from '../../src/github/deployment-record.js';
import { readLastApplied } from '../../src/status/last-applied.js';
import { requestProblems, responseProblems } from '../contract/github-deployments.js';
import { context, harness, inputs, listYaml, liveOf, PREVIEW_CONFIG, runAtHead, stageTwoWorldPerTest } from './action-harness.js';

const { gh, w } = stageTwoWorldPerTest();

const live = () => liveOf(w);
const runAt = (sha: string, mode: 'apply' | 'drift' = 'apply', opts: { target?: string; force?: boolean } = {}) => runAtHead(w, gh, sha, mode, opts);
const deploymentCalls = () => gh.requests.filter((r) => r.path.includes('/deployments'));
const TWO_TARGETS = 'targets:\n  - name: staging\n    appId: app\n  - name: production\n    environment: prod\n    appId: app\n    after: staging\n';

describe('every apply is one deployment', () => {
  it('with preview groups, the record keeps what the impact preview of the plan predicted (counts only), read back for status', async () => {
    w.repo.write('keywords/kwsync.yaml', PREVIEW_CONFIG);
    w.repo.write('keywords/common.yaml', listYaml('common', ['coffee', 'lunch']));
    const sha = w.repo.commit();
    const { result } = await runAt(sha);
    expect(result.failed).toBe(false);
    const predicted = (gh.deployments[0]!.payload as { predicted?: { at: string; sample: number; lists: Record<string, { before: number; after: number }> } }).predicted;
    expect(predicted).toBeDefined();
    expect(predicted!.sample).toBeGreaterThan(0);
    expect(predicted!.sample).toBeLessThanOrEqual(100);
    // Not live before the apply: it caught nothing; the applied list catches some of the sample.
    expect(predicted!.lists.common!.before).toBe(0);
    expect(predicted!.lists.common!.after).toBeGreaterThan(0);
    expect(predicted!.lists.common!.after).toBeLessThanOrEqual(predicted!.sample);
    // Counts only: no message text in the record.
    expect(JSON.stringify(gh.deployments[0]!.payload)).not.toMatch(/"text"|"data"/);
    const octokit = createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });
    const last = await readLastApplied(deploymentReader(octokit, { owner: 'acme', repo: 'lists' }), { name: 'default' });
    expect(last.predicted?.lists.common).toEqual(predicted!.lists.common);
  });

  it('records in_progress before writing and success after, with the plan summary and the revisions left, in GitHub\'s shapes', async () => {
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    w.repo.write('keywords/other.yaml', listYaml('other', ['x']));
    const sha = w.repo.commit();
    const { result } = await runAt(sha);
    expect(result.failed).toBe(false);
    expect(gh.deployments).toHaveLength(1);
    const d = gh.deployments[0]!;
    expect(d).toMatchObject({ sha, ref: sha, task: KWSYNC_DEPLOYMENT_TASK, environment: 'default' });
    expect(d.statuses.map((s) => s.state)).toEqual(['in_progress', 'success']);
    // The run's own link (each run context is a distinct run of the apply workflow, as on GitHub).
    expect(d.statuses[1]!.log_url).toMatch(/^https:\/\/github\.com\/acme\/lists\/actions\/runs\/\d+$/);
    expect(d.statuses[0]!.log_url).toBe(d.statuses[1]!.log_url);
    expect(d.statuses[1]!.description).toBe(`applied ${sha.slice(0, 7)}: 2 create applied`);
    const scam = await live().getKeywordList('scam');
    expect(d.payload).toMatchObject({ kwsync: 1, target: 'default', created: ['other', 'scam'], updated: [], deleted: [] });

    // Written before the first write to the service: the in_progress status comes before it.
    const posts = gh.requests.filter((r) => r.method === 'POST' && r.path.includes('/deployments'));
    expect(posts.map((r) => r.body.state ?? 'create')).toEqual(['create', 'in_progress', 'success']);
    for (const r of posts) expect(requestProblems(r.path.endsWith('/statuses') ? 'repos/create-deployment-status' : 'repos/create-deployment', r.body)).toEqual([]);
    expect(posts[0]!.body).toMatchObject({ ref: sha, environment: 'default', task: 'deploy:kwsync', auto_merge: false, required_contexts: [] });

    // A second apply with nothing to change is recorded too, and now carries the revision the first left.
    await runAt(sha);
    expect(gh.deployments).toHaveLength(2);
    expect(gh.deployments[1]!.payload).toMatchObject({ created: [], updated: [], revisions: { scam: scam!.revisionId } });

    // The reader: the newest success, and the fake answers in GitHub's response shapes.
    const octokit = createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });
    const last = await deploymentReader(octokit, { owner: 'acme', repo: 'lists' }).lastApplied({ name: 'default' });
    expect(last).toMatchObject({ found: true, record: { deploymentId: gh.deployments[1]!.id, sha, environment: 'default', runUrl: gh.deployments[1]!.statuses[1]!.log_url } });
    const list = await octokit.rest.repos.listDeployments({ owner: 'acme', repo: 'lists', environment: 'default' });
    expect(responseProblems('repos/list-deployments', 200, list.data)).toEqual([]);
    const statuses = await octokit.rest.repos.listDeploymentStatuses({ owner: 'acme', repo: 'lists', deployment_id: gh.deployments[0]!.id });
    expect(responseProblems('repos/list-deployment-statuses', 200, statuses.data)).toEqual([]);
    expect(statuses.data.map((s) => s.state)).toEqual(['inactive', 'success', 'in_progress']);
  });

  it('the fake refuses what GitHub\'s schema refuses, with a 422', async () => {
    const octokit = createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });
    const sha = w.repo.commit();
    const bad = octokit.request('POST /repos/{owner}/{repo}/deployments', { owner: 'acme', repo: 'lists', ref: sha, required_contexts: 'none' } as never);
    await expect(bad).rejects.toMatchObject({ status: 422, message: expect.stringContaining('/required_contexts must be array') });
    const created = await octokit.rest.repos.createDeployment({ owner: 'acme', repo: 'lists', ref: sha, required_contexts: [] });
    const id = (created.data as { id: number }).id;
    await expect(octokit.request('POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses', { owner: 'acme', repo: 'lists', deployment_id: id, state: 'done' } as never))
      .rejects.toMatchObject({ status: 422, message: expect.stringContaining('/state must be equal to one of the allowed values') });
    await expect(octokit.rest.repos.createDeploymentStatus({ owner: 'acme', repo: 'lists', deployment_id: id, state: 'success', description: 'x'.repeat(141) })).rejects.toMatchObject({ status: 422 });
    expect(requestProblems('repos/create-deployment', { environment: 'x' })).toEqual(["/ must have required property 'ref'"]);
  });

  it('records a failed apply as failure, with the reason', async () => {
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const sha = w.repo.commit();
    w.emu.injectFaults({ type: '502', count: 20, method: 'POST', path: '/moderation/keywords' });
    const { result } = await runAt(sha);
    expect(result.failed).toBe(true);
    const d = gh.deployments[0]!;
    expect(d.statuses.map((s) => s.state)).toEqual(['in_progress', 'failure']);
    expect(d.statuses[1]!.description).toBe(`did not finish ${sha.slice(0, 7)}: 1 create failed`);
  });

  it('without `deployments: write` (403) warns what was applied and what was not recorded, and the apply is green', async () => {
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const sha = w.repo.commit();
    gh.faultsFor.push({ method: 'POST', path: /\/deployments$/, status: 403, message: 'Resource not accessible by integration', count: 5 });
    const { result, h } = await runAt(sha);
    expect(result).toMatchObject({ failed: false, hasChanges: true });
    expect((await live().getKeywordList('scam'))?.searchTerms).toEqual(['free money']);
    expect(gh.deployments).toHaveLength(0);
    expect(h.warnings.join('\n')).toContain('the deployment record of this apply could not be created (the apply goes on)');
    expect(h.warnings.join('\n')).toContain('give the apply job `deployments: write`');
    expect(h.warnings.join('\n')).toContain('the apply ran (1 create applied; every list is in the job summary); it is not recorded as a deployment');
    expect(h.summaries.join('')).toContain('> [!WARNING]');
  });

  it('a deployment whose in_progress status is refused is still finished (else followers read it as never finished)', async () => {
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const sha = w.repo.commit();
    gh.faultsFor.push({ method: 'POST', path: /\/statuses$/, status: 403, message: 'Resource not accessible by integration', count: 1 });
    const { result, h } = await runAt(sha);
    expect(result.failed).toBe(false);
    expect(gh.deployments).toHaveLength(1);
    expect(gh.deployments[0]!.statuses.map((s) => s.state)).toEqual(['success']);
    expect(h.warnings.join('\n')).toContain(`deployment ${gh.deployments[0]!.id} could not be marked in_progress (the apply goes on)`);
  });

  it('plan and drift create no deployment', async () => {
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const sha = w.repo.commit();
    await runAt(sha, 'drift');
    const h = harness(w.repo, gh, w.emu);
    await runAction({ inputs: inputs('plan'), context: context(w.repo, { sha, eventName: 'pull_request', pullRequest: { number: 7, headSha: sha, baseSha: sha, baseRef: 'main' } }), deps: h.deps });
    expect(gh.deployments).toEqual([]);
    expect(deploymentCalls().filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('promotion: after:', () => {
  it('refuses production before staging applied the commit, and applies it after', async () => {
    w.repo.write('keywords/kwsync.yaml', TWO_TARGETS);
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const sha = w.repo.commit();
    w.emu.clearRequests();
    const early = await runAt(sha, 'apply', { target: 'production' });
    expect(early.result.failed).toBe(true);
    expect(early.result.message).toBe(`nothing was applied: production waits for staging: staging has no record of ${sha.slice(0, 7)} (apply it to staging first: the apply workflow runs staging's wave before this one)`);
    expect(early.h.summaries.join('')).toContain('**Nothing was applied.** production waits for staging');
    expect(w.emu.requests).toHaveLength(0);
    expect(gh.deployments).toHaveLength(0);

    const staging = await runAt(sha, 'apply', { target: 'staging' });
    expect(staging.result.failed).toBe(false);
    const production = await runAt(sha, 'apply', { target: 'production' });
    expect(production.result.failed).toBe(false);
    expect(gh.deployments.map((d) => [d.environment, d.statuses.at(-1)!.state])).toEqual([['staging', 'success'], ['prod', 'success']]);
  });

  it('names the failed predecessor apply and its run', async () => {
    w.repo.write('keywords/kwsync.yaml', TWO_TARGETS);
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const sha = w.repo.commit();
    w.emu.injectFaults({ type: '502', count: 20, method: 'POST', path: '/moderation/keywords' });
    expect((await runAt(sha, 'apply', { target: 'staging' })).result.failed).toBe(true);
    const { result } = await runAt(sha, 'apply', { target: 'production' });
    expect(result.message).toBe(`nothing was applied: production waits for staging: staging's apply of ${sha.slice(0, 7)} failed (${gh.deployments[0]!.statuses.at(-1)!.log_url}): did not finish ${sha.slice(0, 7)}: 1 create failed`);
  });
});

describe('an apply that would revert another commit\'s apply', () => {
  it('is refused unless forced, naming the other commit and run', async () => {
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['a']));
    const base = w.repo.commit();
    await runAt(base);
    // A hotfix branch is applied by hand: scam gets a term main does not have.
    w.repo.git('checkout', '-q', '-b', 'hotfix');
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['a', 'hotfix']));
    const hotfix = w.repo.commit();
    expect((await runAt(hotfix)).result.failed).toBe(false);
    // main moves on without the hotfix and changes scam too.
    w.repo.git('checkout', '-q', 'main');
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['a', 'b']));
    const head = w.repo.commit();

    const refused = await runAt(head);
    expect(refused.result.failed).toBe(true);
    expect(refused.result.message).toMatch(new RegExp(`^refused 1 unsafe change; nothing was applied: scam: .*reverts the apply of ${hotfix.slice(0, 7)} \\(.*run https://github.com/acme/lists/actions/runs/\\d+\\): the list still has the revision that apply wrote`));
    expect((await live().getKeywordList('scam'))?.searchTerms).toEqual(['a', 'hotfix']);
    expect(gh.deployments.at(-1)!.statuses.map((s) => s.state)).toEqual(['in_progress', 'failure']);

    const forced = await runAt(head, 'apply', { force: true });
    expect(forced.result.failed).toBe(false);
    expect((await live().getKeywordList('scam'))?.searchTerms).toEqual(['a', 'b']);
  });

  it('applies without force when the other commit is in this commit\'s history', async () => {
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['a']));
    await runAt(w.repo.commit());
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['a', 'b']));
    const next = w.repo.commit();
    expect((await runAt(next)).result.failed).toBe(false);
    expect((await live().getKeywordList('scam'))?.searchTerms).toEqual(['a', 'b']);
  });
});
