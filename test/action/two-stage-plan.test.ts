// The two-stage PR plan end to end: stage one (plan-upload, pull_request, no key) validates the PR's
// lists and uploads nothing; stage two (plan-live, workflow_run, the key) finds the PR
// through a fake GitHub REST API, reads the PR's lists from git at the verified head (the fake's
// Git Database API over the test repository), plans three-way against emulators over real HTTP and posts.
// The PR's author is a collaborator here (the live plan is shown); pr-attacks.test.ts has outsiders.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recentTextMessages } from '../../src/sync/preview.js';
import { runAction } from '../../src/action/run-action.js';
import { connectService, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { KWSYNC_DEPLOYMENT_TASK } from '../../src/github/deployment-record.js';
import { deploymentReader } from '../../src/github/deployments.js';
import { planSection } from '../github/plan-comment.js';
import { runCommentJob } from './comment-job.js';
import { FakeGitHub, startRun, type FakePull } from '../github/fake-github.js';
import { context, harness, inputs, listYaml, TempRepo } from './action-harness.js';

const CONFIG = 'targets:\n  - name: prod\n    appId: prod-app\n  - name: staging\n    appId: staging-app\npreview:\n  groups: [cometchat-guid-2]\n  messages: 100\n';
let gh: FakeGitHub;
let prod: RunningEmulator;
let staging: RunningEmulator;
let repo: TempRepo;
let baseSha: string;
let headSha: string;
let artifactDir: string;
// What stage one uploaded before it stopped: stage two must never read such a file from artifact-dir.
const BUNDLE_FILE = 'kwsync-pr.json';

const keywordsOf = (emu: RunningEmulator) => connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl })).keywords;
const list = (id: string, searchTerms: string[]) => ({ id, name: id, description: '', category: 'word' as const, searchTerms });

function fork(number = 7, sha = () => headSha): FakePull {
  return {
    number, state: 'open', user: { login: 'mallory', type: 'User' }, author_association: 'COLLABORATOR', labels: [],
    head: { sha: sha(), ref: 'feature', repo: { full_name: 'mallory/lists', owner: { login: 'mallory' } } }, base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } },
  };
}
// A fork's PR: GitHub leaves workflow_run.pull_requests empty.
const runEvent = (extra: object = {}) => ({
  workflow_run: {
    id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', created_at: '2025-01-01T00:00:00Z',
    head_sha: headSha, head_branch: 'feature', head_repository: { full_name: 'mallory/lists', owner: { login: 'mallory' } }, pull_requests: [], ...extra,
  },
});

beforeAll(async () => {
  gh = await new FakeGitHub().start();
});
afterAll(() => gh.close());
beforeEach(async () => {
  gh.reset();
  [prod, staging] = await Promise.all([startEmulator({ port: 0 }), startEmulator({ port: 0 })]);
  repo = new TempRepo();
  gh.gitDir = repo.dir;
  artifactDir = mkdtempSync(join(tmpdir(), 'kwsync-artifact-'));
  repo.write('keywords/kwsync.yaml', CONFIG);
  repo.write('keywords/blocklist.yaml', listYaml('blocklist', ['spam', 'scam']));
  baseSha = repo.commit();
  // Both apps were applied from the base branch; then someone blocked a term on prod by hand.
  await keywordsOf(prod).createKeywordList(list('blocklist', ['spam', 'scam']));
  await keywordsOf(staging).createKeywordList(list('blocklist', ['spam', 'scam']));
  const live = await keywordsOf(prod).getKeywordList('blocklist');
  await keywordsOf(prod).updateKeywordList({ ...live!, searchTerms: ['spam', 'scam', 'emergency-term'] });
  // The PR (from a fork) adds a term.
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write('keywords/blocklist.yaml', listYaml('blocklist', ['spam', 'scam', 'phish']));
  headSha = repo.commit();
  gh.permissions.set('mallory', 'write'); // R-M11: a trusted author also needs write access here
  gh.pulls.push(fork());
});
afterEach(async () => {
  await Promise.all([prod.close(), staging.close()]);
  repo.remove();
  rmSync(artifactDir, { recursive: true, force: true });
});

