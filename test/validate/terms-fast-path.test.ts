// checkTerms' fast path for plain terms (and its character-code whitespace check) never changes an
// answer: on generated lists it gives exactly the diagnostics and broken terms of the reference.
import fc from 'fast-check';
import { DEFAULT_LIMITS } from '../../src/model/config.js';
import type { TermsSource } from '../../src/load/terms-source.js';
import { checkTerms } from '../../src/validate/rules/terms.js';
import { referenceCheckTerms } from './reference-check-terms.js';

// Plain characters and every kind the rules look at: case, NFKC (fullwidth, ligature), spaces of
// several kinds at the edges, line breaks, controls, invisibles, quotes, dashes, regex syntax, tabs.
const CHARS = ['a', 'b', 'z', '0', '9', ' ', '_', '.', 'A', 'Z', 'ｈ', 'ﬁ', '\t', '\n', '\r', '\u000b', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u0085', '\u200b', '\u0007', '"', "'", '\u201c', '-', ' - ', '[', ']', '\\', '{', '}', '*', '+', '|', '^', '(', '?', ')', ';', 'é', 'e\u0301', '😀', ',', '!', '#', '$', '%', '&', '/', ':', '@', '~', '=', '.+', '(?'];
const term = fc.array(fc.constantFrom(...CHARS), { maxLength: 8 }).map((cs) => cs.join(''));

function source(values: string[], file: string): TermsSource {
  return {
    file,
    values,
    locate: (i, index = 0) => ({ file, line: i + 2, column: index + 1, sourceLine: values[i] ?? '' }),
    continuation: (i) => (i % 3 === 0 ? { file, line: i + 3, column: 3, sourceLine: `  ${values[i] ?? ''}` } : undefined),
  };
}

test('plain-term fast path: the same diagnostics and broken terms as before', () => {
  fc.assert(
    fc.property(
      fc.array(term, { maxLength: 12 }).chain((pool) => fc.array(pool.length > 0 ? fc.constantFrom(...pool) : term, { maxLength: 30 })),
      fc.constantFrom('keywords/a.csv', 'keywords/a.yaml'),
      fc.constantFrom('word' as const, 'pattern' as const, 'sentence-similarity' as const, undefined),
      fc.constantFrom(DEFAULT_LIMITS.maxTermLength, 4),
      (values, file, category, maxTermLength) => {
        const limits = { ...DEFAULT_LIMITS, maxTermLength };
        const at = { file, line: 1, column: 1 };
        const fast = checkTerms(source(values, file), limits, at, category);
        const ref = referenceCheckTerms(source(values, file), limits, at, category);
        expect(fast.diagnostics).toEqual(ref.diagnostics);
        expect([...fast.broken].sort()).toEqual([...ref.broken].sort());
      },
    ),
    { numRuns: 1500 },
  );
});
