// Issue 40 through the real path: `kwsync emulator --apps alpha,beta` (in-process, real HTTP), a
// repository whose targets name their app, baseUrl and apiKeyEnv, and a terminal with only the
// target's key variable set. Every command that reaches an app goes where --target says; explain
// answers for the target's lists; hints name what was read; the plan counts the app's list limit;
// a local apply leaves a record. With KWSYNC_TRANSCRIPT=<file> the runs are written there as printed.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import type { CliIO } from '../../src/cli/io.js';
import { kwsync } from '../helpers/cli.js';

let url = '';
let stop: () => void = () => {};
let done: Promise<number>;
let root: string;
const KEY = 'emulator-key';
const transcript = process.env.KWSYNC_TRANSCRIPT;

beforeAll(async () => {
  let started: (text: string) => void = () => {};
  const startedP = new Promise<string>((resolve) => (started = resolve));
  const out: string[] = [];
  const io: CliIO = {
    stdout: { write: (s: string) => (out.push(s), s.includes('Press Ctrl+C') && started(out.join('')), true) },
    stderr: { write: () => true },
    env: {},
    cwd: process.cwd(),
    waitForShutdown: () => new Promise<void>((resolve) => (stop = resolve)),
  };
  done = runCli(['emulator', '--port', '0', '--apps', 'alpha,beta', '--latency', '0'], io);
  url = /listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(await startedP)![1]!;
  root = mkdtempSync(join(tmpdir(), 'kwsync-one-target-'));
  const kw = join(root, 'keywords');
  mkdirSync(kw);
  writeFileSync(
    join(kw, 'kwsync.yaml'),
    [
      'targets:',
      '  - name: us',
      '    appId: alpha',
      `    baseUrl: ${url}/apps/alpha/v3`,
      '    apiKeyEnv: COMETCHAT_API_KEY_ALPHA',
      '  - name: eu',
      '    appId: beta',
      `    baseUrl: ${url}/apps/beta/v3`,
      '    apiKeyEnv: COMETCHAT_API_KEY_BETA',
      '    exclude: { ids: [exclamations] }',
      '    overrides:',
      '      mild: { appendTermsFrom: eu-extra.csv }',
      '',
    ].join('\n'),
  );
  writeFileSync(join(kw, 'mild.yaml'), 'id: mild\nname: Mild words\ncategory: word\nsearchTerms: [blimey, heck]\n');
  writeFileSync(join(kw, 'exclamations.yaml'), 'id: exclamations\nname: Exclamations\ncategory: word\nsearchTerms: [caramba]\n');
  writeFileSync(join(kw, 'eu-extra.csv'), 'caramba\n');
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'lists');
  if (transcript) writeFileSync(transcript, `# emulator: kwsync emulator --apps alpha,beta (${url})\n`);
}, 30_000);

afterAll(async () => {
  stop();
  await done;
  rmSync(root, { recursive: true, force: true });
});

function git(...args: string[]) {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root, stdio: 'pipe' });
}

/** Runs kwsync in the repository with only `env` set, and writes the run to the transcript as printed. */
async function show(argv: string[], env: Record<string, string>, dir = root) {
  const r = await kwsync(argv, env, dir);
  if (transcript) {
    const vars = Object.keys(env).map((k) => `${k}=…`).join(' ');
    const args = argv.map((a) => (/^[\w./@%+=:,-]+$/.test(a) ? a : `'${a}'`)).join(' ');
    appendFileSync(transcript, `\n$ ${vars ? `${vars} ` : ''}kwsync ${args}\n${r.stdout}${r.stderr}[exit ${r.code}]\n`);
  }
  return r;
}
const beta = { COMETCHAT_API_KEY_BETA: KEY };
const alpha = { COMETCHAT_API_KEY_ALPHA: KEY };

