// Issue 39 items 5/6 through stage two (plan-live): the pull request's plan carries the rules half.
// Released (a member's PR): the app's rules are read and planned beside the lists, with the CAUTION
// lines and apply's refusals. Withheld (an outsider's PR): the PR's rule files against the base's,
// counts and CAUTION lines only, and no request to the app. The fake GitHub and the emulator over
// HTTP, as the workflow runs it; the comment parsed by the markdown oracle.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runAction } from '../../src/action/run-action.js';
import type { RuleWrite } from '../../src/model/moderation-rule.js';
import type { RuleTarget } from '../../src/model/target.js';
import { listCondition } from '../../src/plan/rules/index.js';
import { connectService, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { type FakePull } from '../github/fake-github.js';
import { assertInert } from '../github/markdown-oracle.js';
import { planComment } from '../github/plan-comment.js';
import { commitOn, context, harness, inputs, listYaml, memberPlanLive, outsiderPlanLive as outsiderStageTwo, PREVIEW_CONFIG, stageTwoWorldPerTest, TWELVE, runLinks, STAGE_TWO_RUN } from './action-harness.js';

const RUN = STAGE_TWO_RUN;
const { gh, w } = stageTwoWorldPerTest();

const ruleYaml = (id: string, opts: { name?: string; enabled?: boolean; lists?: string[] } = {}) =>
  [`id: ${id}`, `name: ${JSON.stringify(opts.name ?? id)}`, `enabled: ${opts.enabled ?? true}`, 'action: [blockMessage]', 'conditions:', ...(opts.lists ?? ['blocklist']).map((l) => `  - list: ${l}`), ''].join('\n');
const ruleWrite = (id: string, name = id): RuleWrite => ({ id, name, description: '', enabled: true, action: ['blockMessage'], conditions: [{ ...listCondition('blocklist', 'word'), id: 1 }], filters: [] });
const liveRules = (): RuleTarget => connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: w.emu.apiKey, COMETCHAT_BASE_URL: w.emu.chatBaseUrl })).rules;
const comment = () => planComment(gh, 7)?.body ?? '';
const check = () => gh.checkRuns.at(-1)!;

/** main: the blocklist (live too) and `files`; live also gets `rules`; the app's request log cleared. */
async function seed(files: Record<string, string>, rules: RuleWrite[]): Promise<string> {
  mkdirSync(join(w.repo.dir, 'keywords/rules'), { recursive: true });
  w.repo.write('keywords/blocklist.yaml', listYaml('blocklist', TWELVE));
  for (const [path, text] of Object.entries(files)) w.repo.write(path, text);
  const sha = w.repo.commit();
  await liveRulesLists();
  for (const r of rules) await liveRules().createRule(r);
  w.emu.requests.length = 0;
  return sha;
}
async function liveRulesLists() {
  await connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: w.emu.apiKey, COMETCHAT_BASE_URL: w.emu.chatBaseUrl })).keywords.createKeywordList({ id: 'blocklist', name: 'blocklist', description: '', category: 'word', searchTerms: TWELVE });
}
const feature = (base: string, files: Record<string, string>, extra?: (dir: string) => void) => {
  mkdirSync(join(w.repo.dir, 'keywords/rules'), { recursive: true });
  return commitOn(w.repo, 'feature', base, files, extra);
};

/** An outside author's PR (a fork, no approval): the live plan is withheld. */
async function outsiderPlanLive(head: string, base: string) {
  const { h, result } = await outsiderStageTwo(w, gh, head, base, { runUrl: RUN });
  return { result, h, summary: h.summaries.join('\n') };
}

