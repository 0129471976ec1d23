// The API key never appears in any output, log line, error or written file, for every command that
// talks to the service, on success and on failure. The CLI also masks it as a last resort ('***');
// this test asserts that the mask is never what saves us.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { kwsync } from '../helpers/cli.js';

const SENTINEL = 'SENTINEL-KEY-do-not-print-7f3a9c';
const WRONG = 'SENTINEL-WRONG-KEY-never-shown-41b2';

let emu: RunningEmulator;
let root: string;
let env: Record<string, string>;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, apiKey: SENTINEL });
  root = await mkdtemp(join(tmpdir(), 'kwsync-secret-'));
  await mkdir(join(root, 'keywords'));
  await writeFile(join(root, 'keywords', 'words.yaml'), 'id: words\nname: Words\ncategory: word\nsearchTerms: [darn, heck]\n');
  env = { COMETCHAT_API_KEY: SENTINEL, COMETCHAT_BASE_URL: emu.chatBaseUrl, COMETCHAT_CALLS_BASE_URL: emu.callsBaseUrl, KWSYNC_DEBUG: '1' };
});
afterAll(async () => {
  await emu.close();
  await rm(root, { recursive: true, force: true });
});

// [name, argv, expected exit code]: success paths and error paths alike.
const commands: Array<[string, string[], number]> = [
  ['validate', ['validate', '--dir', 'keywords'], 0],
  ['plan', ['plan', '--dir', 'keywords', '--out', 'plan.json'], 0],
  ['plan json', ['plan', '--dir', 'keywords', '--format', 'json'], 0],
  ['apply --plan', ['apply', '--auto-approve', '--dir', 'keywords', '--plan', 'plan.json'], 0],
  ['apply markdown', ['apply', '--auto-approve', '--dir', 'keywords', '--format', 'markdown'], 0],
  ['preview', ['preview', '--dir', 'keywords', '--group', 'cometchat-guid-1', '--messages', '20'], 0],
  ['import', ['import', '--dir', 'imported'], 0],
  ['messages list', ['messages', 'list', 'cometchat-guid-1', '--limit', '3', '--json'], 0],
  ['calls list', ['calls', 'list', '--per-page', '2'], 0],
  ['calls get (unknown id)', ['calls', 'get', 'no-such-call'], 1],
  ['preview (unknown group)', ['preview', '--dir', 'keywords', '--group', 'nope'], 1],
];

test.each(commands)('%s: the key appears nowhere in stdout or stderr', async (_name, argv, code) => {
  const r = await kwsync(argv, env, root);
  expect(r.code).toBe(code);
  for (const text of [r.stdout, r.stderr]) {
    expect(text).not.toContain(SENTINEL);
    expect(text).not.toContain('***');
  }
});

test('KWSYNC_DEBUG request lines are on (so the test above covers them) and hold no key', async () => {
  const r = await kwsync(['plan', '--dir', 'keywords'], env, root);
  expect(r.stderr).toMatch(/GET \/v3\/moderation\/keywords -> 200/);
  expect(r.stderr).not.toContain(SENTINEL);
});

test('a rejected key is reported without echoing it', async () => {
  const r = await kwsync(['plan', '--dir', 'keywords'], { ...env, COMETCHAT_API_KEY: WRONG }, root);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/AUTH_ERR_APIKEY_NOT_FOUND/);
  expect(r.stdout + r.stderr).not.toContain(WRONG);
  expect(r.stdout + r.stderr).not.toContain('***');
});

test('no file kwsync wrote holds the key', async () => {
  const files = [join(root, 'plan.json'), ...(await readdir(join(root, 'imported'))).map((f) => join(root, 'imported', f))];
  expect(files.length).toBeGreaterThan(1);
  for (const f of files) expect(await readFile(f, 'utf8')).not.toContain(SENTINEL);
});
