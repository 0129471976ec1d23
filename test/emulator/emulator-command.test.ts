// `kwsync emulator` in-process: prints the URLs and export lines, serves until shutdown, never
// prints the API key, and turns bad option values into exit 64.
import { runCli } from '../../src/cli/run.js';
import { emulatorOptions } from '../../src/cli/commands/emulator.js';
import type { CliIO } from '../../src/cli/io.js';
import { fetch } from 'undici';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function io(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  let stop: () => void = () => {};
  let started: (text: string) => void = () => {};
  const startedP = new Promise<string>((resolve) => (started = resolve));
  const cli: CliIO = {
    stdout: {
      write: (s: string) => {
        out.push(s);
        if (s.includes('Press Ctrl+C')) started(out.join(''));
      },
    },
    stderr: { write: (s: string) => err.push(s) },
    env,
    cwd: process.cwd(),
    waitForShutdown: () => new Promise<void>((resolve) => (stop = resolve)),
  };
  return { cli, stdout: () => out.join(''), stderr: () => err.join(''), started: startedP, stop: () => stop() };
}

test('starts, prints the exact export lines (the stand-in key included), serves, stops on shutdown', async () => {
  const key = 'local-stand-in-1234';
  const t = io();
  const done = runCli(['emulator', '--port', '0', '--api-key', key, '--app-id', 'demo-app', '--latency', '0'], t.cli);
  const text = await t.started;
  const chat = /export COMETCHAT_BASE_URL=(http:\/\/127\.0\.0\.1:\d+\/v3)\n/.exec(text)?.[1];
  const calls = /export COMETCHAT_CALLS_BASE_URL=(http:\/\/127\.0\.0\.1:\d+\/calls\/v3)\n/.exec(text)?.[1];
  expect(chat).toBeDefined();
  expect(calls).toBe(chat?.replace(/\/v3$/, '/calls/v3'));
  expect(text).toContain('export COMETCHAT_APP_ID=demo-app');
  // The emulator's key is a local stand-in: printed so the lines paste exactly, and said so.
  expect(text).toContain(`  export COMETCHAT_API_KEY=${key}   # the emulator's local stand-in key, not a secret\n`);
  expect(text).not.toContain('COMETCHAT_API_KEY=...');
  // docs/emulator.md shows the same line with the default key.
  const docs = await readFile(new URL('../../docs/emulator.md', import.meta.url), 'utf8');
  const keyLine = /^ {2}export COMETCHAT_API_KEY=.*$/m.exec(text)?.[0] as string;
  expect(docs).toContain(keyLine.replace(key, 'emulator-key'));
  const res = await fetch(`${chat}/moderation/keywords`, { headers: { apikey: key } });
  expect(res.status).toBe(200);
  t.stop();
  expect(await done).toBe(0);
  expect(t.stdout()).toContain('stopped');
  expect(t.stdout() + t.stderr()).not.toContain('emulator-key');
  await expect(fetch(`${chat}/moderation/keywords`, { headers: { apikey: key } })).rejects.toThrow();
});

test.each([
  [['--port', 'abc'], '--port must be an integer from 0 to 65535'],
  [['--port', '70000'], '--port must be an integer'],
  [['--fail-rate', '2'], '--fail-rate must be a number from 0 to 1'],
  [['--drop-rate', '-0.1'], '--drop-rate must be a number'],
  [['--latency', 'fast'], '--latency must be an integer'],
  [['--response-time', '-5'], '--response-time must be an integer from 0'],
  [['--app-id', 'has space'], '--app-id "has space" may contain only'],
  [['--list-limit', '0'], '--list-limit must be an integer from 1 to 1000'],
  [['--csv-parsing', 'quotes'], '--csv-parsing must be one of lines, split-commas, rfc4180, not "quotes"'],
  [['--error-body', 'html'], '--error-body must be one of envelope, plain, other-json'],
  [['--rate-limit-headers', 'x'], '--rate-limit-headers must be one of x-ratelimit, x-rate-limit, none'],
  [['--apps', 'staging,pr od'], '--apps: "pr od" is not an app id'],
  [['--apps', 'staging,'], '--apps: "" is not an app id'],
  [['--apps', 'a,b,a'], '--apps names "a" twice'],
])('bad option %j exits 64 with a clear line', async (args, message) => {
  const t = io();
  expect(await runCli(['emulator', ...args], t.cli)).toBe(64);
  expect(t.stderr()).toContain(message);
  expect(t.stderr()).not.toMatch(/\n\s+at /);
});

test('a bad --data file is one clear line and exit 1', async () => {
  const t = io();
  expect(await runCli(['emulator', '--port', '0', '--data', 'no-such-file.json'], t.cli)).toBe(1);
  expect(t.stderr()).toContain('kwsync: cannot read the emulator data file');
  expect(t.stderr()).toContain('ENOENT');
});

