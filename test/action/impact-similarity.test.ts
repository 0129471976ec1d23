// Sentence-similarity lists in the Action's impact preview: scored by the local model (a fake one
// here, its scores known) for a trusted pull request only, counts under minMessageCount masked,
// never a message, the local-model disclaimer; an outsider's PR loads no model at all.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { previewImpact, renderImpactMarkdown } from '../../src/action/impact-preview.js';
import { runAction } from '../../src/action/run-action.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { planSection } from '../github/plan-comment.js';
import { computePlan } from '../../src/plan/index.js';
import type { PreviewMessage } from '../../src/preview/index.js';
import { BOT, FakeGitHub, type FakePull } from '../github/fake-github.js';
import { desired, SAFETY } from '../plan/fixtures.js';
import { FAKE_MODEL, fakeLoader } from '../preview/fake-embedder.js';
import { closeStageTwoWorld, context, harness, inputs, listYaml, openStageTwoWorld, TempRepo } from './action-harness.js';

const SECRET = 'gift for my private note';
const texts = [SECRET, ...Array.from({ length: 7 }, (_, i) => `hello neighbour ${i}`), 'the bank is shut', 'oh heck'];
const messages = async function* (_guid: string, count: number): AsyncIterable<PreviewMessage> {
  yield* texts.slice(0, count).map((text, i) => ({ id: String(i + 1), text }));
};
const plan = computePlan(
  [desired('scam', ['gift', 'hello', 'bank'], { category: 'sentence-similarity' }), desired('mild', ['heck'])],
  [],
  { target: 'prod', prune: false, safety: SAFETY },
);

describe('previewImpact and its markdown', () => {
  it('an untrusted pull request: the model is never loaded, the sentence list says why', async () => {
    const load = fakeLoader();
    const p = await previewImpact(plan, ['g'], 100, messages, undefined, { trusted: false, threshold: 0.6, load });
    expect(load.loads).toBe(0);
    const md = renderImpactMarkdown(p, { minMessageCount: 1 });
    expect(md).toContain('| `scam` | n/a | n/a | n/a | not previewed: sentence lists are previewed for trusted pull requests only |');
    expect(md).toMatch(/\| `mild` \| 1 \| 0 \| 1 \| `heck` \(1\) \|/);
  });

  it('a trusted one: counts (masked under minMessageCount), sentences as top terms with the broad mark, the disclaimer, no message', async () => {
    const load = fakeLoader();
    const p = await previewImpact(plan, ['g'], 100, messages, undefined, { trusted: true, threshold: 0.6, load });
    expect(load.loads).toBe(1);
    const md = renderImpactMarkdown(p, { minMessageCount: 5 });
    // 9 caught: 1 gift, 7 hello (broad: 70% of 10), 1 bank; the 1s are not named.
    expect(md).toContain('| `scam` | 9 | <5 | 9 | `hello` (7, broad) |');
    expect(md).toContain('| `mild` | <5 | <5 | <5 |  |');
    expect(md).toContain(`_Sentence-similarity counts come from a local model, not CometChat's: ${FAKE_MODEL} at threshold 0.60;`);
    expect(md).not.toContain(SECRET);
    expect(md).not.toContain('neighbour');
  });
});

// Stage two as in pr-attacks.test.ts: the fake GitHub and the emulator over real HTTP.
const PLAN_WORKFLOW = '.github/workflows/kwsync-plan.yml';
const CONFIG = 'preview:\n  groups: [marketplace]\n  messages: 100\n';
const SENTENCES = 'id: scam\nname: scam\ncategory: sentence-similarity\nsearchTerms: ["send me the gift card codes please", "give me your bank login details"]\n';

describe('stage two (plan-live)', () => {
  let gh: FakeGitHub;
  let emu: RunningEmulator;
  let repo: TempRepo;
  let artifactDir: string;
  let baseSha: string;
  let headSha: string;
  beforeAll(async () => {
    gh = await new FakeGitHub().start();
  });
  afterAll(() => gh.close());
  beforeEach(async () => {
    ({ emu, repo, artifactDir } = await openStageTwoWorld(gh));
    repo.write('keywords/kwsync.yaml', CONFIG);
    repo.write('keywords/blocklist.yaml', listYaml('blocklist', ['spam']));
    baseSha = repo.commit();
    repo.git('checkout', '-q', '-b', 'feature');
  });
  afterEach(async () => {
    await closeStageTwoWorld({ emu, repo, artifactDir });
  });

  const pull = (association: string): FakePull => ({
    number: 7, state: 'open', user: { login: 'mallory', type: 'User' }, author_association: association, labels: [],
    head: { sha: headSha, ref: 'feature', repo: { full_name: 'mallory/lists', owner: { login: 'mallory' } } }, base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } },
  });
  async function planPr(association: string) {
    repo.write('keywords/scam.yaml', SENTENCES);
    headSha = repo.commit();
    repo.git('checkout', '-q', 'main');
    gh.permissions.set('mallory', 'write'); // R-M11: a trusted author also needs write access here
    gh.pulls.push(pull(association));
    const h = harness(repo, gh, emu);
    const load = fakeLoader();
    h.deps.loadEmbedder = load;
    const event = { workflow_run: { id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: PLAN_WORKFLOW, created_at: '2025-01-01T00:00:00Z', head_sha: headSha, head_branch: 'feature', head_repository: { full_name: 'mallory/lists', owner: { login: 'mallory' } }, pull_requests: [] } };
    await runAction({ inputs: inputs('plan-live', { artifactDir }), context: context(repo, { eventName: 'workflow_run', sha: baseSha, event }), deps: h.deps });
    const body = planSection(gh, 'default', 7)?.body ?? '';
    return { body, load, summaries: h.summaries.join('\n') };
  }

  it('an outsider\'s PR adding a sentence list: no impact preview, no model loaded', async () => {
    const { body, load, summaries } = await planPr('FIRST_TIME_CONTRIBUTOR');
    expect(body).toContain('The live plan is withheld');
    expect(body).not.toContain('Impact preview');
    expect(summaries).not.toContain('local model');
    expect(load.loads).toBe(0);
  });

  it('a collaborator\'s: the sentence list is scored on the group\'s messages, with the disclaimer (the contrast)', async () => {
    const { body, load } = await planPr('COLLABORATOR');
    expect(load.loads).toBe(1);
    const section = body.slice(body.indexOf('#### Impact preview'));
    expect(section).toMatch(/100 recent messages of `marketplace`/);
    const row = /\| `scam` \| (\d+) \| <5 \| (\d+) \| ([^|]*)\|/.exec(section);
    expect(row).not.toBeNull();
    expect(Number(row![2])).toBeGreaterThanOrEqual(5);
    // Sentences are named with their counts, none caught by fewer than minMessageCount (5) messages.
    const named = [...row![3]!.matchAll(/`(send me the gift card codes please|give me your bank login details)` \((\d+)/g)];
    expect(named.length).toBeGreaterThan(0);
    for (const n of named) expect(Number(n[2])).toBeGreaterThanOrEqual(5);
    expect(section).toContain("_Sentence-similarity counts come from a local model, not CometChat's");
    expect(section).not.toMatch(/gift card for my birthday|bank transfer should arrive/i);
  });
});
