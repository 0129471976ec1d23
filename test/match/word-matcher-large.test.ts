// Big lists compile and match (T1 finding 2: the old one-regex matcher crashed at 80,000 terms).
import { compileWordMatcher } from '../../src/match/word-matcher.js';

const term = (i: number): string => `term${String(i).padStart(6, '0')}`;

it('an 80,000-term list compiles and finds exactly the terms in a text', () => {
  const terms = Array.from({ length: 80_000 }, (_, i) => term(i));
  terms.push('ｈｅｃｋ', 'heck', 'son of a gun');
  const m = compileWordMatcher(terms);
  expect(m.matches(`TERM000000, term079999 and oh heck; xterm000001 term0000022 term042`).sort()).toEqual(['heck', 'term000000', 'term079999', 'ｈｅｃｋ']);
  expect(m.matches('nothing to see here')).toEqual([]);
  expect(m.matches(terms.slice(1000, 1100).join(' ')).length).toBe(100);
});