describe('explain answers for a target', () => {
  test('--target eu: the list eu appends to catches both words; the list eu excludes is not named', async () => {
    const eu = await show(['explain', 'oh blimey, caramba', '--target', 'eu'], beta);
    expect(eu.code).toBe(0);
    expect(eu.stdout).toMatch(/^Target: eu \(its lists and overrides in kwsync\.yaml; leaves out exclamations\)/);
    expect(eu.stdout).toContain('Caught by 1 list:');
    expect(eu.stdout).toContain('oh [blimey], [caramba]');
    expect(eu.stdout).toContain('term "caramba"  keywords/eu-extra.csv:1');
    expect(eu.stdout).not.toMatch(/^exclamations/m);
  });

  test('the same message without --target: two targets, so it asks which (exit 64); --target us names both lists', async () => {
    const none = await show(['explain', 'oh blimey, caramba'], beta);
    expect(none.code).toBe(64);
    expect(none.stderr).toMatch(/^kwsync: kwsync\.yaml defines 2 targets; choose one with --target: us, eu\n/);
    const us = await show(['explain', 'oh blimey, caramba', '--target', 'us'], alpha);
    expect(us.code).toBe(0);
    expect(us.stdout).toContain('Caught by 2 lists:');
    expect(us.stdout).toMatch(/^exclamations {2}\(keywords\/exclamations\.yaml\)$/m);
  });

  test('explain --live, messages and calls reach the target\'s app with its key variable alone', async () => {
    const live = await show(['explain', 'oh blimey', '--target', 'eu', '--live'], beta);
    expect(live.code).toBe(0);
    expect(live.stdout).toContain('Live lists:');
    const calls = await show(['calls', 'list', '--target', 'eu', '--per-page', '2'], beta);
    expect(calls.code).toBe(0);
    expect(calls.stdout).toMatch(/^SESSION\s+TYPE/);
    const messages = await show(['messages', 'list', 'cometchat-guid-1', '--target', 'eu', '--limit', '2'], beta);
    expect(messages.code).toBe(0);
    expect(messages.stdout).toMatch(/^SENT\s+ID/);
  });
});

describe('hints name the setting that was read', () => {
  test('a wrong key for eu names COMETCHAT_API_KEY_BETA and the target\'s app, not COMETCHAT_API_KEY or COMETCHAT_APP_ID', async () => {
    const r = await show(['plan', '--target', 'eu'], { COMETCHAT_API_KEY_BETA: 'wrong-key' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\n {2}hint: check COMETCHAT_API_KEY_BETA \(the apiKeyEnv of target "eu"\) and that appId of target "eu" in kwsync\.yaml \(app beta\) names the app/);
    expect(r.stderr).not.toMatch(/COMETCHAT_API_KEY\b(?!_)|COMETCHAT_APP_ID/);
  });

  test('an unknown group names the target\'s app, not COMETCHAT_APP_ID', async () => {
    const r = await show(['messages', 'list', 'no-such-group', '--target', 'eu'], beta);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('hint: no group has that GUID in this app; check the GUID and appId of target "eu" in kwsync.yaml (app beta)');
  });

  test('the key variable unset: the one the target reads is named, with what to export', async () => {
    const r = await show(['calls', 'list', '--target', 'us'], beta);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('set COMETCHAT_API_KEY_ALPHA (a REST API key with full-access scope; the apiKeyEnv of target "us")');
    expect(r.stderr).toContain('hint: export COMETCHAT_API_KEY_ALPHA=<a REST API key of app alpha>');
  });

  test('validate catches a baseUrl without /v3 offline, at its line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kwsync-v3-'));
    try {
      mkdirSync(join(dir, 'keywords'));
      writeFileSync(join(dir, 'keywords', 'kwsync.yaml'), `targets:\n  - name: eu\n    baseUrl: ${url}/apps/beta\n`);
      writeFileSync(join(dir, 'keywords', 'mild.yaml'), 'id: mild\nname: Mild\ncategory: word\nsearchTerms: [heck]\n');
      const r = await show(['validate'], {}, dir);
      expect(r.stdout + r.stderr).toMatch(/keywords\/kwsync\.yaml:3:14 warning target-base-url-path target eu: baseUrl "[^"]+\/apps\/beta" does not end in \/v3/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('every target in one run, and one list', () => {
  test('plan --all-targets: one section each, one exit code (2: changes)', async () => {
    const r = await show(['plan', '--all-targets', '--detailed-exitcode'], { ...alpha, ...beta });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('Plan for target "us"');
    expect(r.stdout).toContain('Plan for target "eu"');
    expect(r.stdout).toMatch(/All targets \(2\): us 2 lists to change, eu 1 list to change\.\n$/);
  });

  test('plan --all-targets with only beta\'s key: us says why, eu is planned, exit 1', async () => {
    const r = await show(['plan', '--all-targets'], beta);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Plan for target "us": not planned\n  not connected to CometChat: set COMETCHAT_API_KEY_ALPHA');
  });

  test('plan --list: only that list, and the plan says so', async () => {
    const r = await show(['plan', '--target', 'us', '--list', 'mild'], alpha);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Only the lists asked for (--list): mild');
    expect(r.stdout).not.toContain('create exclamations');
  });
});

describe('a local apply leaves a record', () => {
  test('apply --target eu, then status shows it as applied from this machine, history lists it, plan offers it as --base', async () => {
    const a = await show(['apply', '--target', 'eu', '--auto-approve'], beta);
    expect(a.code).toBe(0);
    expect(a.stderr).toMatch(/recorded this apply of [0-9a-f]{7} in \.git\/kwsync\//);
    const s = await show(['status', '--target', 'eu'], beta);
    expect(s.stdout).toMatch(/^eu +[0-9a-f]{7} \(this machine\)/m);
    expect(s.stdout).toContain('applied from this machine');
    const h = await show(['history', '--target', 'eu'], beta);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/this machine +[0-9a-f]{7} +\+1 created, ~0 updated, -0 deleted; app beta/);
    const p = await show(['plan', '--target', 'eu'], beta);
    expect(p.stderr).toMatch(/last applied from this machine: [0-9a-f]{7} .*`kwsync plan --target eu --base [0-9a-f]{7}`/);
  });
});

describe('readable output', () => {
  test('targets --matrix: what each app receives', async () => {
    const r = await show(['targets', '--matrix'], {});
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^LIST {10}us {2}eu\nexclamations {2}1 {3}- excluded\nmild {10}2 {3}3 \(\+1 appended\)\nlists sent {4}2 {3}1\n/);
  });
});

