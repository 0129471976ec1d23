// Issue 27 item 5, end to end: deployment records that the apply workflow did not make on a push to
// the default branch (a by-hand run, a branch workflow with `deployments: write`, a record posted
// straight to the API) count neither for promotion (`after:`) nor for mode status. Through the
// Action's modes, the real reader, the GitHub fake (runs served as GitHub shapes them) and the emulator.
import { describe, expect, it } from '@jest/globals';
import { runAction } from '../../src/action/run-action.js';
import { createGitHubClient } from '../../src/github/client.js';
import { KWSYNC_DEPLOYMENT_TASK } from '../../src/github/deployment-record.js';
import { startRun } from '../github/fake-github.js';
import { context, harness, inputs, listYaml, runAtHead, stageTwoWorldPerTest } from './action-harness.js';

const { gh, w } = stageTwoWorldPerTest();

const TWO_TARGETS = 'targets:\n  - name: staging\n    appId: app\n  - name: production\n    environment: prod\n    appId: app\n    after: staging\n';
const octokit = () => createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });

/** What a workflow of a branch with `deployments: write` can do: a kwsync record of `sha` with a success, linked to its own run. */
async function forge(sha: string, environment: string, runUrl?: string): Promise<number> {
  const d = await octokit().rest.repos.createDeployment({ owner: 'acme', repo: 'lists', ref: sha, environment, task: KWSYNC_DEPLOYMENT_TASK, auto_merge: false, required_contexts: [], payload: { kwsync: 1, target: environment, created: [], updated: [], deleted: [], revisions: {} } });
  const id = (d.data as { id: number }).id;
  await octokit().rest.repos.createDeploymentStatus({ owner: 'acme', repo: 'lists', deployment_id: id, state: 'success', description: `applied ${sha.slice(0, 7)}`, ...(runUrl ? { log_url: runUrl } : {}) });
  return id;
}

describe('promotion (after:) counts only the apply workflow\'s push-run records', () => {
  function commitTwoTargets(): string {
    w.repo.write('keywords/kwsync.yaml', TWO_TARGETS);
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const sha = w.repo.commit();
    gh.branches.set('main', sha);
    return sha;
  }
  const applyProduction = (sha: string) => runAtHead(w, gh, sha, 'apply', { target: 'production' });

  it('staging applied by a workflow_dispatch run: production waits, naming the record and why', async () => {
    const sha = commitTwoTargets();
    const h = harness(w.repo, gh, w.emu);
    const byHand = await runAction({ inputs: inputs('apply', { target: 'staging' }), context: context(w.repo, { sha, eventName: 'workflow_dispatch' }), deps: h.deps });
    expect(byHand.failed).toBe(false);
    const record = gh.deployments.find((d) => d.environment === 'staging')!;
    const { result } = await applyProduction(sha);
    expect(result.failed).toBe(true);
    expect(result.message).toMatch(new RegExp(`^nothing was applied: production waits for staging: staging has no record of ${sha.slice(0, 7)} made by the apply workflow on a push to the default branch \\(ignored: deployment ${record.id}: its run \\d+ was triggered by "workflow_dispatch", not a push\\)`));
    expect(gh.deployments.filter((d) => d.environment === 'prod')).toEqual([]);
  });

  it('a success posted by a branch workflow (its own run) or straight to the API: production waits; the real apply then releases it', async () => {
    const sha = commitTwoTargets();
    const branchRun = startRun({ head_sha: sha, head_branch: 'tooling', path: '.github/workflows/tooling.yml' });
    const viaBranch = await forge(sha, 'staging', branchRun.url);
    const viaApi = await forge(sha, 'staging');
    const blocked = await applyProduction(sha);
    expect(blocked.result.failed).toBe(true);
    expect(blocked.result.message).toContain(`staging has no record of ${sha.slice(0, 7)} made by the apply workflow on a push to the default branch (ignored: deployment ${viaApi} links to no workflow run (made outside the apply workflow); deployment ${viaBranch}: its run ${branchRun.id} is of ".github/workflows/tooling.yml", not the apply workflow .github/workflows/kwsync-apply.yml)`);
    expect(gh.deployments.filter((d) => d.environment === 'prod')).toEqual([]);

    // The contrast: staging applied by the apply workflow's push run, production goes ahead.
    expect((await runAtHead(w, gh, sha, 'apply', { target: 'staging' })).result.failed).toBe(false);
    const released = await applyProduction(sha);
    expect(released.result.failed).toBe(false);
    expect(gh.deployments.filter((d) => d.environment === 'prod').map((d) => d.statuses.at(-1)!.state)).toEqual(['success']);
  });
});

describe('mode status counts only the apply workflow\'s push-run records', () => {
  it('a newer forged record of another commit is not "applied"; the summary names it and why', async () => {
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const shaA = w.repo.commit();
    expect((await runAtHead(w, gh, shaA, 'apply')).result.failed).toBe(false);
    const genuineRun = gh.deployments[0]!.statuses[0]!.log_url;
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money', 'never applied']));
    const shaB = w.repo.commit();
    const dispatchRun = startRun({ head_sha: shaB, event: 'workflow_dispatch', head_branch: 'main' });
    const forged = await forge(shaB, 'default', dispatchRun.url);

    const h = harness(w.repo, gh, w.emu);
    const result = await runAction({ inputs: inputs('status'), context: context(w.repo, { sha: shaB }), deps: h.deps });
    expect(result.failed).toBe(false);
    const md = h.summaries.join('\n');
    expect(md).toContain(`| default | \`${shaA.slice(0, 7)}\` |`);
    expect(md).toContain(`[run](${genuineRun})`);
    expect(md).not.toContain(`\`${shaB.slice(0, 7)}\` |`);
    // The note is markdown-escaped where it renders (the reason quotes GitHub's text).
    expect(md).toContain(`- **default**: records ignored: deployment ${forged}: its run ${dispatchRun.id} was triggered by "workflow\\_dispatch", not a push.`);
  });
});
