// Issue 39 item 8: status shows, per rule, what the newest preview before the apply predicted for its
// lists beside what it blocked. The rendering, table-driven; then a seeded generator: the numbers shown
// are always the recorded ones, the record file stays bounded, and lines that are not records
// (corrupt, hostile, another target's) are skipped and counted, never thrown.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localRecordDir } from '../../src/status/local-applies.js';
import { MAX_PREVIEW_RECORDS, readLocalPreviews, recordLocalPreview, type LocalPreview } from '../../src/status/local-previews.js';
import { ruleActivityLines, type RuleActivity } from '../../src/status/rule-activity.js';
import { deploymentPredictions, withPredictions, type Predictions } from '../../src/status/rule-predictions.js';
import { rng } from '../helpers/rng.js';
import { propertyRuns } from '../helpers/runs.js';

const SHA = '1c35a2c0000000000000000000000000000000aa';
const activity = (rules: Partial<RuleActivity['rules'][number]>[]): RuleActivity => ({
  since: '2026-12-01T10:00:00.000Z',
  complete: true,
  rules: rules.map((r) => ({ id: 'block-scams', name: 'Block scams', enabled: true, default: false, action: ['blockMessage'], lists: ['scam-words'], blocked: 1, ...r })),
});
const local = (records: Predictions['records']): Predictions => ({ from: 'kwsync preview on this machine', records });

describe('the rule line', () => {
  test.each([
    ['a prediction for its list', [{ commit: SHA, at: '2026-12-01T09:00:00.000Z', sample: 200, lists: { 'scam-words': { before: 0, after: 3 } } }], 'block-scams [blockMessage] (scam-words): 1 blocked; the preview of 1c35a2c predicted 3 of 200 recent messages for scam-words (0 before)'],
    ['no record', [], 'block-scams [blockMessage] (scam-words): 1 blocked; no preview recorded'],
    ['only a preview after the apply (of the next change)', [{ commit: SHA, at: '2026-12-01T11:00:00.000Z', sample: 5, lists: { 'scam-words': { before: 3, after: 4 } } }], 'block-scams [blockMessage] (scam-words): 1 blocked; no preview recorded'],
    ['a preview of another list', [{ commit: null, at: '2026-12-01T09:00:00.000Z', sample: 1, lists: { other: { before: 0, after: 1 } } }], 'block-scams [blockMessage] (scam-words): 1 blocked; no preview recorded'],
    ['a preview outside a commit', [{ commit: null, at: '2026-12-01T09:30:00.000Z', sample: 1, lists: { 'scam-words': { before: 0, after: 1 } } }], 'block-scams [blockMessage] (scam-words): 1 blocked; the preview at 2026-12-01 09:30 UTC predicted 1 of 1 recent message for scam-words (0 before)'],
  ])('%s', (_label, records, line) => {
    const lines = ruleActivityLines(withPredictions(activity([{}]), local(records), '2026-12-01T10:00:00.000Z'));
    expect(lines[1]).toBe(`  ${line}`);
    expect(lines).toContain('  (predictions: kwsync preview on this machine)');
  });

  test('two lists, one predicted: the other is named as not recorded; without predictions read, nothing is said', () => {
    const a = activity([{ lists: ['a', 'b'] }]);
    expect(ruleActivityLines(withPredictions(a, local([{ commit: SHA, at: '2026-12-01T09:00:00.000Z', sample: 9, lists: { b: { before: 1, after: 2 } } }]), undefined))[1]).toBe(
      '  block-scams [blockMessage] (a, b): 1 blocked; the preview of 1c35a2c predicted 2 of 9 recent messages for b (1 before); no preview recorded for a',
    );
    expect(ruleActivityLines(a)[1]).toBe('  block-scams [blockMessage] (a, b): 1 blocked');
  });

  test("the apply job's own prediction counts whatever the clocks say", () => {
    const p = deploymentPredictions({ found: true, sha: SHA, appliedAt: '2026-12-01T10:00:00.000Z', predicted: { at: '2026-12-01T10:00:05.000Z', sample: 50, lists: { 'scam-words': { before: 2, after: 7 } } } })!;
    expect(ruleActivityLines(withPredictions(activity([{}]), p, '2026-12-01T10:00:00.000Z'))[1]).toContain('1 blocked; the preview of 1c35a2c predicted 7 of 50 recent messages for scam-words (2 before)');
    expect(deploymentPredictions({ found: true, sha: SHA })).toBeUndefined();
  });
});

