// Word lists: whole word, case-insensitive, NFKC-folded, every term kept (review T1 findings 2 and 5).
import fc from 'fast-check';
import { compileWordMatcher } from '../../src/match/word-matcher.js';

const hits = (terms: string[], text: string): string[] => compileWordMatcher(terms).matches(text).sort();

type Row = [why: string, terms: string[], text: string, want: string[]];

const table = (rows: Row[]) => it.each(rows)('%s', (_why, terms, text, want) => expect(hits(terms, text)).toEqual([...want].sort()));

describe('whole words, any case', () => table([
  ['a term in a sentence', ['heck'], 'oh HECK no', ['heck']],
  ['not inside a longer word', ['heck'], 'checkers', []],
  ['not as a prefix', ['heck'], 'hecking', []],
  ['Cyrillic: not inside a longer word', ['дурак'], 'ты дураки', []],
  ['accented letters, any case', ['crétin'], 'quel CRÉTIN.', ['crétin']],
  ['digits are word characters', ['123'], 'a123 b', []],
  ['digits between punctuation', ['123'], 'call #123!', ['123']],
  ['at the very start and end', ['heck'], 'heck', ['heck']],
]));

describe('terms that fold together are all kept (T1 finding 5)', () => table([
  ['fullwidth and ASCII spellings both match', ['ｈｅｃｋ', 'heck', 'cafe', 'ok'], 'oh heck', ['ｈｅｃｋ', 'heck']],
  ['fullwidth text is caught by an ASCII term', ['heck'], 'oh ＨＥＣＫ', ['heck']],
  ['the same term twice is reported once', ['heck', 'heck', 'HECK'], 'heck heck', ['heck', 'HECK']],
  ['a ligature folds to its letters', ['fine'], 'ﬁne by me', ['fine']],
]));

describe('combining marks are word characters (T1 finding 5)', () => table([
  ['"cafe" does not match a decomposed "café"', ['cafe'], 'cafe\u0301 au lait', []],
  ['"cafe" does not match a composed "café"', ['cafe'], 'café au lait', []],
  ['a composed term matches decomposed text', ['café'], 'cafe\u0301 au lait', ['café']],
  ['a decomposed term matches composed text', ['cafe\u0301'], 'un café', ['cafe\u0301']],
  ['a letter with a mark that has no composed form is another character', ['x'], 'x\u0301 y', []],
]));

describe('"_" is not a word character', () => table([
  ['a term before an underscore', ['heck'], 'heck_yes', ['heck']],
  ['a term after an underscore', ['heck'], 'oh_heck', ['heck']],
  ['a term with an underscore', ['heck_yes'], 'say heck_yes!', ['heck_yes']],
]));

describe('multi-word terms', () => table([
  ['across spaces, any case', ['son of a gun'], 'what a Son Of A Gun!', ['son of a gun']],
  ['the longer and the shorter term both match where they overlap', ['heck', 'oh heck', 'darn'], 'oh heck, darn', ['darn', 'heck', 'oh heck']],
  ['a no-break space folds to a space (NFKC)', ['son of a gun'], 'son\u00a0of a gun', ['son of a gun']],
  ['two spaces are not one', ['son of a gun'], 'son  of a gun', []],
  ['not inside longer words at either end', ['son of a gun'], 'mason of a gunner', []],
]));

describe('terms with punctuation', () => table([
  ['a comma inside the term', ['blockhead, total'], 'you blockhead, total waste', ['blockhead, total']],
  ['letter edges still need a boundary', ['blockhead, total'], 'blockhead, totally', []],
  ['a "*" edge needs no boundary', ['f**'], 'what the f**king', ['f**']],
  ['stars inside the term', ['f**k'], 'what the F**K', ['f**k']],
  ['"+" at the end', ['c++'], 'I like c++ a lot', ['c++']],
  ['a letter start still needs a boundary', ['c++'], 'abc++', []],
  ['"$" edges match inside words', ['$$$'], 'win$$$now', ['$$$']],
  ['hyphen inside the term', ['a-b'], 'x a-b y', ['a-b']],
  ['regex syntax is literal', ['back\\slash', '(x)'], 'a back\\slash (x)', ['back\\slash', '(x)']],
]));

describe('emoji', () => table([
  ['an emoji term needs no boundary', ['🖕'], 'a🖕b', ['🖕']],
  ['an emoji among words', ['💩', 'heck'], 'heck💩', ['💩', 'heck']],
  // Caveat: matching is by whole grapheme, so a skin-toned emoji is another character; list each.
  ['a skin tone variant is another character', ['👍'], 'ok 👍🏽', []],
  ['a skin tone variant listed on its own', ['👍🏽'], 'ok 👍🏽', ['👍🏽']],
]));

// CJK and Thai text has no spaces: beside an ideograph, kana or Thai letter every edge is a word
// edge (Unicode's word-break rules without a dictionary), so such a term matches inside a sentence.
describe('CJK caveat', () => table([
  // Chinese has no spaces: an ideograph's edge is a word edge (UAX #29 without a dictionary).
  ['a CJK term inside an unspaced sentence matches', ['猫'], '我的猫很可爱', ['猫']],
  ['a Thai term inside running Thai text matches', ['ควาย'], 'มึงมันควายจริงๆ', ['ควาย']],
  ['a Thai term does not match a syllable that a vowel mark continues', ['ก'], 'กิน', []],
  ['a Latin term beside ideographs matches', ['idiot'], '你是idiot吧', ['idiot']],
  ['Katakana joins Katakana (UAX #29 WB13)', ['バカ'], 'バカンス', []],
  ['Katakana beside Hiragana is a word edge', ['キモい'], 'お前キモいね', ['キモい']],
  ['a CJK term on its own matches', ['猫'], '猫', ['猫']],
  ['CJK punctuation is a boundary', ['猫'], '猫。', ['猫']],
  ['spaced CJK matches', ['ばか'], 'この ばか !', ['ばか']],
]));

describe('degenerate lists', () => table([
  ['an empty list matches nothing', [], 'anything', []],
  ['empty terms are ignored', ['', 'heck'], 'heck', ['heck']],
  ['only empty terms', [''], 'anything', []],
  ['empty text', ['heck'], '', []],
]));

describe('properties', () => {
  const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
  it('a term is found in any case between spaces, and not glued to a letter', () => {
    fc.assert(fc.property(word, fc.array(word, { maxLength: 5 }), (term, others) => {
      const m = compileWordMatcher([...others, term]);
      expect(m.matches(`x ${term.toUpperCase()} y`)).toContain(term);
      expect(m.matches(`q${term}q`)).not.toContain(term);
    }));
  });
  it('never throws, whatever the terms and text', () => {
    fc.assert(fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 8 }), fc.string({ unit: 'binary' }), (terms, text) => {
      expect(Array.isArray(compileWordMatcher(terms).matches(text))).toBe(true);
    }));
  });
});
