// Issue 19's attacks on the live PR plan (stage two), each run as a hostile PR would run it: the
// fake GitHub (Git Database API over the test repository, pulls with author_association, labels,
// issue events, identities) and the emulator over real HTTP. Every attack must fail; where a
// trusted author would see more, the contrast is asserted too, so each test can fail.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { takeApiKey } from '../../src/action/api-key-env.js';
import { runAction } from '../../src/action/run-action.js';
import { connectService, serviceSettingsFromEnv } from '../../src/sync/service.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { planMarker } from '../../src/github/markers.js';
import { planSection } from '../github/plan-comment.js';
import { BOT, FakeGitHub, OTHER_BOT, type FakePull } from '../github/fake-github.js';
import { closeStageTwoWorld, context, harness, inputs, listYaml, openStageTwoWorld, TempRepo } from './action-harness.js';

const PLAN_WORKFLOW = '.github/workflows/kwsync-plan.yml';
const config = (extra = '') => `preview:\n  groups: [cometchat-guid-2]\n  messages: 100\n${extra}`;
const TWELVE = Array.from({ length: 12 }, (_, i) => `word${i}`);
const PUSHED_AT = '2025-01-01T00:00:00Z';

let gh: FakeGitHub;
let emu: RunningEmulator;
let repo: TempRepo;
let baseSha: string;
let headSha: string;
let artifactDir: string;
// What stage one uploaded before it stopped: stage two must never read such a file from artifact-dir.
const BUNDLE_FILE = 'kwsync-pr.json';

const keywords = () => connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl })).keywords;
const liveList = (id: string, searchTerms: string[]) => ({ id, name: id, description: '', category: 'word' as const, searchTerms });

beforeAll(async () => {
  gh = await new FakeGitHub().start();
});
afterAll(() => gh.close());
beforeEach(async () => {
  ({ emu, repo, artifactDir } = await openStageTwoWorld(gh));
  repo.write('keywords/kwsync.yaml', config());
  repo.write('keywords/blocklist.yaml', listYaml('blocklist', TWELVE));
  baseSha = repo.commit();
  await keywords().createKeywordList(liveList('blocklist', TWELVE));
  // Kept out of git on purpose: its name and terms must not reach an outsider's PR.
  await keywords().createKeywordList(liveList('doxx-shield', ['Jane Roe 221B', 'secret-evasion']));
  emu.requests.length = 0;
  repo.git('checkout', '-q', '-b', 'feature');
});
afterEach(async () => {
  await closeStageTwoWorld({ emu, repo, artifactDir });
});

function pull(number: number, association: string, extra: Partial<FakePull> = {}): FakePull {
  return {
    number, state: 'open', user: { login: 'mallory', type: 'User' }, author_association: association, labels: [],
    head: { sha: headSha, ref: 'feature', repo: { full_name: 'mallory/lists', owner: { login: 'mallory' } } }, base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } }, ...extra,
  };
}
/** The PR's head commit: `files` written on the feature branch; the checkout then goes back to main (stage two runs there). */
function openPr(files: Record<string, string>, association = 'FIRST_TIME_CONTRIBUTOR', extra: Partial<FakePull> = {}): void {
  for (const [path, text] of Object.entries(files)) repo.write(path, text);
  headSha = repo.commit();
  repo.git('checkout', '-q', 'main');
  gh.permissions.set('mallory', 'write'); // R-M11: a trusted author also needs write access here
  gh.pulls.push(pull(7, association, extra));
}
const runEvent = (extra: object = {}) => ({
  workflow_run: {
    id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: PLAN_WORKFLOW, created_at: PUSHED_AT,
    head_sha: headSha, head_branch: 'feature', head_repository: { full_name: 'mallory/lists', owner: { login: 'mallory' } }, pull_requests: [], ...extra,
  },
});
function stageTwo(event: object = runEvent()) {
  const h = harness(repo, gh, emu);
  const ctx = context(repo, { eventName: 'workflow_run', sha: baseSha, event });
  return { h, run: runAction({ inputs: inputs('plan-live', { artifactDir }), context: ctx, deps: h.deps }) };
}
const ownComment = (issue = 7) => planSection(gh, 'default', issue)?.body ?? '';
const patternList = (digit: number) => `id: code-${digit}\nname: code-${digit}\ncategory: pattern\nsearchTerms: [${Array.from({ length: 10 }, (_, d) => `"\\\\b${digit}${d}[0-9]{4}\\\\b"`).join(', ')}]\n`;

