// Table-driven: the hints on single terms, including the legal terms they must leave alone.
import { termHints } from '../../src/validate/rules/term-hints.js';
import { checkPattern } from '../../src/validate/rules/patterns.js';
import { withoutAccepted } from '../../src/validate/rules/accept.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';

const yamlTerm = { tabsAllowed: false, continued: false };
const rules = (term: string, category: 'word' | 'pattern' | 'sentence-similarity' = 'word', opts = yamlTerm) => termHints(term, category, opts).map((h) => h.rule);

describe('termHints', () => {
  it.each([
    ['darn', []],
    ["don't", []],
    ['x-ray', []],
    ['👨\u200d👩\u200d👧', []], // zero-width joiners inside an emoji are meant
    ['نمی\u200cخواهم', []], // and so is the non-joiner in Persian
    ['rock & roll (live)', []],
    ['f*ck', []], // a censored spelling people really type
    ['$$$', []],
    ['dam*', ['word-regex-syntax']],
    ['*darn', ['word-regex-syntax']],
    ['-darn', ['term-dash']],
    ['foo - bar', ['term-dash']],
    ['"darn"', ['term-quoted']],
    ['\u2018darn\u2019', ['term-typographic-quote']],
    ['don\u2019t', ['term-typographic-quote']],
    ['cash  app', ['term-double-space']],
    ['da\u0000rn', ['term-control-char']],
    ['a\tb', ['term-control-char']],
    ['soft\u00adhyphen', ['term-invisible-char']],
    ['w[0o]rd', ['word-regex-syntax']],
    ['\\bdarn\\b', ['word-regex-syntax']],
    ['da{2}rn', ['word-regex-syntax']],
    ['(darn|heck)', ['word-regex-syntax']],
  ])('%j → %j', (term, want) => expect(rules(term)).toEqual(want));

  it('flags " - " and a leading "-" in word lists only, a "- " bullet and a mis-indented line everywhere', () => {
    expect(rules('great deal - click here', 'sentence-similarity')).toEqual([]);
    expect(rules('-\\d{4}', 'pattern')).toEqual([]);
    expect(rules('- buy now', 'sentence-similarity')).toEqual(['term-dash']);
    expect(rules('foo - bar', 'pattern', { tabsAllowed: false, continued: true })).toEqual(['term-dash']);
  });

  it('leaves regex syntax alone outside word lists, and a tab to the CSV separator check', () => {
    expect(rules('w[0o]rd', 'pattern')).toEqual([]);
    expect(rules('a\tb', 'word', { tabsAllowed: true, continued: false })).toEqual([]);
  });

  it('spells out the variants of small character classes, and only those', () => {
    expect(termHints('w[0o]rd', 'word', yamlTerm)[0]!.message).toContain('("w0rd", "word")');
    expect(termHints('[ab]x[cd]', 'word', yamlTerm)[0]!.message).toContain('("axc", "axd", "bxc", "bxd")');
    expect(termHints('[abc][def][ghi]', 'word', yamlTerm)[0]!.message).toContain('list the spellings as separate terms');
    expect(termHints('w[a-z]rd', 'word', yamlTerm)[0]!.message).toContain('list the spellings as separate terms');
  });

  it('names the character and points at it', () => {
    const [hint] = termHints('ab\u001bc', 'word', yamlTerm);
    expect(hint).toMatchObject({ index: 2, severity: 'error' });
    expect(hint!.message).toContain('U+001B ESC');
  });
});

describe('pattern-flags', () => {
  it.each([
    ['(?i)darn', 'error'],
    ['(?im)darn', 'error'],
    ['/darn/', 'error'],
    ['/darn/g', 'error'],
  ])('%s is %s', (source, severity) => {
    expect(checkPattern(source)).toMatchObject([{ rule: 'pattern-flags', severity }]);
  });

  it('leaves a pattern with an inner slash, or a path whose end is not flags, alone', () => {
    expect(checkPattern('a/b')).toEqual([]);
    expect(checkPattern('/path/to')).toEqual([]);
  });
});

describe('withoutAccepted', () => {
  const d = (rule: string, severity: 'error' | 'warning'): Diagnostic => ({ file: 'f', line: 1, column: 1, rule, severity, message: 'm' });
  it('drops accepted rules but never a pattern that cannot compile', () => {
    const diags = [d('term-dash', 'warning'), d('pattern-flags', 'error'), d('pattern-flags', 'warning'), d('term-empty', 'error')];
    expect(withoutAccepted(diags, new Set(['term-dash', 'pattern-flags'])).map((x) => [x.rule, x.severity])).toEqual([
      ['pattern-flags', 'error'],
      ['term-empty', 'error'],
    ]);
  });
});
