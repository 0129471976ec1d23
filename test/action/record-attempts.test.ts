// Issue 37 item 2, end to end: a deployment record counts only for the attempt that made it (its
// log_url names the attempt; that attempt's own start and end bound the record and its statuses),
// for a commit on the default branch's history, and not while a tag named like the branch exists.
// A record that cannot be checked (403 without `actions: read`) is said as such, never as "none
// recorded". Through the Action's modes (apply, status, plan-live), the real reader, the GitHub fake
// (runs and attempts in GitHub's shapes) and the emulator over HTTP.
import { describe, expect, it } from '@jest/globals';
import { runAction } from '../../src/action/run-action.js';
import { createGitHubClient } from '../../src/github/client.js';
import { KWSYNC_DEPLOYMENT_TASK } from '../../src/github/deployment-record.js';
import { rerun, startRun } from '../github/fake-github.js';
import { planComment } from '../github/plan-comment.js';
import { commitOn, context, harness, inputs, listYaml, memberPlanLive, runAtHead, stageTwoWorldPerTest } from './action-harness.js';

const { gh, w } = stageTwoWorldPerTest();

const TWO_TARGETS = 'targets:\n  - name: staging\n    appId: app\n  - name: production\n    environment: prod\n    appId: app\n    after: staging\n';
const octokit = () => createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });

/** What a writer (a branch workflow with `deployments: write`) can do: a kwsync success record of `sha`, linked to `runUrl`. */
async function forge(sha: string, environment: string, runUrl: string): Promise<{ id: number; createdAt: string }> {
  const d = await octokit().rest.repos.createDeployment({ owner: 'acme', repo: 'lists', ref: sha, environment, task: KWSYNC_DEPLOYMENT_TASK, auto_merge: false, required_contexts: [], payload: { kwsync: 1, target: environment, created: [], updated: [], deleted: [], revisions: {} } });
  const id = (d.data as { id: number }).id;
  await octokit().rest.repos.createDeploymentStatus({ owner: 'acme', repo: 'lists', deployment_id: id, state: 'success', description: `applied ${sha.slice(0, 7)}`, log_url: runUrl });
  return { id, createdAt: (d.data as { created_at: string }).created_at };
}
const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

function commitTwoTargets(): string {
  w.repo.write('keywords/kwsync.yaml', TWO_TARGETS);
  w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money', 'untested term']));
  const sha = w.repo.commit();
  gh.branches.set('main', sha);
  return sha;
}

