// The GitHub requests of one pull-request push and of one apply at 1, 12 and 50 targets (issue 30
// item 2, issue 27 item 7), counted at the fake GitHub, with what they leave of GITHUB_TOKEN's
// 1,000 requests an hour per repository. The push is the plan-live workflow: its targets job (which
// verifies the PRs and reads the head's folder once, with the default branch's checkout, whose git
// objects hold the files the PR left alone), then the plan matrix (one job per target, taking that
// read as an artifact checked against the targets job's digest), then the comment job;
// the apply is the apply matrix after the merge. Real HTTP to the emulator (one app per target).
// GITHUB_BUDGET_SHOW=1 GITHUB_BUDGET_SIZES=1,12,50 prints the table (the figures of the issue's note);
// the suite stays quiet.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { stringify } from 'yaml';
import { readLocalBlob } from '../../src/plan/base-lists.js';
import { runAction } from '../../src/action/run-action.js';
import { connectService, serviceOptions, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { FakeGitHub, type RecordedRequest } from '../github/fake-github.js';
import { context, harness, inputs, listYaml, TempRepo } from './action-harness.js';
import { runCommentJob } from './comment-job.js';
import { planComment } from '../github/plan-comment.js';
import { parseSections } from '../../src/github/render-pr-summary.js';

/** GITHUB_TOKEN's primary rate limit: 1,000 REST requests an hour per repository (docs.github.com, "Rate limits for the REST API"). */
const HOURLY = 1000;
// 50 targets take about a minute and a half here: in the suite 1 and 12; GITHUB_BUDGET_SIZES=1,12,50 for the full table.
const SIZES = process.env.GITHUB_BUDGET_SIZES ? process.env.GITHUB_BUDGET_SIZES.split(',').map(Number) : [1, 12];
const LISTS = ['en/profanity', 'es/profanity', 'de/profanity', 'shared/scams', 'shared/phones', 'shared/links'];

interface Measured {
  targets: number;
  push: RecordedRequest[];
  /** The comment job's share of the push (several targets only). */
  commentJob: RecordedRequest[];
  apply: RecordedRequest[];
  planComments: number;
  checkRuns: number;
}

let gh: FakeGitHub;
const measured: Measured[] = [];
const sectionsSeen = new Map<number, number>();

beforeAll(async () => {
  gh = await new FakeGitHub().start();
  for (const n of SIZES) measured.push(await measure(n));
  if (process.env.GITHUB_BUDGET_SHOW === '1') process.stdout.write(`\n${table(measured)}\n`);
  if (process.env.GITHUB_BUDGET_SHOW === 'paths') process.stdout.write(`\n${measured[0]!.push.map((r) => `${r.method} ${r.path}`).join('\n')}\n--apply--\n${measured[0]!.apply.map((r) => `${r.method} ${r.path}`).join('\n')}\n`);
}, 300_000);
afterAll(() => gh.close());

async function measure(n: number): Promise<Measured> {
  gh.reset();
  const names = Array.from({ length: n }, (_, i) => `t${String(i + 1).padStart(2, '0')}`);
  const emu: RunningEmulator = await startEmulator({ port: 0, apps: names });
  const repo = new TempRepo();
  const checkout = mkdtempSync(join(tmpdir(), 'kwsync-checkout-'));
  try {
    gh.gitDir = repo.dir;
    const baseUrl = (name: string) => emu.apps.find((a) => a.appId === name)!.chatBaseUrl;
    repo.write('keywords/kwsync.yaml', stringify({ targets: names.map((name) => ({ name, appId: name, baseUrl: baseUrl(name) })) }));
    for (const id of LISTS) {
      execFileSync('mkdir', ['-p', join(repo.dir, 'keywords', id.split('/')[0]!)]);
      repo.write(`keywords/${id}.yaml`, listYaml(id.replace('/', '-'), ['one', 'two']));
    }
    const baseSha = repo.commit();
    repo.git('checkout', '-q', '-b', 'feature');
    repo.write('keywords/es/profanity.yaml', listYaml('es-profanity', ['one', 'two', 'tres']));
    repo.write('keywords/shared/scams.yaml', listYaml('shared-scams', ['one', 'two', 'free money']));
    const headSha = repo.commit();
    repo.git('checkout', '-q', 'main');
    // The job's checkout: the default branch only, so the PR's changed files are not in its objects.
    execFileSync('git', ['clone', '-q', '--no-local', '--single-branch', '-b', 'main', repo.dir, checkout]);
    gh.permissions.set('alice', 'write'); // R-M11: a trusted author also needs write access here
    gh.pulls.push({
      number: 7, state: 'open', user: { login: 'alice', type: 'User' }, author_association: 'MEMBER', labels: [],
      head: { sha: headSha, ref: 'feature', repo: { full_name: 'acme/lists', owner: { login: 'acme' } } }, base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } },
    });
    const event = {
      workflow_run: {
        id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', created_at: '2025-01-01T00:00:00Z',
        head_sha: headSha, head_branch: 'feature', head_repository: { full_name: 'acme/lists', owner: { login: 'acme' } }, pull_requests: [],
      },
    };
    const env = { COMETCHAT_API_KEY: emu.apiKey };
    const apply = async (sha: string) => {
      gh.branches.set('main', sha);
      for (const target of names) {
        const h = harness(repo, gh, emu);
        h.deps.connect = (t, service) => harnessConnect(env)(t, service);
        const r = await runAction({ inputs: inputs('apply', { target }), context: context(repo, { sha }), deps: h.deps });
        expect({ target, failed: r.failed, message: r.message }).toEqual({ target, failed: false, message: undefined });
      }
    };
    // The base is live on every app (written straight to each app, not counted): the push plans an update, the apply applies it.
    for (const name of names) {
      const app = connectService(serviceSettingsFromEnv(env, { name, baseUrl: baseUrl(name) })).keywords;
      for (const id of LISTS) await app.createKeywordList({ id: id.replace('/', '-'), name: id.replace('/', '-'), description: '', category: 'word', searchTerms: ['one', 'two'] });
    }
    // The targets job: the head read once for the run (the artifact and its digest).
    const t = harness(repo, gh, emu);
    t.deps.readLocalBlob = (sha) => readLocalBlob(checkout, sha);
    const handed = await runAction({ inputs: inputs('targets'), context: context(repo, { eventName: 'workflow_run', sha: baseSha, event, workspace: repo.dir }), deps: t.deps });
    expect(handed).toMatchObject({ failed: false, headDigest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const dirs: string[] = [];
    for (const target of names) {
      const h = harness(repo, gh, emu);
      dirs.push(h.deps.tempDir);
      h.deps.readLocalBlob = (sha) => readLocalBlob(checkout, sha);
      h.deps.connect = (t, service) => harnessConnect(env)(t, service);
      const r = await runAction({ inputs: inputs('plan-live', { target, artifactDir: handed.artifactDir!, headDigest: handed.headDigest! }), context: context(repo, { eventName: 'workflow_run', sha: baseSha, event, workspace: repo.dir }), deps: h.deps });
      expect({ target, failed: r.failed, message: r.message, warnings: h.warnings }).toEqual({ target, failed: false, message: undefined, warnings: [] });
    }
    // The comment job after the matrix (several targets): the one plan comment.
    const beforeComment = gh.requests.length;
    if (n > 1) expect(await runCommentJob(repo, gh, event, dirs, baseSha)).toMatchObject({ failed: false });
    const push = [...gh.requests];
    const commentJob = push.slice(beforeComment);
    const planComments = gh.comments.filter((c) => c.issue === 7 && c.body.startsWith('<!-- kwsync:plan')).length;
    sectionsSeen.set(n, [...parseSections(planComment(gh, 7)?.body ?? '').keys()].length);
    const checkRuns = gh.checkRuns.length;
    // The merge: main moves to the PR's head; each target's apply job runs on the push.
    repo.git('merge', '-q', '--ff-only', 'feature');
    gh.requests = [];
    await apply(headSha);
    return { targets: n, push, commentJob, apply: [...gh.requests], planComments, checkRuns };
  } finally {
    await emu.close();
    repo.remove();
    rmSync(checkout, { recursive: true, force: true });
  }
}

function harnessConnect(env: Record<string, string>) {
  return (t: Parameters<typeof serviceSettingsFromEnv>[1], service: Parameters<typeof serviceOptions>[0]) =>
    connectService(serviceSettingsFromEnv(env, t), { ...serviceOptions(service), retry: { maxRetries: service.maxRetries, minDelayMs: 1, maxDelayMs: 5 } }).keywords;
}

/** A request's kind, for the breakdown: blobs, trees, comments, checks, deployments, pulls, other. */
function kind(r: RecordedRequest): string {
  if (r.path.includes('/git/blobs/')) return 'blob';
  if (r.path.includes('/git/')) return 'tree/commit';
  if (r.path.includes('/comments')) return 'comment';
  if (r.path.includes('/check-runs')) return 'check';
  if (r.path.includes('/deployments')) return 'deployment';
  if (r.path.includes('/pulls')) return 'pull';
  return 'other';
}

function breakdown(rs: RecordedRequest[]): string {
  const counts = new Map<string, number>();
  for (const r of rs) counts.set(kind(r), (counts.get(kind(r)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([k, c]) => `${k} ${c}`).join(', ');
}

function table(ms: Measured[]): string {
  const rows = ms.map((m) => {
    const perHour = (count: number) => (count === 0 ? '∞' : String(Math.floor(HOURLY / count)));
    const left = HOURLY - m.push.length - m.apply.length;
    return `| ${m.targets} | ${m.push.length} | ${perHour(m.push.length)} | ${m.apply.length} | ${perHour(m.apply.length)} | ${left} | ${m.planComments} | ${breakdown(m.push)} |`;
  });
  return [
    `GitHub requests (GITHUB_TOKEN: ${HOURLY}/hour per repository)`,
    '| targets | one PR push | pushes/hour | one apply | applies/hour | left of the hour after one push and one apply | plan comments on the PR | push requests by kind |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

it('counts every request of one push and one apply at 1, 12 and 50 targets', () => {
  expect(measured.map((m) => m.targets)).toEqual(SIZES);
  // The head is read, and its PRs verified, once per run: the same git and pull requests at every
  // size (the comment job, which runs with several targets only, checks the PR's head once more).
  const pulls = (rs: RecordedRequest[]) => rs.filter((r) => /\/pulls(\/|$)/.test(r.path)).length;
  const once = (m: Measured) => ({ git: m.push.filter((r) => r.path.includes('/git/')).length, pulls: pulls(m.push) - pulls(m.commentJob) });
  for (const m of measured) expect({ targets: m.targets, ...once(m) }).toEqual({ targets: m.targets, ...once(measured[0]!) });
  expect(once(measured[0]!).git).toBeGreaterThan(0);
  for (const m of measured) {
    expect(m.push.length).toBeGreaterThan(0);
    expect(m.apply.length).toBeGreaterThan(0);
    // Per-target check runs stay: one per target on the head commit.
    expect({ targets: m.targets, checks: m.checkRuns }).toEqual({ targets: m.targets, checks: m.targets });
    // One comment on the PR, with a section for every target.
    expect({ targets: m.targets, comments: m.planComments, sections: sectionsSeen.get(m.targets) }).toEqual({ targets: m.targets, comments: 1, sections: m.targets });
  }
});
