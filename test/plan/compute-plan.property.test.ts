// Equivalence: computePlan with the diff-once fast path (one walk per list for added, removed and the
// safety share; `before` sharing the desired strings; term arrays shared, not copied) gives exactly
// the plan of the implementation before it (reference-compute-plan.ts), on generated desired and
// live lists: unchanged, edited in place, reordered, with repeats, unrelated, fields changed, default
// lists, prune on and off, any safety thresholds.
import fc from 'fast-check';
import { ConfigError } from '../../src/errors.js';
import type { Category, DesiredList, LiveKeywordList } from '../../src/model/keyword-list.js';
import { computePlan } from '../../src/plan/index.js';
import { diffTerms, termsMissing } from '../../src/plan/term-sets.js';
import { unsafeReason } from '../../src/plan/safety.js';
import { referenceComputePlan, referenceTermsMissing, referenceUnsafeReason } from './reference-compute-plan.js';
import { NOW } from './fixtures.js';

// Few distinct terms, so repeats and collisions are common.
const term = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'A', 'a ', 'é', 'e\u0301', '');
const terms = fc.array(term, { maxLength: 40 });

/** `a`, edited as a live list drifts from its file: a few positions replaced, dropped, added, maybe reordered. */
const edit = (a: string[]) =>
  fc
    .record({
      replace: fc.array(fc.tuple(fc.nat(), term), { maxLength: 4 }),
      drop: fc.array(fc.nat(), { maxLength: 3 }),
      add: fc.array(term, { maxLength: 3 }),
      reverse: fc.boolean(),
    })
    .map(({ replace, drop, add, reverse }) => {
      const b = [...a];
      for (const [i, t] of replace) if (b.length > 0) b[i % b.length] = t;
      for (const i of drop) if (b.length > 0) b.splice(i % b.length, 1);
      b.push(...add);
      return reverse ? b.reverse() : b;
    });

/** Two term arrays: the same, one edited from the other, or unrelated. */
const termPair = terms.chain((a) => fc.oneof(fc.constant([a, a] as const), edit(a).map((b) => [a, b] as const), terms.map((b) => [a, b] as const)));

const category = fc.constantFrom<Category>('word', 'pattern', 'sentence-similarity');
const fields = fc.record({ name: fc.constantFrom('N', 'M'), description: fc.constantFrom('', 'd'), category });

/** One list id's story: only in files, only live, or both (live maybe a default list). */
const listCase = fc.record({
  where: fc.constantFrom('desired', 'live', 'both', 'both'),
  terms: termPair,
  desiredFields: fields,
  liveFields: fields,
  isDefault: fc.boolean(),
  revision: fc.nat({ max: 9 }),
});

const inputs = fc
  .record({
    cases: fc.array(listCase, { maxLength: 5 }),
    prune: fc.boolean(),
    safety: fc.record({
      maxRemovedShare: fc.double({ min: 0, max: 1, noNaN: true }),
      minTermsForShareCheck: fc.nat({ max: 12 }),
    }),
  })
  .map(({ cases, prune, safety }) => {
    const desired: DesiredList[] = [];
    const live: LiveKeywordList[] = [];
    cases.forEach((c, i) => {
      const id = `list-${i}`;
      const [liveTerms, desiredTerms] = c.terms;
      if (c.where !== 'live') desired.push({ id, ...c.desiredFields, searchTerms: [...desiredTerms], source: { file: `keywords/${id}.yaml` } });
      if (c.where !== 'desired') {
        // A default list named by a file is the ConfigError case; keep it rare but present.
        const isDefault = c.isDefault && (c.where === 'live' || c.revision === 0);
        live.push({ id, ...c.liveFields, searchTerms: [...liveTerms], revisionId: `h_${id}_${c.revision}`, default: isDefault });
      }
    });
    return { desired, live, prune, safety };
  });

type Outcome = { plan: unknown } | { error: string };
const outcome = (f: () => unknown): Outcome => {
  try {
    return { plan: f() };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return { error: err.message };
  }
};

