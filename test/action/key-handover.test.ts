// Issue 27 item 5: the process that parses a pull request's files never had the API key in its
// initial environment. The Action is bundled from src/action/main.ts exactly as `npm run
// build:action` does (into a temporary folder) and started as the runner starts it, keys in its
// environment. Its event file is a FIFO, so the worker blocks reading it: the test then reads both
// processes' /proc/<pid>/environ (Linux), releases the FIFO and lets the run finish.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = process.cwd();
const linux = process.platform === 'linux' && existsSync('/proc/self/environ');
let dir: string;
let bundle: string;
beforeAll(() => {
  // Inside the worktree, so the bundle's external packages resolve from node_modules as action-dist's do.
  dir = mkdtempSync(join(root, '.kwsync-key-handover-'));
  bundle = join(dir, 'index.js');
  const script = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts['build:action'] as string;
  const args = script.replace(/^esbuild /, '').replace('--outfile=action-dist/index.js', `--outfile=${bundle}`);
  execFileSync('sh', ['-c', `node_modules/.bin/esbuild ${args} --log-level=warning`], { cwd: root });
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const environOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
const childrenOf = (pid: number) => readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
async function until<T>(probe: () => T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

(linux ? it : it.skip)('the worker that reads the event and parses files started without the keys; it received them over the pipe; the runner\'s process held them', async () => {
  const work = mkdtempSync(join(tmpdir(), 'kwsync-handover-'));
  const fifo = join(work, 'event.json');
  execFileSync('mkfifo', [fifo]);
  const KEY = 'handover-key-0123456789abcdef';
  const STAGING_KEY = 'handover-staging-key-fedcba9876';
  const out = join(work, 'output');
  writeFileSync(out, '');
  const env = {
    PATH: process.env.PATH!, HOME: work, COMETCHAT_API_KEY: KEY, COMETCHAT_API_KEY_STAGING: STAGING_KEY,
    GITHUB_REPOSITORY: 'acme/lists', GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: fifo, GITHUB_OUTPUT: out, GITHUB_STEP_SUMMARY: join(work, 'summary.md'),
    GITHUB_WORKSPACE: work, GITHUB_API_URL: 'http://127.0.0.1:9', RUNNER_TEMP: work, INPUT_MODE: 'plan', 'INPUT_GITHUB-TOKEN': 't',
  };
  const parent = spawn(process.execPath, [bundle], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  parent.stdout.on('data', (c) => (stdout += String(c)));
  parent.stderr.on('data', (c) => (stdout += String(c)));
  const exited = new Promise<number | null>((r) => parent.on('exit', (code) => r(code)));
  try {
    const worker = await until(() => childrenOf(parent.pid!).find((pid) => environOf(pid).some((e) => e.startsWith('GITHUB_EVENT_PATH='))));
    // The worker blocks on the FIFO, i.e. it is past receiving the keys and at the first untrusted read.
    await until(() => (stdout.includes('::add-mask::') ? true : undefined));
    const workerEnv = environOf(worker);
    expect(workerEnv.filter((e) => /^COMETCHAT_API_KEY/.test(e))).toEqual([]);
    expect(workerEnv.join('\n')).not.toContain(KEY);
    expect(workerEnv.join('\n')).not.toContain(STAGING_KEY);
    expect(workerEnv).toContain('GITHUB_REPOSITORY=acme/lists');
    // The contrast: the process the runner started had them (and parses nothing).
    expect(environOf(parent.pid!)).toContain(`COMETCHAT_API_KEY=${KEY}`);
    // The worker got the key: it masked it (core.setSecret), which it does only with the key in hand.
    expect(stdout).toContain(`::add-mask::${KEY}`);
  } finally {
    // Non-blocking: when no worker reads the FIFO (a failure above), opening fails instead of hanging.
    try {
      const fd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
      writeSync(fd, '{}');
      closeSync(fd);
    } catch {
      parent.kill('SIGKILL');
    }
  }
  await exited;
  // The run went on and ended as kwsync ends (no stack trace), and the key was never printed but masked.
  expect(stdout.replaceAll(`::add-mask::${KEY}`, '')).not.toContain(KEY);
  expect(stdout).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
  expect(readFileSync(out, 'utf8')).toMatch(/failed/);
  rmSync(work, { recursive: true, force: true });
}, 60_000);
