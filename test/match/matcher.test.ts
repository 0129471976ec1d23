import { compileMatcher } from '../../src/match/index.js';

const word = (terms: string[]) => compileMatcher({ category: 'word', searchTerms: terms })!;

describe('word lists: whole word, case-insensitive', () => {
  it.each([
    ['heck', 'oh HECK no', ['heck']],
    ['heck', 'checkers', []],
    ['heck', 'hecking', []],
    ['son of a gun', 'what a Son Of A Gun!', ['son of a gun']],
    ['crétin', 'quel CRÉTIN.', ['crétin']],
    ['дурак', 'ты дураки', []],
    ['🖕', 'a🖕b', ['🖕']],
    ['f**k', 'what the F**K', ['f**k']],
    ['c++', 'I like c++ a lot', ['c++']],
    ['a-b', 'x a-b y', ['a-b']],
    ['back\\slash', 'a back\\slash', ['back\\slash']],
  ])('%s in "%s"', (term, text, want) => {
    expect(word([term]).matches(text)).toEqual(want);
  });

  it('reports each distinct term once, longest first at a position', () => {
    const m = word(['heck', 'oh heck', 'darn']);
    expect(m.matches('oh heck, darn, heck and darn').sort()).toEqual(['darn', 'heck', 'oh heck']);
  });

  it('an empty list matches nothing', () => expect(word([]).matches('anything')).toEqual([]));
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
