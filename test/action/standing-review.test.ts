// Issue 37 items 1 and 3 (findings "an approval that its author withdrew still releases" and "trust
// frozen in the handover"): an outside PR's live plan is released only by the reviewers' standing
// word on the head, decided in the plan job when it reads with the key. Each test runs stage two as
// the attacker would: the fake GitHub serves reviews and permissions in GitHub's shapes
// (test/github/github-reviews.openapi.yaml) and the emulator answers over HTTP; "released" shows as
// the impact preview and requests to the app, "withheld" as neither.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { runAction } from '../../src/action/run-action.js';
import { REVIEW_PAGES, REVIEWS_PER_PAGE } from '../../src/action/pr-trust.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { planComment } from '../github/plan-comment.js';
import { commitOn as commitOnFrom, context, harness, inputs, listYaml, PREVIEW_CONFIG, seedPreviewBase, stageTwoWorldPerTest, TempRepo, TWELVE } from './action-harness.js';

// Each test runs the plan job two or three times through the GitHub fake and the emulator.
jest.setTimeout(60_000);

const PLAN_WORKFLOW = '.github/workflows/kwsync-plan.yml';
const MAINTAINER = { login: 'maintainer', type: 'User' as const };
const SECOND = { login: 'second', type: 'User' as const };
const MALLORY = { login: 'mallory', type: 'User' as const };

const { gh, w } = stageTwoWorldPerTest();
let emu: RunningEmulator;
let repo: TempRepo;
let baseSha: string;
let X: string;

beforeEach(async () => {
  ({ emu, repo } = w);
  await seedPreviewBase(w);
  // One named target, so the targets job hands over the head (it fails on a kwsync.yaml without targets).
  repo.write('keywords/kwsync.yaml', `${PREVIEW_CONFIG}targets:\n  - name: default\n`);
  baseSha = repo.commit();
  gh.permissions.set(MAINTAINER.login, 'write');
  gh.permissions.set(SECOND.login, 'admin');
  X = commitOnFrom(repo, 'feature', baseSha, { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
  gh.pulls = [{
    number: 7, state: 'open', user: MALLORY, author_association: 'CONTRIBUTOR', labels: [],
    head: { sha: X, ref: 'feature', repo: { full_name: 'mallory/lists', owner: { login: 'mallory' } } }, base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } },
  }];
});

const RUN_URL = 'https://github.com/acme/lists/actions/runs/7300001';
const event = () => ({ workflow_run: { id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: PLAN_WORKFLOW, created_at: '2025-01-01T00:00:00Z', head_sha: X, head_branch: 'feature', head_repository: { full_name: 'mallory/lists', owner: { login: 'mallory' } }, pull_requests: [] } });
const runContext = () => context(repo, { eventName: 'workflow_run', sha: baseSha, event: event(), runUrl: RUN_URL });

/** One plan job (optionally given the targets job's handover); what the PR comment and the app saw. */
async function planJob(handed?: { artifactDir: string; digest: string }) {
  emu.requests.length = 0;
  gh.requests = [];
  const h = harness(repo, gh, emu);
  let download: string | undefined;
  if (handed) {
    download = join(h.deps.tempDir, 'kwsync-head');
    cpSync(handed.artifactDir, download, { recursive: true });
  }
  await runAction({ inputs: inputs('plan-live', download ? { artifactDir: download, headDigest: handed!.digest } : {}), context: runContext(), deps: h.deps });
  const body = planComment(gh, 7)?.body ?? '';
  return { body, released: body.includes('#### Impact preview'), app: emu.requests.length, summary: h.summaries.join('\n'), github: [...gh.requests] };
}

async function targetsJob() {
  const h = harness(repo, gh, undefined);
  const result = await runAction({ inputs: inputs('targets'), context: runContext(), deps: h.deps });
  expect(result).toMatchObject({ failed: false, targets: ['default'] });
  return { artifactDir: result.artifactDir!, digest: result.headDigest! };
}

