// `kwsync status` through the real path: two targets on two emulators (kwsync.yaml baseUrl, one key
// variable each), a git repository with two commits applied by `kwsync apply`, an in-memory reader
// standing in for GitHub's deployment records. Applied, ahead and drift must come out right, and
// the JSON must validate against the committed schema.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { runStatus } from '../../src/cli/commands/status.js';
import { connectService, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { captureIo, kwsync } from '../helpers/cli.js';
import { MemoryReader } from './memory-reader.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const listYaml = (id: string, terms: string[]) => `id: ${id}\nname: ${id}\ncategory: word\nsearchTerms: [${terms.join(', ')}]\n`;

let staging: RunningEmulator;
let production: RunningEmulator;
let dir: string;
let shaA: string;
let shaB: string;
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: dir }).toString().trim();
const env = () => ({ COMETCHAT_API_KEY_STAGING: 'key-staging', COMETCHAT_API_KEY_PROD: 'key-prod' });

beforeAll(async () => {
  [staging, production] = await Promise.all([startEmulator({ port: 0, apiKey: 'key-staging' }), startEmulator({ port: 0, apiKey: 'key-prod' })]);
  dir = mkdtempSync(join(tmpdir(), 'kwsync-status-'));
  mkdirSync(join(dir, 'keywords'));
  git('init', '-q', '-b', 'main');
  const config = [
    'targets:',
    `  - name: staging\n    baseUrl: ${staging.chatBaseUrl}\n    apiKeyEnv: COMETCHAT_API_KEY_STAGING`,
    `  - name: production\n    environment: prod\n    baseUrl: ${production.chatBaseUrl}\n    apiKeyEnv: COMETCHAT_API_KEY_PROD`,
  ].join('\n');
  writeFileSync(join(dir, 'keywords/kwsync.yaml'), `${config}\n`);
  writeFileSync(join(dir, 'keywords/mild.yaml'), listYaml('mild', ['darn', 'heck']));
  writeFileSync(join(dir, 'keywords/spam.yaml'), listYaml('spam', ['buy now']));
  git('add', '-A');
  git('commit', '-q', '-m', 'A');
  shaA = git('rev-parse', 'HEAD');
  // Both targets get A, each with its own key in its apiKeyEnv (read by apply --target too, issue 28).
  for (const name of ['staging', 'production']) {
    const r = await kwsync(['apply', '--target', name, '--auto-approve'], env(), dir);
    expect(r.code).toBe(0);
  }
  writeFileSync(join(dir, 'keywords/mild.yaml'), listYaml('mild', ['darn', 'heck', 'frick']));
  writeFileSync(join(dir, 'keywords/scam.yaml'), listYaml('scam', ['wire money']));
  git('add', '-A');
  git('commit', '-q', '-m', 'B');
  shaB = git('rev-parse', 'HEAD');
  // Production gets B; staging stays at A, and someone blocks a term on it in the dashboard.
  expect((await kwsync(['apply', '--target', 'production', '--auto-approve'], env(), dir)).code).toBe(0);
  const live = connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: 'key-staging', COMETCHAT_BASE_URL: staging.chatBaseUrl })).keywords;
  await live.updateKeywordList({ id: 'spam', name: 'spam', description: '', category: 'word', searchTerms: ['buy now', 'click here'] });
});

