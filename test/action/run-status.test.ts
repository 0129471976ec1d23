// mode: status writes the `kwsync status` table of every target to the job summary, from this
// checkout's git, the app (emulator) and the deployment records (an in-memory reader, or the
// GitHub fake's deployments, which hold none here).
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runAction } from '../../src/action/run-action.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { FakeGitHub } from '../github/fake-github.js';
import { sendToGroup } from '../helpers/send-message.js';
import { MemoryReader } from '../status/memory-reader.js';
import { context, harness, inputs, listYaml, TempRepo } from './action-harness.js';

let repo: TempRepo;
let emu: RunningEmulator;
let gh: FakeGitHub;
let shaA: string;
beforeEach(async () => {
  emu = await startEmulator({ port: 0 });
  gh = await new FakeGitHub().start();
  repo = new TempRepo();
  repo.write('keywords/mild.yaml', listYaml('mild', ['darn', 'heck']));
  shaA = repo.commit();
  repo.write('keywords/scam.yaml', listYaml('scam', ['wire money']));
  repo.commit();
});
afterEach(async () => {
  await emu.close();
  await gh.close();
  repo.remove();
});

it('one table row per target: applied commit, drift against it, the lists ahead', async () => {
  const h = harness(repo, gh, emu);
  const live = h.deps.connect!(undefined, (await h.deps.validateRepo({ dir: 'keywords', cwd: repo.dir })).config.service);
  await live.createKeywordList({ id: 'mild', name: 'mild', description: '', category: 'word', searchTerms: ['darn', 'heck'] });
  const reader = new MemoryReader().applied('default', shaA, '2025-01-02T00:04:05.000Z');
  const result = await runAction({ inputs: inputs('status'), context: context(repo), deps: { ...h.deps, deploymentReader: reader } });
  expect(result).toEqual({ hasChanges: true, planJsonPath: '', failed: false });
  expect(h.summaries).toHaveLength(1);
  const md = h.summaries[0]!;
  expect(md).toContain('| target | applied | when | run | drift | ahead of HEAD |');
  expect(md).toContain(`| default | \`${shaA.slice(0, 7)}\` | 2025-01-02 00:04Z (3 h ago) | [run](https://github.com/acme/lists/actions/runs/100) | none | \\+1 added |`);
  expect(md).toContain('- **default**: ahead: HEAD has list changes not applied yet: added scam.');
});

it('without a record: every target says so, and live is compared with HEAD', async () => {
  const h = harness(repo, gh, emu);
  const result = await runAction({ inputs: inputs('status'), context: context(repo), deps: h.deps });
  expect(result.failed).toBe(false);
  // HEAD has mild and scam; the app has neither.
  expect(result.hasChanges).toBe(true);
  expect(h.summaries[0]).toContain(`| default | none | – | – | missing: mild, scam | unknown |`);
  expect(h.summaries[0]).toContain('no deployment record (no kwsync apply recorded in environment default yet); compared with HEAD');
});

it('a target whose key is unset fails the run, naming the variable, after reporting the others', async () => {
  repo.write('keywords/kwsync.yaml', `targets:\n  - name: a\n    baseUrl: ${emu.chatBaseUrl}\n  - name: b\n    baseUrl: ${emu.chatBaseUrl}\n    apiKeyEnv: COMETCHAT_API_KEY_B\n`);
  repo.commit();
  const h = harness(repo, gh, emu);
  const { connectService, serviceSettingsFromEnv } = await import('../../src/sync/service.js');
  const env = { COMETCHAT_API_KEY: emu.apiKey };
  const deps = { ...h.deps, connectKeyed: (t: any) => connectService(serviceSettingsFromEnv(env, t, { keyFromTarget: true }), { retry: { maxRetries: 0 } }).keywords };
  const result = await runAction({ inputs: inputs('status'), context: context(repo), deps });
  expect(result).toMatchObject({ failed: true, message: 'status: b could not be read (see the job summary)' });
  expect(h.summaries[0]).toMatch(/\| a \| none \| – \| – \| missing: mild, scam \| unknown \|/);
  expect(h.summaries[0]).toMatch(/\| b \| none \| – \| – \| not checked: set COMETCHAT\\_API\\_KEY\\_B/);
});

