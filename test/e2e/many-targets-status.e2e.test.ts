// Twelve targets (KWSYNC_MANY_TARGETS=50: fifty, issue 30) through plan, apply, status and drift (issue 21), with the records: a real git
// repository whose commit A holds the lists; the Action's apply mode (runAction) applies A to each
// target's app of ONE emulator (each app with its own key, as each matrix job has its environment's
// secret) and records each apply as a GitHub deployment in the fake GitHub (which checks every
// request against GitHub's published schema). Then two apps are edited live and commit B changes two
// lists in a pull request, planned live for every target (each comment plans only the changed lists
// its target takes) and merged; `kwsync status` through the CLI, reading the records with GITHUB_TOKEN, GITHUB_REPOSITORY
// and GITHUB_API_URL and each app with its target's apiKeyEnv, must name A and its run for every
// target, "ahead" exactly where a selected list changed, and drift exactly on the two edited apps.
// KWSYNC_SHOW=1 prints the status output, one apply's deployment calls and two targets' PR comments.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { stringify } from 'yaml';
import { runAction } from '../../src/action/run-action.js';
import { connectService, serviceOptions, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { KWSYNC_DEPLOYMENT_TASK } from '../../src/github/deployment-record.js';
import { planComment, planSection } from '../github/plan-comment.js';
import { runCommentJob } from '../action/comment-job.js';
import { requestProblems } from '../contract/github-deployments.js';
import { FakeGitHub, type RecordedRequest } from '../github/fake-github.js';
import { context, harness, inputs, TempRepo } from '../action/action-harness.js';
import { kwsync } from '../helpers/cli.js';
import { EDITED, LISTS, listFile, TARGETS } from './many-targets.fixture.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const SHOW = process.env.KWSYNC_SHOW === '1';
const show = (title: string, text: string) => SHOW && process.stdout.write(`\n===== ${title} =====\n${text}${text.endsWith('\n') ? '' : '\n'}`);

/** Commit B's list changes: us-only (staging, prod-us) and brand-a-slang (staging, brand-a-us, brand-a-eu; partner-1 omits it). */
const CHANGED_IN_B: Record<string, string[]> = { 'us-only': ['ssn', 'social security number'], 'brand-a-slang': ['yeet', 'skibidi'] };
const AHEAD = TARGETS.filter((t) => t.expected.some((id) => id in CHANGED_IN_B)).map((t) => t.name);

const keyOf = (name: string) => `key-${name}`;
const keyEnvOf = (name: string) => `COMETCHAT_API_KEY_${name.toUpperCase().replace(/-/g, '_')}`;
const runUrlOf = (i: number) => `https://github.com/acme/lists/actions/runs/${1000 + i}`;

let gh: FakeGitHub;
let emulator: RunningEmulator;
let repo: TempRepo;
let shaA: string;
let shaB: string;
const applied: Record<string, { failed: boolean; message?: string; warnings: string[]; calls: RecordedRequest[] }> = {};
let statusEnv: Record<string, string>;
const prPlans: Record<string, { failed: boolean; hasChanges: boolean; body: string }> = {};
let artifactDir: string;

const baseOf = (name: string) => emulator.apps.find((a) => a.appId === name)!.chatBaseUrl;
/** Another person's client on the target's app (as the dashboard would edit it). */
const liveApp = (name: string) => connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: keyOf(name), COMETCHAT_BASE_URL: baseOf(name) })).keywords;
/** The Action's deps for one target's job: COMETCHAT_API_KEY is that target's key; the target's baseUrl reaches its app. */
function targetJob(name: string) {
  const h = harness(repo, gh, undefined);
  const env = { COMETCHAT_API_KEY: keyOf(name) };
  h.deps.connect = (target, service) => connectService(serviceSettingsFromEnv(env, target), { ...serviceOptions(service), retry: { maxRetries: 1, minDelayMs: 1, maxDelayMs: 5 } }).keywords;
  return h;
}
/** The live PR plan of pull request #5 (stage two, on workflow_run) for one target: its sticky comment. */
async function planLive(target: string) {
  const event = {
    workflow_run: {
      id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', created_at: '2025-01-01T00:00:00Z',
      head_sha: shaB, head_branch: 'feature', head_repository: { full_name: 'acme/lists', owner: { login: 'acme' } }, pull_requests: [],
    },
  };
  const job = targetJob(target);
  const result = await runAction({ inputs: inputs('plan-live', { target, artifactDir }), context: context(repo, { eventName: 'workflow_run', sha: shaA, event }), deps: job.deps });
  sectionDirs.push(job.deps.tempDir);
  return { failed: result.failed, hasChanges: result.hasChanges, body: '' };
}
const sectionDirs: string[] = [];
const prEvent = () => ({
  workflow_run: {
    id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', created_at: '2025-01-01T00:00:00Z',
    head_sha: shaB, head_branch: 'feature', head_repository: { full_name: 'acme/lists', owner: { login: 'acme' } }, pull_requests: [],
  },
});

