// Issue 39 item 6, red team: an outsider's pull request that adds or changes a rule file
// (keywords/rules/*.yaml) carrying hostile content, performed through stage two (runAction in
// plan-live mode) with the fake GitHub and the emulator over HTTP. Invariants: nothing from the
// rule file renders raw in the comment or the check, the work is bounded (a located diagnostic,
// never a hang), and the only requests to the app are reads (never a write in stage two).
// Found while writing these: stage two's plan read no rules; it now does (rules-stage-two.test.ts:
// a released plan's rule section, a withheld one's counts by id), and these tests hold with it.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
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

const commitOn = (branch: string, files: Record<string, string>) => {
  mkdirSync(join(repo.dir, 'keywords/rules'), { recursive: true });
  return commitOnFrom(repo, branch, baseSha, files);
};
function pr(number: number, head: string): FakePull {
  return {
    number, state: 'open', user: { login: 'mallory', type: 'User' }, author_association: 'CONTRIBUTOR', labels: [],
    head: { sha: head, ref: 'feature', repo: { full_name: 'mallory/lists', owner: { login: 'mallory' } } }, base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } },
  };
}
const runEvent = (head: string) => ({
  workflow_run: {
    id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: PLAN_WORKFLOW, created_at: '2025-01-01T00:00:00Z',
    head_sha: head, head_branch: 'feature', head_repository: { full_name: 'mallory/lists', owner: { login: 'mallory' } }, pull_requests: [],
  },
});
async function stageTwo(head: string) {
  const h = harness(repo, gh, emu);
  const started = Date.now();
  const result = await runAction({ inputs: inputs('plan-live', { artifactDir }), context: context(repo, { eventName: 'workflow_run', sha: baseSha, event: runEvent(head) }), deps: h.deps });
  return { result, ms: Date.now() - started, summary: h.summaries.join('\n'), h };
}
const comment = (n = 7) => planComment(gh, n)?.body ?? '';
const check = () => gh.checkRuns.at(-1)!;
const checkText = () => JSON.stringify(check().output);
/** Every request stage two made to the app: reads only, and no path segment from a rule file. */
function onlyReads(forbidden: string[] = []): void {
  for (const r of emu.requests) {
    expect(r.method).toBe('GET');
    // The listings only (keywords, rules, the preview's group messages): no per-item path a file could choose.
    expect(r.path).toMatch(/^\/v3\/(moderation\/keywords|moderation\/rules|groups\/cometchat-guid-\d+\/messages)(\?|$)/);
    for (const f of forbidden) expect(decodeURIComponent(r.path)).not.toContain(f);
  }
}
function everythingInert(summary: string): void {
  assertInert(comment(), runLinks());
  assertInert(String(check().output.summary ?? ''), runLinks());
  assertInert(String(check().output.text ?? ''), runLinks());
  assertInert(summary, runLinks());
}

const HOSTILE = '![x](http://evil.example/p.png) <img src=x> ](http://evil) `tick` **Approved** @org/team #1 \u202Egnp.exe\u202C \u0007\u001b[31m';
/** Within the service's 100 characters for a name. */
const SHORT = '<img src=x> ](http://evil) `t` **Approved** @org/team \u202Egnp\u202C \u0007';
const yamlStr = (s: string) => JSON.stringify(s);
/** A rule file with hostile text in every free-text value (name, description, action, a raw condition). */
const hostileRule = (valid: boolean) => [
  'id: block-scams',
  `name: ${yamlStr(valid ? SHORT : HOSTILE)}`,
  `description: ${yamlStr(HOSTILE)}`,
  valid ? 'action: [blockMessage]' : `action: [blockMessage, ${yamlStr(HOSTILE)}]`,
  'conditions:',
  '  - list: blocklist',
  ...(valid ? [] : [`  - { type: text, value: ${yamlStr(HOSTILE)} }`]),
  '',
].join('\n');
const listChange = { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) };

