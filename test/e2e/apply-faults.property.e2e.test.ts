// Issue 28 item 8, as a property over real HTTP: `kwsync apply --prune --force` against the emulator
// with random faults (cut and stalled bodies, lost answers, 5xx, resets, 429s) on random requests
// and a second writer that edits or deletes a random list just before a random request. For every
// run:
// - each list ends as the files say, or the run exits non-zero naming it (a line of the report
//   marked ✗, ! or ?), or the run stopped before any report with an error and exit non-zero;
// - no default list is written (no POST, PUT or DELETE names it; it keeps its terms);
// - the exit code matches the printed summary (1 exactly when the summary counts anything not done).
// A second writer acting after the run's last read is invisible to any run: its list is exempt.
// KWSYNC_PROPERTY_RUNS (default 25) and KWSYNC_PROPERTY_SEED choose a long or a replayed run.
import fc from 'fast-check';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ScriptedFault } from '../../src/emulator/faults.js';
import type { KeywordList } from '../../src/model/keyword-list.js';
import { startHarness, type Harness } from './harness.js';

const NUM_RUNS = Number(process.env.KWSYNC_PROPERTY_RUNS ?? 25);
const SEED = process.env.KWSYNC_PROPERTY_SEED === undefined ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(process.env.KWSYNC_PROPERTY_SEED);

const IDS = ['a', 'b', 'c', 'd'] as const;
const DEFAULT_ID = 'profanity-list';
const LISTING = '/v3/moderation/keywords';

const terms = fc.uniqueArray(fc.constantFrom('x', 'y', 'z', 'two words', 'w1', 'w2'), { minLength: 1, maxLength: 4 });
/** Per id: its live terms (or none), and whether its file keeps them, asks for others, or is absent. */
const oneId = fc.record({ live: fc.option(terms, { nil: undefined }), file: fc.constantFrom('same', 'same', 'other', 'none'), other: terms });
const lists = fc.tuple(...IDS.map(() => oneId)).map((per) => ({
  live: per.flatMap((p, i) => (p.live ? [{ id: IDS[i] as string, terms: p.live }] : [])),
  files: per.flatMap((p, i) => (p.file === 'none' ? [] : [{ id: IDS[i] as string, terms: p.file === 'same' && p.live ? p.live : p.other }])),
}));

const faultType = fc.constantFrom<ScriptedFault['type']>('cut-body', 'trickle', 'drop', 'drop-after', '502', '503', '504', '429');
const fault: fc.Arbitrary<ScriptedFault> = fc.record({
  type: faultType,
  count: fc.integer({ min: 1, max: 2 }),
  skip: fc.integer({ min: 0, max: 12 }),
  method: fc.constantFrom(undefined, 'GET', 'PUT', 'POST', 'DELETE'),
  path: fc.constantFrom(undefined, '/moderation/keywords', ...IDS.map((id) => `/moderation/keywords/${id}`)),
}).map(({ method, path, ...f }) => ({ ...f, trickleMs: 40, retryAfterSeconds: 0, ...(method ? { method } : {}), ...(path ? { path } : {}) }));
const writer = fc.record({ type: fc.constantFrom<'edit-before' | 'delete-before'>('edit-before', 'delete-before'), skip: fc.integer({ min: 0, max: 10 }), list: fc.constantFrom(...IDS) });

/** Now and then a file that asks to write a default list: by a published name (apply skips it), or its id (the plan refuses). */
const defaultFile = fc.constantFrom<'none' | 'name' | 'id'>('none', 'none', 'none', 'none', 'name', 'id');
const scenario = fc.record({ lists, defaultFile, faults: fc.array(fault, { maxLength: 3 }), writer: fc.option(writer, { nil: undefined, freq: 4 }) }).map(({ lists: l, ...rest }) => ({ ...l, ...rest }));

const asList = (id: string, t: string[]): KeywordList => ({ id, name: `List ${id}`, description: '', category: 'word', searchTerms: t });
const NOT_DONE = /Apply: .*\b[1-9]\d* (skipped|failed|conflict|overwritten|unconfirmed)\b/;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ defaultLists: 'published' });
});
afterAll(() => h.close());

