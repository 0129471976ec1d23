// Issue 37 item 6, red team again: attacks an outside author (a fork's pull request) would try on
// stage two, designed from docs/security.md, docs/github.md, docs/targets.md, docs/adopting.md,
// action.yml and the workflows (ours and what `kwsync init` writes), not from src/. Each is performed
// as the workflow runs it: the `targets` job (the PRs, the trust decision, the `kwsync-head`
// handover and its digest), then the target's plan job with that artifact and digest, through
// runAction with the fake GitHub (reviews, permissions, Git Database API in GitHub's shapes) and the
// emulator over HTTP. "Held" shows as: no impact preview and no request to the app.
// A test that asserts the safe outcome and fails on the code is `it.failing`, named with its finding.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { ActionInputs } from '../../src/action/inputs.js';
import { runAction } from '../../src/action/run-action.js';
import { localUses, WORKFLOW_KINDS, workflowText } from '../../src/init/workflow-templates.js';
import { type FakePull } from '../github/fake-github.js';
import { assertInert } from '../github/markdown-oracle.js';
import { planComment } from '../github/plan-comment.js';
import { commitBlocklist, commitOn, context, createLive, type Harness, harness, inputs, listYaml, PREVIEW_CONFIG, stageTwoWorldPerTest, TWELVE, runLinks, STAGE_TWO_RUN } from './action-harness.js';

const PLAN_WORKFLOW = '.github/workflows/kwsync-plan.yml';
const TARGETS = 'targets:\n  - name: production\n    appId: app1\n';
const CONFIG = `${PREVIEW_CONFIG}${TARGETS}`;
const MAINTAINER = { login: 'maintainer', type: 'User' as const };
const SECOND = { login: 'second', type: 'User' as const };
const MALLORY = { login: 'mallory', type: 'User' as const };
const RUN = STAGE_TWO_RUN;

const { gh, w } = stageTwoWorldPerTest();
let baseSha: string;

beforeEach(async () => {
  baseSha = commitBlocklist(w, TWELVE, { 'keywords/kwsync.yaml': CONFIG });
  await createLive(w, 'blocklist', TWELVE);
  await createLive(w, 'doxx-shield', ['Jane Roe 221B']);
  w.emu.requests.length = 0;
  gh.permissions.set('maintainer', 'write');
  gh.permissions.set('second', 'write');
});

const commitFeature = (files: Record<string, string>, from = baseSha) => commitOn(w.repo, 'feature', from, files);
/** A probing head: a pattern list that asks the messages whether a six-digit code was typed. */
const probe = () => commitFeature({ 'keywords/code.yaml': 'id: code\nname: code\ncategory: pattern\nsearchTerms: ["\\\\b1[0-9]{5}\\\\b", "zzzz-never"]\n' });
function pr(head: string, extra: Partial<FakePull> = {}): FakePull {
  return {
    number: 7, state: 'open', user: MALLORY, author_association: 'CONTRIBUTOR', labels: [],
    head: { sha: head, ref: 'feature', repo: { full_name: 'mallory/lists', owner: { login: 'mallory' } } }, base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } }, ...extra,
  };
}
const runEvent = (head: string, extra: object = {}) => ({
  workflow_run: {
    id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: PLAN_WORKFLOW, created_at: '2025-01-01T00:00:00Z',
    head_sha: head, head_branch: 'feature', head_repository: { full_name: 'mallory/lists', owner: { login: 'mallory' } }, pull_requests: [], ...extra,
  },
});
interface Handover { artifactDir?: string; headDigest?: string }
/** Stage two's `targets` job for this run of stage one: the trust decision and the handover. */
async function targetsJob(head: string, eventExtra: object = {}): Promise<Handover> {
  const h = harness(w.repo, gh, undefined);
  const r = await runAction({ inputs: inputs('targets'), context: context(w.repo, { eventName: 'workflow_run', sha: baseSha, event: runEvent(head, eventExtra) }), deps: h.deps });
  return { artifactDir: (r as Handover).artifactDir, headDigest: (r as Handover).headDigest };
}
/** The target's plan job (the key's job) with the targets job's artifact and digest, as reusable-plan-live.yml runs it. */
async function planJob(head: string, handover: Handover, opts: { eventExtra?: object; wrap?: (h: Harness) => void } = {}) {
  const h = harness(w.repo, gh, w.emu);
  opts.wrap?.(h);
  const given = { target: 'production', artifactDir: handover.artifactDir, headDigest: handover.headDigest } as Partial<ActionInputs>;
  const result = await runAction({ inputs: inputs('plan-live', given), context: context(w.repo, { eventName: 'workflow_run', sha: baseSha, event: runEvent(head, opts.eventExtra ?? {}) }), deps: h.deps });
  return { result, h };
}
/** The whole of stage two for one run: the targets job, then production's plan job. */
async function stageTwo(head: string, opts: { eventExtra?: object; wrap?: (h: Harness) => void } = {}) {
  return planJob(head, await targetsJob(head, opts.eventExtra), opts);
}
const comment = () => planComment(gh, 7)?.body ?? '';
const released = (body: string) => body.includes('#### Impact preview');
/** What the app was asked: none of it may happen for a withheld plan. */
const appReads = () => w.emu.requests.map((r) => `${r.method} ${r.path}`);

