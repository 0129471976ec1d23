// The literal prefilter of pattern lists never changes an answer: on generated patterns and texts
// the matcher finds exactly the patterns (and spans) that running every regex finds.
import fc from 'fast-check';
import { compilePatternMatcher } from '../../src/match/pattern-matcher.js';
import { foldForLiterals, requiredLiterals } from '../../src/match/required-literals.js';
import { referencePatternMatcher } from './reference-matchers.js';

// Characters chosen to hit the edges: both cases, U+017F (long s) and U+212A (Kelvin) that `iu`
// equates to s and k, a dotted capital I, a combining accent, CR LF, an emoji, digits and spaces.
const CHARS = ['a', 'b', 'c', 'k', 's', 'A', 'B', 'K', 'S', '\u017f', '\u212a', '\u0130', 'e', '\u0301', '1', '2', ' ', '-', '.', '\r', '\n', '😀', 'ß', 'x'];
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 24 }).map((cs) => cs.join(''));

const atom: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('a', 'b', 'c', 'k', 's', 'A', 'K', 'S', 'e', 'x', '1', ' ', '-', '\\.', '\u017f', '\u212a', 'é', '\\u0061', '\\x4B'),
  fc.constantFrom('[ab]', '[kK]', '[^a]', '[a-c]', '\\d', '\\w', '\\s', '.', '\\b', '^', '$', '(?=a)', '(?!b)', '(?<=s)', '\\p{L}'),
);
const pattern: fc.Arbitrary<string> = fc.letrec<{ re: string; seq: string; item: string }>((tie) => ({
  re: fc.array(tie('seq'), { minLength: 1, maxLength: 3 }).map((alts) => alts.join('|')),
  seq: fc.array(tie('item'), { minLength: 0, maxLength: 5 }).map((items) => items.join('')),
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    fc.tuple(atom, fc.constantFrom('?', '*', '+', '{2}', '{1,3}', '{0,2}')).map(([a, q]) => (a === '^' || a === '$' || a === '\\b' || a.startsWith('(?') ? a : a + q)),
    tie('re').map((r) => `(?:${r})`),
    tie('re').map((r) => `(${r})`),
    tie('re').map((r) => `(${r})\\1`),
  ),
})).re;

describe('pattern prefilter', () => {
  test('catches exactly what running every regex catches, with the same spans', () => {
    fc.assert(
      fc.property(fc.array(pattern, { minLength: 1, maxLength: 6 }), fc.array(text, { minLength: 1, maxLength: 8 }), (patterns, texts) => {
        const fast = compilePatternMatcher(patterns);
        const ref = referencePatternMatcher(patterns);
        for (const t of texts) {
          expect(fast.matches(t)).toEqual(ref.matches(t));
          expect(fast.spans(t)).toEqual(ref.spans(t));
        }
      }),
      { numRuns: 100 },
    );
  });

  test('a literal found by the prefilter is in every match of its pattern', () => {
    fc.assert(
      fc.property(pattern, text, (p, t) => {
        const literals = requiredLiterals(p);
        let re: RegExp;
        try {
          re = new RegExp(p, 'giu');
        } catch {
          return;
        }
        if (!literals) return;
        for (const m of t.matchAll(re)) expect(literals.some((l) => foldForLiterals(m[0]).includes(l))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('the literals of typical patterns', () => {
    expect(requiredLiterals('\\b(?:p0x1)[ .-]?\\d{3,10}\\b')).toEqual(['p0x1']);
    expect(requiredLiterals('(cat|dog)s?')).toEqual(['cat', 'dog']);
    expect(requiredLiterals('Fr[e3]e\\s+money')).toEqual(['money']);
    expect(requiredLiterals('w[0o]rd')).toEqual(['w0rd', 'word']);
    expect(requiredLiterals('\\d{3}-\\d{4}')).toEqual(['-']);
    expect(requiredLiterals('a*')).toBeNull();
    expect(requiredLiterals('héllo')).toEqual(['llo']);
    expect(requiredLiterals('(a)\\1|b')).toEqual(['a', 'b']);
    expect(requiredLiterals('[')).toBeNull();
  });

  // The claim the prefilter rests on, checked over every code point: a character that `iu` equates
  // to a printable ASCII character folds (foldForLiterals) to that character in lower case.
  test('every character equal under iu to printable ASCII folds onto it', () => {
    const anyAscii = /^[\x20-\x7e]$/iu;
    const offenders: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (!anyAscii.test(ch)) continue;
      for (let a = 0x20; a <= 0x7e; a++) {
        const ascii = String.fromCharCode(a);
        if (new RegExp(`^[${ascii === ']' || ascii === '\\' || ascii === '^' || ascii === '-' ? `\\${ascii}` : ascii}]$`, 'iu').test(ch) && foldForLiterals(ch) !== ascii.toLowerCase()) offenders.push(`U+${cp.toString(16)}~${ascii}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
