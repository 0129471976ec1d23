// The real process entry (src/cli/main.ts) when its output goes away: `kwsync … | head` ends
// quietly; another write failure is the one error style (a line and a hint) and exit 1. Never a stack trace.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, BUSY_GROUP, type RunningEmulator } from '../../src/emulator/index.js';

const MAIN = new URL('../../src/cli/main.ts', import.meta.url).pathname;
let emu: RunningEmulator;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
  const { KWSYNC_DEBUG: _debug, ...rest } = process.env;
  env = { ...rest, COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl, COMETCHAT_CALLS_BASE_URL: emu.callsBaseUrl };
});
afterAll(() => emu.close());

const ARGS = ['messages', 'list', BUSY_GROUP, '--max', '5000'];

/** Runs the CLI; `closeEarly` drops the read end of stdout after the first chunk, as `head` does. */
function run(stdout: 'pipe' | number, closeEarly: boolean): Promise<{ code: number | null; stderr: string; got: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...ARGS], { env, stdio: ['ignore', stdout, 'pipe'] });
    let stderr = '';
    let got = 0;
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout?.on('data', (d: Buffer) => {
      got += d.length;
      if (closeEarly) child.stdout?.destroy();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr, got }));
  });
}

test('a reader that closes early (| head): exit 0, nothing on stderr', async () => {
  const r = await run('pipe', true);
  expect(r.got).toBeGreaterThan(0);
  expect(r.stderr).not.toMatch(/\n\s+at |EPIPE|Unhandled/);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
});

test('any other write failure: the error and a hint on stderr, exit 1', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kwsync-out-'));
  const file = join(dir, 'read-only-fd');
  await writeFile(file, '');
  const fd = openSync(file, 'r'); // writing to it fails with EBADF
  try {
    const r = await run(fd, false);
    expect(r.stderr).toBe('kwsync: cannot write the output: EBADF\n  hint: check where the output goes (a full disk, a file opened read-only)\n');
    expect(r.code).toBe(1);
  } finally {
    closeSync(fd);
    await rm(dir, { recursive: true, force: true });
  }
});