async function stageOne() {
  const h = harness(repo, gh, undefined);
  const ctx = context(repo, { eventName: 'pull_request', sha: 'e'.repeat(40), pullRequest: { number: 7, headSha, baseSha, baseRef: 'main' } });
  const result = await runAction({ inputs: inputs('plan-upload', { artifactDir }), context: ctx, deps: h.deps });
  // Stage two runs the default branch's checkout, never the PR's.
  repo.git('checkout', '-q', 'main');
  return { result, h };
}
function stageTwo(target: string, emu: RunningEmulator | undefined, event: object = runEvent(), commentJob = true) {
  const h = harness(repo, gh, emu);
  const ctx = context(repo, { eventName: 'workflow_run', sha: baseSha, event });
  // With two targets the comment is the comment job's: run it after this target's job, on its section.
  const run = runAction({ inputs: inputs('plan-live', { target, artifactDir }), context: ctx, deps: h.deps }).then(async (r) => {
    if (commentJob) await runCommentJob(repo, gh, event, [h.deps.tempDir]);
    return r;
  });
  return { h, run };
}

describe('stage one: plan-upload (pull_request, no key, read-only token)', () => {
  it('validates, writes nothing to GitHub and packs nothing for an upload (nothing would read it)', async () => {
    const { result, h } = await stageOne();
    expect(result).toMatchObject({ failed: false });
    expect(result.artifactDir).toBeUndefined();
    expect(gh.writes()).toEqual([]);
    expect(readdirSync(artifactDir)).toEqual([]);
    expect(h.summaries.join('')).toContain(`the lists of #7 (\`${headSha.slice(0, 7)}\`) were validated. The plan against the live app follows`);
  });

  it('annotates at most 10 errors, then says where the rest are', async () => {
    for (let i = 0; i < 12; i++) repo.write(`keywords/bad${i}.yaml`, 'id: [\n');
    const { result, h } = await stageOne();
    expect(result.failed).toBe(true);
    expect(h.annotations.filter((d) => d.severity === 'error')).toHaveLength(10);
    expect(h.warnings.join('\n')).toMatch(/\d+ more problems? not annotated here/);
  });
});

