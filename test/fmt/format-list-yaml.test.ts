// The canonical form, case by case: only the searchTerms entry is rewritten (every other line byte
// for byte, aligned comments too), comments inside it kept, quoting only where a reader would
// misread, line ends LF, and a file written as one flow mapping turned to block style.
import { formatListYaml } from '../../src/fmt/format-list-yaml.js';

const fmt = (text: string, sortTerms = false) => formatListYaml(text, { sortTerms });

test('other lines stay byte for byte; the inline sequence becomes one term per line', () => {
  const text = '# head\nid: x   # aligned\ncategory: word           # word | pattern\nsearchTerms: [a, "b", \'c\']\ntests:\n  shouldMatch: [ "a" ]\n';
  expect(fmt(text)).toBe('# head\nid: x   # aligned\ncategory: word           # word | pattern\nsearchTerms:\n  - a\n  - b\n  - c\ntests:\n  shouldMatch: [ "a" ]\n');
});

test('comments inside the sequence and blank lines between terms are kept', () => {
  const text = 'id: x\n# above\nsearchTerms:\n  # first\n  - a\n  - "b"   # bee\n\n  - c\n# after\n';
  expect(fmt(text)).toBe('id: x\n# above\nsearchTerms:\n  # first\n  - a\n  - b # bee\n\n  - c\n# after\n');
});

test.each([
  ['0088', "'0088'"],
  ['yes', "'yes'"],
  ['null', "'null'"],
  ['[abc]', "'[abc]'"],
  ['a: b', "'a: b'"],
  ['#tag', "'#tag'"],
  ['*star', "'*star'"],
  ['&amp', "'&amp'"],
  ['!bang', "'!bang'"],
  ['|pipe', "'|pipe'"],
  ['>gt', "'>gt'"],
  ['%pct', "'%pct'"],
  ['@at', "'@at'"],
  ["it's", "it's"],
  ["'quoted'", `"'quoted'"`],
  ['\\bcash ?app\\b', "'\\bcash ?app\\b'"],
  ['tab\there', '"tab\\there"'],
  ['naïve café', 'naïve café'],
])('%j is written as %s', (term, written) => {
  expect(fmt(`id: x\nsearchTerms: [${JSON.stringify(term)}]\n`)).toBe(`id: x\nsearchTerms:\n  - ${written}\n`);
});

test('CRLF becomes LF; a missing final newline is added', () => {
  expect(fmt('id: x\r\nsearchTerms:\r\n- a\r\n- b')).toBe('id: x\nsearchTerms:\n  - a\n  - b\n');
});

test('a file written as one flow mapping becomes block style', () => {
  expect(fmt("{id: x, 'searchTerms': [a, 'b']}")).toBe('id: x\nsearchTerms:\n  - a\n  - b\n');
});

test('sorted when asked: case-folded, then by code units', () => {
  expect(fmt('searchTerms: [b, Crypto, a, crypto]\n', true)).toBe('searchTerms:\n  - a\n  - b\n  - Crypto\n  - crypto\n');
});

test('a list with a terms CSV and no searchTerms is left as it is', () => {
  const text = 'id: x\nfile: x.csv   # the terms\n';
  expect(fmt(text)).toBe(text);
});

test("the list kwsync init writes and the repository's own lists are canonical (fmt --check passes on them)", async () => {
  const { exampleListText } = await import('../../src/init/list-templates.js');
  const { readdir, readFile } = await import('node:fs/promises');
  const example = exampleListText('keywords');
  expect(formatListYaml(example, { sortTerms: false })).toBe(example);
  for (const name of (await readdir('keywords')).filter((n) => n.endsWith('.yaml') && n !== 'kwsync.yaml')) {
    const text = await readFile(`keywords/${name}`, 'utf8');
    expect([name, formatListYaml(text, { sortTerms: false })]).toEqual([name, text]);
  }
});
