// Issue 27 item 9, red team: attacks an outsider (a fork's pull request) would try on stage two,
// designed from docs/security.md and the workflows, each performed through runAction with the fake
// GitHub (Git Database API over a real repository, reviews, permissions) and the emulator over
// HTTP. "Held" shows as: no impact preview, no request to the app, the check saying why.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAction } from '../../src/action/run-action.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { planComment } from '../github/plan-comment.js';
import { type FakePull } from '../github/fake-github.js';
import { assertInert } from '../github/markdown-oracle.js';
import { commitOn as commitOnFrom, context, harness, inputs, listYaml, seedPreviewBase, stageTwoWorldPerTest, TempRepo, TWELVE, runLinks, STAGE_TWO_RUN } from './action-harness.js';

const PLAN_WORKFLOW = '.github/workflows/kwsync-plan.yml';
const RUN = STAGE_TWO_RUN;

const { gh, w } = stageTwoWorldPerTest();
let emu: RunningEmulator;
let repo: TempRepo;
let artifactDir: string;
let baseSha: string;

beforeEach(async () => {
  ({ emu, repo, artifactDir } = w);
  baseSha = await seedPreviewBase(w, { 'doxx-shield': ['Jane Roe 221B'] });
  gh.permissions.set('maintainer', 'write');
});

/** A commit on `branch` off the base with `files` (and `extra` git work); the checkout goes back to main. */
const commitOn = (branch: string, files: Record<string, string>, extra?: (dir: string) => void) => commitOnFrom(repo, branch, baseSha, files, extra);
function pr(number: number, head: string, extra: Partial<FakePull> = {}): FakePull {
  return {
    number, state: 'open', user: { login: 'mallory', type: 'User' }, author_association: 'CONTRIBUTOR', labels: [],
    head: { sha: head, ref: 'feature', repo: { full_name: 'mallory/lists', owner: { login: 'mallory' } } }, base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } }, ...extra,
  };
}
const runEvent = (head: string, extra: object = {}) => ({
  workflow_run: {
    id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: PLAN_WORKFLOW, created_at: '2025-01-01T00:00:00Z',
    head_sha: head, head_branch: 'feature', head_repository: { full_name: 'mallory/lists', owner: { login: 'mallory' } }, pull_requests: [], ...extra,
  },
});
async function stageTwo(head: string, eventExtra: object = {}) {
  const h = harness(repo, gh, emu);
  const result = await runAction({ inputs: inputs('plan-live', { artifactDir }), context: context(repo, { eventName: 'workflow_run', sha: baseSha, event: runEvent(head, eventExtra) }), deps: h.deps });
  return { result, summary: h.summaries.join('\n'), h };
}
const comment = (n = 7) => planComment(gh, n)?.body ?? '';
const released = (body: string) => body.includes('#### Impact preview');
const messageReads = () => emu.requests.filter((r) => r.path.includes('/messages'));