describe("the app's list limit in the plan", () => {
  /** A folder of `n` lists applied to app alpha: live lists the repository has no file for. */
  async function fillAlpha(n: number) {
    const dir = join(root, 'filler');
    mkdirSync(join(dir, 'keywords'), { recursive: true });
    writeFileSync(join(dir, 'keywords', 'kwsync.yaml'), `targets:\n  - name: us\n    appId: alpha\n    baseUrl: ${url}/apps/alpha/v3\n    apiKeyEnv: COMETCHAT_API_KEY_ALPHA\n`);
    for (let i = 1; i <= n; i++) writeFileSync(join(dir, 'keywords', `filler-${i}.yaml`), `id: filler-${i}\nname: Filler ${i}\ncategory: word\nsearchTerms: [word${i}]\n`);
    const r = await kwsync(['apply', '--target', 'us', '--auto-approve'], alpha, dir);
    expect(r.code).toBe(0);
  }

  test('23 live + 2 created = 25: at the limit, planned (exit 2); 24 live + 2 = 26: exit 4, and apply writes nothing', async () => {
    await fillAlpha(23);
    const at = await show(['plan', '--target', 'us', '--detailed-exitcode'], alpha);
    expect(at.code).toBe(2);
    expect(at.stdout).toContain("App list limit: 25 of 25 lists after apply (23 live + 2 created − 0 deleted): at the limit, one more list would be refused (CometChat's published limit, default lists not counted)");
    await fillAlpha(24);
    const past = await show(['plan', '--target', 'us', '--detailed-exitcode'], alpha);
    expect(past.code).toBe(4);
    expect(past.stdout).toContain("✗ App list limit: 26 of 25 lists after apply (24 live + 2 created − 0 deleted): over the limit of 25 (CometChat's published limit, default lists not counted); apply refuses this plan before any write");
    const md = await show(['plan', '--target', 'us', '--format', 'markdown'], alpha);
    expect(md.stdout).toContain('❌ App list limit: 26 of 25 lists');
    const apply = await show(['apply', '--target', 'us', '--auto-approve', '--format', 'json'], alpha);
    expect(apply.code).toBe(4);
    expect(apply.stderr).toMatch(/^kwsync: the plan would leave 26 keyword lists on the app, over its limit of 25 .*; nothing was written\n/m);
    // Nothing was written: live still holds the 24 lists, and the 2 creates are still planned.
    expect(JSON.parse((await kwsync(['plan', '--target', 'us', '--format', 'json'], alpha, root)).stdout).plan.listLimit).toMatchObject({ live: 24, created: 2, after: 26, over: true });
  });
});
