// mode: plan over a real git repository, the real validation and planner, and a fake GitHub.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { runAction } from '../../src/action/run-action.js';
import { planMarker } from '../../src/github/markers.js';
import { startEmulator } from '../../src/emulator/index.js';
import { FakeGitHub } from '../github/fake-github.js';
import { context, harness, inputs, listYaml, TempRepo } from './action-harness.js';

let gh: FakeGitHub;
let repo: TempRepo;
let baseSha: string;
beforeAll(async () => (gh = await new FakeGitHub().start()));
afterAll(() => gh.close());
beforeEach(() => {
  gh.reset();
  repo = new TempRepo();
  repo.write('keywords/profanity-en.yaml', listYaml('profanity-en', ['darn', 'heck']));
  repo.write('keywords/old-list.yaml', listYaml('old-list', ['x']));
  baseSha = repo.commit();
});
afterEach(() => repo.remove());

const prContext = () => context(repo, { eventName: 'pull_request', pullRequest: { number: 7, headSha: 'a'.repeat(40), baseSha, baseRef: 'main' } });

describe('mode: plan without an API key (offline, e.g. a fork PR)', () => {
  it('plans the PR against the base branch, posts one sticky comment and a check run', async () => {
    repo.write('keywords/profanity-en.yaml', listYaml('profanity-en', ['darn', 'heck', 'shoot']));
    repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const h = harness(repo, gh, undefined);
    const result = await runAction({ inputs: inputs('plan'), context: prContext(), deps: h.deps });

    expect(result).toMatchObject({ hasChanges: true, failed: false });
    const saved = JSON.parse(readFileSync(result.planJsonPath, 'utf8'));
    expect(saved.plan.mode).toBe('offline');
    expect(saved.plan.changes.map((c: any) => `${c.id}:${c.kind}`)).toEqual(['old-list:noop', 'profanity-en:update', 'scam:create']);

    expect(gh.checkRuns).toEqual([expect.objectContaining({ head_sha: 'a'.repeat(40), conclusion: 'success' })]);
    expect(gh.comments).toHaveLength(1);
    const body = gh.comments[0]!.body;
    expect(body.startsWith(planMarker('default'))).toBe(true);
    expect(body).toContain('Offline plan');
    expect(body).toContain('+ shoot');
    expect(h.summaries.join('')).toContain('+ free money');
    // A fork's PR may get no comment at all: the summary says on its own that the plan is offline.
    expect(h.summaries.join('')).toContain('**Offline plan**: this pull_request run has no API key');

    await runAction({ inputs: inputs('plan'), context: prContext(), deps: h.deps });
    expect(gh.comments).toHaveLength(1);
    expect(gh.writes().filter((w) => w.path.endsWith('/comments')).length).toBe(1);
  });

  it('annotates invalid lists on their lines, says no plan was made, and fails', async () => {
    repo.write('keywords/profanity-en.yaml', 'id: profanity-en\nname: x\ncategory: wrod\nsearchTerms: [a]\n');
    const h = harness(repo, gh, undefined);
    const result = await runAction({ inputs: inputs('plan'), context: prContext(), deps: h.deps });
    expect(result).toMatchObject({ failed: true, planJsonPath: '' });
    const run = gh.checkRuns[0]!;
    expect(run.conclusion).toBe('failure');
    expect(run.annotations).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'keywords/profanity-en.yaml', start_line: 3, annotation_level: 'failure' })]));
    expect(gh.comments[0]!.body).toContain('No plan was made');
  });

  it("falls back to workflow annotations when the token may not create check runs (a fork's read-only token)", async () => {
    repo.write('keywords/profanity-en.yaml', 'id: profanity-en\nname: x\ncategory: wrod\nsearchTerms: [a]\n');
    gh.failNext = [403];
    const h = harness(repo, gh, undefined);
    const result = await runAction({ inputs: inputs('plan'), context: prContext(), deps: h.deps });
    expect(result.failed).toBe(true);
    expect(h.annotations.map((d) => d.file)).toContain('keywords/profanity-en.yaml');
    expect(h.warnings.join('\n')).toContain('may not create check runs');
    expect(gh.requests.filter((r) => r.path.endsWith('/check-runs'))).toHaveLength(1);
    expect(gh.comments).toHaveLength(1);
  });

  it('plans against an empty base when the keywords folder is new', async () => {
    repo.git('rm', '-q', '-r', 'keywords');
    const emptyBase = repo.commit();
    mkdirSync(`${repo.dir}/keywords`);
    repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const h = harness(repo, gh, undefined);
    const ctx = context(repo, { eventName: 'pull_request', pullRequest: { number: 7, headSha: 'b'.repeat(40), baseSha: emptyBase, baseRef: 'main' } });
    const result = await runAction({ inputs: inputs('plan'), context: ctx, deps: h.deps });
    expect(result.hasChanges).toBe(true);
    expect(existsSync(result.planJsonPath)).toBe(true);
    expect(gh.comments[0]!.body).toContain('scam');
  });
});

