// Unit: how a keyword list becomes a multipart body (undici FormData, no hand-made encoder), per
// kind as the published oneOf has it: searchTerms or a file for word and pattern lists,
// disallowedSentences for sentence-similarity lists.
import { keywordListForm } from '../../src/api/index.js';
import { termsEncoding } from '../../src/model/terms-encoding.js';
import type { KeywordList } from '../../src/model/keyword-list.js';

const list: KeywordList = { id: 'l1', name: 'L', description: 'D', category: 'word', searchTerms: ['ab', 'c d'] };
const sentences: KeywordList = {
  id: 's1',
  name: 'S',
  description: '',
  category: 'sentence-similarity',
  searchTerms: ["Hello, let's connect on Whatsapp.", 'Send me your OTP'],
};

describe('termsEncoding', () => {
  test.each([
    [['a', 'b'], 'auto', 'word', 'searchTerms'],
    [['\\d{3,10}', 'b'], 'auto', 'word', 'file'],
    [['\\d{3,10}', 'b'], 'auto', 'pattern', 'searchTerms'],
    [['a, b'], 'auto', 'sentence-similarity', 'disallowedSentences'],
    [['a', 'b'], 'file', 'word', 'file'],
    [['a', 'b'], 'file', 'sentence-similarity', 'file'],
    [[], 'auto', 'word', 'searchTerms'],
  ] as const)('%j with %s, %s -> %s', (terms, transport, category, expected) => {
    expect(termsEncoding(terms, transport, category)).toBe(expected);
  });

  test('a pattern under the comma separator goes as a file when it holds a comma', () => {
    expect(termsEncoding(['\\d{3,10}'], { separators: { pattern: 'comma' } }, 'pattern')).toBe('file');
  });
});

describe('keywordListForm: word lists', () => {
  test('plain terms: one comma-joined searchTerms part, plus id, name, description, category', () => {
    const form = keywordListForm(list, 'auto');
    expect(Object.fromEntries(form.entries())).toEqual({ id: 'l1', name: 'L', description: 'D', category: 'word', searchTerms: 'ab,c d' });
  });

  test('a comma in a word: a CSV file, one term per line, unquoted, beside an empty searchTerms', async () => {
    const form = keywordListForm({ ...list, searchTerms: ['a,b', 'say "hi"', 'x'] }, 'auto');
    // The published form marks searchTerms required; it is used only "if no file is provided".
    expect(form.get('searchTerms')).toBe('');
    const file = form.get('file') as File;
    expect(file.name).toBe('l1.csv');
    expect(await file.text()).toBe('a,b\nsay "hi"\nx\n');
  });

  test('searchTermsWithFile: omit leaves the searchTerms part out beside a file', () => {
    const form = keywordListForm({ ...list, searchTerms: ['a,b'] }, { searchTermsWithFile: 'omit' });
    expect(form.has('searchTerms')).toBe(false);
    expect(form.has('file')).toBe(true);
  });

  test('csvQuoting: rfc4180 quotes a term with a comma or quote and doubles its quotes', async () => {
    const form = keywordListForm({ ...list, searchTerms: ['a,b', 'say "hi"', 'x'] }, { csvQuoting: 'rfc4180' });
    expect(await (form.get('file') as File).text()).toBe('"a,b"\n"say ""hi"""\nx\n');
  });

  test('with searchTerms (no file) the quoting setting changes nothing', () => {
    const form = keywordListForm(list, { csvQuoting: 'rfc4180', searchTermsWithFile: 'omit' });
    expect(form.get('searchTerms')).toBe('ab,c d');
    expect(form.has('file')).toBe(false);
  });

  test('separators.word: newline joins words one per line', () => {
    expect(keywordListForm(list, { separators: { word: 'newline' } }).get('searchTerms')).toBe('ab\r\nc d');
  });
});

describe('keywordListForm: pattern lists', () => {
  test('one pattern per line in searchTerms: a comma inside a pattern stays inside it', () => {
    const form = keywordListForm({ ...list, category: 'pattern', searchTerms: ['\\d{3,10}', 'call me at \\d{4}'] }, 'auto');
    expect(form.get('searchTerms')).toBe('\\d{3,10}\r\ncall me at \\d{4}');
    expect(form.has('file')).toBe(false);
  });

  test('separators.pattern: comma is the older reading, a comma then sends a file', async () => {
    const form = keywordListForm({ ...list, category: 'pattern', searchTerms: ['\\d{3,10}', 'x'] }, { separators: { pattern: 'comma' } });
    expect(await (form.get('file') as File).text()).toBe('\\d{3,10}\nx\n');
  });
});

describe('keywordListForm: sentence-similarity lists', () => {
  test('default: one disallowedSentences part per sentence, commas kept, never searchTerms', () => {
    const form = keywordListForm(sentences, 'auto');
    expect(form.getAll('disallowedSentences')).toEqual(sentences.searchTerms);
    expect(form.has('searchTerms')).toBe(false);
    expect(form.has('file')).toBe(false);
    expect(form.get('category')).toBe('sentence-similarity');
  });

  test.each([
    ['brackets', { 'disallowedSentences[]': sentences.searchTerms }],
    ['indexed', { 'disallowedSentences[0]': [sentences.searchTerms[0]], 'disallowedSentences[1]': [sentences.searchTerms[1]] }],
    ['json', { disallowedSentences: [JSON.stringify(sentences.searchTerms)] }],
    ['searchTerms', { searchTerms: [sentences.searchTerms.join('\r\n')] }],
  ] as const)('sentenceEncoding %s', (sentenceEncoding, parts) => {
    const form = keywordListForm(sentences, { sentenceEncoding });
    const got: Record<string, string[]> = {};
    for (const [name, value] of form.entries()) if (!['id', 'name', 'description', 'category'].includes(name)) (got[name] ??= []).push(value as string);
    expect(got).toEqual(parts);
  });

  test('termsTransport file: the sentences in a file; under json an empty array beside it', async () => {
    const form = keywordListForm(sentences, { termsTransport: 'file', sentenceEncoding: 'json' });
    expect(await (form.get('file') as File).text()).toBe(`${sentences.searchTerms.join('\n')}\n`);
    expect(form.getAll('disallowedSentences')).toEqual(['[]']);
    expect(form.has('searchTerms')).toBe(false);
    // Repeated parts have no way to say "no sentences": the file goes alone.
    const repeated = keywordListForm(sentences, { termsTransport: 'file' });
    expect([...repeated.keys()].sort()).toEqual(['category', 'description', 'file', 'id', 'name']);
  });
});

describe('on the wire', () => {
  test('a line-separated searchTerms goes out exactly as measured (multipart line breaks are CRLF)', async () => {
    const { Response } = await import('undici');
    const { encodeTerms, uploadBytes } = await import('../../src/model/terms-encoding.js');
    const patterns: KeywordList = { ...list, category: 'pattern', searchTerms: ['\\d{3,10}', 'é{1,2}', 'x'] };
    const raw = await new Response(keywordListForm(patterns, 'auto')).text();
    const sent = encodeTerms(patterns.searchTerms, 'auto', 'pattern');
    if (sent.encoding !== 'searchTerms') throw new Error('expected searchTerms');
    expect(raw).toContain(`name="searchTerms"\r\n\r\n${sent.body}\r\n--`);
    expect(uploadBytes(patterns.searchTerms, 'auto', 'pattern').bytes).toBe(Buffer.byteLength(sent.body, 'utf8'));
  });
});
