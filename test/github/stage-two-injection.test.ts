// The escaping attacks against stage two (plan-live on workflow_run), as the two-stage tests run it:
// a fork's PR swaps `scam` for `sсam` (Cyrillic с) and adds a list file named like a link whose
// terms and name hold a mention, an image, a link and HTML. Stage one packs the lists; stage two
// validates them, plans against the emulator over HTTP and posts to a fake GitHub. The swap warns
// (located, naming U+0441) and shows its escapes; nothing the PR wrote takes effect as markdown in
// the comment, the check run or the job summary.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { runAction } from '../../src/action/run-action.js';
import { connectService, serviceSettingsFromEnv } from '../../src/sync/service.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { planSection } from './plan-comment.js';
import { closeStageTwoWorld, context, harness, inputs, listYaml, openStageTwoWorld, TempRepo } from '../action/action-harness.js';
import { FakeGitHub } from './fake-github.js';
import { assertInert } from './markdown-oracle.js';

const EVIL_FILE = 'x](https:evil.example) @team ![i](e.png).yaml';
const EVIL_LIST = [
  'id: promo',
  'name: "**Safe to merge** <img src=x> [ok](https://evil.example) #1 @org/admins"',
  'description: "see www.evil.example"',
  'category: word',
  'searchTerms:',
  '  - "@team ![x](http://e/i.png)"',
  '  - "</details> # Approved"',
  '',
].join('\n');

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
  repo.write('keywords/kwsync.yaml', 'targets:\n  - name: prod\n    appId: prod-app\n');
  repo.write('keywords/blocklist.yaml', listYaml('blocklist', ['spam', 'scam']));
  baseSha = repo.commit();
  const keywords = connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl })).keywords;
  await keywords.createKeywordList({ id: 'blocklist', name: 'blocklist', description: '', category: 'word', searchTerms: ['spam', 'scam'] });
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write('keywords/blocklist.yaml', listYaml('blocklist', ['spam', 's\u0441am']));
  repo.write(`keywords/${EVIL_FILE}`, EVIL_LIST);
  headSha = repo.commit();
});

/** The PR, by an author of the given association: a member sees the whole plan, an outsider counts only. */
function openPull(association: string): void {
  if (association !== 'NONE') gh.permissions.set('mallory', 'write'); // a trusted author has write access (red team R-M11)
  gh.pulls.push({
    number: 7, state: 'open', user: { login: 'mallory', type: 'User' }, author_association: association, labels: [],
    head: { sha: headSha, ref: 'feature', repo: { full_name: 'mallory/lists', owner: { login: 'mallory' } } },
    base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } },
  });
}
afterEach(async () => {
  await closeStageTwoWorld({ emu, repo, artifactDir });
});

describe('stage two on a hostile PR', () => {
  it('warns on scam -> sсam with U+0441, shows the escapes, and renders every PR string inert', async () => {
    openPull('MEMBER'); // the whole plan: the widest surface for the PR's strings
    const one = harness(repo, gh, undefined);
    const ctx1 = context(repo, { eventName: 'pull_request', sha: 'e'.repeat(40), pullRequest: { number: 7, headSha, baseSha, baseRef: 'main' } });
    await runAction({ inputs: inputs('plan-upload', { artifactDir }), context: ctx1, deps: one.deps });
    repo.git('checkout', '-q', 'main');
    const event = { workflow_run: { id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', head_sha: headSha, head_branch: 'feature', head_repository: { full_name: 'mallory/lists', owner: { login: 'mallory' } }, pull_requests: [] } };
    const two = harness(repo, gh, emu);
    const ctx2 = context(repo, { eventName: 'workflow_run', sha: baseSha, event });
    await runAction({ inputs: inputs('plan-live', { target: 'prod', artifactDir }), context: ctx2, deps: two.deps });

    const comment = planSection(gh, 'prod')!;
    expect(comment).toBeDefined();
    const runUrl = ctx2.runUrl;
    assertInert(comment.body, new Set([runUrl]));
    expect(comment.body).toContain('+ s\u0441am  (s\\u0441am)');
    expect(comment.body).toContain('- scam');
    expect(comment.body).toContain('<code>keywords/x](https:evil.example) @team ![i](e.png).yaml</code>');

    const check = gh.checkRuns.find((c) => c.name === 'kwsync (prod)')!;
    assertInert(check.output.summary, new Set([runUrl]));
    const warning = check.annotations.find((a) => a.title.startsWith('term-mixed-script'));
    expect(warning).toMatchObject({ path: 'keywords/blocklist.yaml', start_line: 4, start_column: 21, annotation_level: 'warning' }); // searchTerms: [spam, sсam]
    expect(warning.message).toContain('U+0441 CYRILLIC SMALL LETTER ES');
    expect(check.annotations.some((a) => a.title.startsWith('term-confusable'))).toBe(false); // `scam` is gone from the PR's files

    expect(two.summaries.length).toBeGreaterThan(0);
    for (const summary of two.summaries) assertInert(summary, new Set([runUrl]));
  });

  it("renders an outsider's counts-only plan inert too (the PR's file names reach it)", async () => {
    openPull('NONE');
    repo.git('checkout', '-q', 'main');
    const event = { workflow_run: { id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', created_at: '2025-01-01T00:00:00Z', head_sha: headSha, head_branch: 'feature', head_repository: { full_name: 'mallory/lists', owner: { login: 'mallory' } }, pull_requests: [] } };
    const two = harness(repo, gh, emu);
    const ctx2 = context(repo, { eventName: 'workflow_run', sha: baseSha, event });
    await runAction({ inputs: inputs('plan-live', { target: 'prod', artifactDir }), context: ctx2, deps: two.deps });

    const comment = planSection(gh, 'prod')!;
    expect(comment).toBeDefined();
    expect(comment.body).not.toContain('s\u0441am'); // no terms in a counts-only plan
    expect(comment.body).toContain('| `promo` | create | 2 | 0 |'); // the hostile file's list, counted
    assertInert(comment.body, new Set([ctx2.runUrl]));
    const check = gh.checkRuns.find((c) => c.name === 'kwsync (prod)')!;
    assertInert(check.output.summary, new Set([ctx2.runUrl]));
    for (const summary of two.summaries) assertInert(summary, new Set([ctx2.runUrl]));
  });
});
