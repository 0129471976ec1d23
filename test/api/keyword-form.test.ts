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

  test('a comma in a term: a CSV file, one term per line, unquoted, beside an empty searchTerms', async () => {
    const form = keywordListForm({ ...list, searchTerms: ['\\d{3,10}', 'say "hi"', 'x'] }, 'auto');
    // The published form marks searchTerms required; it is used only "if no file is provided".
    expect(form.get('searchTerms')).toBe('');
    const file = form.get('file') as File;
    expect(file.name).toBe('l1.csv');
    expect(await file.text()).toBe('\\d{3,10}\nsay "hi"\nx\n');
  });

  test('searchTermsWithFile: omit leaves the searchTerms part out beside a file', () => {
    const form = keywordListForm({ ...list, searchTerms: ['a,b'] }, { searchTermsWithFile: 'omit' });
    expect(form.has('searchTerms')).toBe(false);
    expect(form.has('file')).toBe(true);
  });

  test('csvQuoting: rfc4180 quotes a term with a comma or quote and doubles its quotes', async () => {
    const form = keywordListForm({ ...list, searchTerms: ['\\d{3,10}', 'say "hi"', 'x'] }, { csvQuoting: 'rfc4180' });
    expect(await (form.get('file') as File).text()).toBe('"\\d{3,10}"\n"say ""hi"""\nx\n');
  });

  test('with searchTerms (no file) the quoting setting changes nothing', () => {
    const form = keywordListForm(list, { csvQuoting: 'rfc4180', searchTermsWithFile: 'omit' });
    expect(form.get('searchTerms')).toBe('ab,c d');
    expect(form.has('file')).toBe(false);
  });
});
