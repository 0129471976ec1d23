// Issue 40 item 5: a local apply's record lives in the checkout's git directory (never a file git
// could commit), is read back newest first, skips lines that are not records, and keeps MAX_RECORDS.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { propertyRuns } from '../helpers/runs.js';
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

// The generator: records of this target and another, and lines that are not records (edited, cut,
// another target's, hostile JSON), appended in any order past MAX_RECORDS: what reads back is always
// this target's own records, the newest MAX_RECORDS of them, newest first, and the file stays bounded.
test(`over generated appends and hostile lines: the newest ${MAX_RECORDS} records of the target, newest first, never another line`, async () => {
  const junk = ['not json', '{"kwsyncLocalApply":1,"target":"eu"}', '{"__proto__":{"x":1}}', '\u0000\u001b[31m', '[]', 'null', JSON.stringify({ ...record(999), sha: 'nope' })];
  const op = fc.oneof({ weight: 6, arbitrary: fc.constant<'eu'>('eu') }, fc.constant<'other'>('other'), fc.constantFrom(...junk.map((j) => ({ junk: j }))));
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: MAX_RECORDS + 8, maxLength: MAX_RECORDS + 12 }), async (ops) => {
      const run = mkdtempSync(join(tmpdir(), 'kwsync-local-'));
      try {
        execFileSync('git', ['init', '-q'], { cwd: run });
        const folder = (await localRecordDir(run))!;
        mkdirSync(folder, { recursive: true });
        const file = join(folder, 'applies-eu.jsonl');
        const model: number[] = [];
        for (const [i, o] of ops.entries()) {
          if (o === 'eu') {
            await recordLocalApply(run, record(i + 1));
            model.push(i + 1);
          } else if (o === 'other') {
            // Another target's record written into this target's file by hand.
            await recordLocalApply(run, record(i + 1));
            model.push(i + 1);
            appendFileSync(file, `${JSON.stringify(record(i + 1, 'us'))}\n`);
          } else {
            appendFileSync(file, `${o.junk}\n`);
          }
        }
        const kept = await readLocalApplies(run, 'eu');
        expect(kept.map((r) => r.created[0])).toEqual(model.slice(-MAX_RECORDS).reverse().map((n) => `l${n}`));
        expect(kept.every((r) => r.target === 'eu')).toBe(true);
        // Bounded: the records kept, and at most the lines appended since the last rewrite.
        expect(readFileSync(file, 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(2 * MAX_RECORDS);
      } finally {
        rmSync(run, { recursive: true, force: true });
      }
    }),
    { numRuns: propertyRuns(1, 20), seed: 4005 },
  );
}, 120_000);

test('outside git nothing is written and nothing is read', async () => {
  const plain = mkdtempSync(join(tmpdir(), 'kwsync-nogit-'));
  try {
    expect(await recordLocalApply(plain, record(1))).toBeNull();
    expect(await readLocalApplies(plain, 'eu')).toEqual([]);
  } finally {
    rmSync(plain, { recursive: true, force: true });
  }
});
