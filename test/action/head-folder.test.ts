// Issue 27 item 7: the PR head's folder is read ONCE per stage-two run. The targets job verifies the
// run's PRs and reads the head through the API; every target's plan job takes that read (an
// artifact) only when its bytes hash to the targets job's digest and it names the run's head, and
// otherwise reads through the API as before. Requests are counted at the fake GitHub; plans are
// real (the emulator over HTTP). Invariants: (1) with a good handover no plan job reads a git
// object or a pull request, and its section is the one the API read gives; (2) any other bytes or
// head are refused before parsing, and the plan is the honest head's.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { HEAD_FILE, HeadRefused, readHeadFile, sha256, writeHeadFile } from '../../src/action/head-folder.js';
import { readSectionFiles, SECTIONS_FOLDER } from '../../src/action/plan-sections.js';
import { runAction } from '../../src/action/run-action.js';
import { type FakePull, type RecordedRequest } from '../github/fake-github.js';
import { commitBlocklist, commitOn, context, createLive, harness, inputs, listYaml, stageTwoWorldPerTest } from './action-harness.js';

const CONFIG = 'targets:\n  - name: staging\n  - name: prod\n';
const { gh, w } = stageTwoWorldPerTest();
let baseSha: string;
let headSha: string;
let event: object;

beforeEach(async () => {
  gh.permissions.set('alice', 'write'); // a trusted author has write access (red team R-M11)
  baseSha = commitBlocklist(w, ['spam'], { 'keywords/kwsync.yaml': CONFIG });
  headSha = commitOn(w.repo, 'feature', baseSha, { 'keywords/blocklist.yaml': listYaml('blocklist', ['spam', 'scam']), 'keywords/fresh.yaml': listYaml('fresh', ['rizz']) });
  gh.pulls.push(pull(3, 'main'));
  // The base is live: the PR's plan is an update and a create, nothing apply would refuse.
  await createLive(w, 'blocklist', ['spam']);
  event = {
    workflow_run: {
      id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', created_at: '2025-01-01T00:00:00Z',
      head_sha: headSha, head_branch: 'feature', head_repository: { full_name: 'acme/lists', owner: { login: 'acme' } }, pull_requests: [],
    },
  };
});

function pull(number: number, baseRef: string): FakePull {
  return {
    number, state: 'open', user: { login: 'alice', type: 'User' }, author_association: 'MEMBER', labels: [],
    head: { sha: headSha, ref: 'feature', repo: { full_name: 'acme/lists', owner: { login: 'acme' } } }, base: { sha: baseSha, ref: baseRef, repo: { full_name: 'acme/lists' } },
  };
}

// One workflow run: its targets job and plan jobs share the run (and its link), as on GitHub.
const RUN_URL = 'https://github.com/acme/lists/actions/runs/7100001';
const runContext = () => context(w.repo, { eventName: 'workflow_run', sha: baseSha, event, runUrl: RUN_URL });
const git = (rs: RecordedRequest[]) => rs.filter((r) => r.path.includes('/git/'));
const pulls = (rs: RecordedRequest[]) => rs.filter((r) => /\/pulls(\/|$)/.test(r.path));

/** The targets job: its outputs (artifact-dir, head-digest) and the requests it made. */
async function targetsJob() {
  gh.requests = [];
  const h = harness(w.repo, gh, undefined);
  const result = await runAction({ inputs: inputs('targets'), context: runContext(), deps: h.deps });
  expect(result).toMatchObject({ failed: false, targets: ['staging', 'prod'] });
  return { artifactDir: result.artifactDir!, digest: result.headDigest!, requests: [...gh.requests] };
}

/** One target's plan job, given what the workflow passes it (the downloaded artifact's copy and the digest). */
async function planJob(target: string, handed?: { artifactDir: string; digest: string }) {
  gh.requests = [];
  const h = harness(w.repo, gh, w.emu);
  let download: string | undefined;
  if (handed) {
    // actions/download-artifact into the job's own RUNNER_TEMP.
    download = join(h.deps.tempDir, 'kwsync-head');
    cpSync(handed.artifactDir, download, { recursive: true });
  }
  const result = await runAction({ inputs: inputs('plan-live', { target, ...(download ? { artifactDir: download, headDigest: handed!.digest } : {}) }), context: runContext(), deps: h.deps });
  const { sections } = await readSectionFiles(join(h.deps.tempDir, SECTIONS_FOLDER));
  return { result, warnings: h.warnings, requests: [...gh.requests], sections: sections.map((s) => ({ pr: s.pr, target: s.target, summary: s.summary, details: s.details })) };
}