describe('a re-run does not widen a record\'s time (issue 37, "a re-run widens a record\'s time window")', () => {
  it('staging\'s apply of S failed in push run R; a success forged later for R, then R re-run: production still waits, status does not show S', async () => {
    const S = commitTwoTargets();
    // Push run R of the apply workflow: staging's job failed, the run ended an hour after it started.
    const R = startRun({ head_sha: S, status: 'completed', created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T01:00:00Z' });
    // Hours later a writer adds staging's success for S, pointing at R (and, for good measure, at R's next attempt).
    const plain = await forge(S, 'staging', R.url);
    const nextAttempt = await forge(S, 'staging', `${R.url}/attempts/2`);
    // The writer re-runs production's job of R: R is in progress again, with its old created_at.
    const attempt = rerun(R, later(nextAttempt.createdAt, 500));
    expect(attempt).toBe(2);
    const run = await octokit().request('GET /repos/{owner}/{repo}/actions/runs/{run_id}', { owner: 'acme', repo: 'lists', run_id: R.id });
    expect(run.data).toMatchObject({ status: 'in_progress', created_at: '2025-01-01T00:00:00Z', run_attempt: 2 });

    const production = await runAtHead(w, gh, S, 'apply', { target: 'production' });
    expect(production.result.failed).toBe(true);
    expect(production.result.message).toContain(`production waits for staging: staging has no record of ${S.slice(0, 7)} made by the apply workflow`);
    expect(production.result.message).toContain(`deployment ${plain.id}: its record was written at ${plain.createdAt}, outside attempt 1 of its run ${R.id} (2025-01-01T00:00:00Z to 2025-01-01T01:00:00Z)`);
    expect(production.result.message).toContain(`deployment ${nextAttempt.id}: its record was written at ${nextAttempt.createdAt}, outside attempt 2 of its run ${R.id}`);
    expect(gh.deployments.filter((d) => d.environment === 'prod')).toEqual([]);
    expect(w.emu.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    const h = harness(w.repo, gh, w.emu);
    await runAction({ inputs: inputs('status', { target: 'staging' }), context: context(w.repo, { sha: S }), deps: h.deps });
    const md = h.summaries.join('\n');
    expect(md).not.toContain(`| staging | \`${S.slice(0, 7)}\` |`);
    expect(md).toContain('outside attempt 1 of its run');
  });

  it('the contrast: staging applied by attempt 2 of R while it runs (its log_url names the attempt) counts, and production goes ahead', async () => {
    const S = commitTwoTargets();
    const R = startRun({ head_sha: S, status: 'completed', created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T01:00:00Z' });
    rerun(R, '2025-01-01T02:00:00Z');
    gh.branches.set('main', S);
    const h = harness(w.repo, gh, w.emu);
    const staging = await runAction({ inputs: inputs('apply', { target: 'staging' }), context: context(w.repo, { sha: S, runUrl: R.url, runAttempt: 2 }), deps: h.deps });
    expect(staging.failed).toBe(false);
    expect(gh.deployments.find((d) => d.environment === 'staging')!.statuses.map((s) => s.log_url)).toEqual([`${R.url}/attempts/2`, `${R.url}/attempts/2`]);
    expect((await runAtHead(w, gh, S, 'apply', { target: 'production' })).result.failed).toBe(false);
  });
});

describe('a tag named like the default branch (issue 37, "a tag-push run looks like a push run on it")', () => {
  it('a tag `main` at an unreviewed commit, its push run recording an apply: status and "Live on" keep the reviewed commit, and say why', async () => {
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const A = w.repo.commit();
    expect((await runAtHead(w, gh, A, 'apply')).result.failed).toBe(false);
    // An unreviewed commit, pushed as a tag named main: GitHub reports its run's head_branch as "main".
    const U = commitOn(w.repo, 'evil', A, { 'keywords/scam.yaml': listYaml('scam', ['free money', 'unreviewed']) });
    gh.tags.set('main', U);
    const tagRun = startRun({ head_sha: U, tag: true, created_at: '2025-01-01T00:00:00Z' });
    const forged = await forge(U, 'default', tagRun.url);
    const status = async () => {
      const h = harness(w.repo, gh, w.emu);
      await runAction({ inputs: inputs('status'), context: context(w.repo, { sha: A }), deps: h.deps });
      return h.summaries.join('\n');
    };
    const md = await status();
    expect(md).toContain(`| default | \`${A.slice(0, 7)}\` |`);
    expect(md).toContain(`deployment ${forged.id}: a tag named "main" exists at ${U.slice(0, 7)}`);
    // The tag deleted: the commit is still not on main's history.
    gh.tags.clear();
    const after = await status();
    expect(after).toContain(`| default | \`${A.slice(0, 7)}\` |`);
    expect(after).toContain(`deployment ${forged.id}: its commit ${U.slice(0, 7)} is not on the history of the default branch main`);
  });
});

describe('a record that cannot be checked is said as such (issue 37 item 2)', () => {
  it('403 on the run read (no `actions: read`): "Live on" names the request and what to grant, never "no apply is recorded"', async () => {
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const A = w.repo.commit();
    expect((await runAtHead(w, gh, A, 'apply')).result.failed).toBe(false);
    const head = commitOn(w.repo, 'feature', A, { 'keywords/scam.yaml': listYaml('scam', ['free money', 'more']) });
    gh.faultsFor.push({ method: 'GET', path: /\/actions\/runs\//, status: 403, message: 'Resource not accessible by integration', count: 50 });
    await memberPlanLive(w, gh, head, A);
    const body = planComment(gh, 7)?.body ?? '';
    expect(body).not.toContain('No apply of this target is recorded');
    expect(body).toMatch(/The last apply of this target cannot be told: the deployment records of environment default cannot be checked: GitHub answered 403 to GET \/repos\/acme\/lists\/actions\/runs\/\d+\/attempts\/1 \(the job needs \\?`actions: read\\?` to check a record against its run\)/);
  });
});
