// Issue 28 items 5 and 7 through the real path: `kwsync emulator --apps` (in-process, real HTTP),
// its banner's targets block and key exports copied as a new user would, then `plan`/`apply`/`import`
// per target. Each header names its own app and full base URL; a COMETCHAT_* variable that
// contradicts a target is refused naming both values; the key comes from the target's apiKeyEnv.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetch } from 'undici';
import { runCli } from '../../src/cli/run.js';
import type { CliIO } from '../../src/cli/io.js';
import { kwsync } from '../helpers/cli.js';

let banner = '';
let url = '';
let stop: () => void = () => {};
let done: Promise<number>;
let root: string;
const exported: Record<string, string> = {};

beforeAll(async () => {
  let started: (text: string) => void = () => {};
  const startedP = new Promise<string>((resolve) => (started = resolve));
  const out: string[] = [];
  const io: CliIO = {
    stdout: {
      write: (s: string) => {
        out.push(s);
        if (s.includes('Press Ctrl+C')) started(out.join(''));
      },
    },
    stderr: { write: () => undefined },
    env: {},
    cwd: process.cwd(),
    waitForShutdown: () => new Promise<void>((resolve) => (stop = resolve)),
  };
  done = runCli(['emulator', '--port', '0', '--apps', 'staging,prod-eu', '--latency', '0'], io);
  banner = await startedP;
  url = /listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(banner)![1]!;
  // What the banner tells a user to write and export, taken from it verbatim.
  const lines = banner.split('\n');
  const from = lines.indexOf('  targets:');
  const block = lines.slice(from, lines.findIndex((l, i) => i > from && !l.startsWith('  '))).map((l) => l.slice(2));
  for (const m of banner.matchAll(/^ {2}export (COMETCHAT_API_KEY_[A-Z0-9_]+)=(\S+)$/gm)) exported[m[1]!] = m[2]!;
  root = mkdtempSync(join(tmpdir(), 'kwsync-target-conn-'));
  mkdirSync(join(root, 'keywords'));
  writeFileSync(join(root, 'keywords', 'kwsync.yaml'), `${block.join('\n')}\n`);
  writeFileSync(join(root, 'keywords', 'mild.yaml'), 'id: mild\nname: Mild\ncategory: word\nsearchTerms: [darn, heck]\n');
}, 30_000);

afterAll(async () => {
  stop();
  await done;
  rmSync(root, { recursive: true, force: true });
});

const run = (argv: string[], env: Record<string, string> = exported) => kwsync(argv, env, root);
const liveIds = async (app: string) =>
  (((await (await fetch(`${url}/apps/${app}/v3/moderation/keywords`, { headers: { apikey: 'emulator-key' } })).json()) as { data: { id: string }[] }).data).map((l) => l.id);

describe('two targets of one emulator started with --apps', () => {
  test('the banner gives each app a target with its own key variable, and no bare exports', () => {
    expect(Object.keys(exported).sort()).toEqual(['COMETCHAT_API_KEY_PROD_EU', 'COMETCHAT_API_KEY_STAGING']);
    expect(banner).not.toMatch(/export COMETCHAT_(BASE_URL|APP_ID|API_KEY)=/);
  });

  test('plan --target X: each header names its own app and full base URL, read with its apiKeyEnv alone', async () => {
    const staging = await run(['plan', '--target', 'staging', '--detailed-exitcode']);
    const prod = await run(['plan', '--target', 'prod-eu', '--detailed-exitcode']);
    expect([staging.code, staging.stderr, prod.code, prod.stderr]).toEqual([2, '', 2, '']);
    expect(staging.stdout.split('\n')[1]).toBe(`  app staging, region us, ${url}/apps/staging/v3`);
    expect(prod.stdout.split('\n')[1]).toBe(`  app prod-eu, region us, ${url}/apps/prod-eu/v3`);
    for (const r of [staging, prod]) expect(r.stdout).not.toContain('emulator-key');
  });

  test('apply --target staging writes to app staging only', async () => {
    const r = await run(['apply', '--target', 'staging', '--auto-approve']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(await liveIds('staging')).toContain('mild');
    expect(await liveIds('prod-eu')).not.toContain('mild');
  });

  test('a COMETCHAT_BASE_URL that contradicts the target is refused, naming both values; nothing is read', async () => {
    const r = await run(['plan', '--target', 'prod-eu'], { ...exported, COMETCHAT_BASE_URL: `${url}/v3` });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`COMETCHAT_BASE_URL is "${url}/v3", but kwsync.yaml gives target "prod-eu" base URL ${url}/apps/prod-eu/v3 (its baseUrl)`);
    expect(r.stderr).toContain('hint: kwsync.yaml decides where a target goes: unset COMETCHAT_BASE_URL');
  });

  test('--env-wins lets the variable win, and the header says which variable won', async () => {
    const r = await run(['--env-wins', 'plan', '--target', 'prod-eu'], { ...exported, COMETCHAT_BASE_URL: `${url}/apps/staging/v3` });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[1]).toBe(`  app prod-eu, region us, ${url}/apps/staging/v3 (from COMETCHAT_BASE_URL, not kwsync.yaml)`);
  });

  test('so does a COMETCHAT_APP_ID (the old banner exported one)', async () => {
    const r = await run(['apply', '--target', 'prod-eu', '--auto-approve'], { ...exported, COMETCHAT_APP_ID: 'kwsync-demo' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('COMETCHAT_APP_ID is "kwsync-demo", but kwsync.yaml gives target "prod-eu" app id "prod-eu"');
    expect(await liveIds('prod-eu')).not.toContain('mild');
  });

  test('only COMETCHAT_API_KEY set: the target\'s own variable is named, and the other key is not sent', async () => {
    const r = await run(['plan', '--target', 'staging'], { COMETCHAT_API_KEY: 'emulator-key' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('set COMETCHAT_API_KEY_STAGING (a REST API key with full-access scope; the apiKeyEnv of target "staging")');
    expect(r.stderr).toContain('COMETCHAT_API_KEY is set but is not read for this target');
  });

  test('import --target names the app it read', async () => {
    const r = await run(['import', '--target', 'staging', '--list', 'mild']);
    expect(r.stdout).toContain(`Read from app staging, region us, ${url}/apps/staging/v3.`);
  });
});

describe('a local apply of a target with after:', () => {
  test('says it does not check the promotion', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kwsync-after-'));
    try {
      mkdirSync(join(dir, 'keywords'));
      writeFileSync(
        join(dir, 'keywords', 'kwsync.yaml'),
        `targets:\n  - name: staging\n    baseUrl: ${url}/apps/staging/v3\n    apiKeyEnv: COMETCHAT_API_KEY_STAGING\n  - name: prod-eu\n    baseUrl: ${url}/apps/prod-eu/v3\n    apiKeyEnv: COMETCHAT_API_KEY_PROD_EU\n    after: staging\n`,
      );
      writeFileSync(join(dir, 'keywords', 'calm.yaml'), 'id: calm\nname: Calm\ncategory: word\nsearchTerms: [gosh]\n');
      const r = await kwsync(['apply', '--target', 'prod-eu', '--auto-approve'], exported, dir);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('kwsync: target "prod-eu" has `after: staging` in kwsync.yaml; kwsync apply does not check that "staging" applied this commit first');
      const first = await kwsync(['apply', '--target', 'staging', '--auto-approve'], exported, dir);
      expect(first.stderr).not.toContain('after:');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