describe('an outsider\'s PR sees counts only (author_association, not the PR\'s word)', () => {
  it('query oracle: six pattern lists over chat messages get no impact preview; the key is not even used', async () => {
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, d) => [`keywords/code-${d}.yaml`, patternList(d)]));
    openPr({ ...files, 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    const { h, run } = stageTwo();
    const result = await run;
    const body = ownComment();
    expect(body).toContain('The live plan is withheld');
    expect(body).toContain("the author's association with the repository is FIRST_TIME_CONTRIBUTOR");
    expect(body).toContain(`releases them for \`${headSha.slice(0, 7)}\` only by approving the pull request at that commit`);
    expect(body).not.toContain('label');
    expect(body).not.toContain('Impact preview');
    expect(body).toMatch(/\| `code-0` \| create \| 10 \| 0 \|/);
    expect(body).toMatch(/\| `blocklist` \| update \| 1 \| 0 \|/);
    expect(h.summaries.join('\n')).not.toContain('Impact preview');
    expect(emu.requests).toEqual([]);
    expect(gh.checkRuns).toEqual([expect.objectContaining({ head_sha: headSha, conclusion: 'action_required' })]);
    expect(gh.checkRuns[0]!.output.summary).toContain(`Planned the lists at commit \`${headSha}\``);
    expect(result).toMatchObject({ failed: false, hasChanges: true });
  });

  it('the same PR by a collaborator gets the preview (the contrast)', async () => {
    openPr({ 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) }, 'COLLABORATOR');
    await stageTwo().run;
    expect(ownComment()).toContain('#### Impact preview');
    expect(emu.requests.some((r) => r.path.includes('/messages'))).toBe(true);
  });

  const liveEdit = async () => {
    const live = await keywords().getKeywordList('blocklist');
    await keywords().updateKeywordList({ ...live!, searchTerms: [...TWELVE, 'emergency-term'] });
    emu.requests.length = 0;
  };

  it('unmanaged live lists and drift: neither the name nor the terms of a list kept out of git (even when a file claims its id), nor a live edit', async () => {
    await liveEdit();
    openPr({ 'keywords/doxx-shield.yaml': listYaml('doxx-shield', ['x']), 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    await stageTwo().run;
    const body = ownComment();
    expect(body).not.toMatch(/Jane Roe|secret-evasion|emergency-term/);
    // Only the PR's own file, against the base commit (which has no such list): a create of one term.
    expect(body).toMatch(/\| `doxx-shield` \| create \| 1 \| 0 \|/);
    expect(body).not.toMatch(/unmanaged|drift|revision/i);
  });

  it('a member\'s plan does name the unmanaged list and show the live edit (the contrast)', async () => {
    await liveEdit();
    openPr({ 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) }, 'MEMBER');
    await stageTwo().run;
    expect(ownComment()).toContain('doxx-shield');
    expect(ownComment()).toContain('emergency-term');
  });

  it('a maintainer\'s approving review of the head releases it (release by commit; the timeline attacks are in release-by-commit.test.ts)', async () => {
    openPr({ 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) }, 'CONTRIBUTOR');
    gh.permissions.set('maintainer', 'write');
    gh.review(7, { login: 'maintainer', type: 'User' }, 'APPROVED', headSha);
    await stageTwo().run;
    expect(ownComment()).toContain('#### Impact preview');
    expect(ownComment()).toContain(`released for \`${headSha.slice(0, 7)}\` only, by \`maintainer\`'s approving review of that commit`);
    expect(gh.checkRuns.at(-1)!.conclusion).toBe('success');
  });
});

describe('a trusted PR\'s preview never singles out a message (k-anonymity)', () => {
  it('counts under pullRequests.minMessageCount show as <k, and no term caught by fewer messages is named', async () => {
    repo.git('checkout', '-q', 'main');
    repo.write('keywords/kwsync.yaml', config('pullRequests:\n  minMessageCount: 1000\n'));
    baseSha = repo.commit();
    repo.git('checkout', '-q', 'feature');
    repo.git('reset', '-q', '--hard', 'main');
    openPr({ 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) }, 'OWNER');
    await stageTwo().run;
    const section = ownComment().slice(ownComment().indexOf('#### Impact preview'));
    const row = /\| `blocklist` \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]*) \|/.exec(section);
    expect(row).not.toBeNull();
    expect(row![1]!.trim()).toBe('<1000');
    expect(row![4]!.trim()).toBe('');
    expect(section).not.toMatch(/`darn` \(\d+\)/);
  });
});