describe('released: the app\'s rules planned beside the lists', () => {
  let base: string;
  beforeEach(async () => {
    base = await seed({ 'keywords/rules/block-bad.yaml': ruleYaml('block-bad'), 'keywords/kwsync.yaml': PREVIEW_CONFIG }, [ruleWrite('block-bad')]);
  });

  it('(a) a PR that disables a rule the blocklist feeds: the rule change, its count in the table row, and a CAUTION naming the rule and what it stops', async () => {
    const head = feature(base, { 'keywords/rules/block-bad.yaml': ruleYaml('block-bad', { enabled: false }) });
    await memberPlanLive(w, gh, head, base, { runUrl: RUN });
    const body = comment();
    expect(body).toContain('update rule `block-bad` (`keywords/rules/block-bad.yaml`)');
    expect(body).toContain('! enabled: true -> false');
    expect(body).toContain('**Moderation rules:** 0 to create, 1 to update, 0 to delete');
    expect(body).toMatch(/> \[!CAUTION\]\n> - rule "block-bad" is disabled: it stops blocking messages that match blocklist/);
    // The comment's table row (the section summary) counts the rule.
    expect(body).toContain('0 to create, 0 to update, 0 to delete; rules: 1 to update');
    // Only the list listing, the rules listing (and nothing a file could choose) were read.
    expect(w.emu.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(w.emu.requests.filter((r) => r.path.startsWith('/v3/moderation/rules')).map((r) => r.path.split('?')[0])).toEqual(['/v3/moderation/rules']);
    // The impact preview is per changed list: no list changed, so no message was read.
    expect(w.emu.requests.some((r) => r.path.includes('/messages'))).toBe(false);
    assertInert(body, runLinks());
  });

  it('a failure to read the rules keeps the lists\' plan and says why in the comment', async () => {
    const head = feature(base, { 'keywords/rules/block-bad.yaml': ruleYaml('block-bad', { enabled: false }), 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    gh.permissions.set('insider', 'write');
    const h0 = harness(w.repo, gh, w.emu);
    // The rules endpoint fails; the lists are read as usual.
    const broken: RuleTarget = { ...liveRules(), listRules: async () => { throw new Error('ECONNRESET <img src=x> @everyone'); } };
    const pulls = [{ number: 7, state: 'open', user: { login: 'insider', type: 'User' }, author_association: 'MEMBER', labels: [], head: { sha: head, ref: 'feature', repo: { full_name: 'acme/lists', owner: { login: 'acme' } } }, base: { sha: base, ref: 'main', repo: { full_name: 'acme/lists' } } }] as FakePull[];
    gh.pulls = pulls;
    const event = { workflow_run: { event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', head_sha: head, head_branch: 'feature', head_repository: { full_name: 'acme/lists', owner: { login: 'acme' } }, pull_requests: [] } };
    await runAction({ inputs: inputs('plan-live'), context: context(w.repo, { eventName: 'workflow_run', sha: base, event, runUrl: RUN }), deps: { ...h0.deps, connectRules: () => broken } });
    const body = comment();
    expect(body).toContain('**The moderation rules were not planned**');
    expect(body).toContain('| `blocklist` | update | +1 −0 |');
    expect(body).not.toContain('<img src=x>');
    assertInert(body, runLinks());
    expect(h0.warnings.join('\n')).toContain('the moderation rules were not planned');
  });
});

describe('released: a rule file that claims a default rule of the app', () => {
  it('is a problem apply after merge would refuse on, at that file; the check fails', async () => {
    const base = await seed({ 'keywords/rules/block-bad.yaml': ruleYaml('block-bad') }, [ruleWrite('block-bad')]);
    // email_filter is one of the emulator's seeded default rules (the published defaults).
    const head = feature(base, { 'keywords/rules/email_filter.yaml': ruleYaml('email_filter') });
    await memberPlanLive(w, gh, head, base, { runUrl: RUN });
    expect(check().conclusion).toBe('failure');
    const out = JSON.stringify(check().output);
    expect(out).toContain('keywords/rules/email_filter.yaml');
    expect(out).toContain('is a default rule of the app');
    expect(out).toContain('apply after merge would refuse the plan');
    expect(comment()).toContain('**Apply after merge would refuse or fail**');
  });
});

describe('released, rules not in the repository', () => {
  it('(b) a PR that deletes a list file a live rule with no file uses (prune on): a problem saying apply would refuse, naming the rule', async () => {
    const pruning = await seed({ 'keywords/kwsync.yaml': 'prune: true\n', 'keywords/other.yaml': listYaml('other', ['x']) }, [ruleWrite('dash-rule')]);
    const head = feature(pruning, {}, (dir) => w.repo.git('-C', dir, 'rm', '-q', 'keywords/blocklist.yaml'));
    await memberPlanLive(w, gh, head, pruning, { runUrl: RUN });
    const body = comment();
    expect(body).toContain('**Apply after merge would refuse or fail**');
    expect(body).toMatch(/list "blocklist".*live rule "dash-rule" still references this list.*apply refuses this without force/);
    expect(body).toContain('list "blocklist" is deleted while rule "dash-rule" uses it');
    expect(check().conclusion).toBe('failure');
    expect(JSON.stringify(check().output)).toContain('dash-rule');
  });
});

describe('withheld: the PR\'s rule files against the base\'s, no request to the app', () => {
  it('(c) an outsider\'s PR that only disables a rule: counts and the CAUTION, action_required, zero CometChat requests', async () => {
    const base = await seed({ 'keywords/rules/block-bad.yaml': ruleYaml('block-bad') }, [ruleWrite('block-bad')]);
    const head = feature(base, { 'keywords/rules/block-bad.yaml': ruleYaml('block-bad', { enabled: false }) });
    const { result, summary } = await outsiderPlanLive(head, base);
    const body = comment();
    expect(body).toContain('#### Moderation rules: 0 created, 1 updated, 0 deleted');
    expect(body).toContain('| `block-bad` | update |');
    expect(body).toMatch(/> \[!CAUTION\]\n> - rule "block-bad" is disabled: it stops blocking messages that match blocklist/);
    expect(body).toContain('live plan withheld: 1 rule(s) changed');
    expect(check().conclusion).toBe('action_required');
    expect(check().output.title + check().output.summary).toMatch(/the pull request changes 1 rule\(s\)/);
    expect(result.hasChanges).toBe(true);
    expect(summary).toContain('1 updated');
    expect(w.emu.requests).toEqual([]);
    assertInert(body, runLinks());
  });

  it('an outsider\'s PR that removes a rule file with prune off: the rule is named as left live, not deleted', async () => {
    const base = await seed({ 'keywords/rules/block-bad.yaml': ruleYaml('block-bad'), 'keywords/rules/old.yaml': ruleYaml('old'), 'keywords/kwsync.yaml': 'prune: true\n' }, []);
    const head = feature(base, { 'keywords/kwsync.yaml': 'prune: false\n' }, (dir) => w.repo.git('-C', dir, 'rm', '-q', 'keywords/rules/old.yaml'));
    await outsiderPlanLive(head, base);
    const body = comment();
    expect(body).toContain('left live by apply');
    expect(body).toContain('`old`');
    expect(w.emu.requests).toEqual([]);
  });
});

describe('(d) rule text from a PR renders inert', () => {
  const HOSTILE = '<img src=x> @everyone `tick` ](javascript:alert(1)) **Approved** #1';

  it('a released PR renaming a rule to markup: the name shows only as code, the comment is inert', async () => {
    const base = await seed({ 'keywords/rules/block-bad.yaml': ruleYaml('block-bad') }, [ruleWrite('block-bad')]);
    const head = feature(base, { 'keywords/rules/block-bad.yaml': ruleYaml('block-bad', { name: HOSTILE }) });
    await memberPlanLive(w, gh, head, base, { runUrl: RUN });
    const body = comment();
    expect(body).toContain('update rule `block-bad`');
    // Inside a fenced diff block (its fence longer than the name's backticks): shown as written, linked and rendered nowhere.
    expect(body).toContain(`  name: block-bad -> ${HOSTILE}`);
    assertInert(body, runLinks());
    assertInert(String(check().output.summary ?? ''), runLinks());
  });

  it('a withheld PR with the same name: only ids and counts are shown, nothing of the name', async () => {
    const base = await seed({ 'keywords/rules/block-bad.yaml': ruleYaml('block-bad') }, [ruleWrite('block-bad')]);
    const head = feature(base, { 'keywords/rules/block-bad.yaml': ruleYaml('block-bad', { name: HOSTILE, enabled: false }) });
    const { summary } = await outsiderPlanLive(head, base);
    const body = comment();
    expect(body).toContain('| `block-bad` | update |');
    for (const raw of ['<img', '@everyone', 'javascript:', 'Approved']) expect(body + summary).not.toContain(raw);
    assertInert(body, runLinks());
    assertInert(summary, runLinks());
  });
});