describe('a withdrawn approval releases nothing (issue 37 item 1)', () => {
  it('"Request changes" by the approver on the same head withholds the preview: 0 CometChat requests; approving again releases', async () => {
    gh.review(7, MAINTAINER, 'APPROVED', X);
    const before = await planJob();
    expect(before.released).toBe(true);
    expect(before.app).toBeGreaterThan(0);
    // The maintainer reviews X again: GitHub keeps the first review as APPROVED.
    gh.review(7, MAINTAINER, 'CHANGES_REQUESTED', X);
    expect(gh.reviews.get(7)!.map((r) => r.state)).toEqual(['APPROVED', 'CHANGES_REQUESTED']);
    const after = await planJob();
    expect(after.released).toBe(false);
    expect(after.summary).not.toContain('Impact preview');
    expect(after.app).toBe(0);
    expect(after.body).toContain('requested changes');
    expect(gh.checkRuns.at(-1)).toMatchObject({ head_sha: X, conclusion: 'action_required' });
    // A later comment does not bring the approval back; approving again does.
    gh.review(7, MAINTAINER, 'COMMENTED', X);
    expect((await planJob()).app).toBe(0);
    gh.review(7, MAINTAINER, 'APPROVED', X);
    expect((await planJob()).released).toBe(true);
  });

  it('a second maintainer\'s request for changes withholds, at any commit, until it is dismissed', async () => {
    gh.review(7, MAINTAINER, 'APPROVED', X);
    const request = gh.review(7, SECOND, 'CHANGES_REQUESTED', baseSha);
    const held = await planJob();
    expect([held.released, held.app]).toEqual([false, 0]);
    expect(held.body).toContain('`second` (admin access) requested changes');
    gh.dismiss(7, request);
    expect((await planJob()).released).toBe(true);
  });

  it('a dismissed approval withholds; a request for changes by someone without write access does not', async () => {
    const approval = gh.review(7, MAINTAINER, 'APPROVED', X);
    gh.permissions.set('eve', 'read');
    gh.review(7, { login: 'eve', type: 'User' }, 'CHANGES_REQUESTED', X, 'MEMBER');
    expect((await planJob()).released).toBe(true);
    gh.dismiss(7, approval);
    const held = await planJob();
    expect([held.released, held.app]).toEqual([false, 0]);
  });

  it('closing and reopening, or pushing Y then X back, re-runs nothing the withdrawn approval would release', async () => {
    gh.review(7, MAINTAINER, 'APPROVED', X);
    gh.review(7, MAINTAINER, 'CHANGES_REQUESTED', X);
    for (let i = 0; i < 3; i++) {
      const again = await planJob();
      expect([again.released, again.app]).toEqual([false, 0]);
    }
  });
});

describe('trust is decided by the job that reads with the key (issue 37 item 1, "trust frozen in the handover")', () => {
  it('a plan job re-run after the approval was dismissed withholds, though the targets job decided while it stood', async () => {
    const approval = gh.review(7, MAINTAINER, 'APPROVED', X);
    const handed = await targetsJob();
    expect((await planJob(handed)).released).toBe(true);
    // The approval is dismissed; a maintainer (or GitHub's "Re-run failed jobs") re-runs only the plan job with the same handover.
    gh.dismiss(7, approval);
    const rerun = await planJob(handed);
    expect(rerun.released).toBe(false);
    expect(rerun.app).toBe(0);
    expect(rerun.github.some((r) => r.path === '/repos/acme/lists/pulls/7/reviews')).toBe(true);
  });
});

describe('reading reviews is bounded whatever the history (issue 37 item 1, "reviews cost without bound")', () => {
  it('3,000 comment reviews by the author and 150 throw-away approvals: one review request and no permission question per plan job', async () => {
    for (let i = 0; i < 3000; i++) gh.review(7, MALLORY, 'COMMENTED', X, 'CONTRIBUTOR');
    for (let i = 0; i < 150; i++) gh.review(7, { login: `throwaway${i}`, type: 'User' }, 'APPROVED', X, 'NONE');
    gh.review(7, MAINTAINER, 'APPROVED', X);
    const job = await planJob();
    const reviews = job.github.filter((r) => r.path.endsWith('/reviews'));
    const permissions = job.github.filter((r) => r.path.endsWith('/permission'));
    expect({ reviews: reviews.length, permissions: permissions.length }).toEqual({ reviews: 1, permissions: 0 });
    expect([job.released, job.app]).toEqual([false, 0]);
    expect(job.body).toContain(`more than ${REVIEW_PAGES * REVIEWS_PER_PAGE} reviews`);
    // eslint-disable-next-line no-console
    console.log(`GitHub requests of one plan job for one target, 3,150 reviews on the PR: ${job.github.length} (reviews ${reviews.length}, permissions ${permissions.length}): ${[...new Set(job.github.map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{40}/g, '{sha}')}`))].join(', ')}`);
  });

  it('150 throw-away approvals (association NONE) under the page cap: no permission is asked of them; the maintainer\'s releases', async () => {
    for (let i = 0; i < 150; i++) gh.review(7, { login: `throwaway${i}`, type: 'User' }, 'APPROVED', X, 'NONE');
    gh.review(7, MAINTAINER, 'APPROVED', X);
    const job = await planJob();
    expect(job.github.filter((r) => r.path.endsWith('/permission')).map((r) => r.path)).toEqual(['/repos/acme/lists/collaborators/maintainer/permission']);
    expect(job.github.filter((r) => r.path.endsWith('/reviews'))).toHaveLength(2);
    expect(job.released).toBe(true);
  });
});