describe('red team 2, outsider: a release the reviewers no longer stand behind', () => {
  // Was a FINDING on main (medium, issue 37 "an approval that its author withdrew still releases"):
  // GitHub keeps the earlier review APPROVED; kwsync counted any approval of the head in the
  // history. Fixed by issue 37 item 1 (each reviewer's latest review stands).
  it('R2-O1 the maintainer approves X, then reviews X again with "Request changes": the re-run plan is withheld, 0 CometChat requests', async () => {
    const X = probe();
    gh.pulls = [pr(X)];
    gh.review(7, MAINTAINER, 'APPROVED', X);
    await stageTwo(X);
    expect(released(comment())).toBe(true); // the release works while it stands
    w.emu.requests.length = 0;
    gh.review(7, MAINTAINER, 'CHANGES_REQUESTED', X);
    await stageTwo(X); // the author closes and reopens: stage one runs again on X
    expect(released(comment())).toBe(false);
    expect(appReads()).toEqual([]);
  });

  // Was a FINDING on main (medium, same): a second maintainer's "Request changes" did not outweigh
  // the first's approval. Fixed by issue 37 item 1.
  it('R2-O2 one maintainer approves X, a second (write) requests changes on X: withheld, 0 CometChat requests', async () => {
    const X = probe();
    gh.pulls = [pr(X)];
    gh.review(7, MAINTAINER, 'APPROVED', X);
    gh.review(7, SECOND, 'CHANGES_REQUESTED', X);
    await stageTwo(X);
    expect(released(comment())).toBe(false);
    expect(appReads()).toEqual([]);
  });

  // Was a FINDING on main (medium, same): the approval of X stayed in the history after the
  // maintainer requested changes on the next head Y; a force-push back to X made X the head again.
  // Fixed by issue 37 item 1 (a standing request for changes at any commit withholds).
  it('R2-O3 approve X, push Y, "Request changes" on Y, force-push back to X: withheld, 0 CometChat requests', async () => {
    const X = probe();
    gh.pulls = [pr(X)];
    gh.review(7, MAINTAINER, 'APPROVED', X);
    const Y = commitFeature({ 'keywords/code.yaml': 'id: code\nname: code\ncategory: pattern\nsearchTerms: ["\\\\b2[0-9]{5}\\\\b"]\n' });
    gh.pulls = [pr(Y)];
    await stageTwo(Y);
    expect(released(comment())).toBe(false);
    gh.review(7, MAINTAINER, 'CHANGES_REQUESTED', Y);
    w.repo.git('branch', '-f', 'feature', X);
    gh.pulls = [pr(X)];
    w.emu.requests.length = 0;
    await stageTwo(X);
    expect(released(comment())).toBe(false);
    expect(appReads()).toEqual([]);
  });

  // Was a FINDING on main (medium, same family): a dismissal withholds only the review dismissed. An
  // approval given twice on X (approve, then approve again with a note) kept the first APPROVED
  // after a member with write access dismissed the approver's latest one. Fixed by issue 37 item 1.
  it('R2-O4 the approver\'s latest approval of X is dismissed, an earlier one of X still reads APPROVED: withheld', async () => {
    const X = probe();
    gh.pulls = [pr(X)];
    gh.review(7, MAINTAINER, 'APPROVED', X);
    gh.dismiss(7, gh.review(7, MAINTAINER, 'APPROVED', X));
    await stageTwo(X);
    expect(released(comment())).toBe(false);
    expect(appReads()).toEqual([]);
  });

  // Was a FINDING on main (medium, as R2-O1). On GitHub a reply in a review thread is a review of its
  // own (state COMMENTED); the merge gate keeps the reviewer's request for changes standing through
  // it. Fixed by issue 37 item 1 (a later comment changes nothing).
  it('R2-O17 one maintainer approves X; a second requests changes, then replies in a thread (a COMMENTED review): still withheld, 0 CometChat requests', async () => {
    const X = probe();
    gh.pulls = [pr(X)];
    gh.review(7, MAINTAINER, 'APPROVED', X);
    gh.review(7, SECOND, 'CHANGES_REQUESTED', X);
    gh.review(7, SECOND, 'COMMENTED', X);
    await stageTwo(X);
    expect(released(comment())).toBe(false);
    expect(appReads()).toEqual([]);
  });

  // GitHub reports an organisation member whose membership is private (the default) as CONTRIBUTOR
  // in `author_association` (actions/github-script#643, rust-lang/triagebot#2094, community
  // discussion 18690): a maintainer with write access whose reviews read CONTRIBUTOR still stands
  // behind, or against, what they reviewed. Was a FINDING (medium) after issue 37's first fix, which
  // skipped reviewers whose association is not OWNER/MEMBER/COLLABORATOR; fixed: a request for
  // changes is weighed (its author's permission asked) whatever the association.
  it('R2-O18 one maintainer approves X; a second, with write access but whose reviews read CONTRIBUTOR (private membership), requests changes on X: withheld, 0 CometChat requests', async () => {
    const X = probe();
    gh.pulls = [pr(X)];
    gh.review(7, MAINTAINER, 'APPROVED', X);
    gh.review(7, SECOND, 'CHANGES_REQUESTED', X, 'CONTRIBUTOR');
    await stageTwo(X);
    expect(released(comment())).toBe(false);
    expect(appReads()).toEqual([]);
  });

  it('R2-O5 the approver lost write access (left the team), and a deleted account\'s approval: withheld, 0 CometChat requests', async () => {
    const X = probe();
    gh.pulls = [pr(X)];
    gh.review(7, MAINTAINER, 'APPROVED', X);
    gh.review(7, { login: 'ghost', type: 'User' }, 'APPROVED', X);
    gh.permissions.set('ghost', 'none');
    gh.permissions.set('maintainer', 'read');
    await stageTwo(X);
    expect(comment()).toContain('code');
    expect(released(comment())).toBe(false);
    expect(appReads()).toEqual([]);
  });

  // Was a FINDING on main (low, issue 37 "trust frozen in the handover"): the targets job decided
  // while the approval stood; the plan job re-run after the dismissal took that verdict from
  // kwsync-head. Fixed by issue 37 item 1 (each plan job decides when it reads).
  it('R2-O6 the plan job re-run after the approval was dismissed (the targets job\'s handover made before): withheld, 0 CometChat requests', async () => {
    const X = probe();
    gh.pulls = [pr(X)];
    const approval = gh.review(7, MAINTAINER, 'APPROVED', X);
    const handover = await targetsJob(X);
    expect(handover.headDigest).toBeTruthy();
    gh.dismiss(7, approval);
    // Re-run failed jobs: GitHub re-runs the plan job only; the targets job's outputs and artifact are reused.
    await planJob(X, handover);
    expect(released(comment())).toBe(false);
    expect(appReads()).toEqual([]);
  });

  // Was a FINDING on main (low, issue 37 "reviews cost without bound"): every review page and every
  // approver's permission was read on every push (195 requests against 14 here). Fixed by issue 37
  // item 1 (one review request tells a longer history; no permission asked of a NONE account).
  it('R2-O7 3,000 "Comment" reviews by the author and 150 approvals from throw-away accounts: a push costs about what it costs without them', async () => {
    const X = probe();
    gh.pulls = [pr(X)];
    await stageTwo(X);
    const quiet = gh.requests.length;
    for (let i = 0; i < 3000; i += 1) gh.review(7, MALLORY, 'COMMENTED', X, 'CONTRIBUTOR');
    for (let i = 0; i < 150; i += 1) gh.review(7, { login: `throwaway-${i}`, type: 'User' }, 'APPROVED', X, 'NONE');
    gh.requests.length = 0;
    w.emu.requests.length = 0;
    await stageTwo(X);
    const flooded = gh.requests.length;
    console.log(`R2-O7 GitHub requests of one push, one target: ${quiet} quiet, ${flooded} with 3,000 comment reviews and 150 throw-away approvals`);
    expect(released(comment())).toBe(false);
    expect(appReads()).toEqual([]);
    // Bounded whatever the history: a few pages of reviews at most, no permission asked of a NONE account.
    expect(gh.requests.filter((r) => r.path.includes('/collaborators/throwaway-'))).toEqual([]);
    expect(flooded).toBeLessThanOrEqual(quiet + 10);
  }, 60_000);
});

