// Bounded work on untrusted input, the validator's own regexes: the term hints run on every term,
// up to `maxTermLength` characters, which a pull request may raise. Each hostile term below made a
// hint regex cubic or quadratic (20k characters of `(` then `|` ran for hours); now each is one
// pass. The bound is the test's timeout; the outcome (the hint still given) is what is asserted.
import { termHints } from '../../src/validate/rules/term-hints.js';

const N = 20_000;
const hints = (term: string) => termHints(term, 'word', { tabsAllowed: false, continued: false });

it.each([
  ['openers then bars', `${'('.repeat(N)}${'|'.repeat(N)}`, null],
  ['openers, bars, one closer', `${'('.repeat(N)}${'|'.repeat(N)})`, '"(||'],
  ['unclosed brackets', '['.repeat(N), null],
  ['brackets holding brackets', `x${'[a'.repeat(N)}]`, '"[a]"'],
  ['opener, bars, no closer', `(${'a|'.repeat(N)}`, null],
])('%s: answered in one pass', (_name, term, shown) => {
  const found = hints(term).filter((h) => h.rule === 'word-regex-syntax');
  if (shown === null) expect(found).toEqual([]);
  else expect(found[0]?.message).toContain(shown);
});

it('the hints still find what they found before', () => {
  expect(hints('w[0o]rd')[0]?.message).toContain('"w0rd", "word"');
  expect(hints('(cash|app)')[0]).toMatchObject({ rule: 'word-regex-syntax', index: 0 });
  expect(hints('a (b|c) d')[0]).toMatchObject({ rule: 'word-regex-syntax', index: 2 });
});