it('refuses a pull_request run: the PR\'s kwsync.yaml must not pick the server a key goes to', async () => {
  repo.write('keywords/kwsync.yaml', 'targets:\n  - name: a\n    baseUrl: https://attacker.example/apps/x/v3\n    apiKeyEnv: COMETCHAT_API_KEY_A\n');
  repo.commit();
  const h = harness(repo, new FakeGitHub(), emu);
  let connected = 0;
  const deps = { ...h.deps, connectKeyed: () => (connected++, h.deps.connect!(undefined, {} as never)) };
  const result = await runAction({ inputs: inputs('status'), context: context(repo, { eventName: 'pull_request', pullRequest: { number: 7, headSha: 'a'.repeat(40), baseSha: 'b'.repeat(40), baseRef: 'main' } }), deps });
  expect(result).toMatchObject({ failed: true, message: expect.stringContaining('mode status does not run on pull_request') });
  expect(connected).toBe(0);
});

describe('the rules section (issue 39 item 8)', () => {
  const send = async (text: string) => expect(await sendToGroup(emu, text)).toBe(200);
  async function withRules(privateRepo: boolean): Promise<string> {
    mkdirSync(join(repo.dir, 'keywords/rules'));
    repo.write('keywords/rules/block-mild.yaml', 'id: block-mild\nname: Block mild\naction: [blockMessage]\nconditions:\n  - list: mild\n');
    repo.commit();
    gh.privateRepo = privateRepo;
    const h = harness(repo, gh, emu);
    const { connectService, serviceSettingsFromEnv } = await import('../../src/sync/service.js');
    const { createRule } = await import('../../src/api/index.js');
    const env = { COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl };
    const app = (t: any) => connectService(serviceSettingsFromEnv(env, t, { keyFromTarget: true, envWins: true }), { retry: { maxRetries: 0 } });
    const c = app(undefined);
    await c.keywords.createKeywordList({ id: 'mild', name: 'mild', description: '', category: 'word', searchTerms: ['darn', 'heck'] });
    await c.keywords.createKeywordList({ id: 'secret-list', name: 'secret', description: '', category: 'word', searchTerms: ['zzz'] });
    const condition = (list: string) => ({ entity: 'message', operand: 'text', operator: 'contains', category: 'word', isReference: true, value: [list] });
    await createRule(c.client, { id: 'block-mild', name: 'Block mild', enabled: true, action: ['blockMessage'], conditions: [condition('mild')], filters: [] });
    await createRule(c.client, { id: 'hidden-rule', name: 'Hidden', enabled: true, action: ['blockMessage'], conditions: [condition('secret-list')], filters: [] });
    await send('oh darn it');
    await send('zzz');
    await send('hello there');
    const result = await runAction({ inputs: inputs('status'), context: context(repo), deps: { ...h.deps, connectKeyed: (t) => app(t).keywords, clientKeyed: (t) => app(t).client } });
    expect(result.failed).toBe(false);
    return h.summaries[0]!;
  }

  it('a private repository: each rule with what it blocked, from the blocked-messages endpoint', async () => {
    const md = await withRules(true);
    expect(md).toContain('block-mild \\[blockMessage\\] (mild): 1 blocked');
    expect(md).toContain('hidden-rule \\[blockMessage\\] (secret-list): 1 blocked');
  });

  it('a public repository: a live rule with no file, and its list with none, are counted, not named', async () => {
    const md = await withRules(false);
    expect(md).toContain('block-mild \\[blockMessage\\] (mild): 1 blocked');
    expect(md).not.toContain('hidden-rule');
    expect(md).not.toContain('secret-list');
    expect(md).toContain('(a live rule with no file) \\[blockMessage\\]: 1 blocked');
  });
});