describe('mode: plan with several targets in kwsync.yaml', () => {
  const twoTargets = 'targets:\n  - name: production\n    appId: app1\n    region: eu\n  - name: staging\n    appId: app2\n    region: eu\n';

  it('asks for the "target" input (not the CLI flag) when none is given', async () => {
    repo.write('keywords/kwsync.yaml', twoTargets);
    const h = harness(repo, gh, undefined);
    const run = runAction({ inputs: inputs('plan'), context: prContext(), deps: h.deps });
    await expect(run).rejects.toThrow('kwsync.yaml defines 2 targets; choose one with the "target" input (or a strategy.matrix over targets): production, staging');
    await expect(run).rejects.not.toThrow('--target');
  });

  it('plans the chosen target under its own check run and comment', async () => {
    repo.write('keywords/kwsync.yaml', twoTargets);
    const h = harness(repo, gh, undefined);
    await runAction({ inputs: inputs('plan', { target: 'staging' }), context: prContext(), deps: h.deps });
    expect(gh.checkRuns.map((r) => r.name)).toEqual(['kwsync (staging)']);
    expect(gh.comments[0]!.body.startsWith(planMarker('staging'))).toBe(true);
  });
});

describe('mode: plan: the PR does not decide its own guard', () => {
  it('raising safety.maxRemovedShare in the PR: the base\'s value still marks the removal unsafe, with a CAUTION line', async () => {
    repo.write('keywords/big.yaml', listYaml('big', Array.from({ length: 12 }, (_, i) => `t${i}`)));
    baseSha = repo.commit();
    repo.write('keywords/big.yaml', listYaml('big', ['t0']));
    repo.write('keywords/kwsync.yaml', 'safety:\n  maxRemovedShare: 1\n');
    const h = harness(repo, gh, undefined);
    const result = await runAction({ inputs: inputs('plan'), context: prContext(), deps: h.deps });
    const saved = JSON.parse(readFileSync(result.planJsonPath, 'utf8'));
    expect(saved.plan.changes.find((c: any) => c.id === 'big').unsafe).toMatch(/removes 11 of 12/);
    const body = gh.comments[0]!.body;
    expect(body.split('\n')[1]).toBe('> [!CAUTION]');
    expect(body).toContain('safety.maxRemovedShare 0.3 → 1');
    expect(h.summaries.join('\n')).toContain('safety.maxRemovedShare 0.3 → 1');
  });
});

describe('mode: plan with a key: the PR does not choose where the key goes', () => {
  let emu: Awaited<ReturnType<typeof startEmulator>>;
  beforeAll(async () => (emu = await startEmulator({ port: 0 })));
  afterAll(() => emu.close());
  const oneTarget = (extra = '') => `targets:\n  - name: staging\n    appId: app-staging\n${extra}`;

  it('a baseUrl and appId the PR writes into kwsync.yaml are not used: the base commit\'s connection is', async () => {
    repo.write('keywords/kwsync.yaml', oneTarget());
    baseSha = repo.commit();
    repo.write('keywords/kwsync.yaml', oneTarget('    baseUrl: https://attacker.example/apps/x/v3\n').replace('app-staging', 'app-other'));
    const h = harness(repo, gh, emu);
    const seen: unknown[] = [];
    const connect = h.deps.connect!;
    h.deps.connect = (t, s) => (seen.push(t), connect(t, s));
    const result = await runAction({ inputs: inputs('plan', { target: 'staging' }), context: prContext(), deps: h.deps });
    expect(result.failed).toBe(false);
    expect(seen).toEqual([expect.objectContaining({ name: 'staging', appId: 'app-staging' })]);
    expect(seen[0]).not.toHaveProperty('baseUrl');
  });

  it('a target new in the PR is planned offline, saying why', async () => {
    const h = harness(repo, gh, emu);
    repo.write('keywords/kwsync.yaml', oneTarget('    baseUrl: https://attacker.example/apps/x/v3\n'));
    let connected = 0;
    const connect = h.deps.connect!;
    h.deps.connect = (t, s) => (connected++, connect(t, s));
    const result = await runAction({ inputs: inputs('plan', { target: 'staging' }), context: prContext(), deps: h.deps });
    expect(connected).toBe(0);
    expect(JSON.parse(readFileSync(result.planJsonPath, 'utf8')).plan.mode).toBe('offline');
    expect(h.warnings.join('\n')).toContain('target staging is new in this pull request: its app id, region and baseUrl are used only once merged; planned offline against the base branch');
  });
});