describe('one read of the head per run', () => {
  it('the targets job reads the head once; the plan jobs read no git object and no pull request, and plan what the API read gives', async () => {
    const run = await targetsJob();
    expect(run.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(readFileSync(join(run.artifactDir, HEAD_FILE)))).toBe(run.digest);
    // commit, the keywords tree (recursive) via the root tree, and the two blobs the PR changed or added (no checkout objects here: all through the API).
    expect(git(run.requests).filter((r) => r.path.includes('/git/blobs/'))).toHaveLength(3);
    expect(pulls(run.requests).length).toBeGreaterThan(0);
    const handed = [];
    for (const target of ['staging', 'prod']) {
      const job = await planJob(target, run);
      expect({ target, failed: job.result.failed, message: job.result.message, warnings: job.warnings }).toEqual({ target, failed: false, message: undefined, warnings: [] });
      expect({ target, git: git(job.requests).length, pulls: pulls(job.requests).length }).toEqual({ target, git: 0, pulls: 0 });
      handed.push(job.sections);
    }
    // The same plan as each job reading the head itself (the way without a handover).
    for (const [i, target] of ['staging', 'prod'].entries()) {
      const own = await planJob(target);
      expect(git(own.requests).length).toBeGreaterThan(0);
      expect(handed[i]).toEqual(own.sections);
      expect(own.sections[0]!.details).toMatch(/`blocklist` \| update \| \+1 −0/);
      expect(own.sections[0]!.details).toMatch(/`fresh` \| create/);
    }
  });

  it('PRs sharing a head are verified once per run: each target plans both from the handover, with no pull request read', async () => {
    gh.pulls.push(pull(4, 'release'));
    const run = await targetsJob();
    // The targets job: one list of the head branch, one get per PR.
    expect(pulls(run.requests).map((r) => r.path).sort()).toEqual(['/repos/acme/lists/pulls', '/repos/acme/lists/pulls/3', '/repos/acme/lists/pulls/4']);
    for (const target of ['staging', 'prod']) {
      const job = await planJob(target, run);
      expect({ target, pulls: pulls(job.requests).length, git: git(job.requests).length }).toEqual({ target, pulls: 0, git: 0 });
      expect(job.sections.map((s) => s.pr).sort()).toEqual([3, 4]);
    }
  });
});