const SEED = Number(process.env.KWSYNC_PROPERTY_SEED ?? 20261207);
const HOSTILE = ['{', 'null', '[]', '"x"', '{"kwsyncLocalPreview":1}', '{"__proto__":{"polluted":1}}', '{"kwsyncLocalPreview":1,"at":"2026-01-01T00:00:00Z","commit":null,"target":"t","sample":-1,"lists":{}}',
  '{"kwsyncLocalPreview":1,"at":"2026-01-01T00:00:00Z","commit":null,"target":"t","sample":1,"lists":{"a":{"before":1,"after":"9"}}}', '\u0000\u001b[31m', 'x'.repeat(5000), '{"kwsyncLocalPreview":1,"at":"2026-01-01T00:00:00Z","commit":null,"target":"other","sample":1,"lists":{}}'];

test(`seeded runs (seed ${SEED}): shown = recorded, the file stays bounded, bad lines are skipped and counted`, async () => {
  const next = rng(SEED);
  const int = (n: number) => Math.floor(next() * n);
  const dir = mkdtempSync(join(tmpdir(), 'kwsync-previews-'));
  execFileSync('git', ['init', '-q'], { cwd: dir });
  let runs = 0;
  let hostileLines = 0;
  try {
    const file = join((await localRecordDir(dir))!, 'previews-t.jsonl');
    for (let run = 0; run < propertyRuns(40, 1000); run++) {
      const ids = ['scam-words', 'spam', 'x-1', 'y_2'].filter(() => next() < 0.6);
      const lists = Object.fromEntries(ids.map((id) => [id, { before: int(1000), after: int(1000) }]));
      const record: LocalPreview = { kwsyncLocalPreview: 1, at: new Date(Date.UTC(2026, 0, 1, 0, run)).toISOString(), commit: next() < 0.8 ? SHA : null, target: 't', sample: int(10000), lists };
      expect(await recordLocalPreview(dir, record)).toBe(file);
      const bad = next() < 0.2 ? HOSTILE[int(HOSTILE.length)]! : undefined;
      if (bad !== undefined) {
        appendFileSync(file, `${bad}\n`);
        hostileLines++;
      }
      const read = await readLocalPreviews(dir, 't');
      expect(read.records[0]).toEqual(record);
      expect(read.skipped).toBe(bad !== undefined ? 1 : 0);
      expect(read.records.length).toBeLessThanOrEqual(MAX_PREVIEW_RECORDS);
      expect(readFileSync(file, 'utf8').trim().split('\n').length).toBeLessThanOrEqual(MAX_PREVIEW_RECORDS + 1);
      // The numbers shown per rule are the newest record's that covers each list.
      const rules = activity([{ lists: ['scam-words', 'spam'] }]);
      const shown = withPredictions(rules, { from: 'f', records: read.records }, undefined).rules[0]!.predicted!;
      for (const p of shown) {
        const newest = read.records.find((r) => Object.hasOwn(r.lists, p.list))!;
        expect(p).toEqual({ list: p.list, before: newest.lists[p.list]!.before, after: newest.lists[p.list]!.after, sample: newest.sample, commit: newest.commit, at: newest.at });
        expect(ruleActivityLines(withPredictions(rules, { from: 'f', records: read.records }, undefined))[1]).toContain(`predicted ${newest.lists[p.list]!.after} of ${newest.sample} recent message`);
      }
      expect(shown.map((p) => p.list)).toEqual(['scam-words', 'spam'].filter((l) => read.records.some((r) => Object.hasOwn(r.lists, l))));
      runs++;
    }
    // A file that is not kwsync's (too large) is not read, and says so by a skipped count.
    writeFileSync(file, 'x'.repeat(2 * 1024 * 1024));
    expect(await readLocalPreviews(dir, 't')).toMatchObject({ records: [], skipped: 1 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(({} as { polluted?: number }).polluted).toBeUndefined();
  process.stdout.write(`rule-predictions: ${runs} runs, seed ${SEED}, ${hostileLines} hostile lines skipped\n`);
}, 60_000);