afterAll(async () => {
  await Promise.all([staging?.close(), production?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const reader = () => new MemoryReader().applied('staging', shaA, new Date(Date.now() - 3 * 3600_000).toISOString()).applied('production', shaB, new Date().toISOString(), { environment: 'prod' });

async function status(argv: Partial<Parameters<typeof runStatus>[1]>, r = reader(), extraEnv: Record<string, string> = {}) {
  const cap = captureIo({ ...env(), ...extraEnv }, dir);
  const code = await runStatus(cap.io, { dir: 'keywords', ...argv }, { reader: r });
  return { code, stdout: cap.stdout(), stderr: cap.stderr() };
}

test('text: staging applied A, drifted (a live edit) and behind B; production applied B and in sync', async () => {
  const r = await status({ detailedExitcode: true });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(2);
  const a = shaA.slice(0, 7);
  const b = shaB.slice(0, 7);
  expect(r.stdout).toMatch(new RegExp(`\\nstaging +${a} +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\dZ \\(3 h ago\\) +https://github.com/acme/lists/actions/runs/100 +live edits: spam +\\+1 added, ~1 changed\\n`));
  expect(r.stdout).toMatch(new RegExp(`\\nproduction +${b} +\\S+ \\S+ \\(just now\\) +\\S+ +none +none\\n`));
  expect(r.stdout).toContain('staging: ahead: HEAD has list changes not applied yet: added scam; changed mild.');
  // Each target names the app it read, path included (issue 28).
  expect(r.stdout).toContain(`  staging: app (none set), region us, ${staging.chatBaseUrl}\n`);
  expect(r.stdout).toContain(`  production: app (none set), region us, ${production.chatBaseUrl}\n`);
});

test('json validates against the committed schema (kwsync schema --output status)', async () => {
  const r = await status({ format: 'json' });
  expect(r.code).toBe(0);
  const value = JSON.parse(r.stdout);
  const validate = new Ajv2020({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(join(ROOT, 'schema/status.schema.json'), 'utf8')));
  expect(validate(value) ? [] : validate.errors).toEqual([]);
  expect(value).toMatchObject({ formatVersion: 1, ref: 'HEAD', inSync: false });
  expect(value.targets.map((t: any) => t.app)).toEqual([
    { appId: null, region: 'us', baseUrl: staging.chatBaseUrl },
    { appId: null, region: 'us', baseUrl: production.chatBaseUrl },
  ]);
  expect(value.targets.map((t: any) => [t.target, t.environment, t.applied.sha, t.comparedWith.source, t.drift.state, t.drift.liveEdits, t.ahead.state, t.ahead.added, t.ahead.changed])).toEqual([
    ['staging', 'staging', shaA, 'applied', 'drift', ['spam'], 'ahead', ['scam'], ['mild']],
    ['production', 'prod', shaB, 'applied', 'none', [], 'none', [], []],
  ]);
});

test('--ref A: production (at B) is "ahead" the other way round (B removed scam relative to A)', async () => {
  const r = await status({ format: 'json', target: 'production', ref: shaA });
  const [p] = JSON.parse(r.stdout).targets;
  expect(p).toMatchObject({ target: 'production', ahead: { state: 'ahead', ref: shaA, added: [], changed: ['mild'], removed: ['scam'] } });
});

test('a target whose key is not set: "not checked" naming its variable, the other still read, exit 1', async () => {
  const cap = captureIo({ COMETCHAT_API_KEY_STAGING: 'key-staging' }, dir);
  const code = await runStatus(cap.io, { dir: 'keywords' }, { reader: reader() });
  expect(code).toBe(1);
  expect(cap.stdout()).toMatch(/\nproduction +\S+ .* not checked: set COMETCHAT_API_KEY_PROD/);
  expect(cap.stdout()).toMatch(/\nstaging .* live edits: spam/);
});

test('the real CLI with no token: says how to get one, compares with HEAD, and ahead is unknown', async () => {
  const r = await kwsync(['status', '--repo', 'acme/lists', '--target', 'production', '--detailed-exitcode'], env(), dir);
  expect(r.stderr).toMatch(/no GitHub token, so no deployment records were read: set GITHUB_TOKEN .*gh auth token.*Deployments: read/);
  // No deployment record; the apply this test made from here is the record of this machine (.git/kwsync/).
  expect(r.stdout).toMatch(/\nproduction +[0-9a-f]{7} \(this machine\) +\S+ \S+ \(just now\) +- +none +unknown\n/);
  expect(r.stdout).toContain('applied from this machine:');
  expect(r.stdout).toContain(`production: drift: no deployment record (no GitHub token to read it); compared with HEAD (${shaB.slice(0, 7)}).`);
  expect(r.code).toBe(0);
});

test('an applied commit the clone lacks: named, with the fetch; drift compared with HEAD', async () => {
  const gone = 'd'.repeat(40);
  const r = await status({ target: 'staging' }, new MemoryReader().applied('staging', gone, new Date().toISOString()));
  expect(r.stdout).toContain(`staging: drift: the applied commit ddddddd is not in this clone (git fetch origin ${gone}); compared with HEAD (${shaB.slice(0, 7)}) instead.`);
  // Against B, staging (at A, plus a live edit) misses scam and differs in mild and spam. mild is a
  // committed change never applied, not a live edit: without the applied commit it "differs from HEAD" (issue 28).
  expect(r.stdout).toMatch(/\nstaging .* differs from HEAD: mild, spam; missing: scam +unknown\n/);
  expect(r.stdout).not.toContain('live edits');
  expect(r.stdout).toContain('staging: differs from HEAD: mild, spam: a live edit or a committed change never applied');
});

test('keys from apiKeyEnv never reach the output', async () => {
  const r = await kwsync(['status', '--repo', 'acme/lists', '--format', 'json'], { ...env(), KWSYNC_DEBUG: '1' }, dir);
  expect(r.stdout + r.stderr).not.toContain('key-prod');
  expect(r.stdout + r.stderr).not.toContain('key-staging');
  expect(r.stdout + r.stderr).not.toContain('***'); // nothing needed masking
});

test('bad usage is exit 64: a --repo that is not owner/name, a --ref git does not know', async () => {
  expect((await kwsync(['status', '--repo', 'nope'], env(), dir)).code).toBe(64);
  const r = await kwsync(['status', '--ref', 'no-such-branch'], env(), dir);
  expect(r.code).toBe(64);
  expect(r.stderr).toMatch(/--ref no-such-branch: git does not know/);
});

test('an unknown --target fails before anything is read or said: no GitHub notice, no request to an app', async () => {
  const before = staging.requests.length + production.requests.length;
  const r = await kwsync(['status', '--repo', 'acme/lists', '--target', 'no-such-target'], env(), dir);
  expect(r.code).not.toBe(0);
  expect(r.stdout).toBe('');
  expect(r.stderr).toContain('no-such-target');
  expect(r.stderr).not.toMatch(/GitHub|deployment records/);
  expect(staging.requests.length + production.requests.length).toBe(before);
});
