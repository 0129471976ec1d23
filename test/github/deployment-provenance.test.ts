// Issue 27 item 5: a deployment record counts (last applied, promotion's recordOf) only when GitHub
// shows it was made by this repository's apply workflow on a push to the default branch for that
// commit. Through the real reader over HTTP to the fake GitHub, whose runs answer in the shape
// test/contract/github-deployments.openapi.yaml transcribes (actions/get-workflow-run).
// Invariant (property below): a record counts iff its run is, per GitHub, of this repository, of
// .github/workflows/kwsync-apply.yml, a `push`, on the default branch, at the record's sha, and the
// record and its status were written while the run lasted; otherwise the answer names it and why.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { APPLY_WORKFLOW, runIdOf } from '../../src/github/deployment-provenance.js';
import { createApplyDeployment, deploymentReader, setDeploymentStatus } from '../../src/github/deployments.js';
import { KWSYNC_DEPLOYMENT_TASK } from '../../src/github/deployment-record.js';
import { readLastApplied } from '../../src/status/last-applied.js';
import { responseProblems } from '../contract/github-deployments.js';
import { payload, repo, sha, staging } from './deployment-fixture.js';
import { fakeGitHubPerFile, octokitOf } from './fake-github-hooks.js';
import { startRun, type FakeRun } from './fake-github.js';
import { propertyRuns } from '../helpers/runs.js';

const gh = fakeGitHubPerFile();
const octokit = () => octokitOf(gh);

/** A record of sha(n) in staging, its statuses linking to `runUrl` (none: made directly, no link). */
async function record(n: number, runUrl: string | undefined, state: 'success' | 'failure' = 'success'): Promise<number> {
  const { id } = await createApplyDeployment(octokit(), { ...repo, target: staging, sha: sha(n), payload });
  if (runUrl) await setDeploymentStatus(octokit(), { ...repo, deploymentId: id, state: 'in_progress', description: 'applying', logUrl: runUrl });
  await octokit().rest.repos.createDeploymentStatus({ ...repo, deployment_id: id, state, description: state, ...(runUrl ? { log_url: runUrl } : {}) });
  return id;
}
const run = (n: number, extra: Partial<FakeRun> = {}) => startRun({ head_sha: sha(n), ...extra });