beforeAll(async () => {
  gh = await new FakeGitHub().start();
  emulator = await startEmulator({ port: 0, apps: TARGETS.map((t) => ({ appId: t.name, apiKey: keyOf(t.name) })) });
  repo = new TempRepo();
  artifactDir = mkdtempSync(join(tmpdir(), 'kwsync-artifact-'));
  gh.gitDir = repo.dir;
  for (const id of Object.keys(LISTS)) repo.write(`keywords/${id}.yaml`, listFile(id));
  const targets = TARGETS.map((t) => ({ name: t.name, appId: t.name, baseUrl: baseOf(t.name), apiKeyEnv: keyEnvOf(t.name), ...t.select }));
  repo.write('keywords/kwsync.yaml', stringify({ targets }));
  shaA = repo.commit();
  gh.branches.set('main', shaA);

  // The apply workflow's matrix: one job per target, COMETCHAT_API_KEY from its environment's secret.
  for (const [i, t] of TARGETS.entries()) {
    const h = targetJob(t.name);
    const before = gh.requests.length;
    const result = await runAction({ inputs: inputs('apply', { target: t.name }), context: context(repo, { sha: shaA, runUrl: runUrlOf(i) }), deps: h.deps });
    applied[t.name] = { failed: result.failed, ...(result.message ? { message: result.message } : {}), warnings: h.warnings, calls: gh.requests.slice(before).filter((r) => r.path.includes('/deployments')) };
  }

  for (const { target, list } of EDITED) {
    const live = (await liveApp(target).getKeywordList(list))!;
    await liveApp(target).updateKeywordList({ id: list, name: live.name, description: live.description, category: live.category, searchTerms: [...live.searchTerms, 'dashboard-edit'] });
  }
  // Commit B on a branch, its pull request planned live for every target, then merged (fast-forward).
  repo.git('checkout', '-q', '-b', 'feature');
  for (const [id, terms] of Object.entries(CHANGED_IN_B)) repo.write(`keywords/${id}.yaml`, listFile(id, { category: LISTS[id]!.category, terms }));
  shaB = repo.commit();
  repo.git('checkout', '-q', 'main');
  gh.permissions.set('alice', 'write'); // R-M11: a trusted author also needs write access here
  gh.pulls.push({
    number: 5, state: 'open', user: { login: 'alice', type: 'User' }, author_association: 'MEMBER', labels: [],
    head: { sha: shaB, ref: 'feature', repo: { full_name: 'acme/lists', owner: { login: 'acme' } } }, base: { sha: shaA, ref: 'main', repo: { full_name: 'acme/lists' } },
  });
  for (const t of TARGETS) prPlans[t.name] = await planLive(t.name);
  // The comment job after the matrix: one comment on #5, a section per target.
  await runCommentJob(repo, gh, prEvent(), sectionDirs, shaA);
  for (const t of TARGETS) prPlans[t.name]!.body = planSection(gh, t.name, 5)?.body ?? '';
  repo.git('merge', '-q', '--ff-only', 'feature');
  gh.branches.set('main', shaB);

  statusEnv = {
    GITHUB_TOKEN: 'gh-token',
    GITHUB_REPOSITORY: 'acme/lists',
    GITHUB_API_URL: gh.url,
    ...Object.fromEntries(TARGETS.map((t) => [keyEnvOf(t.name), keyOf(t.name)])),
  };
  // 240 s per twelve targets: since issue 37 every apply proves the record it reads (run attempt,
  // default branch, tag) and every plan job decides trust afresh, requests the design needs (the
  // budget in docs/targets.md), each checked against GitHub's schema by the fake.
}, 240_000 * Math.ceil(TARGETS.length / 12));