describe('the lists are read from git at the verified head, never from the artifact', () => {
  it('an artifact of the base\'s lists (the PR edited stage one) cannot hide a head that guts a list', async () => {
    openPr({ 'keywords/blocklist.yaml': listYaml('blocklist', ['word0', 'word1']) }, 'COLLABORATOR');
    // What a PR that rewrote the plan workflow would upload: the base's untouched lists.
    writeFileSync(join(artifactDir, BUNDLE_FILE), JSON.stringify({ formatVersion: 1, dir: 'keywords', files: [{ path: 'blocklist.yaml', content: listYaml('blocklist', TWELVE) }, { path: 'kwsync.yaml', content: config() }] }));
    const result = await stageTwo().run;
    expect(result.failed).toBe(true);
    expect(ownComment()).toMatch(/`blocklist` \| update \| \+0 −10/);
    expect(gh.checkRuns).toEqual([expect.objectContaining({ head_sha: headSha, conclusion: 'failure' })]);
    expect(gh.checkRuns[0]!.annotations.map((a: any) => a.title)).toEqual([expect.stringContaining('apply-unsafe-change')]);
  });
});

describe('the PR does not decide its own guard', () => {
  const gut = () => ({ 'keywords/blocklist.yaml': listYaml('blocklist', ['word0', 'word1']), 'keywords/kwsync.yaml': config('safety:\n  maxRemovedShare: 1\n') });

  it('raising maxRemovedShare to 1 in the same PR: the base\'s 0.3 still applies, and a CAUTION line says so', async () => {
    openPr(gut(), 'MEMBER');
    const result = await stageTwo().run;
    expect(result.failed).toBe(true);
    expect(gh.checkRuns[0]).toMatchObject({ conclusion: 'failure' });
    const body = ownComment();
    expect(body).toContain('> [!CAUTION]');
    expect(body).toContain('safety.maxRemovedShare 0.3 → 1');
    expect(body).toContain('Apply after merge would refuse or fail');
  });

  it('pointing a target at another server: the plan connects as the default branch says, and a CAUTION names the change', async () => {
    openPr({ 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE), 'keywords/kwsync.yaml': config('targets:\n  - name: prod\n    baseUrl: https://attacker.example/v3\n') }, 'MEMBER');
    await stageTwo().run;
    const body = ownComment();
    expect(body).toContain('**This change edits where targets connect**');
    expect(body).toContain('target `prod` added (appId (none), region (none), baseUrl `https://attacker.example/v3`, apiKeyEnv (none), environment (none))');
    // Planned live against the emulator (the default branch's connection), not the PR's server.
    expect(body).toContain('(against the live app)');
  });

  it('an outsider\'s counts-only comment carries the CAUTION line too', async () => {
    openPr(gut());
    await stageTwo().run;
    expect(ownComment()).toContain('safety.maxRemovedShare 0.3 → 1');
  });

  it('raising limits.maxTermLength: terms over the base\'s limit are still errors', async () => {
    openPr({ 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'y'.repeat(150)]), 'keywords/kwsync.yaml': config('limits:\n  maxTermLength: 1000\n') }, 'MEMBER');
    const result = await stageTwo().run;
    expect(result.failed).toBe(true);
    expect(gh.checkRuns[0]!.annotations.some((a: any) => a.annotation_level === 'failure' && a.path === 'keywords/blocklist.yaml')).toBe(true);
  });

  it('apply after merge uses the stricter of before and after the push: refused, with CAUTION in the summary', async () => {
    openPr(gut(), 'MEMBER');
    repo.git('merge', '-q', '--ff-only', 'feature');
    gh.branches.set('main', headSha);
    const h = harness(repo, gh, emu);
    const result = await runAction({ inputs: inputs('apply'), context: context(repo, { sha: headSha, event: { before: baseSha } }), deps: h.deps });
    expect(result.failed).toBe(true);
    expect(result.message).toContain('refused');
    expect(h.summaries.join('\n')).toContain('safety.maxRemovedShare 0.3 → 1');
    expect((await keywords().getKeywordList('blocklist'))!.searchTerms).toHaveLength(12);
    // Run workflow by a maintainer (no `before`): the merged values apply as written.
    const again = await runAction({ inputs: inputs('apply'), context: context(repo, { sha: headSha, event: {} }), deps: harness(repo, gh, emu).deps });
    expect(again.failed).toBe(false);
    expect((await keywords().getKeywordList('blocklist'))!.searchTerms).toEqual(['word0', 'word1']);
  });
});

