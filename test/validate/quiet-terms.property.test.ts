// checkTerms takes most word-list terms as quiet (isQuietWordTerm): one regex and a space count,
// then only length and duplicates. Invariant: a quiet term is one no other rule can flag, so the
// shortcut never hides a finding. Held on generated terms made of the characters the quiet test
// draws its lines on (letters, digits, spaces, commas, `;`, dots, digits first, runs of 6-8 spaces),
// and whole lists of them against the reference checkTerms, in CSV and YAML lists.
import fc from 'fast-check';
import { DEFAULT_LIMITS } from '../../src/model/config.js';
import type { TermsSource } from '../../src/load/terms-source.js';
import { termHints } from '../../src/validate/rules/term-hints.js';
import { allMeaningHints, meaningTriggers } from '../../src/validate/rules/term-meaning.js';
import { checkTerms, isQuietWordTerm } from '../../src/validate/rules/terms.js';
import { referenceCheckTerms } from './reference-check-terms.js';

const CHARS = ['a', 'q', 'z', '0', '7', ' ', '  ', ',', ', ', ';', '.', '_', '=', '@', '/', '!', '-', "'", 'A', 'é', '|', '\t', '~'];
const term = fc.oneof(
  fc.array(fc.constantFrom(...CHARS), { maxLength: 16 }).map((cs) => cs.join('')),
  // Word runs around the 7-space line of the whole-sentence gate.
  fc.array(fc.constantFrom('ab', 'c', 'x,y', 'd.e', '9'), { minLength: 5, maxLength: 10 }).map((ws) => ws.join(' ')),
);

test('a quiet word-list term has no meaning trigger, no meaning hint and no term hint', () => {
  fc.assert(
    fc.property(term, fc.boolean(), (t, csv) => {
      if (!isQuietWordTerm(t, csv)) return;
      expect(meaningTriggers(t, true, csv)).toBe(0);
      expect(allMeaningHints(t, 'word', csv)).toEqual([]);
      expect(termHints(t, 'word', { tabsAllowed: csv, continued: false })).toEqual([]);
      // Its own fold key: duplicates are found on the term itself.
      expect(t.normalize('NFKC').toLowerCase()).toBe(t);
    }),
    { numRuns: 20000, seed: 3131 },
  );
});

test('the quiet test takes the common terms and leaves what a rule reads (examples of the invariant)', () => {
  for (const t of ['word0x1a', 'w0x7, quoted', 'a', 'pay me now', 'x.y@z']) expect(isQuietWordTerm(t, true)).toBe(true);
  expect(isQuietWordTerm('w0x7, quoted', false)).toBe(false); // outside a CSV a comma is term-several's
  for (const t of ['a, b, c', '1. scam', 'scam.', 'a;b', 'a  b', 'a b c d e f g h', 'Scam', "'=x", ' a', 'é']) expect(isQuietWordTerm(t, true)).toBe(false);
});

function source(values: string[], file: string): TermsSource {
  return { file, values, locate: (i, index = 0) => ({ file, line: i + 2, column: index + 1, sourceLine: values[i] ?? '' }) };
}

test('word lists of such terms: checkTerms gives the reference diagnostics and broken terms', () => {
  fc.assert(
    fc.property(
      fc.array(term, { maxLength: 10 }).chain((pool) => fc.array(pool.length > 0 ? fc.constantFrom(...pool) : term, { maxLength: 30 })),
      fc.constantFrom('keywords/a.csv', 'keywords/a.yaml'),
      fc.constantFrom(DEFAULT_LIMITS.maxTermLength, 6),
      (values, file, maxTermLength) => {
        const limits = { ...DEFAULT_LIMITS, maxTermLength };
        const at = { file, line: 1, column: 1 };
        const fast = checkTerms(source(values, file), limits, at, 'word');
        const ref = referenceCheckTerms(source(values, file), limits, at, 'word');
        expect(fast.diagnostics).toEqual(ref.diagnostics);
        expect([...fast.broken].sort()).toEqual([...ref.broken].sort());
      },
    ),
    { numRuns: 3000, seed: 3132 },
  );
});
