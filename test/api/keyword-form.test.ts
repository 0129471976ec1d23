// Unit: how a keyword list becomes a multipart body (undici FormData, no hand-made encoder).
import { keywordListForm } from '../../src/api/index.js';
import { termsEncoding } from '../../src/model/terms-encoding.js';
import type { KeywordList } from '../../src/model/keyword-list.js';

const list: KeywordList = { id: 'l1', name: 'L', description: 'D', category: 'pattern', searchTerms: ['ab', 'c d'] };

describe('termsEncoding', () => {
  test.each([
    [['a', 'b'], 'auto', 'searchTerms'],
    [['\\d{3,10}', 'b'], 'auto', 'file'],
    [['a', 'b'], 'file', 'file'],
    [[], 'auto', 'searchTerms'],
  ] as const)('%j with %s -> %s', (terms, transport, expected) => {
    expect(termsEncoding(terms, transport)).toBe(expected);
  });
});

describe('keywordListForm', () => {
  test('plain terms: one comma-joined searchTerms part, plus id, name, description, category', () => {
    const form = keywordListForm(list, 'auto');
    expect(Object.fromEntries(form.entries())).toEqual({ id: 'l1', name: 'L', description: 'D', category: 'pattern', searchTerms: 'ab,c d' });
  });

  test('a comma in a term: a CSV file, one term per line, unquoted', async () => {
    const form = keywordListForm({ ...list, searchTerms: ['\\d{3,10}', 'say "hi"', 'x'] }, 'auto');
    expect(form.has('searchTerms')).toBe(false);
    const file = form.get('file') as File;
    expect(file.name).toBe('l1.csv');
    expect(await file.text()).toBe('\\d{3,10}\nsay "hi"\nx\n');
  });
});
