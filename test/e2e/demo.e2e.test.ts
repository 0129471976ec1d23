// `kwsync demo` (npm start): the whole loop on the embedded emulator, no settings needed.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_EMULATOR_API_KEY } from '../../src/emulator/index.js';
import { kwsync } from '../helpers/cli.js';

/** stderr's lines other than progress: in CI a wait over a second prints a start and an end line (docs/commands.md#global-options). */
const notProgress = (stderr: string) => stderr.split('\n').filter(Boolean).filter((l) => !/^kwsync: (Reading messages of \S+|Writing the lists|Sentence model|Loading the sentence model)(\.\.\.|: .+ after \d+\.\d s)$/.test(l));

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kwsync-demo-'));
  await mkdir(join(root, 'keywords'));
  await writeFile(join(root, 'keywords/greetings.yaml'), 'id: greetings\nname: Greetings\ncategory: word\nsearchTerms: [hello, hi]\n');
  await writeFile(join(root, 'keywords/phones.yaml'), 'id: phones\nname: Phones\ncategory: pattern\nfile: phones.csv\n');
  await writeFile(join(root, 'keywords/phones.csv'), '"\\d{3,10}"\n');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

test('validates, plans, applies and plans again with no changes, without printing the key', async () => {
  const r = await kwsync(['demo'], {}, root);
  expect(notProgress(r.stderr)).toEqual([]);
  expect(r.code).toBe(0);
  const headings = [...r.stdout.matchAll(/^=== (\d)\. (\w+)/gm)].map((m) => `${m[1]} ${m[2]}`);
  expect(headings).toEqual(['1 validate', '2 plan', '3 preview', '4 apply', '5 plan']);
  expect(r.stdout).toContain('2 lists valid');
  expect(r.stdout).toContain('=== 3. preview: what the changes would catch in recent messages ===\n\nSkipped: kwsync.yaml names no preview groups (preview.groups).\n');
  expect(r.stdout).toContain('Plan: 2 to create, 0 to update, 0 to delete, 0 unchanged.');
  expect(r.stdout).toContain('Apply: 2 applied, 0 unchanged, 0 skipped, 0 failed.');
  expect(r.stdout).toContain('Plan: 0 to create, 0 to update, 0 to delete, 2 unchanged.');
  expect(r.stdout).toContain('COMETCHAT_APP_ID');
  expect(r.stdout).not.toContain(DEFAULT_EMULATOR_API_KEY);
});

test('with preview groups in kwsync.yaml, the preview step counts what each new list would catch', async () => {
  const dir = join(root, 'with-groups');
  await mkdir(dir);
  await writeFile(join(dir, 'kwsync.yaml'), 'preview:\n  groups: [cometchat-guid-1, cometchat-guid-2]\n  messages: 300\n');
  await writeFile(join(dir, 'mild.yaml'), 'id: mild\nname: Mild\ncategory: word\nsearchTerms: [darn, heck]\n');
  const r = await kwsync(['demo', '--dir', 'with-groups'], {}, root);
  expect(notProgress(r.stderr)).toEqual([]);
  expect(r.code).toBe(0);
  const preview = r.stdout.slice(r.stdout.indexOf('=== 3. preview'), r.stdout.indexOf('=== 4. apply'));
  expect(preview).toMatch(/Preview for target "kwsync-demo": \d+ recent messages from cometchat-guid-1, cometchat-guid-2, marketplace/);
  const caught = /mild \(create\): catches 0 -> (\d+) /.exec(preview);
  expect(Number(caught?.[1])).toBeGreaterThan(0);
  expect(r.stdout).toContain('Apply: 1 applied, 0 unchanged, 0 skipped, 0 failed.');
});

test('ignores the caller\'s COMETCHAT_* settings: it always runs on the emulator', async () => {
  const r = await kwsync(['demo'], { COMETCHAT_BASE_URL: 'http://127.0.0.1:1/v3', COMETCHAT_API_KEY: 'real-key-123' }, root);
  expect(r.code).toBe(0);
  expect(r.stdout).not.toContain('real-key-123');
});

test('reads and validates the folder once: a warning shows in step 1 only, never again on stderr', async () => {
  const dir = join(root, 'with-warning');
  await mkdir(dir);
  await writeFile(join(dir, 'mild.yaml'), 'id: mild\nname: Mild\ncategory: word\nsearchTerms: [darn, heck]\n');
  await writeFile(join(dir, 'stray.csv'), 'darn\n');
  const r = await kwsync(['demo', '--dir', 'with-warning'], {}, root);
  expect(r.code).toBe(0);
  expect(notProgress(r.stderr)).toEqual([]);
  expect(r.stdout.match(/orphan-terms-file/g)).toHaveLength(1);
  expect(r.stdout).toContain('1 list valid (1 warning)');
});
