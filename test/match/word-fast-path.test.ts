// The word matcher's run-by-run lookup never changes an answer: on generated lists and texts it
// finds exactly the terms the automaton over the whole text finds, and JOINERS names every
// character that can join a neighbour into one grapheme (so the lookup is only used where it holds).
import fc from 'fast-check';
import { compileWordMatcher, foldWord, JOINERS } from '../../src/match/word-matcher.js';
import { referenceWordMatcher } from './reference-matchers.js';

// Case, NFKC (ß, ligature, fullwidth), decomposed accents, a lone combining mark, ZWJ and ZWNJ,
// emoji with a skin-tone modifier, flags (regional indicators), Hangul jamo, Thai sara am,
// Devanagari with virama, an Arabic prepended mark, final sigma, dotted I, CR LF, punctuation.
const PIECES = ['a', 'b', 'ab', 'A', 'B', '1', ' ', '  ', '-', '_', "'", '.', ',', '*', 'ß', 'ss', 'ﬁ', 'fi', 'ｈ', 'h', 'é', 'e\u0301', '\u0301', '\u200d', '\u200c', '👍', '🏻', '🇺🇸', '\u1100', '\u1161', '\u0e33', 'ก', 'क', '\u094d', '\u0600', 'Σ', 'ς', 'İ', 'i', '\r\n', '\n'];
const piece = fc.constantFrom(...PIECES);
const term = fc.array(piece, { minLength: 1, maxLength: 4 }).map((p) => p.join(''));
const text = fc.array(piece, { maxLength: 20 }).map((p) => p.join(''));

test('run-by-run lookup: the same terms as the automaton over the whole text', () => {
  fc.assert(
    fc.property(fc.array(term, { minLength: 1, maxLength: 8 }), fc.array(text, { minLength: 1, maxLength: 10 }), (terms, texts) => {
      const fast = compileWordMatcher(terms);
      const ref = referenceWordMatcher(terms);
      for (const t of texts) {
        expect(fast.matches(t).sort()).toEqual(ref.matches(t).sort());
        expect(fast.spans(t)).toEqual(ref.spans(t));
      }
    }),
    { numRuns: 400 },
  );
});

test('a term list and a text built from one run of its terms: found in both, the same way', () => {
  fc.assert(
    fc.property(fc.array(term, { minLength: 1, maxLength: 6 }), fc.array(piece, { maxLength: 6 }), (terms, around) => {
      const t = `${around.join('')} ${terms.join(' ')} ${around.reverse().join('')}`;
      expect(compileWordMatcher(terms).matches(t).sort()).toEqual(referenceWordMatcher(terms).matches(t).sort());
    }),
    { numRuns: 300 },
  );
});

// The claim the lookup rests on, checked with the segmenter the automaton uses: a character not in
// JOINERS is its own grapheme between ASCII neighbours. Planes 0-3 and 14 (4-13 are unassigned).
test('every character that joins an ASCII neighbour into its grapheme is in JOINERS', () => {
  const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const missing: string[] = [];
  const check = (from: number, to: number) => {
    for (let cp = from; cp <= to; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (JOINERS.test(c)) continue;
      let n = 0;
      for (const _ of graphemes.segment(`a${c} `)) n++;
      if (n !== 3) missing.push(`U+${cp.toString(16)}`);
    }
  };
  check(0, 0x3ffff);
  check(0xe0000, 0xe0fff);
  expect(missing).toEqual([]);
});

test('foldWord skips the normalizer only where NFKC changes nothing: the same fold for any text', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)) })), (s) => {
      expect(foldWord(s)).toBe(s.normalize('NFKC').toLowerCase());
    }),
    { numRuns: 2000 },
  );
});
