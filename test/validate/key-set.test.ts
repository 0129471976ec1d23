// KeySet answers like a Set ("was this key added before?"), and gives up (false) instead of probing
// forever when its table is full, which checkTerms treats like a duplicate: it switches to its Map.
import fc from 'fast-check';
import { KeySet } from '../../src/validate/rules/key-set.js';

test('add is true exactly for a key not added before', () => {
  fc.assert(
    fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'é', '😀', '\u0000', ' '), maxLength: 4 }), { maxLength: 200 }), (keys) => {
      const set = new KeySet(keys.length, (i) => keys[i]!);
      const seen = new Set<string>();
      keys.forEach((key, i) => {
        expect(set.add(key, i)).toBe(!seen.has(key));
        seen.add(key);
      });
    }),
    { numRuns: 500 },
  );
});

test('a full table answers false instead of looping', () => {
  const keys = Array.from({ length: 40 }, (_, i) => `k${i}`);
  const set = new KeySet(1, (i) => keys[i]!); // 16 slots for 40 keys
  const answers = keys.map((k, i) => set.add(k, i));
  expect(answers.slice(0, 16)).toEqual(Array(16).fill(true));
  expect(answers.slice(16)).toEqual(Array(24).fill(false));
});
