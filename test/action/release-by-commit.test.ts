// Issue 27 item 1: an outsider's live plan is released for one commit by an act GitHub binds to
// that commit (an approving review whose commit_id is the head, by someone GitHub reports as having
// write access), never by a label or a time. Each test runs stage two as the attacker would: the
// fake GitHub serves reviews and permissions in the shapes of GitHub's description
// (test/github/github-reviews.openapi.yaml) and the emulator answers over HTTP; "released" shows as
// the impact preview and requests to the app, "withheld" as neither.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { runAction } from '../../src/action/run-action.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { planComment } from '../github/plan-comment.js';
import { type FakePull } from '../github/fake-github.js';
import { commitOn as commitOnFrom, context, harness, inputs, listYaml, seedPreviewBase, stageTwoWorldPerTest, TempRepo, TWELVE } from './action-harness.js';

const PLAN_WORKFLOW = '.github/workflows/kwsync-plan.yml';
const MAINTAINER = { login: 'maintainer', type: 'User' as const };

const { gh, w } = stageTwoWorldPerTest();
let emu: RunningEmulator;
let repo: TempRepo;
let artifactDir: string;
let baseSha: string;

beforeEach(async () => {
  ({ emu, repo, artifactDir } = w);
  baseSha = await seedPreviewBase(w);
  gh.permissions.set(MAINTAINER.login, 'write');
});

/** A commit on a branch off main with `files`; the checkout goes back to main (stage two runs there). */
const commitOn = (branch: string, files: Record<string, string>) => commitOnFrom(repo, branch, baseSha, files);
function setPull(head: string, extra: Partial<FakePull> = {}, owner = 'mallory'): void {
  gh.pulls = [{
    number: 7, state: 'open', user: { login: 'mallory', type: 'User' }, author_association: 'CONTRIBUTOR', labels: [],
    head: { sha: head, ref: 'feature', repo: { full_name: `${owner}/lists`, owner: { login: owner } } }, base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } }, ...extra,
  }];
}
async function stageTwo(head: string, owner = 'mallory', createdAt = '2025-01-01T00:00:00Z') {
  const event = { workflow_run: { id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: PLAN_WORKFLOW, created_at: createdAt, head_sha: head, head_branch: 'feature', head_repository: { full_name: `${owner}/lists`, owner: { login: owner } }, pull_requests: [] } };
  const h = harness(repo, gh, emu);
  await runAction({ inputs: inputs('plan-live', { artifactDir }), context: context(repo, { eventName: 'workflow_run', sha: baseSha, event }), deps: h.deps });
  return { body: planComment(gh, 7)?.body ?? '', summary: h.summaries.join('\n') };
}
const released = (body: string) => body.includes('#### Impact preview');

describe('release by commit: the label-replay timeline', () => {
  it('an approval (and a label) on the harmless A\' does not release the probing B pushed back over it, even from a run created before both', async () => {
    const probe = listYaml('blocklist', [...TWELVE, 'probe-secret-term']);
    const B = commitOn('feature', { 'keywords/blocklist.yaml': probe, 'keywords/code.yaml': 'id: code\nname: code\ncategory: pattern\nsearchTerms: ["\\\\b1[0-9]{5}\\\\b"]\n' });
    const A = commitOn('feature', { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    // 1. B is pushed; its stage one sleeps. 2. A' is force-pushed; the maintainer reads A', approves it and labels the PR.
    setPull(A, { labels: [{ name: 'kwsync-preview' }] });
    gh.review(7, MAINTAINER, 'APPROVED', A);
    gh.label(7, 'kwsync-preview', '2025-01-01T00:10:00Z', MAINTAINER);
    // 3. B is force-pushed again; B's first run completes late, created before the label and the approval.
    setPull(B, { labels: [{ name: 'kwsync-preview' }] });
    const b = await stageTwo(B, 'mallory', '2025-01-01T00:00:00Z');
    expect(released(b.body)).toBe(false);
    expect(b.summary).not.toContain('Impact preview');
    expect(emu.requests).toEqual([]);
    expect(b.body).toContain(`releases them for \`${B.slice(0, 7)}\` only by approving the pull request at that commit`);
    expect(b.body).toContain(`\`maintainer\` approved \`${A.slice(0, 7)}\`: an approval releases only the commit it was given on, not this head`);
    expect(gh.checkRuns.at(-1)).toMatchObject({ head_sha: B, conclusion: 'action_required' });
    // The contrast: while A' is the head, the very approval releases A'.
    setPull(A);
    const a = await stageTwo(A);
    expect(released(a.body)).toBe(true);
    expect(a.body).toContain(`released for \`${A.slice(0, 7)}\` only, by \`maintainer\`'s approving review of that commit`);
  });

  it('a label alone, added at any time, releases nothing', async () => {
    const B = commitOn('feature', { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    setPull(B, { labels: [{ name: 'kwsync-preview' }] });
    gh.label(7, 'kwsync-preview', '2030-01-01T00:00:00Z', MAINTAINER);
    expect(released((await stageTwo(B)).body)).toBe(false);
    expect(emu.requests).toEqual([]);
  });
});

describe('release by commit: who may release', () => {
  it('an approval of the head by someone without write access (another outsider, a triager) releases nothing; GitHub is asked, not the review\'s association', async () => {
    const B = commitOn('feature', { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    setPull(B);
    gh.permissions.set('eve', 'read');
    gh.review(7, { login: 'eve', type: 'User' }, 'APPROVED', B, 'MEMBER');
    expect(released((await stageTwo(B)).body)).toBe(false);
    expect(gh.requests.map((r) => r.path)).toContain('/repos/acme/lists/collaborators/eve/permission');
    expect(emu.requests).toEqual([]);
  });

  it('a dismissed approval, a review that only comments or requests changes, and one whose commit vanished (commit_id null) release nothing', async () => {
    const B = commitOn('feature', { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    setPull(B);
    gh.review(7, MAINTAINER, 'DISMISSED', B);
    gh.review(7, MAINTAINER, 'COMMENTED', B);
    gh.review(7, MAINTAINER, 'CHANGES_REQUESTED', B);
    gh.review(7, MAINTAINER, 'APPROVED', null);
    expect(released((await stageTwo(B)).body)).toBe(false);
    expect(emu.requests).toEqual([]);
  });

  it('an admin\'s approval of the head releases it', async () => {
    const B = commitOn('feature', { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    setPull(B);
    gh.permissions.set('owner1', 'admin');
    gh.review(7, { login: 'owner1', type: 'User' }, 'APPROVED', B, 'OWNER');
    expect(released((await stageTwo(B)).body)).toBe(true);
  });
});

describe('a trusted author\'s PR whose head branch belongs to someone else is an outsider\'s', () => {
  it('a member\'s PR from mallory\'s fork: mallory\'s pushes get counts only; the member\'s own fork gets the live plan (the contrast)', async () => {
    const B = commitOn('feature', { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    setPull(B, { user: { login: 'alice', type: 'User' }, author_association: 'MEMBER' }, 'mallory');
    const hostile = await stageTwo(B, 'mallory');
    expect(released(hostile.body)).toBe(false);
    expect(hostile.body).toContain('the head branch lives in `mallory/lists`, which belongs to `mallory`, not to the author `alice`');
    expect(emu.requests).toEqual([]);
    setPull(B, { user: { login: 'alice', type: 'User' }, author_association: 'MEMBER' }, 'alice');
    gh.permissions.set('alice', 'write'); // R-M11: a trusted author also needs write access here
    expect(released((await stageTwo(B, 'alice')).body)).toBe(true);
  });
});
