// A terms file: RFC 4180 CSV, one term per record, optional `term` header, blank lines skipped, CRLF
// or LF. csv-parse is the referee; papaparse reads the common file faster, and its records are used
// only when trustedCsvRecords proves they are csv-parse's. Only a line number is kept per term;
// columns are worked out on demand from the source line, because a 1 MB file holds ~100k terms and
// diagnostics are rare.
import { parse, CsvError } from 'csv-parse/sync';
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnose } from './diagnose.js';
import { oneLine, quote } from './quote-value.js';
import type { SourceText } from './source-text.js';
import type { TermsSource } from './terms-source.js';
import { trustedCsvRecords } from './trusted-csv-records.js';

const OPTIONS = { bom: true, relax_column_count: true, skip_empty_lines: false } as const;

/** Terms and their problems; `terms` is null when the CSV itself does not parse. */
export function parseCsvTerms(source: SourceText): { terms: TermsSource | null; diagnostics: Diagnostic[] } {
  // Trusted records are one line each; csv-parse's may span lines (line breaks inside quotes).
  const trusted = trustedCsvRecords(source.text);
  if (trusted) return termsOf(source, trusted, trusted);
  let records: string[][];
  try {
    records = parse(source.text, OPTIONS) as string[][];
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    return { terms: null, diagnostics: [syntaxError(source, err)] };
  }
  return termsOf(source, records, []);
}

/**
 * `records`: csv-parse's, or trusted one-line records given as their single value. The terms are
 * written into `values`, which may be `records` itself (a term is never written past its record).
 */
function termsOf(source: SourceText, records: readonly (string[] | string)[], values: string[]): { terms: TermsSource; diagnostics: Diagnostic[] } {
  let count = 0;
  // A line per term, as a typed array: a 1 MB list keeps ~100k of them until validation ends.
  const lines = new Uint32Array(records.length);
  const diagnostics: Diagnostic[] = [];
  // Every record ends with one line break, plus any inside its quoted fields: that gives its line
  // without csv-parse's per-record `info` objects, which triple the parse time on a 1 MB file.
  let line = 1;
  for (let r = 0; r < records.length; r++) {
    const record = records[r]!;
    const start = line;
    let value: string;
    let fields = 1;
    if (typeof record === 'string') value = record;
    else {
      for (const field of record) line += countNewlines(field);
      value = record[0] ?? '';
      fields = record.length;
    }
    line++;
    if (fields === 1 && blank(value) && source.lineText(start).trim() === '') continue; // blank line (or only spaces)
    if (r === 0 && fields === 1 && value.trim().toLowerCase() === 'term') continue; // header
    if (fields > 1) {
      const message = `this record has ${fields} fields but a terms file holds one term per line; quote a term that contains a comma ("a,b")`;
      diagnostics.push(diagnose(source.lineCol(start, 1), 'error', 'csv-multiple-fields', message));
      continue;
    }
    if (r === 0 && HEADER_LIKE.has(value.trim().toLowerCase())) {
      const message = `${quote(value)} looks like a column header, but only a header named "term" is skipped, so this would be uploaded as a term; rename it to term or delete the line`;
      diagnostics.push(diagnose(source.lineCol(start, 1), 'warning', 'csv-header', message));
    }
    const sep = value.indexOf(';') !== -1 ? ';' : value.indexOf('\t') !== -1 ? '\t' : '';
    if (sep) diagnostics.push(separatorWarning(source, start, value, sep));
    lines[count] = start;
    values[count++] = value;
  }
  values.length = count;
  return { terms: { file: source.file, values, locate: locateIn(source, values, lines) }, diagnostics };
}

/** `value.trim() === ''`, without the call for the common term that starts with a visible ASCII character. */
function blank(value: string): boolean {
  const c = value.charCodeAt(0);
  return c > 0x20 && c < 0x7f ? false : value.trim() === '';
}

/** First lines people write as a header, other than the one that is skipped (`term`). */
const HEADER_LIKE = new Set(['keyword', 'keywords', 'word', 'words', 'terms', 'searchterms', 'search terms', 'phrase', 'phrases', 'pattern', 'patterns']);

/** A `;` or tab in a term: almost surely a spreadsheet export with the wrong separator. */
function separatorWarning(source: SourceText, line: number, value: string, sep: string): Diagnostic {
  const name = sep === ';' ? 'semicolons' : 'tabs';
  const parts = value.split(sep).map((p) => p.trim()).filter((p) => p !== '');
  const shown = parts.slice(0, 3).join(' / ') + (parts.length > 3 ? ' / …' : '');
  const col = source.lineText(line).indexOf(sep) + 1;
  const message = `this line holds ${name}, but a terms file has one term per line, so ${quote(value, 40)} is one term; put each term on its own line (${oneLine(shown, 60)})`;
  return diagnose(source.lineCol(line, Math.max(1, col)), 'warning', 'csv-separator', message);
}

const QUOTING = 'put a term holding a comma or a quote in quotes and double the quotes inside it, like "5"" nails"';
/** The common csv-parse errors (codes as csv-parse spells them) in the words of someone editing a terms file. */
const CSV_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'this quoted term is never closed; add the closing " (write a quote inside a term as "")',
  INVALID_OPENING_QUOTE: 'a " inside an unquoted term: quote the whole term and double the quote, like "5"" nails"',
  CSV_INVALID_CLOSING_QUOTE: 'text follows the closing " of a quoted term: quote the whole term and double the quotes inside it, like "say ""hi"" now"',
};

function syntaxError(source: SourceText, err: CsvError): Diagnostic {
  const reported = Math.max(1, Number((err as unknown as { lines?: number }).lines) || 1);
  // An unclosed quote is reported where parsing stopped; the quote opened after the last good record.
  const line = err.code === 'CSV_QUOTE_NOT_CLOSED' ? nextContentLine(source, lastGoodLine(source) + 1) : reported;
  const message = CSV_MESSAGES[err.code] ?? `this line is not valid CSV (${oneLine(err.message.replace(/^[^:]+: /, '').replace(/ at line \d+/, ''), 80)}); ${QUOTING}`;
  return diagnose(source.lineCol(line, 1), 'error', 'csv-syntax', message);
}

/** The slow way, on the error path only: the line the last parsable record ended on. */
function lastGoodLine(source: SourceText): number {
  let last = 0;
  try {
    parse(source.text, { ...OPTIONS, on_record: (_r: string[], ctx) => void (last = ctx.lines) });
  } catch {
    // expected: this is the same error again
  }
  return last;
}

function locateIn(source: SourceText, values: string[], lines: Uint32Array): TermsSource['locate'] {
  return (i, index = 0) => {
    const line = i >= 0 && i < values.length ? lines[i]! : 1;
    const text = source.lineText(line);
    const lead = text.length - text.trimStart().length;
    if (text[lead] !== '"') return source.lineCol(line, 1 + index);
    // Inside quotes a doubled "" stands for one character.
    let r = lead + 1;
    const value = values[i] ?? '';
    for (let d = 0; d < index && d < value.length; d++) r += text.startsWith('""', r) ? 2 : 1;
    return source.lineCol(line, r + 1);
  };
}

function nextContentLine(source: SourceText, from: number): number {
  let line = from;
  while (line < source.lineCount() && source.lineText(line).trim() === '') line++;
  return line;
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return n;
}
