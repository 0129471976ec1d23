// checkPattern's empty-string test without the i flag never changes an answer: on generated
// patterns (lookarounds, word boundaries, backreferences, case-folding letters, syntax errors) it
// gives exactly the findings of the reference.
import fc from 'fast-check';
import { checkPattern } from '../../src/validate/rules/patterns.js';
import { referenceCheckPattern } from './reference-patterns.js';

const TOKENS = ['a', 'K', 'ſ', 'é', '😀', ' ', '\\d', '\\w', '\\W', '\\b', '\\B', '^', '$', '.', '(', ')', '(?:', '(?=', '(?!', '(?<=', '(?<!', '(?<n>', '\\k<n>', '\\1', '[', ']', '[^', '[a-z]', '|', '?', '*', '+', '{2}', '{0,3}', '{1,12}', '{3,}', '\\p{L}', '\\u212a', '\\', '-', '(?i)', '/'];
const pattern = fc.array(fc.constantFrom(...TOKENS), { maxLength: 8 }).map((ts) => ts.join(''));

test('checkPattern: the same findings as the reference', () => {
  fc.assert(
    fc.property(pattern, (source) => {
      expect(checkPattern(source)).toEqual(referenceCheckPattern(source));
    }),
    { numRuns: 1500 },
  );
});

test.each(['', '^', '$', '\\b', '\\B', '(?:)', 'a?', '(?=a)?', '(a?)\\1', '(?<!\\w)', '[^]{0,3}', 'K?', 'x'])('%j: the same findings as the reference', (source) => {
  expect(checkPattern(source)).toEqual(referenceCheckPattern(source));
});

test('the generated patterns reach the empty-string test, both ways', () => {
  const findings = fc.sample(pattern, { numRuns: 1500, seed: 13 }).map((s) => checkPattern(s));
  const empty = findings.filter((f) => f.some((x) => x.rule === 'pattern-matches-empty')).length;
  const clean = findings.filter((f) => f.length === 0).length;
  expect(empty).toBeGreaterThan(50);
  expect(clean).toBeGreaterThan(50);
});
