// Ctrl-C through the real process wiring: `kwsync apply` in a child process gets SIGINT while a
// write is in flight; that write lands, no other write starts, the report is printed, exit 130.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { liveTerms, startHarness, type Harness } from './harness.js';

// The child runs in the temp repo, where `tsx` cannot be found by name.
const TSX = pathToFileURL(join(process.cwd(), 'node_modules/tsx/dist/loader.mjs')).href;

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

test('SIGINT during the first write: exit 130, that list applied, the others not started', async () => {
  for (const id of ['a', 'b', 'c']) await h.writeList(id, ['x']);
  // Each write takes 1.5 s, so the signal surely arrives while the first one is in flight.
  h.emulator.injectFaults({ type: 'latency', count: 3, method: 'POST', latencyMs: 1500 });
  const child = spawn(process.execPath, ['--import', TSX, join(process.cwd(), 'src/cli/main.ts'), 'apply', '--auto-approve', '--concurrency', '1'], {
    cwd: h.root,
    env: { ...process.env, ...h.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  for (let i = 0; i < 300 && child.exitCode === null && !h.emulator.requests.some((r) => r.method === 'POST'); i++) await sleep(50);
  child.kill('SIGINT');
  const code = await exited;
  if (code !== 130) console.log(stdout, stderr);
  expect(code).toBe(130);
  expect(stderr).toContain('kwsync: interrupted; no new write starts');
  expect(stdout).toMatch(/✓ applied +a \(create\)/);
  expect(stdout.match(/! skipped +[bc] \(create\)\n +not started: the apply was interrupted/g)).toHaveLength(2);
  expect(h.emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  expect(await liveTerms(h, 'a')).toEqual(['x']);
  expect(await liveTerms(h, 'b')).toBeUndefined();
}, 30_000);