describe('the keyed job cannot be made to burn its timeout', () => {
  it("the PR's files are validated under one deadline and heap cap (the bounded budget of src/validate/untrusted.ts)", async () => {
    openPr({ 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) }, 'MEMBER');
    // The harness alone: stageTwo() would also start a run nobody awaits, which could post into the next test.
    const h = harness(repo, gh, emu);
    const budgets: { cwd: string; deadline: number | undefined; maxHeapMb: number | undefined }[] = [];
    const real = h.deps.validateRepo;
    h.deps.validateRepo = (opts) => {
      budgets.push({ cwd: opts.cwd, deadline: opts.budget?.deadline, maxHeapMb: opts.budget?.maxHeapMb });
      return real(opts);
    };
    const started = Date.now();
    const ctx = context(repo, { eventName: 'workflow_run', sha: baseSha, event: runEvent() });
    await runAction({ inputs: inputs('plan-live', { artifactDir }), context: ctx, deps: h.deps });
    const elapsed = Date.now() - started;
    const pr = budgets[0]!;
    expect(Number.isFinite(pr.deadline)).toBe(true);
    // The deadline was set during this run, at most the untrusted bound past its start.
    expect(pr.deadline! - started).toBeLessThanOrEqual(120_000 + elapsed);
    expect(pr.maxHeapMb).toBeGreaterThan(0);
    expect(ownComment()).toContain('blocklist');
  });
});

describe('defence in depth', () => {
  it('two PRs with the same head each get their plan, and the one check on that commit names both', async () => {
    repo.git('branch', 'release', baseSha);
    openPr({ 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) }, 'MEMBER');
    gh.pulls.push(pull(8, 'MEMBER', { base: { sha: baseSha, ref: 'release', repo: { full_name: 'acme/lists' } } }));
    await stageTwo().run;
    expect(ownComment(7)).toMatch(/`blocklist` \| update \| \+1 −0/);
    expect(ownComment(8)).toMatch(/`blocklist` \| update \| \+1 −0/);
    expect(gh.checkRuns).toHaveLength(1);
    expect(gh.checkRuns[0]!.output.summary).toMatch(/#7 \(into `main`\)[\s\S]*#8 \(into `release`\)/);
  });

  it('another bot\'s comment with kwsync\'s marker is not taken for kwsync\'s: left as is, kwsync posts its own', async () => {
    openPr({ 'keywords/blocklist.yaml': listYaml('blocklist', ['word0', 'word1']) }, 'MEMBER');
    const forged = gh.seedComment(7, `${planMarker('default')}\n### kwsync plan\n**Safe to merge**: no list changes.`, OTHER_BOT);
    await stageTwo().run;
    expect(gh.comments.find((c) => c.id === forged.id)!.body).toContain('Safe to merge');
    expect(ownComment()).toContain('−10');
    expect(gh.writes().filter((w) => w.method === 'PATCH' && w.path.endsWith(`/comments/${forged.id}`))).toEqual([]);
  });

  it.each([
    ['a run awaiting a maintainer\'s approval (action_required)', { conclusion: 'action_required' }],
    ['a run still in progress', { status: 'in_progress', conclusion: null }],
    ['a PR\'s own workflow named like the plan workflow', { path: '.github/workflows/kwsync-plan-evil.yml' }],
  ])('%s: nothing is read or posted, the app is never called', async (_name, extra) => {
    openPr({ 'keywords/blocklist.yaml': listYaml('blocklist', ['word0', 'word1']) }, 'MEMBER');
    const { h, run } = stageTwo(runEvent(extra));
    expect(await run).toMatchObject({ failed: false, hasChanges: false });
    expect(gh.requests).toEqual([]);
    expect(emu.requests).toEqual([]);
    expect(h.summaries.join('\n')).toContain('Nothing was posted');
  });

  it('the API key leaves process.env before any file is parsed: a child process cannot see it', () => {
    const fakeEnv: NodeJS.ProcessEnv = { ...process.env, COMETCHAT_API_KEY: 'k-secret-123' };
    const env = takeApiKey(fakeEnv);
    expect(env.COMETCHAT_API_KEY).toBe('k-secret-123');
    expect('COMETCHAT_API_KEY' in fakeEnv).toBe(false);
    expect(execFileSync('env', [], { env: fakeEnv }).toString()).not.toContain('k-secret-123');
  });

  it('per-target keys named like COMETCHAT_API_KEY_<TARGET> leave process.env too; other variables stay', () => {
    const fakeEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, COMETCHAT_API_KEY_STAGING: 'k-stage-456', COMETCHAT_APP_ID: 'app' };
    const env = takeApiKey(fakeEnv);
    expect(env.COMETCHAT_API_KEY_STAGING).toBe('k-stage-456');
    expect(Object.keys(fakeEnv).sort()).toEqual(['COMETCHAT_APP_ID', 'PATH']);
  });
});