describe('red team 2, outsider: the handover and the runs a PR can start', () => {
  it('R2-O15 the kwsync-head artifact of another run (another head, approved) swapped into this run\'s plan job under this run\'s digest: refused, the job reads its own head, withheld, 0 CometChat requests', async () => {
    const Y = commitOn(w.repo, 'other', baseSha, { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    gh.pulls = [pr(Y, { number: 8, head: { sha: Y, ref: 'other', repo: { full_name: 'mallory/lists', owner: { login: 'mallory' } } } })];
    gh.review(8, MAINTAINER, 'APPROVED', Y);
    const other = await targetsJob(Y, { id: 98, head_branch: 'other' });
    expect(other.headDigest).toBeTruthy();
    const X = probe();
    gh.pulls = [pr(X)];
    const mine = await targetsJob(X, { id: 100 });
    const { h } = await planJob(X, { artifactDir: other.artifactDir, headDigest: mine.headDigest }, { eventExtra: { id: 100 } });
    expect(h.warnings.join('\n')).toMatch(/kwsync-head|digest/);
    expect(comment()).toContain('`code`');
    expect(comment()).not.toContain('darn');
    expect(released(comment())).toBe(false);
    expect(appReads()).toEqual([]);
  });

  it('R2-O15b the same head\'s artifact from a run made while the approval stood, in a run after it was dismissed: the bytes carry no verdict, the plan job decides: withheld, 0 CometChat requests', async () => {
    const X = probe();
    gh.pulls = [pr(X)];
    const approval = gh.review(7, MAINTAINER, 'APPROVED', X);
    const earlier = await targetsJob(X);
    gh.dismiss(7, approval);
    const later = await targetsJob(X, { id: 100 });
    await planJob(X, { artifactDir: earlier.artifactDir, headDigest: later.headDigest }, { eventExtra: { id: 100 } });
    expect(comment()).toContain('`code`');
    expect(released(comment())).toBe(false);
    expect(appReads()).toEqual([]);
  });

  it('R2-O16 the PR\'s own stage one also runs on other events (pull_request_review, workflow_dispatch, push, issue_comment) with the workflow\'s name and path: stage two reads and posts nothing for them, even past the workflow\'s `if`', async () => {
    const X = probe();
    gh.pulls = [pr(X)];
    gh.review(7, MAINTAINER, 'APPROVED', X);
    for (const event of ['pull_request_review', 'workflow_dispatch', 'push', 'issue_comment']) {
      await stageTwo(X, { eventExtra: { event } }).catch(() => undefined);
    }
    expect(gh.comments).toEqual([]);
    expect(gh.checkRuns).toEqual([]);
    expect(appReads()).toEqual([]);
    // The same head's pull_request run is planned (and released): the refusals above were the events'.
    await stageTwo(X);
    expect(released(comment())).toBe(true);
  });
});

describe('red team 2, outsider: what an approved head can make stage two do', () => {
  it('R2-O8 an approved head whose kwsync.yaml re-points production (baseUrl, appId, region, environment, apiKeyEnv): the plan connects as the default branch says, and a CAUTION names each field', async () => {
    const X = commitFeature({
      'keywords/kwsync.yaml': `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: evil-app\n    region: eu\n    environment: staging\n    baseUrl: https://collector.attacker.example\n`,
      'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']),
    });
    gh.pulls = [pr(X)];
    gh.review(7, MAINTAINER, 'APPROVED', X);
    const seen: unknown[] = [];
    const handover = await targetsJob(X);
    await planJob(X, handover, {
      wrap: (h) => {
        const real = h.deps.connect!;
        h.deps.connect = (t, service) => (seen.push({ appId: t?.appId, baseUrl: t?.baseUrl, region: t?.region }), real(t, service));
        const messages = h.deps.recentMessages!;
        h.deps.recentMessages = (t, service) => (seen.push({ appId: t?.appId, baseUrl: t?.baseUrl, region: t?.region }), messages(t, service));
      },
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(JSON.stringify(seen)).not.toMatch(/attacker|evil-app|"eu"/);
    expect(comment()).toContain('**This change edits where targets connect**');
    expect(comment()).toMatch(/baseUrl[^\n]*`https:\/\/collector\.attacker\.example`/);
    assertInert(comment(), runLinks());
  });

  // Was a FINDING (low, issue 37 item 3): `accept:` for the look-alike rules, added by the PR beside a
  // swapped letter, silenced them with no CAUTION line and no annotation at the term. Fixed by issue
  // 37: the CAUTION line names the list and each rule, and the term at line 6 is still annotated.
  it('R2-O9 the PR adds `sсam` (a Cyrillic с) beside `scam` with `accept:` for the look-alike rules: a CAUTION names the list and the rule, the term is annotated at its line', async () => {
    const X = commitFeature({
      'keywords/lookalike.yaml': 'id: lookalike\nname: lookalike\ncategory: word\nsearchTerms:\n  - scam\n  - "s\u0441am"\naccept:\n  term-mixed-script: an evasion list\n  term-confusable: an evasion list\n  term-look-alike: an evasion list\n',
    });
    gh.pulls = [pr(X)];
    await stageTwo(X);
    const body = comment();
    expect(body).toContain('[!CAUTION]');
    const named = body.split('\n').filter((l) => l.includes('lookalike') && /term-(mixed-script|confusable|look-alike)/.test(l));
    expect(named.length).toBeGreaterThan(0);
    const check = gh.checkRuns.at(-1)!;
    expect(check.annotations.some((a: { path: string; start_line: number }) => a.path.endsWith('lookalike.yaml') && a.start_line === 6)).toBe(true);
  });

  it('R2-O10 the PR lowers the look-alike rules in its own kwsync.yaml (`validate.rules: … off`): the base\'s level holds, the term is still flagged and a CAUTION names the level', async () => {
    const X = commitFeature({
      'keywords/kwsync.yaml': `${CONFIG}validate:\n  rules:\n    term-mixed-script: off\n    term-confusable: off\n    term-look-alike: off\n`,
      'keywords/lookalike.yaml': 'id: lookalike\nname: lookalike\ncategory: word\nsearchTerms:\n  - scam\n  - "s\u0441am"\n',
    });
    gh.pulls = [pr(X)];
    await stageTwo(X);
    const body = comment();
    expect(body).toContain('[!CAUTION]');
    expect(body).toMatch(/validate\.rules\.`term-(mixed-script|confusable|look-alike)` `default` → `off`/);
    expect(JSON.stringify(gh.checkRuns.at(-1)!.annotations)).toMatch(/term-(mixed-script|confusable|look-alike)/);
    expect(released(body)).toBe(false);
    expect(appReads()).toEqual([]);
  });

  it('R2-O11 an approved head of 10 lists × 1,000 hostile-markup terms (800 KB of plan): the comment and the check fit GitHub\'s limits and stay inert', async () => {
    const hostile = (i: number, j: number) => JSON.stringify(`</details>[x${i}](https://evil.example/${j}) @org/team #1 <img src=x> ${'w'.repeat(20)}${j}`);
    const files = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`keywords/big${i}.yaml`, `id: big${i}\nname: big${i}\ncategory: word\nsearchTerms:\n${Array.from({ length: 1000 }, (_, j) => `  - ${hostile(i, j)}`).join('\n')}\n`]));
    const X = commitFeature(files);
    gh.pulls = [pr(X)];
    gh.review(7, MAINTAINER, 'APPROVED', X);
    const { result } = await stageTwo(X);
    expect(result.failed).toBe(false);
    const body = comment();
    expect(body).toContain('big0');
    expect(body.length).toBeLessThanOrEqual(65_536);
    const summary = String(gh.checkRuns.at(-1)!.output?.summary ?? '');
    expect(Buffer.byteLength(summary, 'utf8')).toBeLessThanOrEqual(65_535);
    assertInert(body, runLinks());
    assertInert(summary, runLinks());
  }, 120_000);

  it('R2-O12 the PR edits stage one to always succeed (its lists are invalid): stage two validates for itself, the check fails, nothing is read', async () => {
    mkdirSync(join(w.repo.dir, '.github/workflows'), { recursive: true });
    const X = commitFeature({
      '.github/workflows/kwsync-plan.yml': 'name: kwsync plan\non: pull_request\njobs:\n  plan:\n    runs-on: ubuntu-latest\n    steps:\n      - run: exit 0\n',
      'keywords/broken.yaml': 'id: broken\nname: broken\ncategory: word\nsearchTerms: [unclosed\n',
    });
    gh.pulls = [pr(X)];
    gh.review(7, MAINTAINER, 'APPROVED', X);
    await stageTwo(X);
    expect(gh.checkRuns.at(-1)!.conclusion).toBe('failure');
    expect(JSON.stringify(gh.checkRuns.at(-1)!.annotations)).toContain('broken.yaml');
    expect(released(comment())).toBe(false);
    expect(appReads().filter((p) => p.includes('/messages'))).toEqual([]);
  });
});

