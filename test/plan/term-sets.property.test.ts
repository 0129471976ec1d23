// Equivalence: the fast term comparisons (positional walk, Sets cached per array) give exactly the
// answers of the plain Set version they replaced, on generated arrays: equal, reordered, a few terms
// changed, repeats, different lengths, unrelated.
import fc from 'fast-check';
import { sameTermSet, termsMissing } from '../../src/plan/term-sets.js';
// The implementation before the fast paths, kept as the reference.
import { referenceTermsMissing as referenceMissing } from './reference-compute-plan.js';

const referenceSame = (a: readonly string[], b: readonly string[]) => referenceMissing(a, b).length === 0 && referenceMissing(b, a).length === 0;

// Few distinct terms, so repeats and collisions are common.
const term = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'A', 'a ', 'é', 'e\u0301', '');
const terms = fc.array(term, { maxLength: 40 });

/** `a`, edited: some positions replaced, a few terms dropped or added, maybe shuffled. */
const edited = terms.chain((a) =>
  fc
    .record({
      replace: fc.array(fc.tuple(fc.nat(), term), { maxLength: 4 }),
      drop: fc.array(fc.nat(), { maxLength: 3 }),
      add: fc.array(term, { maxLength: 3 }),
      shuffle: fc.boolean(),
      seed: fc.nat(),
    })
    .map(({ replace, drop, add, shuffle, seed }) => {
      const b = [...a];
      for (const [i, t] of replace) if (b.length > 0) b[i % b.length] = t;
      for (const i of drop) if (b.length > 0) b.splice(i % b.length, 1);
      b.push(...add);
      if (shuffle) b.sort((x, y) => ((x.charCodeAt(0) ?? 0) * 31 + seed) % 7 - ((y.charCodeAt(0) ?? 0) * 31 + seed) % 7);
      return [a, b] as const;
    }),
);

test('termsMissing equals the reference, in order and deduplicated, both ways', () => {
  fc.assert(
    fc.property(fc.oneof(edited, fc.tuple(terms, terms)), ([a, b]) => {
      expect(termsMissing(a, b)).toEqual(referenceMissing(a, b));
      expect(termsMissing(b, a)).toEqual(referenceMissing(b, a));
    }),
    { numRuns: 3000 },
  );
});

test('sameTermSet equals the reference', () => {
  fc.assert(
    fc.property(fc.oneof(edited, fc.tuple(terms, terms)), ([a, b]) => {
      expect(sameTermSet(a, b)).toBe(referenceSame(a, b));
    }),
    { numRuns: 3000 },
  );
});

test('the same array object twice, and an array compared again after its Set was cached', () => {
  const a = ['x', 'y', 'x'];
  expect(termsMissing(a, a)).toEqual([]);
  const far = ['q', 'r', 's', 't', 'u', 'v', 'w', 'x'];
  expect(termsMissing(['x', 'z'], far)).toEqual(['z']);
  expect(termsMissing(['z', 'q'], far)).toEqual(['z']); // the cached Set of `far`, second use
  expect(sameTermSet(far, [...far].reverse())).toBe(true);
});
