// parseCsvTerms' fast path (plain lines split, whole-quoted lines read by papaparse) never changes an answer: on
// generated texts it gives exactly the terms, positions and diagnostics of the csv-parse reference.
import fc from 'fast-check';
import { parseCsvTerms } from '../../src/load/csv-terms.js';
import { SourceText } from '../../src/load/source-text.js';
import type { TermsSource } from '../../src/load/terms-source.js';
import { trustedCsvRecords } from '../../src/load/trusted-csv-records.js';
import { parse } from 'csv-parse/sync';
import { referenceParseCsvTerms } from './reference-csv-terms.js';

/** Everything observable of a result: values, every position `locate` gives, diagnostics. */
function observe(result: { terms: TermsSource | null; diagnostics: unknown[] }) {
  const { terms, diagnostics } = result;
  if (!terms) return { terms: null, diagnostics };
  const positions = terms.values.map((v, i) => [terms.locate(i), ...Array.from({ length: v.length + 2 }, (_, index) => terms.locate(i, index))]);
  return { terms: { file: terms.file, values: terms.values, positions }, diagnostics };
}

function expectSameAsReference(text: string): void {
  const fast = observe(parseCsvTerms(new SourceText('k/t.csv', text)));
  const ref = observe(referenceParseCsvTerms(new SourceText('k/t.csv', text)));
  expect(fast).toEqual(ref);
}

// The characters CSV and the rules care about, plus plain, non-ASCII and astral ones.
const SPECIAL = ['"', '""', ',', '\r', '\n', '\r\n', ' ', ';', '\t', '\uFEFF', 'a', 'b', 'Z', '1', 'é', 'ｈ', '😀', '\u00a0', '-', "'", 'term', 'keyword'];
const anyText = fc.array(fc.constantFrom(...SPECIAL), { maxLength: 40 }).map((cs) => cs.join(''));

// Well-formed terms files (the fast path's home): plain and quoted terms, headers, blank lines.
const PLAIN = ['a', 'b', 'z', '0', ' ', 'é', 'ｈ', '😀', ';', '\t', '-', "'", '\u00a0', 'A'];
const plainTerm = fc.array(fc.constantFrom(...PLAIN), { maxLength: 6 }).map((cs) => cs.join(''));
const quotedTerm = fc.array(fc.constantFrom(...PLAIN, ',', ', '), { maxLength: 6 }).map((cs) => `"${cs.join('')}"`);
const record = fc.oneof({ weight: 6, arbitrary: plainTerm }, { weight: 3, arbitrary: quotedTerm }, { weight: 1, arbitrary: fc.constantFrom('', '  ', 'term', 'Keyword', '""', '"a""b"', 'a,b', '"x" y') });
const termsFile = fc
  .tuple(fc.array(record, { maxLength: 25 }), fc.constantFrom('\n', '\r\n'), fc.boolean(), fc.option(fc.tuple(fc.nat(), fc.constantFrom('"', ',', '\r', '\n', '\uFEFF', 'x')), { freq: 4 }))
  .map(([records, eol, trailing, mutation]) => {
    const text = records.join(eol) + (trailing && records.length > 0 ? eol : '');
    if (!mutation) return text;
    const at = mutation[0] % (text.length + 1);
    return text.slice(0, at) + mutation[1] + text.slice(at); // one stray character anywhere
  });

describe('parseCsvTerms fast path', () => {
  it('any text over the CSV-relevant alphabet: the same result as the csv-parse reference', () => {
    fc.assert(fc.property(anyText, expectSameAsReference), { numRuns: 3000 });
  });

  it('well-formed terms files (LF or CRLF, quoted terms, headers, blanks, one stray character): the same result', () => {
    fc.assert(fc.property(termsFile, expectSameAsReference), { numRuns: 3000 });
  });

  it.each([
    ['', 'empty'],
    ['\n', 'one blank line'],
    ['term\nalpha\n"beta, gamma"\n\n  \ndelta', 'header, quoted, blanks, no final line break'],
    ['term\r\nalpha\r\n"beta, gamma"\r\n', 'CRLF'],
    ['alpha\r\nbeta\ngamma\n', 'mixed line endings'],
    ['alpha\rbeta\r', 'CR only'],
    ['\uFEFFterm\nalpha\n', 'a BOM left in the text'],
    ['"say ""hi"", ok"\n', 'a doubled quote'],
    ['5" nails\n', 'a quote inside an unquoted term'],
    ['"x" \n', 'a space after the closing quote'],
    ['"multi\nline"\nz\n', 'a term over two lines'],
    ['"open\nalpha\n', 'an unclosed quote'],
    ['a,b\nc\n', 'two fields'],
    ['keyword\nx;y;z\nt\tu\n', 'header-like first line, separators'],
    ['"term"\n"   "\n""\n', 'quoted header, quoted spaces, quoted empty'],
  ])('%j (%s): the same result', (text) => expectSameAsReference(text));

  // The equivalence above would hold trivially if the fast path were never taken: it must be, on
  // the files it is for, and give csv-parse's records there.
  it('a file of bare and quoted terms, headers and blanks is trusted, and its records are csv-parse\'s', () => {
    const simple = fc.oneof(plainTerm, quotedTerm, fc.constantFrom('', 'term'));
    const file = fc.tuple(fc.array(simple, { maxLength: 25 }), fc.constantFrom('\n', '\r\n'), fc.boolean()).map(([rs, eol, trailing]) => rs.join(eol) + (trailing && rs.length > 0 ? eol : ''));
    fc.assert(
      fc.property(file, (text) => {
        const records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
        expect(trustedCsvRecords(text)).toEqual(records.map((r) => r[0]));
      }),
      { numRuns: 1000 },
    );
  });

  it('the benchmark\'s kind of file (every 7th term quoted with a comma) is trusted', () => {
    const text = ['term', ...Array.from({ length: 50 }, (_, i) => (i % 7 === 0 ? `"w${i}, quoted"` : `word${i}`))].join('\n') + '\n';
    expect(trustedCsvRecords(text)).toHaveLength(51);
  });

  it.each([
    ['\uFEFFterm\nalpha\n'],
    ['"say ""hi"", ok"\n'],
    ['5" nails\n'],
    ['"x" \n'],
    ['"multi\nline"\n'],
    ['"open\nalpha\n'],
    ['a,b\n'],
    ['alpha\r\nbeta\n'],
    ['alpha\nbeta\r\n'],
    ['alpha\rbeta\n'],
    ['a\ud83d\n'],
  ])('%j is left to csv-parse', (text) => {
    expect(trustedCsvRecords(text)).toBeNull();
  });
});
