// Issue 40 item 3 and 6 as invariants over random apps and folders: the list limit a plan carries
// is live (default lists not counted) + created − deleted, it is "over" exactly when the plan
// creates lists past the limit, and applying an over plan is refused before any write; the text
// plan's summary table has one row per changed list, its columns aligned. KWSYNC_LONG=1 runs 2,000.
import fc from 'fast-check';
import { computePlan } from '../../src/plan/index.js';
import { countListLimit, listLimitLine, listLimitShown } from '../../src/plan/list-limit.js';
import { summaryTable } from '../../src/plan/render-text.js';
import { applyTarget } from '../../src/sync/apply.js';
import { DEFAULT_CONFIG, DEFAULT_SAFETY } from '../../src/model/config.js';
import type { DesiredList, LiveKeywordList } from '../../src/model/keyword-list.js';
import type { KeywordTarget } from '../../src/model/target.js';
import { RefusedPlanError } from '../../src/errors.js';

const RUNS = process.env.KWSYNC_LONG ? 2000 : 200;
const SEED = 4040;

const ids = fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9-]{0,7}$/), { maxLength: 32 });
const terms = fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 4 });

const live = (id: string, t: string[], isDefault = false): LiveKeywordList => ({ id, name: id, description: '', category: 'word', searchTerms: t, revisionId: `h_${id}_1`, default: isDefault });
const desired = (id: string, t: string[]): DesiredList => ({ id, name: id, description: '', category: 'word', searchTerms: t, source: { file: `keywords/${id}.yaml` } });

/** A target whose every write fails the test: an over plan must be refused before any. */
const noWrites: KeywordTarget = new Proxy({} as KeywordTarget, {
  get: (_t, prop) => (prop === 'label' ? 'app' : () => Promise.reject(new Error(`wrote: ${String(prop)}`))),
});

test('the list limit: live + created − deleted, over exactly past the limit with creates, refused before any write', async () => {
  const tally = { runs: 0, over: 0, atLimit: 0, under: 0, shown: 0 };
  await fc.assert(
    fc.asyncProperty(ids, ids, fc.integer({ min: 0, max: 4 }), terms, fc.boolean(), fc.integer({ min: 1, max: 30 }), async (liveIds, fileIds, defaults, t, prune, max) => {
      const liveLists = [...liveIds.map((id) => live(id, t)), ...Array.from({ length: defaults }, (_, i) => live(`default-${i}`, t, true))];
      const files = fileIds.filter((id) => !id.startsWith('default-')).map((id) => desired(id, t));
      const plan = computePlan(files, liveLists, { target: 'app', prune, safety: DEFAULT_SAFETY });
      const l = countListLimit(plan, liveLists, { max, source: 'test' });
      const created = files.filter((f) => !liveIds.includes(f.id)).length;
      const deleted = prune ? liveIds.filter((id) => !files.some((f) => f.id === id)).length : 0;
      expect(l).toMatchObject({ live: liveIds.length, created, deleted, after: liveIds.length + created - deleted, max });
      expect(l.over).toBe(created > 0 && l.after > max);
      expect(listLimitShown(l)).toBe(created > 0 || l.after >= max);
      expect(listLimitLine(l)).toContain(`${l.after} of ${max} lists after apply (${l.live} live + ${created} created − ${deleted} deleted)`);
      tally.runs += 1;
      if (l.over) tally.over += 1;
      else if (l.after === max) tally.atLimit += 1;
      else tally.under += 1;
      if (listLimitShown(l)) tally.shown += 1;
      if (l.over) {
        await expect(applyTarget({ plan: { ...plan, listLimit: l }, keywords: noWrites, config: DEFAULT_CONFIG, force: true })).rejects.toBeInstanceOf(RefusedPlanError);
      }
    }),
    { numRuns: RUNS, seed: SEED },
  );
  console.log(`list limit property: ${tally.runs} runs, seed ${SEED}: ${tally.over} over (refused, no write), ${tally.atLimit} at the limit, ${tally.under} under; line shown in ${tally.shown}`);
  expect(tally.over).toBeGreaterThan(0);
  expect(tally.atLimit + tally.under).toBeGreaterThan(0);
});

test("the text plan's summary table: one row per changed list, every column starting at the same place", () => {
  let rows = 0;
  fc.assert(
    fc.property(ids, ids, terms, terms, (liveIds, fileIds, a, b) => {
      const plan = computePlan(fileIds.map((id) => desired(id, a)), liveIds.map((id) => live(id, b)), { target: 'app', prune: true, safety: { ...DEFAULT_SAFETY, maxRemovedShare: 1 } });
      const changed = plan.changes.filter((c) => c.kind !== 'noop');
      if (changed.length === 0) return;
      const table = summaryTable(changed);
      expect(table).toHaveLength(changed.length + 1);
      rows += changed.length;
      // The start of the third column (ADDED) is where the header puts it, on every row.
      const at = table[0]!.indexOf('ADDED');
      for (const [i, row] of table.slice(1).entries()) {
        expect(row.startsWith(changed[i]!.id)).toBe(true);
        expect(row.slice(0, at).trimEnd().split(/\s+/)).toEqual([changed[i]!.id, changed[i]!.kind]);
      }
    }),
    { numRuns: RUNS, seed: SEED },
  );
  console.log(`summary table property: ${RUNS} runs, seed ${SEED}: ${rows} rows checked`);
  expect(rows).toBeGreaterThan(0);
});
