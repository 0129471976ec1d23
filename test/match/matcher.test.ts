// compileMatcher picks the engine by category; word lists have their own tables in word-matcher.test.ts.
import { compileMatcher } from '../../src/match/index.js';

it('word lists get the whole-word matcher', () => {
  const m = compileMatcher({ category: 'word', searchTerms: ['heck'] })!;
  expect(m.matches('oh HECK no')).toEqual(['heck']);
  expect(m.matches('checkers')).toEqual([]);
});

describe('pattern lists: JS regexes with flags iu', () => {
  const m = compileMatcher({ category: 'pattern', searchTerms: ['\\d{3,10}', 'whats ?app', 'ab(c'] })!;
  it('matches case-insensitively and names the patterns that hit', () => {
    expect(m.matches('WhatsApp me at 5551234')).toEqual(['\\d{3,10}', 'whats ?app']);
    expect(m.matches('12 apples')).toEqual([]);
  });
  it('an invalid pattern matches nothing instead of throwing', () => expect(m.matches('abc')).toEqual([]));
});

it('sentence-similarity cannot be evaluated offline: null', () => {
  expect(compileMatcher({ category: 'sentence-similarity', searchTerms: ['send me money'] })).toBeNull();
});
