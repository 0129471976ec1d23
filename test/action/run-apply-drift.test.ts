// mode: apply and mode: drift against the emulator over real HTTP, reporting to a fake GitHub.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { runAction } from '../../src/action/run-action.js';
import { connectService, serviceSettingsFromEnv } from '../../src/cli/service.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { applyMarker, DRIFT_LABEL } from '../../src/github/markers.js';
import { FakeGitHub } from '../github/fake-github.js';
import { context, harness, inputs, listYaml, TempRepo } from './action-harness.js';

let gh: FakeGitHub;
let emu: RunningEmulator;
let repo: TempRepo;
const sha = 'c'.repeat(40);
const terms = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`);

beforeAll(async () => {
  gh = await new FakeGitHub().start();
});
afterAll(() => gh.close());
beforeEach(async () => {
  gh.reset();
  emu = await startEmulator({ port: 0 });
  repo = new TempRepo();
  gh.commitPulls.set(sha, [{ number: 12, merged_at: '2025-01-01T00:00:00Z', merge_commit_sha: sha }]);
});
afterEach(async () => {
  await emu.close();
  repo.remove();
});

const live = () => connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl })).keywords;
const run = (mode: 'apply' | 'drift', h = harness(repo, gh, emu), force = false) =>
  runAction({ inputs: inputs(mode, { force }), context: context(repo, { sha }), deps: h.deps });

describe('mode: apply', () => {
  it('reconciles the whole folder, reports on the merged PR once, and is idempotent', async () => {
    repo.write('keywords/scam.yaml', listYaml('scam', ['free money', 'wire now']));
    repo.write('keywords/profanity-en.yaml', listYaml('profanity-en', ['darn']));
    const h = harness(repo, gh, emu);
    const first = await run('apply', h);
    expect(first).toMatchObject({ hasChanges: true, failed: false });
    expect((await live().getKeywordList('scam'))?.searchTerms).toEqual(['free money', 'wire now']);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0]).toMatchObject({ issue: 12 });
    expect(gh.comments[0]!.body.startsWith(applyMarker('default'))).toBe(true);
    expect(gh.comments[0]!.body).toContain('Every list now matches');
    expect(h.summaries.join('')).toContain('applied');

    const second = await run('apply', h);
    expect(second).toMatchObject({ hasChanges: false, failed: false });
    expect(gh.comments).toHaveLength(1);
  });

  it('refuses an unsafe change without force, and applies it with force', async () => {
    repo.write('keywords/big.yaml', listYaml('big', terms(20)));
    await run('apply');
    repo.write('keywords/big.yaml', listYaml('big', terms(2)));
    const refused = await run('apply');
    expect(refused.failed).toBe(true);
    expect(refused.message).toMatch(/force|refused/i);
    expect((await live().getKeywordList('big'))?.searchTerms).toHaveLength(20);

    const forced = await run('apply', harness(repo, gh, emu), true);
    expect(forced.failed).toBe(false);
    expect((await live().getKeywordList('big'))?.searchTerms).toEqual(terms(2));
  });

  it('sends nothing while a list is invalid', async () => {
    repo.write('keywords/scam.yaml', 'id: scam\nname: scam\ncategory: nope\nsearchTerms: [a]\n');
    emu.clearRequests();
    const h = harness(repo, gh, emu);
    const res = await run('apply', h);
    expect(res.failed).toBe(true);
    expect(emu.requests).toHaveLength(0);
    expect(h.annotations[0]?.file).toBe('keywords/scam.yaml');
  });

  it('fails the job when a list fails, naming it', async () => {
    repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    emu.injectFaults({ type: '502', count: 20, method: 'POST', path: '/moderation/keywords' });
    const res = await run('apply');
    expect(res.failed).toBe(true);
    expect(res.message).toContain('scam');
    expect(gh.comments[0]!.body).toContain('Some lists failed');
  });
});

describe('mode: drift', () => {
  it('opens one issue on drift, updates it, and closes it when live matches again', async () => {
    repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    await run('apply');
    expect((await run('drift')).hasChanges).toBe(false);
    expect(gh.issues).toHaveLength(0);

    await live().updateKeywordList({ id: 'scam', name: 'scam', description: '', category: 'word', searchTerms: ['free money', 'added by hand'] });
    const drift = await run('drift');
    expect(drift).toMatchObject({ hasChanges: true, failed: false });
    expect(gh.issues).toHaveLength(1);
    expect(gh.issues[0]!.labels).toEqual([DRIFT_LABEL]);
    expect(gh.issues[0]!.body).toContain('- added by hand');

    await run('drift');
    expect(gh.issues).toHaveLength(1);

    await run('apply');
    expect((await run('drift')).hasChanges).toBe(false);
    expect(gh.issues[0]!.state).toBe('closed');
    expect(gh.comments.filter((c) => c.issue === gh.issues[0]!.number)).toHaveLength(1);
  });
});