describe('red team, outsider: rule files as untrusted data in stage two', () => {
  it('R-R0 hostile text in the action and a raw condition: refused at their lines, the check and comment inert, no request to the app', async () => {
    const B = commitOn('feature', { ...listChange, 'keywords/rules/block-scams.yaml': hostileRule(false) });
    gh.pulls = [pr(7, B)];
    const { summary } = await stageTwo(B);
    expect(check().conclusion).toBe('failure');
    expect(checkText()).toMatch(/keywords\/rules\/block-scams\.yaml:\d+:\d+/);
    everythingInert(summary);
    for (const raw of ['<img src=x>', '\u202E', '\u001b']) expect(comment() + summary).not.toContain(raw);
    expect(emu.requests).toEqual([]);
  });

  it('R-R1 hostile markdown, HTML, mentions, backticks, control and bidi characters in a rule file, unapproved: inert, nothing of it shown, no request to the app', async () => {
    const B = commitOn('feature', { ...listChange, 'keywords/rules/block-scams.yaml': hostileRule(true) });
    gh.pulls = [pr(7, B)];
    const { summary } = await stageTwo(B);
    expect(comment()).toContain('blocklist');
    everythingInert(summary);
    for (const raw of ['<img src=x>', '@org/team', 'evil', '\u202E', '\u001b']) expect(comment() + checkText() + summary).not.toContain(raw);
    expect(emu.requests).toEqual([]);
  });

  it('R-R2 the same rule file on an approved head (the live plan released): inert wherever it renders, only reads', async () => {
    const B = commitOn('feature', { ...listChange, 'keywords/rules/block-scams.yaml': hostileRule(true) });
    gh.pulls = [pr(7, B)];
    gh.review(7, { login: 'maintainer', type: 'User' }, 'APPROVED', B);
    const { summary } = await stageTwo(B);
    expect(comment()).toContain('#### Impact preview');
    everythingInert(summary);
    for (const raw of ['<img src=x>', '\u202E', '\u001b']) expect(comment() + summary).not.toContain(raw);
    onlyReads(['evil', 'block-scams']);
    expect(emu.requests.some((r) => r.path.startsWith('/v3/moderation/keywords'))).toBe(true);
  });

  it('R-R3 a rule file of half a megabyte and one of 20,000 conditions: a located size error, bounded in time, only reads', async () => {
    const conditions = Array.from({ length: 20_000 }, (_, i) => `  - list: l${i}`).join('\n');
    const B = commitOn('feature', {
      ...listChange,
      'keywords/rules/huge.yaml': `id: huge\nname: huge\naction: [blockMessage]\ndescription: ${yamlStr('x'.repeat(512 * 1024)) /* under the GitHub fake's 1 MB git output buffer; the bound is 64 KB */}\nconditions:\n  - list: blocklist\n`,
      'keywords/rules/many.yaml': `id: many\nname: many\naction: [blockMessage]\nconditions:\n${conditions}\n`,
    });
    gh.pulls = [pr(7, B)];
    gh.review(7, { login: 'maintainer', type: 'User' }, 'APPROVED', B);
    const { ms, summary } = await stageTwo(B);
    expect(ms).toBeLessThan(15_000);
    expect(check().conclusion).toBe('failure');
    expect(checkText()).toMatch(/keywords\/rules\/huge\.yaml.*over 65536/);
    expect(checkText()).toContain('keywords/rules/many.yaml');
    expect(Buffer.byteLength(comment())).toBeLessThan(65_536);
    expect(checkText().length).toBeLessThan(200_000);
    everythingInert(summary);
    onlyReads(['huge', 'many']);
  });

  it('R-R4 rule ids holding path characters, "..", a URL: refused at their line before any request that could carry them', async () => {
    const B = commitOn('feature', {
      ...listChange,
      'keywords/rules/dots.yaml': 'id: ../../keywords/doxx-shield\nname: dots\naction: [blockMessage]\nconditions:\n  - list: blocklist\n',
      'keywords/rules/slash.yaml': 'id: "a/b?c=1#x%2F"\nname: slash\naction: [blockMessage]\nconditions:\n  - list: blocklist\n',
      'keywords/rules/url.yaml': 'id: "http://evil.example/x"\nname: url\naction: [blockMessage]\nconditions:\n  - list: blocklist\n',
    });
    gh.pulls = [pr(7, B)];
    gh.review(7, { login: 'maintainer', type: 'User' }, 'APPROVED', B);
    const { summary } = await stageTwo(B);
    expect(check().conclusion).toBe('failure');
    for (const f of ['dots', 'slash', 'url']) expect(checkText()).toContain(`rule-id-invalid (keywords/rules/${f}.yaml:1:5)`);
    everythingInert(summary);
    onlyReads(['..', 'a/b', 'evil', '%2F', '?c=1']);
  });

  it('R-R5 a YAML alias bomb in a rule file: a located error, fast, only reads', async () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', ...'bcdefghi'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(', ')}]`)].join('\n');
    const B = commitOn('feature', { ...listChange, 'keywords/rules/bomb.yaml': `${bomb}\nid: bomb\nname: bomb\naction: [blockMessage]\nconditions:\n  - list: blocklist\n  - { type: text, value: *i }\n` });
    gh.pulls = [pr(7, B)];
    gh.review(7, { login: 'maintainer', type: 'User' }, 'APPROVED', B);
    const { ms, summary } = await stageTwo(B);
    expect(ms).toBeLessThan(15_000);
    expect(check().conclusion).toBe('failure');
    expect(checkText()).toMatch(/keywords\/rules\/bomb\.yaml:\d+:\d+/);
    everythingInert(summary);
    onlyReads(['bomb']);
  });

  it('R-R6 a condition naming a list id that looks like a URL or a path: refused at its line, never requested', async () => {
    const B = commitOn('feature', {
      ...listChange,
      'keywords/rules/urlref.yaml': 'id: urlref\nname: urlref\naction: [blockMessage]\nconditions:\n  - list: "https://evil.example/lists?x=@org/team"\n  - list: "../../apps/other/keywords"\n',
    });
    gh.pulls = [pr(7, B)];
    gh.review(7, { login: 'maintainer', type: 'User' }, 'APPROVED', B);
    const { summary } = await stageTwo(B);
    expect(check().conclusion).toBe('failure');
    expect(checkText()).toContain('rule-condition-invalid (keywords/rules/urlref.yaml:5:11)');
    expect(checkText()).toContain('rule-condition-invalid (keywords/rules/urlref.yaml:6:11)');
    everythingInert(summary);
    onlyReads(['evil', '..', 'apps/other']);
  });

  it('R-R7 a rule file trying to choose what the key reads (appId, region, baseUrl, target keys): ignored or refused, the app read is the trusted one, only reads', async () => {
    const B = commitOn('feature', {
      ...listChange,
      'keywords/rules/steer.yaml': 'id: steer\nname: steer\naction: [blockMessage]\nconditions:\n  - list: blocklist\nappId: other-app\nregion: eu\nbaseUrl: http://evil.example\nservice: { baseUrl: "http://evil.example" }\ntarget: prod\n',
    });
    gh.pulls = [pr(7, B)];
    gh.review(7, { login: 'maintainer', type: 'User' }, 'APPROVED', B);
    const { summary } = await stageTwo(B);
    everythingInert(summary);
    expect(check().conclusion).toBe('failure');
    for (const key of ['appId', 'region', 'baseUrl', 'service', 'target']) expect(checkText()).toContain(key);
    expect(comment() + summary).not.toContain('evil.example');
    onlyReads(['other-app', 'evil', 'steer']);
  });
});