test('computePlan equals the reference plan on generated lists', () => {
  fc.assert(
    fc.property(inputs, ({ desired, live, prune, safety }) => {
      const opts = { target: 'prod', prune, safety, now: NOW };
      expect(outcome(() => computePlan(desired, live, opts))).toEqual(outcome(() => referenceComputePlan(desired, live, opts)));
    }),
    { numRuns: 3000 },
  );
});

test('diffTerms gives both termsMissing answers, and a before with the same terms in the same order', () => {
  fc.assert(
    fc.property(termPair, ([before, after]) => {
      const diff = diffTerms(before, after);
      expect(diff.added).toEqual(referenceTermsMissing(after, before));
      expect(diff.removed).toEqual(referenceTermsMissing(before, after));
      expect(diff.before()).toEqual(before);
    }),
    { numRuns: 3000 },
  );
});

test('unsafeReason with the removed count given, or counted itself, equals the reference', () => {
  const safety = fc.record({ maxRemovedShare: fc.double({ min: 0, max: 1, noNaN: true }), minTermsForShareCheck: fc.nat({ max: 12 }) });
  // Longer lists with many distinct terms and repeats, so the count stops early (share cleared)
  // or runs to the end (unsafe, or too few terms) on either side of every threshold.
  const many = fc.array(fc.nat({ max: 80 }).map((n) => `t${n}`), { maxLength: 200 });
  const longPair = many.chain((a) => fc.oneof(edit(a).map((b) => [a, b] as const), many.map((b) => [a, b] as const)));
  fc.assert(
    fc.property(fc.oneof(termPair, longPair), safety, fc.boolean(), ([live, after], s, deleted) => {
      const target = deleted ? null : after;
      const expected = referenceUnsafeReason(live, target, s);
      expect(unsafeReason(live, target, s)).toBe(expected);
      if (target) expect(unsafeReason(live, target, s, termsMissing(live, target).length)).toBe(expected);
    }),
    { numRuns: 3000 },
  );
});

test('a plan shares the desired term array instead of copying it, and its before keeps the live terms in live order', () => {
  const want: DesiredList = { id: 'a', name: 'A', description: '', category: 'word', searchTerms: ['x', 'y', 'z'], source: { file: 'keywords/a.yaml' } };
  const have: LiveKeywordList = { id: 'a', name: 'A', description: '', category: 'word', searchTerms: ['x', 'old', 'z', 'z'], revisionId: 'h_a_1', default: false };
  const change = computePlan([want], [have], { target: 'prod', prune: false, safety: { maxRemovedShare: 0.3, minTermsForShareCheck: 0 }, now: NOW }).changes[0];
  expect(change?.after?.searchTerms).toBe(want.searchTerms);
  expect(change?.before?.searchTerms).toEqual(['x', 'old', 'z', 'z']);
  expect(change).toMatchObject({ kind: 'update', added: ['y'], removed: ['old'], unsafe: 'removes 1 of 3 terms (33%), more than safety.maxRemovedShare (30%)' });
});

// A change's live terms are built when first read (term-sets.ts withTermsOnDemand): every way a plan
// leaves the process (spread, JSON, a structured clone) must see the plain array, and a write must stick.
test('a change\'s live terms, built on demand, read as a plain array in every form', () => {
  fc.assert(
    fc.property(termPair, fields, ([live, desired], f) => {
      const plan = computePlan([{ id: 'l', ...f, searchTerms: [...desired], source: { file: 'k/l.yaml' } }], [{ id: 'l', ...f, searchTerms: [...live], revisionId: '1', default: false }], { target: 't', prune: false, safety: { maxRemovedShare: 1, minTermsForShareCheck: 0 }, now: NOW });
      const before = plan.changes[0]!.before!;
      const plain = { id: 'l', name: f.name, description: f.description, category: f.category, searchTerms: live };
      expect(JSON.parse(JSON.stringify(before))).toEqual(plain);
      expect(structuredClone(before)).toEqual(plain);
      expect({ ...before }).toEqual(plain);
      expect(Object.keys(before)).toEqual(Object.keys(plain));
      before.searchTerms = ['x'];
      expect(before.searchTerms).toEqual(['x']);
    }),
    { numRuns: 1000 },
  );
});
