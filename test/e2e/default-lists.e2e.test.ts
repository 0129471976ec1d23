// Issue 18: every app has default lists kwsync did not write, in shapes no example shows (sentence
// lists with disallowedSentences, "Prompt" lists with neither field, `default` absent or null, no
// name, unknown categories). With the emulator seeding all of them (defaultLists: 'all'), plan,
// apply, import and the Action's drift run over real HTTP must neither abort nor touch one.
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runAction } from '../../src/action/run-action.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { context, harness, inputs, listYaml, TempRepo } from '../action/action-harness.js';
import { FakeGitHub } from '../github/fake-github.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ defaultLists: 'all' });
});
afterEach(async () => {
  await h.close();
});

/** Every item of the raw listing, by id (defaults included, whatever their shape). */
async function liveIds(emulator: RunningEmulator): Promise<string[]> {
  const res = await fetch(`${emulator.chatBaseUrl}/moderation/keywords`, { headers: { apikey: emulator.apiKey } });
  const body = (await res.json()) as { data: { id: string }[] };
  return body.data.map((l) => l.id).sort();
}

test('plan, apply, plan again and import are green, and no default list is written or read into a file', async () => {
  const defaults = await liveIds(h.emulator);
  expect(defaults.length).toBeGreaterThan(15); // the published word list, sentence lists and the Prompt lists
  await h.writeList('scam-sentences', ['Hello, let\'s connect on Whatsapp.', 'Send me your OTP, quickly'], { category: 'sentence-similarity' });
  await h.writeList('profanity', ['darn', 'heck']);

  const plan = await h.run(['plan', '--detailed-exitcode']);
  expect(plan.stderr).toBe('');
  expect(plan.code).toBe(2);
  expect(plan.stdout).toContain('Plan: 2 to create, 0 to update, 0 to delete, 0 unchanged.');
  expect(plan.stdout).toMatch(/Default lists \(never changed\): .+ and \d+ more/);

  const writesBefore = h.emulator.requests.filter((r) => r.method !== 'GET').length;
  const apply = await h.run(['apply', '--auto-approve']);
  expect(apply.code).toBe(0);
  expect(apply.stdout).toContain('Apply: 2 applied, 0 unchanged, 0 skipped, 0 failed.');
  const writes = h.emulator.requests.slice().filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
  expect(writes.slice(writesBefore).sort()).toEqual(['POST /v3/moderation/keywords', 'POST /v3/moderation/keywords']);
  expect((await h.target().getKeywordList('scam-sentences'))?.searchTerms).toEqual(['Hello, let\'s connect on Whatsapp.', 'Send me your OTP, quickly']);

  const again = await h.run(['plan', '--detailed-exitcode']);
  expect(again.code).toBe(0);
  expect(again.stdout).toContain('Plan: 0 to create, 0 to update, 0 to delete, 2 unchanged.');

  const pruned = await h.run(['plan', '--prune', '--detailed-exitcode']);
  expect(pruned.code).toBe(0); // no default list, whatever its shape, is ever a deletion

  const out = join(h.root, 'imported');
  const imported = await h.run(['import', '--dir', 'imported']);
  expect(imported.code).toBe(0);
  const files = (await readdir(out)).filter((f) => f.endsWith('.yaml')).sort();
  expect(files).toEqual(['profanity.yaml', 'scam-sentences.yaml']);
  expect(await readFile(join(out, 'scam-sentences.csv'), 'utf8')).toContain("Hello, let's connect on Whatsapp.");
  // The imported folder is the live state: planned against the app, it changes nothing.
  const replan = await h.run(['plan', '--dir', 'imported', '--detailed-exitcode']);
  expect(replan.stdout).toContain('Plan: 0 to create, 0 to update, 0 to delete, 2 unchanged.');
  expect(replan.code).toBe(0);
  expect(await liveIds(h.emulator)).toEqual([...defaults, 'profanity', 'scam-sentences'].sort());
});

let gh: FakeGitHub;
beforeAll(async () => {
  gh = await new FakeGitHub().start();
});
afterAll(() => gh.close());

test("the Action's drift run over every default shape reports no drift and opens no issue", async () => {
  const emu = await startEmulator({ port: 0, defaultLists: 'all' });
  const repo = new TempRepo();
  try {
    gh.reset();
    const sha = 'c'.repeat(40);
    gh.branches.set('main', sha);
    repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const run = (mode: 'apply' | 'drift') => runAction({ inputs: inputs(mode), context: context(repo, { sha }), deps: harness(repo, gh, emu).deps });
    expect(await run('apply')).toMatchObject({ failed: false, hasChanges: true });
    const drift = await run('drift');
    expect(drift).toMatchObject({ failed: false, hasChanges: false });
    expect(gh.issues).toHaveLength(0);
  } finally {
    await emu.close();
    repo.remove();
  }
});