describe('when the targets job cannot read the head', () => {
  it('it still gives the targets (no handover, a warning), and each plan job reads and plans the head itself', async () => {
    gh.faultsFor.push({ status: 500, message: 'boom', path: /\/git\/commits\//, count: 10 });
    const h = harness(w.repo, gh, undefined);
    const result = await runAction({ inputs: inputs('targets'), context: runContext(), deps: h.deps });
    expect(result).toMatchObject({ failed: false, targets: ['staging', 'prod'] });
    expect(result.headDigest).toBeUndefined();
    expect(h.warnings.join('\n')).toMatch(/no head folder handed over \(each plan job reads it itself\)/);
    gh.faultsFor = [];
    const job = await planJob('staging');
    expect(job.result.failed).toBe(false);
    expect(job.sections[0]!.details).toMatch(/`blocklist` \| update \| \+1 −0/);
  });

  it('a push event (the apply workflow\'s targets job) hands nothing over and reads nothing of a PR', async () => {
    gh.requests = [];
    const h = harness(w.repo, gh, undefined);
    const result = await runAction({ inputs: inputs('targets'), context: context(w.repo, { sha: baseSha }), deps: h.deps });
    expect(result).toMatchObject({ failed: false, targets: ['staging', 'prod'] });
    expect(result.headDigest).toBeUndefined();
    expect(gh.requests).toEqual([]);
  });
});

describe('a tampered handover is refused and the job reads the head itself', () => {
  async function expectFallback(handed: { artifactDir: string; digest: string }, why: RegExp) {
    const honest = await planJob('staging');
    const job = await planJob('staging', handed);
    expect(job.warnings.join('\n')).toMatch(/head folder handed over by the targets job is refused/);
    expect(job.warnings.join('\n')).toMatch(why);
    // The fallback: the head read through the API, and the honest head's plan.
    expect(git(job.requests).length).toBeGreaterThan(0);
    expect(job.result.failed).toBe(false);
    expect(job.sections).toEqual(honest.sections);
    expect(JSON.stringify(job.sections)).not.toContain('evil');
  }

  it('refuses content that does not hash to the digest', async () => {
    const run = await targetsJob();
    const file = join(run.artifactDir, HEAD_FILE);
    const h = JSON.parse(readFileSync(file, 'utf8'));
    h.files = h.files.map((f: { path: string; content: string }) => ({ ...f, content: Buffer.from(Buffer.from(f.content, 'base64').toString('utf8').replace('scam', 'evil')).toString('base64') }));
    writeFileSync(file, JSON.stringify(h));
    await expectFallback(run, /does not match the digest/);
  });

  it('refuses a handover for another head, even with its own digest', async () => {
    w.repo.git('checkout', '-q', 'feature');
    w.repo.write('keywords/blocklist.yaml', listYaml('blocklist', ['spam', 'evil']));
    const other = w.repo.commit();
    w.repo.git('checkout', '-q', 'main');
    const out = mkdtempSync(join(tmpdir(), 'kwsync-other-head-'));
    try {
      const digest = await writeHeadFile(out, 'keywords', {
        headSha: other,
        prs: [{ pr: { number: 3, headSha: other, baseSha, baseRef: 'main', fromFork: false, headRepo: 'acme/lists', headOwner: 'acme', author: 'alice', authorAssociation: 'MEMBER', labels: [] } }],
        folder: { exists: true, local: 0, files: [{ path: 'kwsync.yaml', content: Buffer.from(CONFIG) }, { path: 'blocklist.yaml', content: Buffer.from(listYaml('blocklist', ['spam', 'evil'])) }] },
      });
      await expectFallback({ artifactDir: out, digest }, /not the run's head/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('refuses stage one\'s bundle put in its place, and a digest that is not a sha256', async () => {
    const out = mkdtempSync(join(tmpdir(), 'kwsync-stage-one-'));
    try {
      writeFileSync(join(out, 'kwsync-pr.json'), JSON.stringify({ formatVersion: 1, dir: 'keywords', files: [{ path: 'blocklist.yaml', content: listYaml('blocklist', ['evil']) }] }));
      await expectFallback({ artifactDir: out, digest: sha256(readFileSync(join(out, 'kwsync-pr.json'))) }, /holds more than kwsync-head\.json/);
      await expectFallback({ artifactDir: out, digest: 'not-a-digest' }, /not a sha256/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('the handover file (property)', () => {
  const segment = fc.stringMatching(/^[a-z0-9_-]{1,8}$/);
  const filesArb = fc.uniqueArray(fc.record({ path: fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => `${s.join('/')}.yaml`), content: fc.uint8Array({ maxLength: 64 }) }), { selector: (f) => f.path, maxLength: 6 });
  const sha = fc.stringMatching(/^[0-9a-f]{40}$/);
  const prOf = (headSha: string) => ({ pr: { number: 1, headSha, baseSha: 'b'.repeat(40), baseRef: 'main', fromFork: false, headRepo: 'acme/lists', headOwner: 'acme', author: 'a', authorAssociation: 'MEMBER', labels: [] } });

  it('round-trips every file set; any changed byte, other head or other folder is refused', async () => {
    await fc.assert(
      fc.asyncProperty(filesArb, sha, sha, fc.nat(), fc.integer({ min: 1, max: 255 }), async (files, head, other, at, flip) => {
        const out = mkdtempSync(join(tmpdir(), 'kwsync-head-prop-'));
        try {
          const folder = { exists: true, local: 0, files: files.map((f) => ({ path: f.path, content: Buffer.from(f.content) })) };
          const digest = await writeHeadFile(out, 'keywords', { headSha: head, prs: [prOf(head)], folder });
          const back = await readHeadFile({ artifactDir: out, digest, headSha: head, dir: 'keywords' });
          expect(back.folder.files).toEqual(folder.files);
          if (other !== head) await expect(readHeadFile({ artifactDir: out, digest, headSha: other, dir: 'keywords' })).rejects.toThrow(HeadRefused);
          await expect(readHeadFile({ artifactDir: out, digest, headSha: head, dir: 'lists' })).rejects.toThrow(HeadRefused);
          const bytes = readFileSync(join(out, HEAD_FILE));
          const i = at % bytes.length;
          bytes[i] = bytes[i]! ^ flip;
          writeFileSync(join(out, HEAD_FILE), bytes);
          await expect(readHeadFile({ artifactDir: out, digest, headSha: head, dir: 'keywords' })).rejects.toThrow(/does not match the digest/);
        } finally {
          rmSync(out, { recursive: true, force: true });
        }
      }),
      { numRuns: 100, seed: 27007 },
    );
  });

  it('refuses a path leaving the folder even when the digest matches (the file is data, re-checked)', async () => {
    const out = mkdtempSync(join(tmpdir(), 'kwsync-head-path-'));
    try {
      const head = 'a'.repeat(40);
      for (const path of ['../escape.yaml', '/abs.yaml', 'a/./b.yaml', 'x\nbad.yaml']) {
        const digest = await writeHeadFile(out, 'keywords', { headSha: head, prs: [prOf(head)], folder: { exists: true, local: 0, files: [{ path, content: Buffer.from('x') }] } });
        await expect(readHeadFile({ artifactDir: out, digest, headSha: head, dir: 'keywords' })).rejects.toThrow(HeadRefused);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
