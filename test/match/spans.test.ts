// Matcher.spans: where a list hits a text, as offsets into the text as written, for marking a
// caught message. Folding (NFKC, lower case) can change lengths; the spans still point at the
// original characters. `matches` alone decides whether a text is caught.
import { compileMatcher } from '../../src/match/index.js';

const marked = (searchTerms: string[], text: string, category: 'word' | 'pattern' = 'word') =>
  compileMatcher({ category, searchTerms })!
    .spans(text)
    .map((s) => [s.term, text.slice(s.start, s.end)]);

test.each([
  // [terms, text, expected [term, original slice] pairs]
  [['heck'], 'oh HECK no', [['heck', 'HECK']]],
  [['heck', 'oh heck'], 'Oh heck', [['oh heck', 'Oh heck'], ['heck', 'heck']]],
  [['heck'], 'ｈｅｃｋ!', [['heck', 'ｈｅｃｋ']]],
  [['fi'], 'ﬁ and more', [['fi', 'ﬁ']]], // one character in the text, two folded
  [['café'], 'a cafe\u0301 here', [['café', 'cafe\u0301']]], // decomposed in the text
  [['heck'], '👍🏽 heck 👍🏽 heck', [['heck', 'heck'], ['heck', 'heck']]],
  [['heck'], 'checkers', []],
] as const)('words %j in %j', (terms, text, expected) => {
  expect(marked([...terms], text)).toEqual(expected);
});

test('spans come in order of start, with the second of two equal hits after the first', () => {
  const spans = compileMatcher({ category: 'word', searchTerms: ['heck'] })!.spans('heck, heck');
  expect(spans.map((s) => s.start)).toEqual([0, 6]);
});

test('patterns: every non-empty match, in order; an empty match marks nothing', () => {
  expect(marked(['\\d{3}', 'a*'], 'call 555 or 1234', 'pattern')).toEqual([
    ['a*', 'a'],
    ['\\d{3}', '555'],
    ['\\d{3}', '123'],
  ]);
});

test('a word caught by matches() is also marked by spans()', () => {
  const m = compileMatcher({ category: 'word', searchTerms: ['darn', 'Heck', 'ΣΟΦΟΣ'] })!;
  for (const text of ['DARN it', 'what the heck', 'σοφος said', 'ｄａｒｎ']) {
    expect(m.matches(text).length > 0).toBe(m.spans(text).length > 0);
  }
});
