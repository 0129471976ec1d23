// mode: apply and mode: drift against the emulator over real HTTP, reporting to a fake GitHub.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { runAction } from '../../src/action/run-action.js';
import { connectService, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { applyMarker, DRIFT_LABEL } from '../../src/github/markers.js';
import { FakeGitHub } from '../github/fake-github.js';
import { sendToGroup } from '../helpers/send-message.js';
import { context, harness, inputs, listYaml, TempRepo } from './action-harness.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { noDriftNote } from '../../src/action/run-drift.js';

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
  gh.branches.set('main', sha);
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

  it('refuses an unsafe change without force, says so once and on the merged PR, and applies it with force', async () => {
    repo.write('keywords/big.yaml', listYaml('big', terms(20)));
    await run('apply');
    repo.write('keywords/big.yaml', listYaml('big', terms(2)));
    const h = harness(repo, gh, emu);
    const refused = await run('apply', h);
    expect(refused.failed).toBe(true);
    expect(refused.message).toMatch(/^refused 1 unsafe change; nothing was applied: big: /);
    expect(refused.message!.split('big:').length - 1).toBe(1);
    expect(refused.message).toContain('from the Actions tab ("Run workflow" on the default branch) with "force" checked');
    expect(refused.message).not.toContain('--force');
    expect(h.summaries.join('')).toContain('with **force** checked');
    expect((await live().getKeywordList('big'))?.searchTerms).toHaveLength(20);
    const onPr = gh.comments.filter((c) => c.issue === 12);
    expect(onPr).toHaveLength(1);
    expect(onPr[0]!.body.startsWith(applyMarker('default'))).toBe(true);
    expect(onPr[0]!.body).toContain('**Refused: nothing was applied.**');
    expect(onPr[0]!.body).toContain('- big: ');

    const forced = await run('apply', harness(repo, gh, emu), true);
    expect(forced.failed).toBe(false);
    expect((await live().getKeywordList('big'))?.searchTerms).toEqual(terms(2));
    expect(gh.comments.filter((c) => c.issue === 12)).toHaveLength(1);
    expect(gh.comments[0]!.body).toContain('Every list now matches');
  });

  it('applies nothing when the default branch has moved on (a re-run of an older run), and succeeds', async () => {
    repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const newer = 'e'.repeat(40);
    gh.branches.set('main', newer);
    emu.clearRequests();
    const h = harness(repo, gh, emu);
    const res = await run('apply', h);
    expect(res).toEqual({ hasChanges: false, planJsonPath: '', failed: false });
    expect(emu.requests).toHaveLength(0);
    expect(await live().getKeywordList('scam')).toBeUndefined();
    expect(h.summaries.join('')).toContain(`superseded: main is at ${newer}; the newest apply run applies the current state`);
    expect(gh.writes()).toHaveLength(0);
    expect(gh.requests.map((r) => r.path)).toEqual(['/repos/acme/lists/branches/main']);
  });

  it('reads the default branch from the repository when the event does not carry it', async () => {
    repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    gh.branches.set('trunk', 'e'.repeat(40));
    gh.defaultBranch = 'trunk';
    const h = harness(repo, gh, emu);
    const { defaultBranch: _, ...ctx } = context(repo, { sha });
    const res = await runAction({ inputs: inputs('apply'), context: ctx, deps: h.deps });
    expect(res.failed).toBe(false);
    expect(h.summaries.join('')).toContain('superseded: trunk is at eeeeeee');
  });

  it('refuses a plan past the app\'s list limit before any write, as kwsync apply does', async () => {
    repo.write('keywords/kwsync.yaml', 'limits:\n  maxLists: 1\n');
    repo.write('keywords/a.yaml', listYaml('a', ['x']));
    // One list file, within the limit; a live list with no file (left alone, prune off) makes two.
    await live().createKeywordList({ id: 'by-hand', name: 'by hand', description: '', category: 'word', searchTerms: ['y'] });
    emu.requests.length = 0;
    const h = harness(repo, gh, emu);
    const result = await run('apply', h);
    expect(result.failed).toBe(true);
    expect(h.summaries.join('')).toMatch(/2 of 1 lists after apply/);
    expect(emu.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect((await live().listKeywordLists()).lists.filter((l) => !l.default).map((l) => l.id)).toEqual(['by-hand']);
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
    expect(res.message).toMatch(/apply did not finish for scam \(failed\)/);
  });

  it('on a push, refuses to undo a live edit the merged files do not carry, unless forced or brought into the file', async () => {
    const word = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`);
    repo.write('keywords/scam.yaml', listYaml('scam', word(12)));
    repo.write('keywords/other.yaml', listYaml('other', ['a']));
    const before = repo.commit();
    await run('apply');
    // An emergency term is added live; then a PR that changes only `other` is merged.
    await live().updateKeywordList({ id: 'scam', name: 'scam', description: '', category: 'word', searchTerms: [...word(12), 'emergency'] });
    repo.write('keywords/other.yaml', listYaml('other', ['a', 'b']));
    const head = repo.commit();
    gh.branches.set('main', head);
    gh.commitPulls.set(head, [{ number: 13, merged_at: '2025-01-01T00:00:00Z', merge_commit_sha: head }]);
    const push = (force: boolean) =>
      runAction({ inputs: inputs('apply', { force }), context: context(repo, { sha: head, event: { before } }), deps: harness(repo, gh, emu).deps });

    const refused = await push(false);
    expect(refused.failed).toBe(true);
    expect(refused.message).toMatch(/scam: undoes live edits made since the last apply \(removes 1 term added live\); bring them into the file with `kwsync import --list scam`/);
    expect((await live().getKeywordList('scam'))?.searchTerms).toContain('emergency');
    expect((await live().getKeywordList('other'))?.searchTerms).toEqual(['a']);

    // The live edit brought into the file: nothing to undo, applied without force.
    repo.write('keywords/scam.yaml', listYaml('scam', [...word(12), 'emergency']));
    const adopted = await runAction({ inputs: inputs('apply', { force: false }), context: context(repo, { sha: head, event: { before } }), deps: harness(repo, gh, emu).deps });
    expect(adopted).toMatchObject({ failed: false });
    expect((await live().getKeywordList('other'))?.searchTerms).toEqual(['a', 'b']);
  });

  it('with force, a push undoes the live edit (the repository is the source of truth)', async () => {
    repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const before = repo.commit();
    await run('apply');
    await live().updateKeywordList({ id: 'scam', name: 'scam', description: '', category: 'word', searchTerms: ['free money', 'emergency'] });
    const head = repo.commit();
    gh.branches.set('main', head);
    const res = await runAction({ inputs: inputs('apply', { force: true }), context: context(repo, { sha: head, event: { before } }), deps: harness(repo, gh, emu).deps });
    expect(res.failed).toBe(false);
    expect((await live().getKeywordList('scam'))?.searchTerms).toEqual(['free money']);
  });
});

describe('mode: drift', () => {
  it('opens one issue on drift, updates it, and closes it when live matches again', async () => {
    gh.privateRepo = true; // the issue shows a live edit's terms only to a private repository's readers (R-L6)
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

  it('names the configured folder in the issue, and does not claim live matches while unmanaged lists exist', async () => {
    repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    await run('apply');
    await live().createKeywordList({ id: 'by-hand', name: 'by hand', description: '', category: 'word', searchTerms: ['x'] });
    const h = harness(repo, gh, emu);
    expect((await run('drift', h)).hasChanges).toBe(false);
    expect(h.summaries.join('')).toContain('No drift in managed lists; 1 live list has no file (unmanaged).');
    expect(h.summaries.join('')).not.toContain('live matches the repository');

    mkdirSync(join(repo.dir, 'lists'));
    repo.write('lists/scam.yaml', listYaml('scam', ['free money', 'wire now']));
    const moved = await runAction({ inputs: inputs('drift', { dir: 'lists' }), context: context(repo, { sha }), deps: harness(repo, gh, emu).deps });
    expect(moved.hasChanges).toBe(true);
    expect(gh.issues[0]!.body).toContain('no longer match `lists/`');
  });
});

describe('mode: drift, with rules', () => {
  it('the summary says what each rule blocked since the last apply, when the folder has rules/', async () => {
    repo.write('keywords/mild.yaml', listYaml('mild', ['darn']));
    mkdirSync(join(repo.dir, 'keywords/rules'));
    repo.write('keywords/rules/block-mild.yaml', 'id: block-mild\nname: Block mild\naction: [blockMessage]\nconditions:\n  - list: mild\n');
    const app = () => connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl }));
    const withRules = () => {
      const h = harness(repo, gh, emu);
      h.deps.connectRules = () => app().rules;
      h.deps.connectClient = () => app().client;
      return h;
    };
    expect((await run('apply', withRules())).failed).toBe(false);
    expect(await sendToGroup(emu, 'oh darn')).toBe(200);
    expect(await sendToGroup(emu, 'hello')).toBe(200);
    const h = withRules();
    expect((await run('drift', h)).hasChanges).toBe(false);
    expect(h.summaries.join('')).toContain('- block-mild \\[blockMessage\\] (mild): 1 blocked');
    // Without a client (no key for it), no rules section, and nothing fails.
    const bare = harness(repo, gh, emu);
    bare.deps.connectRules = () => app().rules;
    await run('drift', bare);
    expect(bare.summaries.join('')).not.toContain('blocked');
  });
});

describe('noDriftNote', () => {
  it('says "live matches" only without unmanaged lists', () => {
    expect(noDriftNote(0)).toBe('No drift: live matches the repository.');
    expect(noDriftNote(18)).toBe('No drift in managed lists; 18 live lists have no file (unmanaged).');
  });
});