afterAll(async () => {
  await emulator?.close();
  await gh?.close();
  repo?.remove();
  if (artifactDir) rmSync(artifactDir, { recursive: true, force: true });
});

const status = (argv: string[]) => kwsync(['status', ...argv], statusEnv, repo.dir);

describe(`the Action applies commit A to ${TARGETS.length} targets and records each apply`, () => {
  test('every apply succeeded with one deployment of its environment: in_progress, then success with its run', () => {
    for (const t of TARGETS) expect({ target: t.name, ...applied[t.name]!, calls: undefined }).toEqual({ target: t.name, failed: false, warnings: [], calls: undefined });
    expect(gh.deployments.map((d) => d.environment)).toEqual(TARGETS.map((t) => t.name));
    for (const [i, t] of TARGETS.entries()) {
      const d = gh.deployments[i]!;
      expect(d).toMatchObject({ sha: shaA, ref: shaA, task: KWSYNC_DEPLOYMENT_TASK, payload: { kwsync: 1, target: t.name, created: [...t.expected].sort() } });
      expect(d.statuses.map((s) => [s.state, s.log_url])).toEqual([['in_progress', runUrlOf(i)], ['success', runUrlOf(i)]]);
    }
  });

  test('each apply\'s deployment calls are create, in_progress, success, valid under GitHub\'s schema', () => {
    for (const t of TARGETS) {
      const posts = applied[t.name]!.calls.filter((r) => r.method === 'POST');
      expect(posts.map((r) => r.body.state ?? 'create')).toEqual(['create', 'in_progress', 'success']);
      for (const r of posts) expect(requestProblems(r.path.endsWith('/statuses') ? 'repos/create-deployment-status' : 'repos/create-deployment', r.body)).toEqual([]);
    }
    const one = applied['prod-eu']!.calls;
    show('deployment calls of the apply of prod-eu', one.map((r) => `${r.method} ${r.path}${Object.keys(r.query ?? {}).length ? `?${new URLSearchParams(r.query as Record<string, string>)}` : ''}${r.body && Object.keys(r.body).length ? `\n${JSON.stringify(r.body, null, 2)}` : ''}`).join('\n\n'));
  });
});

