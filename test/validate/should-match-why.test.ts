// A failed shouldMatch says why: word lists match whole words, ignoring case.
import { missedWhy } from '../../src/validate/rules/list-tests.js';
import type { KeywordList } from '../../src/model/keyword-list.js';

const words = (terms: string[]): KeywordList => ({ id: 'a', name: 'A', description: '', category: 'word', searchTerms: terms });

describe('missedWhy', () => {
  it.each([
    [['scam'], 'what a scammer', '"scammer" does not contain "scam" as a whole word: word lists match whole words (ignoring case)'],
    [['Scam'], 'SCAMMERS here', '"SCAMMERS" does not contain "Scam" as a whole word'],
    [['pay'], 'prepaying now', '"prepaying" does not contain "pay" as a whole word'],
    [['darn'], 'nothing here', 'no term of the list catches "nothing here": word lists match whole words (ignoring case), and none of its words is a term'],
  ])('%j on %j', (terms, example, want) => {
    expect(missedWhy(words(terms), example)).toContain(want);
  });

  it('a pattern list is not told about whole words', () => {
    expect(missedWhy({ ...words(['x{2}']), category: 'pattern' }, 'y')).toBe('no pattern of the list catches "y"; add a pattern that does, or fix the example');
  });
});
