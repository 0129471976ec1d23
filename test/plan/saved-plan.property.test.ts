// Equivalence: canonicalJson (a saved plan's checksum input) with term arrays kept as they are gives
// exactly the text of the version that copied every array element by element (reference below), on
// generated JSON values and on real plans; a changed byte would refuse every saved plan as altered.
import fc from 'fast-check';
import { canonicalJson, computePlan } from '../../src/plan/index.js';
import { NOW, SAFETY, desired, live } from './fixtures.js';

/** canonicalJson before the fast path: keys sorted, undefined dropped, every array copied. */
function referenceCanonicalJson(value: unknown): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v !== null && typeof v === 'object') {
      const obj = v as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(obj)
          .sort()
          .filter((k) => obj[k] !== undefined)
          .map((k) => [k, sortKeys(obj[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(sortKeys(value));
}

// JSON values, plus what a plan object may hold that JSON has not: undefined fields, arrays of text
// with holes or undefined in them.
const odd = fc.oneof(fc.constant(undefined), fc.array(fc.oneof(fc.string(), fc.constant(undefined)), { maxLength: 4 }), fc.sparseArray(fc.string(), { maxLength: 4 }));
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    odd,
    fc.array(fc.string(), { maxLength: 6 }),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 4 }), tie('node'), { maxKeys: 4 }),
  ),
})).node;

test('canonicalJson equals the reference on generated values', () => {
  fc.assert(
    fc.property(value, (v) => {
      expect(canonicalJson(v)).toBe(referenceCanonicalJson(v));
    }),
    { numRuns: 3000 },
  );
});

test('canonicalJson equals the reference on plans', () => {
  const terms = fc.array(fc.constantFrom('a', 'b', 'c', 'é', ''), { maxLength: 12 });
  fc.assert(
    fc.property(terms, terms, fc.boolean(), (want, have, prune) => {
      const plan = computePlan([desired('a', want)], [live('a', have), live('orphan', have)], { target: 'prod', prune, safety: SAFETY, now: NOW });
      expect(canonicalJson(plan)).toBe(referenceCanonicalJson(plan));
    }),
    { numRuns: 500 },
  );
});