describe('red team 2, outsider: the workflows GitHub runs', () => {
  const dir = join(process.cwd(), '.github/workflows');
  const own = Object.fromEntries(readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
  const adopters = Object.fromEntries(WORKFLOW_KINDS.map((k) => [`init:${k}`, workflowText(k, { uses: localUses, dir: 'keywords', branch: 'main' })]));
  const all: Record<string, string> = { ...own, ...adopters };
  const jobsOf = (text: string) => Object.entries((parse(text) as { jobs?: Record<string, any> }).jobs ?? {});

  it('R2-O13 cache poisoning: no job that holds the key, runs stage one or proves the bundle restores or saves a cache (a PR\'s run could write what it reads), and the plan job uploads its sections only, never the runner temp (the embedding cache)', () => {
    // ci.yml keeps npm's download cache: it holds no key and judges nothing (npm ci checks every
    // package against the lock's integrity); the bundle proof installs without a cache.
    for (const [name, text] of Object.entries(all).filter(([n]) => n !== 'ci.yml')) {
      expect([name, /actions\/cache@|^\s*cache:/m.test(text)]).toEqual([name, false]);
    }
    const uploads = jobsOf(own['reusable-plan-live.yml']!).flatMap(([job, j]) => (j.steps ?? []).filter((s: any) => String(s.uses ?? '').startsWith('actions/upload-artifact@')).map((s: any) => `${job}: ${s.with?.path}`));
    expect(uploads.sort()).toEqual(['plan: ${{ runner.temp }}/kwsync-plan-sections', 'targets: ${{ steps.targets.outputs.artifact-dir }}']);
  });

  it('R2-O14 pull_request_target and runs a PR controls: the only job of stage two that starts on any run is the keyless targets job, gated on a completed pull_request run; every keyed job needs it', () => {
    const jobs = Object.fromEntries(jobsOf(own['reusable-plan-live.yml']!));
    expect(String(jobs.targets.if)).toContain("github.event.workflow_run.event == 'pull_request'");
    expect(String(jobs.targets.if)).toMatch(/conclusion == 'success' \|\| github\.event\.workflow_run\.conclusion == 'failure'/);
    expect(jobs.targets.environment).toBeUndefined();
    expect(JSON.stringify(jobs.targets)).not.toContain('secrets.');
    for (const [name, job] of Object.entries(jobs).filter(([n]) => n !== 'targets')) expect([name, [job.needs].flat()]).toEqual([name, expect.arrayContaining(['targets'])]);
    for (const [name, text] of Object.entries(all)) {
      const on = (parse(text) as { on: unknown }).on;
      const events = typeof on === 'string' ? [on] : Array.isArray(on) ? on : Object.keys(on as object);
      expect([name, events.includes('pull_request_target')]).toEqual([name, false]);
    }
  });
});
