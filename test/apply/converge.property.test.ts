// For random desired and live states, applying the plan (force + prune) leaves nothing to plan.
import fc from 'fast-check';
import { applyPlan } from '../../src/apply/index.js';
import { CATEGORIES, type DesiredList, type KeywordList } from '../../src/model/keyword-list.js';
import { computePlan, planHasChanges } from '../../src/plan/index.js';
import { FakeTarget } from '../helpers/fake-target.js';
import { SAFETY } from '../plan/fixtures.js';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
const terms = fc.array(fc.constantFrom('x', 'y', 'z', 'X', 'a,b', '\\d{3,5}', 'two words'), { maxLength: 8 });
const content = fc.record({
  name: fc.constantFrom('One', 'Two'),
  description: fc.constantFrom('', 'desc'),
  category: fc.constantFrom(...CATEGORIES),
});
const liveState = fc.uniqueArray(
  fc.record({ id: fc.constantFrom(...ids, 'dflt'), terms, content }),
  { selector: (l) => l.id, maxLength: 7 },
);
const desiredState = fc.uniqueArray(
  fc.record({ id: fc.constantFrom(...ids), terms, content }),
  { selector: (l) => l.id, maxLength: 6 },
);

test('apply(plan) then plan again: no changes, nothing unmanaged', async () => {
  await fc.assert(
    fc.asyncProperty(liveState, desiredState, fc.integer({ min: 1, max: 5 }), async (liveLists, wanted, concurrency) => {
      const seed = liveLists.map((l): KeywordList & { default: boolean } => ({ id: l.id, ...l.content, searchTerms: l.terms, default: l.id === 'dflt' }));
      const target = new FakeTarget(seed);
      // Desired lists as validation delivers them: no duplicate terms.
      const files: DesiredList[] = wanted.map((d) => ({ id: d.id, ...d.content, searchTerms: [...new Set(d.terms)], source: { file: `${d.id}.yaml` } }));
      const opts = { target: 'fake', prune: true, safety: SAFETY };
      const plan = computePlan(files, (await target.listKeywordLists()).lists, opts);
      const report = await applyPlan(plan, target, { force: true, concurrency });
      expect(report.results.every((r) => r.outcome === 'applied' || r.outcome === 'unchanged')).toBe(true);
      const next = computePlan(files, (await target.listKeywordLists()).lists, opts);
      expect(planHasChanges(next)).toBe(false);
      expect(next.unmanaged).toEqual([]);
      expect(target.lists.has('dflt')).toBe(seed.some((l) => l.id === 'dflt'));
    }),
    { numRuns: 200 },
  );
});