describe('a record counts only when its run is a push run of the apply workflow on the default branch at its sha', () => {
  it('the apply workflow\'s own record counts; the fake\'s run answers in GitHub\'s published shape', async () => {
    const r = run(1);
    await record(1, r.url);
    expect(await deploymentReader(octokit(), repo).lastApplied(staging)).toMatchObject({ found: true, record: { sha: sha(1), runUrl: r.url } });
    const res = await octokit().request('GET /repos/{owner}/{repo}/actions/runs/{run_id}', { ...repo, run_id: r.id });
    expect(responseProblems('actions/get-workflow-run', 200, res.data)).toEqual([]);
    expect(res.data).toMatchObject({ id: r.id, event: 'push', head_branch: 'main', head_sha: sha(1), path: APPLY_WORKFLOW, repository: { full_name: 'acme/lists' } });
  });

  const forged: [string, (id: number) => Promise<unknown>, RegExp][] = [
    ['a workflow_dispatch run', (n) => record(n, run(n, { event: 'workflow_dispatch' }).url), /its run \d+ was triggered by "workflow_dispatch", not a push/],
    ['a run on another branch', (n) => record(n, run(n, { head_branch: 'evil' }).url), /its run \d+ ran on "evil", not the default branch main/],
    ['a run of another workflow', (n) => record(n, run(n, { path: '.github/workflows/branch-tool.yml' }).url), /its run \d+ is of "\.github\/workflows\/branch-tool\.yml", not the apply workflow \.github\/workflows\/kwsync-apply\.yml/],
    ['a run of another commit', (n) => record(n, run(n + 1000).url), /its run \d+ was for \w{7}, not the record's \w{7}/],
    ['a record created through the API with no run', (n) => record(n, undefined), /links to no workflow run \(made outside the apply workflow\)/],
    ['a run of another repository', (n) => record(n, run(n, { repository: 'mallory/lists' }).url.replace('mallory', 'acme')), /its run \d+ \(attempt 1\) is not a workflow run of acme\/lists/],
    ['a success added after the apply run ended', async (n) => {
      const r = run(n, { status: 'completed', updated_at: '2025-01-01T12:00:00Z' });
      return record(n, r.url);
    }, /its record was written at .*, outside attempt 1 of its run \d+ \(2025-01-01T00:00:00Z to 2025-01-01T12:00:00Z\)/],
  ];

  it.each(forged)('%s: ignored, the older record of the apply workflow is the last applied, and the answer says why', async (_name, forge, why) => {
    const genuine = run(1);
    await record(1, genuine.url);
    const id = await forge(2);
    const last = await deploymentReader(octokit(), repo).lastApplied(staging);
    expect(last).toMatchObject({ found: true, record: { sha: sha(1), runUrl: genuine.url } });
    expect(last.found && last.ignored).toEqual([expect.stringMatching(new RegExp(`^deployment ${id}`))]);
    expect(last.found && last.ignored![0]).toMatch(why);
    // Status reads it the same way (src/status/last-applied.ts): the genuine commit, the ignored one named.
    const applied = await readLastApplied(deploymentReader(octokit(), repo), staging);
    expect(applied).toMatchObject({ found: true, sha: sha(1) });
    expect(applied.ignored).toMatch(why);
  });

  it.each(forged)('%s, alone: no last applied, and promotion\'s recordOf answers "ignored" with the reason', async (_name, forge, why) => {
    await forge(2);
    const reader = deploymentReader(octokit(), repo);
    const last = await reader.lastApplied(staging);
    expect(last.found).toBe(false);
    expect(!last.found && last.reason).toMatch(/^no successful kwsync apply by the apply workflow recorded in environment staging; ignored: deployment \d+/);
    expect(!last.found && last.reason).toMatch(why);
    const of = await reader.recordOf(staging, sha(2));
    expect(of).toMatchObject({ state: 'ignored' });
    expect(of!.description).toMatch(why);
  });

  it('recordOf: a forged success newer than the apply workflow\'s failure of the same commit does not turn it into a success', async () => {
    await record(3, run(3).url, 'failure');
    await record(3, run(3, { path: '.github/workflows/other.yml' }).url, 'success');
    expect(await deploymentReader(octokit(), repo).recordOf(staging, sha(3))).toMatchObject({ state: 'failure', description: 'failure' });
  });

  it('one request per distinct run, and the default branch asked once, however many records share them', async () => {
    const r = run(5, { path: '.github/workflows/other.yml' });
    for (let i = 0; i < 6; i++) await record(5, r.url);
    gh.requests = [];
    const last = await deploymentReader(octokit(), repo).lastApplied(staging);
    expect(last).toMatchObject({ found: false });
    expect(!last.found && last.reason).toMatch(/; and 3 more$/);
    expect(gh.requests.filter((q) => q.path.includes('/actions/runs/'))).toHaveLength(1);
    expect(gh.requests.filter((q) => q.path === '/repos/acme/lists')).toHaveLength(0);
  });

  it('runIdOf takes only an actions run link', () => {
    expect(runIdOf('https://github.com/acme/lists/actions/runs/123')).toBe(123);
    expect(runIdOf('https://github.com/acme/lists/actions/runs/123/attempts/2')).toBe(123);
    expect(runIdOf('https://run/1')).toBeUndefined();
    expect(runIdOf('https://evil.example/?x=/actions/runs/5')).toBeUndefined();
    expect(runIdOf(undefined)).toBeUndefined();
  });
});

describe('with byHand (confirmConnection only), a maintainer\'s Run workflow of the apply workflow on the default branch at the record\'s sha counts too', () => {
  const dispatch = (n: number, extra: Partial<FakeRun> = {}) => run(n, { event: 'workflow_dispatch', ...extra });
  it('its record is the last applied for byHand, while status and promotion (no byHand) still ignore it', async () => {
    const genuine = run(1);
    await record(1, genuine.url);
    const byHand = dispatch(2);
    const id = await record(2, byHand.url);
    expect(await deploymentReader(octokit(), repo).lastApplied(staging, { byHand: true })).toMatchObject({ found: true, record: { sha: sha(2), runUrl: byHand.url } });
    const plain = await deploymentReader(octokit(), repo).lastApplied(staging);
    expect(plain).toMatchObject({ found: true, record: { sha: sha(1) } });
    expect(plain.found && plain.ignored).toEqual([expect.stringMatching(new RegExp(`^deployment ${id}: its run \\d+ was triggered by "workflow_dispatch", not a push$`))]);
  });

  const refused: [string, (n: number) => FakeRun & { url: string }, RegExp][] = [
    ['a Run workflow on another branch', (n) => dispatch(n, { head_branch: 'evil' }), /its run \d+ ran on "evil", not the default branch main/],
    ['a Run workflow of another workflow file', (n) => dispatch(n, { path: '.github/workflows/branch-tool.yml' }), /its run \d+ is of "\.github\/workflows\/branch-tool\.yml", not the apply workflow/],
    ['a Run workflow at another sha', (n) => dispatch(n + 1000), /its run \d+ was for \w{7}, not the record's \w{7}/],
    ['a Run workflow of another repository', (n) => dispatch(n, { repository: 'mallory/lists' }), /is not a workflow run of acme\/lists/],
    ['a Run workflow that ended before the record', (n) => dispatch(n, { status: 'completed', updated_at: '2025-01-01T12:00:00Z' }), /outside attempt 1 of its run \d+/],
    ['a schedule run', (n) => run(n, { event: 'schedule' }), /was triggered by "schedule", not a push or a Run workflow/],
  ];
  it.each(refused)('%s: ignored for byHand too, the push run\'s older record is the last applied', async (_name, make, why) => {
    const genuine = run(1);
    await record(1, genuine.url);
    const r = make(2);
    await record(2, r.url.replace('mallory', 'acme'));
    const last = await deploymentReader(octokit(), repo).lastApplied(staging, { byHand: true });
    expect(last).toMatchObject({ found: true, record: { sha: sha(1), runUrl: genuine.url } });
    expect(last.found && last.ignored![0]).toMatch(why);
  });
});

describe('property: the record counts iff every fact GitHub states about its run matches', () => {
  it('over generated runs (event, branch, sha, workflow, repository, window)', async () => {
    const arb = fc.record({
      event: fc.constantFrom('push', 'workflow_dispatch', 'pull_request', 'schedule'),
      branch: fc.constantFrom('main', 'feature', null),
      sameSha: fc.boolean(),
      path: fc.constantFrom(APPLY_WORKFLOW, `${APPLY_WORKFLOW}@refs/heads/main`, 'acme/lists/.github/workflows/kwsync-apply.yml@main', '.github/workflows/kwsync-apply.yaml', '.github/workflows/x.yml'),
      ownRepo: fc.boolean(),
      ended: fc.constantFrom('running', 'after', 'before'),
      linked: fc.boolean(),
    });
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(arb, async (c) => {
        runs++;
        gh.reset();
        const r = run(7, {
          event: c.event, head_branch: c.branch, head_sha: c.sameSha ? sha(7) : sha(8), path: c.path, repository: c.ownRepo ? 'acme/lists' : 'mallory/lists',
          ...(c.ended === 'running' ? {} : { status: 'completed' as const, updated_at: c.ended === 'after' ? '2030-01-01T00:00:00Z' : '2025-01-01T06:00:00Z' }),
        });
        await record(7, c.linked ? r.url.replace('mallory', 'acme') : undefined);
        const counts = c.linked && c.ownRepo && c.event === 'push' && c.branch === 'main' && c.sameSha && !c.path.includes('.yaml') && !c.path.endsWith('x.yml') && c.ended !== 'before';
        const last = await deploymentReader(octokit(), repo).lastApplied(staging);
        expect(last.found).toBe(counts);
        if (!last.found) expect(last.reason).toMatch(/ignored: deployment \d+/);
      }),
      // Each refused record also costs the flood fallback's reads (the apply workflow's push runs):
      // 30 runs in the suite, 300 with KWSYNC_LONG=1.
      { numRuns: propertyRuns(30, 300), seed: 2705 },
    );
    console.log(`deployment provenance property: ${runs} runs, seed 2705`);
  }, 180_000);
});

it('the task filter still keeps other deployments out before any run is asked', async () => {
  await octokit().rest.repos.createDeployment({ ...repo, ref: sha(9), environment: 'staging', required_contexts: [], task: 'deploy' });
  gh.requests = [];
  expect(await deploymentReader(octokit(), repo).lastApplied(staging)).toEqual({ found: false, reason: 'no kwsync apply recorded in environment staging yet' });
  expect(gh.requests.map((r) => r.query.task)).toEqual([KWSYNC_DEPLOYMENT_TASK]);
});