describe('red team, outsider: the release', () => {
  it('R-O1 the author approves their own head (even holding write): nothing is released', async () => {
    const B = commitOn('feature', { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    gh.pulls = [pr(7, B)];
    gh.permissions.set('mallory', 'write');
    gh.review(7, { login: 'mallory', type: 'User' }, 'APPROVED', B, 'CONTRIBUTOR');
    await stageTwo(B);
    expect(released(comment())).toBe(false);
    expect(emu.requests).toEqual([]);
  });

  it('R-O2 a replayed run of the approved A\' after the head moved to B: nothing planned for B, nothing read', async () => {
    const A = commitOn('feature', { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    const B = commitOn('feature', { 'keywords/code.yaml': 'id: code\nname: code\ncategory: pattern\nsearchTerms: ["\\\\b1[0-9]{5}\\\\b"]\n' });
    gh.review(7, { login: 'maintainer', type: 'User' }, 'APPROVED', A);
    gh.pulls = [pr(7, B)];
    await stageTwo(A);
    expect(released(comment())).toBe(false);
    expect(comment()).not.toContain('code');
    expect(messageReads()).toEqual([]);
  });

  it('R-O3 a second PR from the approved head into another base: the approval on #7 does not release #8 (it was given on #7)', async () => {
    repo.git('branch', 'release', baseSha);
    const A = commitOn('feature', { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    gh.pulls = [pr(7, A), pr(8, A, { base: { sha: baseSha, ref: 'release', repo: { full_name: 'acme/lists' } } })];
    gh.review(7, { login: 'maintainer', type: 'User' }, 'APPROVED', A);
    await stageTwo(A);
    expect(released(comment(7))).toBe(true);
    expect(released(comment(8))).toBe(false);
  });

  it('R-O5 a run GitHub holds for approval (action_required), one still in progress, and one of a renamed workflow: nothing is read or posted', async () => {
    const B = commitOn('feature', { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    gh.pulls = [pr(7, B, { author_association: 'MEMBER' })];
    for (const extra of [{ conclusion: 'action_required' }, { status: 'in_progress', conclusion: null }, { path: '.github/workflows/kwsync-plan-copy.yml' }]) {
      await stageTwo(B, extra);
    }
    // A run of another event (pull_request_target, push) carrying the head: the job fails, saying why.
    await expect(stageTwo(B, { event: 'pull_request_target' })).rejects.toThrow('not pull_request');
    expect(gh.comments).toEqual([]);
    expect(gh.checkRuns).toEqual([]);
    expect(emu.requests).toEqual([]);
  });

  it('R-O6 the PR\'s own kwsync.yaml names its own workflow as planWorkflow, sets minMessageCount 1 and a release label: ignored', async () => {
    const B = commitOn('feature', {
      'keywords/kwsync.yaml': 'preview:\n  groups: [cometchat-guid-2]\n  messages: 100\npullRequests:\n  planWorkflow: .github/workflows/evil.yml\n  minMessageCount: 1\n  trustLabel: help-wanted\n',
      'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']),
    });
    gh.pulls = [pr(7, B, { labels: [{ name: 'help-wanted' }] })];
    gh.label(7, 'help-wanted', '2030-01-01T00:00:00Z', { login: 'maintainer', type: 'User' });
    await stageTwo(B, { path: '.github/workflows/evil.yml' });
    expect(gh.comments).toEqual([]);
    await stageTwo(B);
    expect(released(comment())).toBe(false);
    expect(emu.requests).toEqual([]);
  });
});

describe('red team, a member of the organisation with read access only', () => {
  // PARTLY (medium, by the documented design): trust for the author is author_association, so any
  // org MEMBER (or a COLLABORATOR with read or triage only) gets the live plan and the impact
  // preview for a PR from their own fork, while releasing another's PR asks GitHub for write.
  // Suggested: ask the permission endpoint for the author too (write/maintain/admin), as for reviewers.
  it('R-M11 a MEMBER whose permission on this repository is read, from their own fork: withheld like an outsider', async () => {
    const B = commitOn('feature', { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    gh.permissions.set('reader', 'read');
    gh.pulls = [pr(7, B, { user: { login: 'reader', type: 'User' }, author_association: 'MEMBER', head: { sha: B, ref: 'feature', repo: { full_name: 'reader/lists', owner: { login: 'reader' } } } })];
    await stageTwo(B, { head_repository: { full_name: 'reader/lists', owner: { login: 'reader' } } });
    expect(comment()).toContain('blocklist');
    expect(released(comment())).toBe(false);
    expect(messageReads()).toEqual([]);
  });
});

describe('red team, outsider: the files as data', () => {
  it('R-O7 a list file that is a symbolic link to a system file: refused, its target never read or shown', async () => {
    const B = commitOn('feature', {}, (dir) => symlinkSync('/etc/passwd', join(dir, 'keywords/evil.yaml')));
    gh.pulls = [pr(7, B)];
    await stageTwo(B);
    expect(gh.checkRuns.at(-1)!.conclusion).toBe('failure');
    expect(JSON.stringify(gh.checkRuns) + comment()).not.toMatch(/root:|\/bin\/(ba)?sh/);
    expect(emu.requests).toEqual([]);
  });

  it('R-O8 the keywords folder itself replaced by a link out of the repository: refused', async () => {
    const B = commitOn('feature', {}, (dir) => {
      rmSync(join(dir, 'keywords'), { recursive: true });
      symlinkSync('/etc', join(dir, 'keywords'));
    });
    gh.pulls = [pr(7, B)];
    await stageTwo(B);
    expect(gh.checkRuns.at(-1)!.conclusion).toBe('failure');
    expect(JSON.stringify(gh.checkRuns) + comment()).not.toMatch(/root:|passwd/);
    expect(emu.requests).toEqual([]);
  });

  // Reported as PARTLY (low): "skipped silently". The commit held no submodule: `git add -A` in
  // TempRepo.commit drops a gitlink whose folder is missing. With the folder present (as a checkout
  // of a submodule has it) the tree lists mode 160000 and stage two refuses it, as documented.
  it('R-O9 a submodule (gitlink) inside the keywords folder: refused', async () => {
    const B = commitOn('feature', {}, (dir) => {
      mkdirSync(join(dir, 'keywords/sub'));
      execFileSync('git', ['update-index', '--add', '--cacheinfo', `160000,${baseSha},keywords/sub`], { cwd: dir });
    });
    expect(repo.git('ls-tree', '-r', B, 'keywords/sub')).toMatch(/^160000 commit /);
    gh.pulls = [pr(7, B)];
    await stageTwo(B);
    expect(gh.checkRuns.at(-1)!.conclusion).toBe('failure');
    expect(JSON.stringify(gh.checkRuns.at(-1)!.output)).toContain('is a submodule');
    expect(emu.requests).toEqual([]);
  });

  it('R-O10 file names carrying a line break, markdown and a mention: refused or inert wherever they render', async () => {
    const B = commitOn('feature', {
      'keywords/a\nb.yaml': listYaml('ab', ['x']),
      'keywords/[x](https:evil.example) @org.yaml': listYaml('linky', ['x']),
    });
    gh.pulls = [pr(7, B)];
    await stageTwo(B);
    expect(gh.checkRuns.at(-1)!.conclusion).toBe('failure');
    assertInert(comment(), runLinks());
    assertInert(String(gh.checkRuns.at(-1)!.output.summary), runLinks());
  });

  it('R-O11 list names, descriptions and terms holding a fake banner, an image, HTML and mentions: inert in the counts-only comment and the check', async () => {
    const hostile = '![x](https://evil.example/p.png) <img src=x> **Approved: safe to merge** @org/team #1';
    const B = commitOn('feature', {
      'keywords/blocklist.yaml': `id: blocklist\nname: ${JSON.stringify(hostile)}\ndescription: ${JSON.stringify(hostile)}\ncategory: word\nsearchTerms: [${[...TWELVE, JSON.stringify('www.evil.example')].join(', ')}]\n`,
    });
    gh.pulls = [pr(7, B)];
    await stageTwo(B);
    expect(comment()).toContain('blocklist');
    assertInert(comment(), runLinks());
    assertInert(String(gh.checkRuns.at(-1)!.output.summary), runLinks());
  });

  it('R-O18 workflow commands in a PR\'s terms, ids and file contents (a line break then ::set-output, ::stop-commands): no line of the job log starts a command', async () => {
    const inject = '\n::set-output name=targets::["evil"]\n::stop-commands::x\n::error::fake\n';
    const B = commitOn('feature', {
      'keywords/blocklist.yaml': `id: blocklist\nname: blocklist\ncategory: word\nsearchTerms: [${[...TWELVE, JSON.stringify(`dar${inject}n`)].join(', ')}]\n`,
      'keywords/cmd.yaml': `id: ${JSON.stringify(`cmd${inject}`)}\nname: cmd\ncategory: word\nsearchTerms: [a]\n`,
      'keywords/raw.csv': `term\n${inject.trim()}\n`,
    });
    gh.pulls = [pr(7, B)];
    const h = harness(repo, gh, emu);
    const lines: string[] = [];
    h.deps.log = { ...h.deps.log, info: (m) => void lines.push(m) };
    await runAction({ inputs: inputs('plan-live', { artifactDir }), context: context(repo, { eventName: 'workflow_run', sha: baseSha, event: runEvent(B) }), deps: h.deps });
    expect(lines.length).toBeGreaterThan(0);
    // core.info writes the message as it is; core.warning and annotations escape their own.
    expect(lines.join('\n').split(/\r?\n|\r/).filter((l) => l.trimStart().startsWith('::'))).toEqual([]);
  });

  it('R-O19 a head branch named with markdown and a mention: inert in the comment and the check', async () => {
    const B = commitOn('feature', { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    gh.pulls = [pr(7, B, { head: { sha: B, ref: 'x/@org/team-#1-<img>-www.evil.example', repo: { full_name: 'mallory/lists', owner: { login: 'mallory' } } } })];
    await stageTwo(B, { head_branch: 'x/@org/team-#1-<img>-www.evil.example' });
    expect(comment()).toContain('blocklist');
    assertInert(comment(), runLinks());
    assertInert(String(gh.checkRuns.at(-1)!.output.summary), runLinks());
  });

  it('R-O12 a YAML alias bomb: a located error, nothing planned or read', async () => {
    const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(',')}]`)].join('\n');
    const B = commitOn('feature', { 'keywords/bomb.yaml': `id: bomb\nname: bomb\ncategory: word\n${bomb}\nsearchTerms: *i\n` });
    gh.pulls = [pr(7, B)];
    await stageTwo(B);
    expect(gh.checkRuns.at(-1)!.conclusion).toBe('failure');
    expect(JSON.stringify(gh.checkRuns.at(-1)!.annotations)).toContain('bomb.yaml');
    expect(emu.requests).toEqual([]);
  });

  it('R-O13 regex DoS: nested small repeats, and a catastrophic pattern with accept: silencing the rule, from an outsider: no message is ever matched', async () => {
    const B = commitOn('feature', {
      'keywords/redos.yaml': 'id: redos\nname: redos\ncategory: pattern\nsearchTerms: ["(?:(?:(?:a?){9}){9}){9}\\\\d"]\n',
      'keywords/accepted.yaml': 'id: accepted\nname: accepted\ncategory: pattern\naccept: [regex-backtracking]\nsearchTerms: ["(a+)+$"]\n',
    });
    gh.pulls = [pr(7, B)];
    await stageTwo(B);
    expect(gh.checkRuns.at(-1)!.conclusion).toBe('failure');
    expect(JSON.stringify(gh.checkRuns.at(-1)!.annotations)).toContain('redos.yaml');
    expect(messageReads()).toEqual([]);
  });

  it('R-O14 over 500 files: refused from the tree\'s sizes before any blob is fetched', async () => {
    const files = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`keywords/l${i}.yaml`, listYaml(`l${i}`, [`t${i}`])]));
    const { B, fork } = inFork(files);
    try {
      gh.pulls = [pr(7, B)];
      await stageTwo(B);
      expect(gh.checkRuns.at(-1)!.conclusion).toBe('failure');
      expect(gh.requests.filter((r) => r.path.includes('/git/blobs/'))).toEqual([]);
      expect(emu.requests).toEqual([]);
    } finally {
      rmSync(fork, { recursive: true, force: true });
    }
  });

  it('R-O15 one file over 32 MiB: refused from the tree\'s sizes before any blob is fetched', async () => {
    const { B, fork } = inFork({ 'keywords/huge.yaml': `id: huge\nname: huge\ncategory: word\nsearchTerms: [${'a'.repeat(33 * 1024 * 1024)}]\n` });
    try {
      gh.pulls = [pr(7, B)];
      await stageTwo(B);
      expect(gh.checkRuns.at(-1)!.conclusion).toBe('failure');
      expect(gh.requests.filter((r) => r.path.includes('/git/blobs/'))).toEqual([]);
    } finally {
      rmSync(fork, { recursive: true, force: true });
    }
  });
});

describe('red team, outsider: the model install', () => {
  it('R-O17 a sentence list from an outsider, even with a maintainer\'s approval of an older commit: the model is neither installed nor loaded', async () => {
    const sentences = 'id: scam\nname: scam\ncategory: sentence-similarity\nsearchTerms: ["send me the gift card codes please", "give me your bank login details"]\n';
    const A = commitOn('feature', { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    const B = commitOn('feature', { 'keywords/scam.yaml': sentences });
    gh.review(7, { login: 'maintainer', type: 'User' }, 'APPROVED', A);
    gh.pulls = [pr(7, B)];
    const h = harness(repo, gh, emu);
    let loads = 0;
    h.deps.loadEmbedder = async () => {
      loads += 1;
      throw new Error('the model must not be loaded for an outsider');
    };
    await runAction({ inputs: inputs('plan-live', { artifactDir }), context: context(repo, { eventName: 'workflow_run', sha: baseSha, event: runEvent(B) }), deps: h.deps });
    expect(loads).toBe(0);
    expect(comment()).toContain('`scam`');
    expect(released(comment())).toBe(false);
    expect(emu.requests).toEqual([]);
  });
});

/**
 * The PR's commit made in a clone (the fork) that the fake GitHub serves; the workspace (the
 * default branch's checkout) lacks its blobs, as on a runner, so stage two must fetch them.
 */
function inFork(files: Record<string, string>): { B: string; fork: string } {
  const fork = mkdtempSync(join(tmpdir(), 'kwsync-fork-'));
  execFileSync('git', ['clone', '-q', repo.dir, fork]);
  for (const [p, t] of Object.entries(files)) writeFileSync(join(fork, p), t);
  const g = (...a: string[]) => execFileSync('git', ['-c', 'user.email=m@example.com', '-c', 'user.name=m', ...a], { cwd: fork }).toString().trim();
  g('add', '-A');
  g('commit', '-q', '-m', 'pr');
  gh.gitDir = fork;
  return { B: g('rev-parse', 'HEAD'), fork };
}

describe('red team, outsider: the repository\'s GitHub budget', () => {
  // SUCCEEDED (medium): one blob read per changed file per PR per target; 300 files opened as 3 PRs
  // cost 906 reads for one target, so one push of 500 files into 2 bases with 2 targets spends
  // about 2,000 of GITHUB_TOKEN's 1,000 requests an hour (issue 27 item 7, not yet done).
  it('R-O16 one push of 300 small files, opened as 3 PRs (into 3 bases): the head\'s files are fetched once per run, not once per file and PR', async () => {
    repo.git('branch', 'release', baseSha);
    repo.git('branch', 'next', baseSha);
    const files = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`keywords/l${i}.yaml`, listYaml(`l${i}`, [`t${i}`])]));
    const { B, fork } = inFork(files);
    try {
      gh.pulls = ['main', 'release', 'next'].map((ref, i) => pr(7 + i, B, { base: { sha: baseSha, ref, repo: { full_name: 'acme/lists' } } }));
      await stageTwo(B);
      const total = gh.requests.length;
      const blobs = gh.requests.filter((r) => r.path.includes('/git/blobs/')).length;
      // Measured before item 7: 936 requests, 906 of them blob reads (one per file and PR), for one target.
      // Issue 27 item 7: one tree or tarball read per run; PRs sharing a head planned once.
      expect(blobs).toBeLessThanOrEqual(3);
      expect(total).toBeLessThan(60);
    } finally {
      rmSync(fork, { recursive: true, force: true });
    }
  }, 300_000);
});
