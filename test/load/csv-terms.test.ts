import { parseCsvTerms } from '../../src/load/csv-terms.js';
import { decodeUtf8 } from '../../src/load/decode-utf8.js';
import { SourceText } from '../../src/load/source-text.js';

const csv = (text: string) => {
  const { terms, diagnostics } = parseCsvTerms(new SourceText('k/t.csv', text));
  return { terms: terms ?? { file: '', values: [] as string[], locate: () => ({ file: '', line: 0, column: 0 }) }, diagnostics };
};

describe('parseCsvTerms', () => {
  it('skips a `term` header and blank lines; keeps line numbers; CRLF like LF', () => {
    for (const eol of ['\n', '\r\n']) {
      const { terms, diagnostics } = csv(['term', 'alpha', '', 'beta', '"gamma, delta"', ''].join(eol));
      expect(diagnostics).toEqual([]);
      expect(terms.values).toEqual(['alpha', 'beta', 'gamma, delta']);
      expect([0, 1, 2].map((i) => terms.locate(i).line)).toEqual([2, 4, 5]);
    }
  });

  it('unquotes RFC 4180 fields ("" is one quote) and maps columns inside quotes', () => {
    const { terms } = csv('x\n"say ""hi"", ok"\n');
    expect(terms.values[1]).toBe('say "hi", ok');
    // index 4 is the quote before hi, written "" at columns 6-7; index 8 is the comma after hi""
    expect(terms.locate(1, 4)).toMatchObject({ line: 2, column: 6, sourceLine: '"say ""hi"", ok"' });
    expect(terms.locate(1, 5)).toMatchObject({ column: 8 });
    expect(terms.locate(1, 8)).toMatchObject({ column: 12 });
  });

  it('keeps a term named "term" when it is not the first record', () => {
    expect(csv('alpha\nterm\n').terms.values).toEqual(['alpha', 'term']);
  });

  it('a BOM left in the text is dropped', () => {
    expect(csv('\uFEFFterm\nalpha\n').terms.values).toEqual(['alpha']);
  });

  it('a record with two fields is located where the extra column starts, and its first column kept as the term', () => {
    const { terms, diagnostics } = csv('alpha\nbeta,gamma\ndelta\n');
    expect(terms.values).toEqual(['alpha', 'beta', 'delta']);
    expect(diagnostics).toMatchObject([{ rule: 'csv-multiple-fields', line: 2, column: 5, fix: { line: 2, column: 1, replace: 'beta,gamma', with: 'beta' } }]);
  });

  it('a line of only spaces is blank and skipped; a quoted "   " is still a term (T1-12)', () => {
    const { terms, diagnostics } = csv('alpha\n   \n\t\nbeta\n"   "\n');
    expect(diagnostics).toEqual([]);
    expect(terms!.values).toEqual(['alpha', 'beta', '   ']);
  });

  it.each([
    ['5" nails\n', 'a " inside an unquoted term: quote the whole term and double the quote, like "5"" nails"'],
    ['a\n"x" y\n', 'text follows the closing " of a quoted term: quote the whole term and double the quotes inside it, like "say ""hi"" now"'],
  ])('%j: the fix in plain words, no parser jargon (T1-12)', (text, message) => {
    const { diagnostics } = csv(text);
    expect(diagnostics).toMatchObject([{ rule: 'csv-syntax', message }]);
    expect(diagnostics[0]!.message).not.toMatch(/field|delimiter|trimable/);
  });

  it('an unclosed quote points at the line where the quote opens', () => {
    expect(csv('alpha\n\n"beta\ngamma\n').diagnostics).toMatchObject([{ rule: 'csv-syntax', line: 3 }]);
  });
});

describe('decodeUtf8', () => {
  it('decodes UTF-8 and drops a BOM', () => {
    expect(decodeUtf8(Buffer.from('\uFEFFcafé 💩'))).toEqual({ ok: true, text: 'café 💩' });
  });
  it('names the first line holding invalid bytes', () => {
    expect(decodeUtf8(Buffer.from([0x61, 0x0a, 0x62, 0x0a, 0xc3, 0x28, 0x0a]))).toEqual({ ok: false, line: 3 });
  });
});