describe('stage two: plan-live (workflow_run, key in the environment)', () => {
  it('fork PR (empty pull_requests): found through the API; two targets planned side by side, two different sections of one comment; drift shown as drift', async () => {
    await stageOne();
    const p = stageTwo('prod', prod, runEvent(), false);
    const s = stageTwo('staging', staging, runEvent(), false);
    const [rp, rs] = [await p.run, await s.run];
    // Then the comment job, after both targets' jobs: one comment with both sections.
    expect(await runCommentJob(repo, gh, runEvent(), [p.h.deps.tempDir, s.h.deps.tempDir])).toMatchObject({ failed: false });

    expect(gh.requests.some((r) => r.path === '/repos/acme/lists/pulls' && r.query.head === 'mallory:feature')).toBe(true);
    const prodComment = planSection(gh, 'prod')!;
    const stagingComment = planSection(gh, 'staging')!;
    // One comment for both targets, though their jobs wrote at the same time.
    expect(gh.comments.map((c) => c.issue)).toEqual([7]);
    expect(prodComment.body).not.toEqual(stagingComment.body.replace(/staging/g, 'prod'));

    // The PR's own change is the same on both; only prod has the live edit merging would revert.
    for (const body of [prodComment.body, stagingComment.body]) expect(body).toMatch(/This pull request's changes[\s\S]*`blocklist` \| update \| \+1 −0/);
    expect(prodComment.body).toContain('Drift: merging reverts these live edits');
    expect(prodComment.body).toContain('- emergency-term');
    expect(prodComment.body).toMatch(/Lists changed live since the last apply[\s\S]*blocklist/);
    expect(prodComment.body).toMatch(/`[^`]*_blocklist_\d+`/); // the live revision it was planned against
    expect(stagingComment.body).not.toContain('Drift');
    expect(stagingComment.body).not.toContain('emergency-term');

    // Check runs on the PR's head commit: prod fails (apply would revert a live edit), staging passes.
    expect(gh.checkRuns.map((c) => [c.name, c.head_sha, c.conclusion]).sort()).toEqual([
      ['kwsync (prod)', headSha, 'failure'],
      ['kwsync (staging)', headSha, 'success'],
    ]);
    const annotation = gh.checkRuns.find((c) => c.name === 'kwsync (prod)')!.annotations[0];
    expect(annotation).toMatchObject({ path: 'keywords/blocklist.yaml', annotation_level: 'failure', title: expect.stringContaining('apply-reverts-live-edit') });
    expect(rp).toMatchObject({ failed: true, hasChanges: true });
    expect(rs).toMatchObject({ failed: false, hasChanges: true });
    // Nothing was written to either app.
    expect((await keywordsOf(staging).getKeywordList('blocklist'))!.searchTerms).toEqual(['spam', 'scam']);
  });

  it('a PR that brings the live edit into its file keeps it: no drift, the check passes', async () => {
    repo.write('keywords/blocklist.yaml', listYaml('blocklist', ['spam', 'scam', 'phish', 'emergency-term']));
    headSha = repo.commit();
    gh.pulls[0] = fork();
    await stageOne();
    const { run } = stageTwo('prod', prod);
    expect(await run).toMatchObject({ failed: false });
    const body = gh.comments[0]!.body;
    expect(body).not.toContain('merging reverts these live edits');
    expect(body).toMatch(/Lists changed live since the last apply[\s\S]*\| 1 term \|/);
  });

  it('shows the impact preview per changed list: counts and top terms, never a message\'s text', async () => {
    repo.write('keywords/blocklist.yaml', listYaml('blocklist', ['spam', 'scam', 'emergency-term', 'darn']));
    headSha = repo.commit();
    gh.pulls[0] = fork();
    await stageOne();
    await stageTwo('staging', staging).run;
    const body = gh.comments[0]!.body;
    const section = body.slice(body.indexOf('#### Impact preview'));
    expect(section).toMatch(/100 recent messages of `cometchat-guid-2`/);
    const row = /\| `blocklist` \| (\d+) \| <5 \| (\d+) \| `darn` \((\d+)\)/.exec(section);
    expect(row).not.toBeNull();
    expect(Number(row![1])).toBeGreaterThan(0);
    const texts: string[] = [];
    for await (const m of recentTextMessages(connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: staging.apiKey, COMETCHAT_BASE_URL: staging.chatBaseUrl })).client)('cometchat-guid-2', 100)) texts.push(m.text);
    const darnTexts = texts.filter((t) => /\bdarn\b/.test(t) && t.split(' ').length > 3);
    expect(darnTexts.length).toBeGreaterThan(0);
    for (const t of darnTexts) expect(body).not.toContain(t);
  });

  it('validates the PR\'s lists against its base commit (list-shrunk on the check), without its files in the workspace', async () => {
    repo.git('checkout', '-q', 'main');
    repo.write('keywords/small.yaml', listYaml('small', ['a', 'b', 'c', 'd']));
    baseSha = repo.commit();
    repo.git('checkout', '-q', '-b', 'shrink');
    repo.write('keywords/small.yaml', listYaml('small', ['a']));
    headSha = repo.commit();
    await keywordsOf(staging).createKeywordList(list('small', ['a', 'b', 'c', 'd']));
    gh.pulls[0] = { ...fork(), head: { ...fork().head, ref: 'shrink' } };
    await stageOne();
    const { run } = stageTwo('staging', staging, runEvent({ head_branch: 'shrink' }));
    await run;
    const annotations = gh.checkRuns[0]!.annotations;
    expect(annotations).toEqual([expect.objectContaining({ path: 'keywords/small.yaml', annotation_level: 'warning', title: expect.stringContaining('list-shrunk') })]);
    expect(repo.git('status', '--porcelain')).toBe('');
  });

  it('picks the PR from the API, never from the artifact\'s claim', async () => {
    await stageOne();
    writeFileSync(join(artifactDir, BUNDLE_FILE), JSON.stringify({ formatVersion: 1, dir: 'keywords', pullRequest: { number: 1, headSha, baseSha }, files: [] }));
    await stageTwo('staging', staging).run;
    expect(gh.comments.map((c) => c.issue)).toEqual([7]);
  });

  it('posts nothing when the PR has moved on to a newer commit (that run posts)', async () => {
    await stageOne();
    gh.pulls[0] = fork(7, () => 'd'.repeat(40));
    const result = await stageTwo('prod', prod).run;
    expect(result.failed).toBe(false);
    expect(gh.writes()).toEqual([]);
  });

  it('with no key configured: offline against the base branch, labelled by the real reason (not "a fork")', async () => {
    await stageOne();
    const { run } = stageTwo('prod', undefined);
    expect(await run).toMatchObject({ failed: false });
    const body = gh.comments[0]!.body;
    expect(body).toContain('Offline plan');
    expect(body).toContain('no API key is configured for the target `prod`');
    expect(body).not.toMatch(/fork/i);
    expect(body).not.toContain('emergency-term');
  });

  it('never reads the artifact: a bundle swapped for a link to a system file changes nothing', async () => {
    await stageOne();
    symlinkSync('/etc/hostname', join(artifactDir, BUNDLE_FILE));
    const result = await stageTwo('staging', staging).run;
    expect(result).toMatchObject({ failed: false, hasChanges: true });
    expect(gh.comments[0]!.body).toMatch(/`blocklist` \| update \| \+1 −0/);
  });

  it.each([
    ['a symbolic link in the keywords folder', () => symlinkSync('/etc/hostname', join(repo.dir, 'keywords/host.yaml')), 'is a symbolic link'],
    ['a file name holding a newline', () => repo.write('keywords/a\n## Safe to merge.yaml', 'x'), 'holds a control character'],
    ['files over the size cap (refused from the tree, before any content is fetched)', () => repo.write('keywords/huge.csv', 'x'.repeat(33 * 1024 * 1024)), 'bytes of files'],
  ])('refuses %s at the head commit: failing check and comment on the PR, the app is never read', async (_name, tamper, why) => {
    tamper();
    headSha = repo.commit();
    gh.pulls[0] = fork();
    await stageOne().catch(() => undefined);
    repo.git('checkout', '-q', 'main');
    const before = prod.requests.length;
    const result = await stageTwo('prod', prod).run;
    expect(result.failed).toBe(true);
    expect(result.message).toContain(why);
    expect(gh.checkRuns).toEqual([expect.objectContaining({ head_sha: headSha, conclusion: 'failure' })]);
    expect(gh.comments[0]!.body).toContain('No plan was made');
    expect(gh.requests.filter((r) => r.path.includes('/git/blobs/'))).toEqual([]);
    expect(prod.requests.length).toBe(before);
  });
});

describe('stage two: the "Live on" line (the target\'s last applied commit, as kwsync status reads it)', () => {
  async function stageTwoRead(target: string, emu: RunningEmulator, dirs: string[] = []) {
    const h = harness(repo, gh, emu);
    dirs.push(h.deps.tempDir);
    h.deps.deploymentReader = deploymentReader(h.deps.octokit, { owner: 'acme', repo: 'lists' });
    const ctx = context(repo, { eventName: 'workflow_run', sha: baseSha, event: runEvent() });
    const result = await runAction({ inputs: inputs('plan-live', { target, artifactDir }), context: ctx, deps: h.deps });
    await runCommentJob(repo, gh, runEvent(), dirs);
    return result;
  }
  // Made by run 41, a push run of the apply workflow on main at baseSha (the fake serves it).
  const applied = (environment: string) => startRun({ id: 41, head_sha: baseSha }) && gh.deployments.push({
    id: 5001, sha: baseSha, ref: baseSha, task: KWSYNC_DEPLOYMENT_TASK, environment, payload: {}, description: '', transient_environment: false, production_environment: false, created_at: '2026-11-20T14:01:10Z',
    statuses: [{ id: 5002, state: 'success', description: '', log_url: 'https://github.com/acme/lists/actions/runs/41', environment, created_at: '2026-11-20T14:02:33Z' }],
  });

  it('with a record: the applied commit, when and the run, right under the heading; without one: the fallback says why', async () => {
    applied('staging');
    await stageOne();
    const dirs: string[] = [];
    expect(await stageTwoRead('staging', staging, dirs)).toMatchObject({ failed: false });
    expect(await stageTwoRead('prod', prod, dirs)).toMatchObject({ failed: true }); // prod's check fails on the live edit, as above
    const stagingBody = planSection(gh, 'staging')!.body;
    const prodBody = planSection(gh, 'prod')!.body;
    expect(stagingBody).toContain(`### kwsync plan for \`staging\` (against the live app)\n\nLive on \`staging\`: \`${baseSha.slice(0, 7)}\`, applied 2026-11-20 14:02 UTC ([run](https://github.com/acme/lists/actions/runs/41))\n`);
    expect(prodBody).toContain('### kwsync plan for `prod` (against the live app)\n\nNo apply of this target is recorded (no kwsync apply recorded in environment prod yet).\n');
  });

  it('records the token cannot read (403): the line says why, the plan is made and posted', async () => {
    applied('staging');
    await stageOne();
    gh.faultsFor.push({ method: 'GET', path: /\/deployments/, status: 403, message: 'Resource not accessible by integration', count: 10 });
    expect(await stageTwoRead('staging', staging)).toMatchObject({ failed: false, hasChanges: true });
    const body = gh.comments[0]!.body;
    // Never "no apply is recorded" when the records could not be read: which request failed, and what to grant (issue 37).
    expect(body).toMatch(/\n\nThe last apply of this target cannot be told: the deployment records of environment staging cannot be read \(GitHub answered 403 to GET \/repos\/acme\/lists\/deployments; the job needs \\`deployments: read\\`: Resource not accessible by integration/);
    expect(body).not.toContain('No apply of this target is recorded');
    expect(body).toMatch(/`blocklist` \| update \| \+1 −0/);
  });
});