test('an invalid --data file lists its problems and points at the docs section that exists', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kwsync-emu-data-'));
  try {
    const file = join(dir, 'world.json');
    await writeFile(file, JSON.stringify({ users: [], groups: [], messages: [{ id: 1, guid: 'g', sender: 'who', sentAt: 1 }] }));
    const t = io();
    expect(await runCli(['emulator', '--port', '0', '--data', file], t.cli)).toBe(1);
    expect(t.stderr()).toContain(`kwsync: the emulator data file ${file} is invalid`);
    expect(t.stderr()).toContain('messages[0].sender: unknown user "who"');
    expect(t.stderr()).toContain("hint: the shape is in docs/emulator.md, section 'The local emulator'");
    const readme = await readFile(new URL('../../docs/emulator.md', import.meta.url), 'utf8');
    expect(readme).toMatch(/^## The local emulator\b/m);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a port in use is a clear error', async () => {
  const first = io();
  const running = runCli(['emulator', '--port', '0'], first.cli);
  const port = /127\.0\.0\.1:(\d+)/.exec(await first.started)?.[1] as string;
  const second = io();
  expect(await runCli(['emulator', '--port', port], second.cli)).toBe(1);
  expect(second.stderr()).toContain(`port ${port} is already in use`);
  first.stop();
  expect(await running).toBe(0);
});

test('--help shows examples', async () => {
  const t = io();
  expect(await runCli(['emulator', '--help'], t.cli)).toBe(0);
  expect(t.stdout()).toContain('Examples:');
  expect(t.stdout()).toContain('--fail-rate');
});

test('the mode flags become the emulator options other tests use', () => {
  const flags = { port: '0', host: '127.0.0.1' };
  expect(emulatorOptions(flags, '/')).not.toHaveProperty('keywordListLimit');
  expect(
    emulatorOptions(
      { ...flags, listLimit: '10', requireSearchTerms: true, csvParsing: 'rfc4180', errorBody: 'plain', rateLimitHeaders: 'none' },
      '/',
    ),
  ).toMatchObject({ keywordListLimit: 10, requireSearchTerms: true, csvParsing: 'rfc4180', errorBody: 'plain', rateLimitHeaders: 'none' });
  expect(emulatorOptions({ ...flags, latency: '20', responseTime: '50' }, '/').faults).toEqual({ latencyMs: 20, responseTimeMs: 50 });
});

test('the kinds flags: default lists (all unless told), sentence encoding and separators, each checked', () => {
  const flags = { port: '0', host: '127.0.0.1' };
  expect(emulatorOptions(flags, '/')).toMatchObject({ defaultLists: 'all' });
  expect(emulatorOptions(flags, '/')).not.toHaveProperty('sentenceEncoding');
  expect(
    emulatorOptions({ ...flags, defaultLists: 'published', sentenceEncoding: 'json', separators: 'pattern=comma, sentence-similarity=comma' }, '/'),
  ).toMatchObject({ defaultLists: 'published', sentenceEncoding: 'json', separators: { pattern: 'comma', 'sentence-similarity': 'comma' } });
  expect(() => emulatorOptions({ ...flags, defaultLists: 'some' }, '/')).toThrow(/--default-lists must be one of none, published, all, not "some"/);
  expect(() => emulatorOptions({ ...flags, sentenceEncoding: 'csv' }, '/')).toThrow(/--sentence-encoding must be one of repeated, brackets, indexed, json, searchTerms/);
  expect(() => emulatorOptions({ ...flags, separators: 'patterns=comma' }, '/')).toThrow(/--separators \(kind\) must be one of word, pattern, sentence-similarity, not "patterns"/);
  expect(() => emulatorOptions({ ...flags, separators: 'word=tab' }, '/')).toThrow(/--separators word must be one of comma, newline, not "tab"/);
});

test('--apps: every app is printed with its base, and a kwsync.yaml targets block reaches it', async () => {
  const t = io();
  const done = runCli(['emulator', '--port', '0', '--apps', 'staging,prod-eu', '--default-lists', 'published'], t.cli);
  const text = await t.started;
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(text)?.[1] as string;
  expect(text).toContain(`  staging  Chat API: ${url}/apps/staging/v3\n  prod-eu  Chat API: ${url}/apps/prod-eu/v3\n`);
  expect(text).toContain(
    `  targets:\n    - name: staging\n      appId: staging\n      baseUrl: ${url}/apps/staging/v3\n      apiKeyEnv: COMETCHAT_API_KEY_STAGING\n` +
      `    - name: prod-eu\n      appId: prod-eu\n      baseUrl: ${url}/apps/prod-eu/v3\n      apiKeyEnv: COMETCHAT_API_KEY_PROD_EU\n`,
  );
  expect(text).toContain('  export COMETCHAT_API_KEY_STAGING=emulator-key\n  export COMETCHAT_API_KEY_PROD_EU=emulator-key\n');
  // Issue 28: no bare exports another target would contradict (the default app is a target with its baseUrl).
  expect(text).not.toMatch(/export COMETCHAT_(BASE_URL|APP_ID|CALLS_BASE_URL|API_KEY)=/);
  expect(text).toContain(`a target with baseUrl: ${url}/v3\n`);
  const headers = { apikey: 'emulator-key' };
  const res = await fetch(`${url}/apps/prod-eu/v3/moderation/keywords`, { headers });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { data: { id: string }[] }).data.map((l) => l.id)).toEqual(['profanity-list']);
  expect((await fetch(`${url}/apps/qa/v3/moderation/keywords`, { headers })).status).toBe(404);
  t.stop();
  expect(await done).toBe(0);
});