describe('kwsync status after commit B (two lists changed) and live edits on two apps', () => {
  test('text: every target at A with its run; ahead and drift exactly where they are; --detailed-exitcode 2', async () => {
    const r = await status(['--detailed-exitcode']);
    show('kwsync status --detailed-exitcode', r.stdout + (r.stderr ? `--- stderr\n${r.stderr}` : ''));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(2);
    const a = shaA.slice(0, 7);
    const rows = new Map(r.stdout.split('\n').map((l) => [l.split(/\s+/)[0]!, l]));
    for (const [i, t] of TARGETS.entries()) {
      const row = rows.get(t.name)!;
      expect({ target: t.name, row }).toEqual({ target: t.name, row: expect.stringMatching(new RegExp(`^${t.name} +${a} .* ${runUrlOf(i)} `)) });
      const edited = EDITED.find((e) => e.target === t.name);
      expect({ target: t.name, drifted: /live edits/.test(row) }).toEqual({ target: t.name, drifted: edited !== undefined });
      if (edited) expect(row).toContain(`live edits: ${edited.list}`);
      const changed = t.expected.filter((id) => id in CHANGED_IN_B).sort();
      expect({ target: t.name, ahead: row.split(/ {2,}/).at(-1) }).toEqual({ target: t.name, ahead: changed.length ? `~${changed.length} changed` : 'none' });
      if (changed.length) expect(r.stdout).toContain(`  ${t.name}: ahead: HEAD has list changes not applied yet: changed ${changed.join(', ')}.\n`);
    }
    expect(r.stdout).toContain(`${AHEAD.length + EDITED.length} of ${TARGETS.length} targets differ (drift or ahead).`);
  });

  test('json validates against schema/status.schema.json and says the same', async () => {
    const r = await status(['--format', 'json']);
    expect(r.stderr).toBe('');
    const value = JSON.parse(r.stdout);
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(join(ROOT, 'schema/status.schema.json'), 'utf8')));
    expect(validate(value) ? [] : validate.errors).toEqual([]);
    expect(value).toMatchObject({ formatVersion: 1, repository: 'acme/lists', ref: 'HEAD', inSync: false });
    expect(value.targets.map((t: any) => t.target)).toEqual(TARGETS.map((t) => t.name));
    for (const [i, t] of TARGETS.entries()) {
      const s = value.targets[i];
      const changed = t.expected.filter((id) => id in CHANGED_IN_B).sort();
      const edited = EDITED.filter((e) => e.target === t.name).map((e) => e.list);
      expect(s).toMatchObject({
        target: t.name,
        environment: t.name,
        applied: { found: true, sha: shaA, runUrl: runUrlOf(i), deploymentId: gh.deployments[i]!.id },
        comparedWith: { source: 'applied', sha: shaA },
        drift: { state: edited.length ? 'drift' : 'none', liveEdits: edited, missing: [] },
        ahead: { state: changed.length ? 'ahead' : 'none', sha: shaB, added: [], changed, removed: [] },
      });
    }
    expect(value.targets.filter((t: any) => t.ahead.state === 'ahead').map((t: any) => t.target)).toEqual(AHEAD);
    expect(value.targets.filter((t: any) => t.drift.state === 'drift').map((t: any) => t.target)).toEqual(EDITED.map((e) => e.target));
    show('kwsync status --format json (target 1)', JSON.stringify({ ...value, targets: value.targets.slice(0, 1) }, null, 2));
  });
});

describe('the pull request of commit B, planned live per target', () => {
  test('one comment on the pull request, with a row and a section for every target (issue 30)', () => {
    const comments = gh.comments.filter((c) => c.issue === 5);
    expect(comments).toHaveLength(1);
    const body = planComment(gh, 5)!.body;
    for (const t of TARGETS) expect(body).toContain(`| \`${t.name}\` |`);
    expect(body.length).toBeLessThanOrEqual(65_536);
  });

  test('each target\'s comment plans exactly the changed lists it takes; the others take none and change nothing', () => {
    for (const t of TARGETS) {
      const { failed, hasChanges, body } = prPlans[t.name]!;
      const changed = t.expected.filter((id) => id in CHANGED_IN_B).sort();
      // A target with a live edit: its plan shows merging would revert it, and the check fails until resolved.
      const edited = EDITED.find((e) => e.target === t.name);
      expect({ target: t.name, failed, hasChanges }).toEqual({ target: t.name, failed: edited !== undefined, hasChanges: changed.length > 0 || edited !== undefined });
      expect({ target: t.name, drift: body.includes('merging reverts these live edits') }).toEqual({ target: t.name, drift: edited !== undefined });
      if (edited) expect(body).toMatch(new RegExp(`\\| \`${edited.list}\` \\| \`[0-9a-f]+_${edited.list}_2\` \\| removes 1 term added live \\|`));
      if (!changed.length) expect(body).toContain('None: the pull request changes no list.');
      expect(body).toContain(`### kwsync plan for \`${t.name}\` (against the live app)`);
      const takes = changed.length === 0 ? 'takes none of the 2 lists' : changed.length === 2 ? 'takes all 2 lists' : 'takes 1 of the 2 lists';
      expect({ target: t.name, takes: body.includes(`This target ${takes} this pull request changes.`) }).toEqual({ target: t.name, takes: true });
      for (const id of Object.keys(CHANGED_IN_B)) {
        expect({ target: t.name, id, planned: new RegExp(`\`${id}\` \\| update \\| \\+1 −0`).test(body) }).toEqual({ target: t.name, id, planned: changed.includes(id) });
      }
      if (changed.length) expect(body).toContain(`**Plan: 0 to create, ${changed.length} to update, 0 to delete,`);
    }
    for (const t of ['prod-us', 'brand-a-us']) show(`PR #5 comment for target ${t}`, prPlans[t]!.body);
  });
});