async function reset(live: { id: string; terms: string[] }[], files: { id: string; terms: string[] }[], defaultFile: 'none' | 'name' | 'id'): Promise<string[]> {
  h.emulator.clearFaults();
  const target = h.target();
  for (const l of (await target.listKeywordLists()).lists) await target.deleteKeywordList(l.id);
  for (const l of live) await target.createKeywordList(asList(l.id, l.terms));
  for (const f of await readdir(h.keywords)) await rm(join(h.keywords, f));
  // Short attempts and few retries: stalled bodies time out quickly, and faults may outlast the retries.
  await writeFile(join(h.keywords, 'kwsync.yaml'), 'service:\n  timeoutMs: 400\n  maxRetries: 2\n');
  for (const f of files) await h.writeList(f.id, f.terms);
  if (defaultFile === 'name') await h.writeList('e', ['x'], { name: 'Spam Detection' });
  if (defaultFile === 'id') await h.writeList(DEFAULT_ID, ['x']);
  return (await target.getKeywordList(DEFAULT_ID))?.searchTerms ?? [];
}

const stats = { runs: 0, exit0: 0, exit1: 0, aborted: 0, named: 0 };

test('apply under random faults and a second writer ends truthfully', async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async (s) => {
      const defaultTerms = await reset(s.live, s.files, s.defaultFile);
      h.emulator.clearRequests();
      for (const f of s.faults) h.emulator.injectFaults(f);
      if (s.writer) h.emulator.injectFaults({ type: s.writer.type, count: 1, skip: s.writer.skip, editList: s.writer.list });
      const r = await h.run(['apply', '--auto-approve', '--prune', '--force']);
      h.emulator.clearFaults();
      const log = [...h.emulator.requests];
      stats.runs += 1;

      // The exit code matches the printed summary.
      const summary = /^Apply: .*$/m.exec(r.stdout)?.[0];
      if (summary === undefined) {
        stats.aborted += 1;
        expect(r.code).not.toBe(0);
        expect(r.stderr.length).toBeGreaterThan(0);
      } else {
        expect(r.code).toBe(NOT_DONE.test(summary) ? 1 : 0);
        stats[r.code === 0 ? 'exit0' : 'exit1'] += 1;
      }

      // No default list is written.
      expect(log.filter((q) => q.method !== 'GET' && /\/(profanity-list|e)$/.test(q.path))).toEqual([]);
      const target = h.target();
      // A file named like a published default list is never created.
      expect(await target.getKeywordList('e')).toBeUndefined();
      expect((await target.getKeywordList(DEFAULT_ID))?.searchTerms).toEqual(defaultTerms);

      // Each list ends as the files say, or the run exits non-zero naming it.
      // The writer is exempt only when it acted after the run's final listing (after the plan's own).
      const writerAt = log.findIndex((q) => q.fault === 'edit-before' || q.fault === 'delete-before');
      const answered = log.map((q) => q.method === 'GET' && q.path === LISTING && q.status === 200 && (q.fault === undefined || q.fault === 'edit-before' || q.fault === 'delete-before'));
      const planListing = answered.indexOf(true);
      const finalListing = answered.lastIndexOf(true);
      const exempt = s.writer && finalListing > planListing && writerAt > finalListing ? s.writer.list : undefined;
      const wanted = new Map(s.files.map((f) => [f.id, f.terms]));
      if (s.defaultFile === 'name') wanted.set('e', ['x']);
      for (const id of [...IDS, ...(s.defaultFile === 'name' ? ['e'] : [])]) {
        if (id === exempt) continue;
        const now = await target.getKeywordList(id);
        const want = wanted.get(id);
        const asFiles = want === undefined ? now === undefined : now !== undefined && [...now.searchTerms].sort().join('\n') === [...want].sort().join('\n');
        if (asFiles) continue;
        expect(r.code).not.toBe(0);
        if (summary !== undefined) {
          stats.named += 1;
          expect(r.stdout).toMatch(new RegExp(`^[✗!?] \\w+ +${id} \\(`, 'm'));
        }
      }
    }),
    { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
  );
  process.stdout.write(
    `apply-faults property: ${stats.runs} runs, seed ${SEED}: ${stats.exit0} exit 0, ${stats.exit1} exit 1, ${stats.aborted} stopped before a report, ${stats.named} lists named not as the files say\n`,
  );
}, 600_000);
