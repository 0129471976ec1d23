// Issue 40 item 5: a local apply's record lives in the checkout's git directory (never a file git
// could commit), is read back newest first, skips lines that are not records, and keeps MAX_RECORDS.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localRecordDir, MAX_RECORDS, readLocalApplies, recordLocalApply, type LocalApply } from '../../src/status/local-applies.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kwsync-local-'));
  execFileSync('git', ['init', '-q'], { cwd: dir });
  writeFileSync(join(dir, 'x'), 'x');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const record = (n: number, target = 'eu'): LocalApply => ({
  kwsyncLocalApply: 1,
  target,
  sha: n.toString(16).padStart(40, '0'),
  dirty: false,
  appliedAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
  app: { appId: 'beta', baseUrl: 'http://127.0.0.1:1/apps/beta/v3' },
  created: [`l${n}`],
  updated: [],
  deleted: [],
  failed: [],
  revisions: { [`l${n}`]: `h_l${n}_1` },
});

test('the record is in .git/kwsync/, git sees nothing to commit, and it reads back newest first per target', async () => {
  const file = await recordLocalApply(dir, record(1));
  await recordLocalApply(dir, record(2));
  await recordLocalApply(dir, record(3, 'us'));
  expect(file).toBe(join(await localRecordDir(dir) as string, 'applies-eu.jsonl'));
  expect(file!.startsWith(join(dir, '.git'))).toBe(true);
  expect(execFileSync('git', ['status', '--porcelain'], { cwd: dir, encoding: 'utf8' })).toBe('?? x\n');
  expect((await readLocalApplies(dir, 'eu')).map((r) => r.created[0])).toEqual(['l2', 'l1']);
  expect((await readLocalApplies(dir, 'us')).map((r) => r.created[0])).toEqual(['l3']);
});

test('a line that is not a record (edited, or another target\'s) is skipped, not trusted', async () => {
  const file = (await recordLocalApply(dir, record(1)))!;
  appendFileSync(file, 'not json\n{"kwsyncLocalApply":1,"target":"eu"}\n' + JSON.stringify(record(2, 'us')) + '\n');
  await recordLocalApply(dir, record(3));
  expect((await readLocalApplies(dir, 'eu')).map((r) => r.created[0])).toEqual(['l3', 'l1']);
});

test(`only the newest ${MAX_RECORDS} are kept`, async () => {
  for (let n = 1; n <= MAX_RECORDS + 5; n++) await recordLocalApply(dir, record(n));
  const kept = await readLocalApplies(dir, 'eu');
  expect(kept).toHaveLength(MAX_RECORDS);
  expect(kept[0]!.created[0]).toBe(`l${MAX_RECORDS + 5}`);
  expect(kept.at(-1)!.created[0]).toBe('l6');
  expect(readFileSync(join((await localRecordDir(dir))!, 'applies-eu.jsonl'), 'utf8').trimEnd().split('\n')).toHaveLength(MAX_RECORDS);
});

test('outside git nothing is written and nothing is read', async () => {
  const plain = mkdtempSync(join(tmpdir(), 'kwsync-nogit-'));
  try {
    expect(await recordLocalApply(plain, record(1))).toBeNull();
    expect(await readLocalApplies(plain, 'eu')).toEqual([]);
  } finally {
    rmSync(plain, { recursive: true, force: true });
  }
});
