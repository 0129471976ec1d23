// A terms file: RFC 4180 CSV, one term per record, optional `term` header, blank lines skipped, CRLF
// or LF (mixed in one file too: an editor that adds a line to a CRLF file often writes LF). csv-parse is
// the referee; the common file is read faster by trustedCsvRecords, which takes plain lines as they
// are and leaves every line with CSV syntax to a library. Only a line number is kept per term;
// columns are worked out on demand from the source line, because a 1 MB file holds ~100k terms and
// diagnostics are rare.
import { parse, CsvError } from 'csv-parse/sync';
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnose } from './diagnose.js';
import { code, oneLine, quote } from './quote-value.js';
import { csvField } from './term-fix.js';
import type { SourceText } from './source-text.js';
import type { TermsSource } from './terms-source.js';
import { trustedCsvRecords } from './trusted-csv-records.js';

const BASE_OPTIONS = { bom: true, relax_column_count: true, skip_empty_lines: false } as const;

/**
 * csv-parse detects the line break from the first one and keeps it, so a file mixing LF and CRLF
 * left a `\r` in terms ("a term cannot span lines"). Both are named when the file has an LF; a file
 * without one (a single line, or old-Mac CR breaks) keeps the detection.
 */
export const csvParseOptions = (text: string) => (text.includes('\n') ? { ...BASE_OPTIONS, record_delimiter: ['\r\n', '\n'] } : BASE_OPTIONS);

/** Terms and their problems; `terms` is null when the CSV itself does not parse. */
export function parseCsvTerms(source: SourceText): { terms: TermsSource | null; diagnostics: Diagnostic[] } {
  // Trusted records are one line each; csv-parse's may span lines (line breaks inside quotes).
  const trusted = trustedCsvRecords(source.text);
  if (trusted) return termsOf(source, trusted, trusted);
  let records: string[][];
  try {
    records = parse(source.text, csvParseOptions(source.text)) as string[][];
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    return { terms: null, diagnostics: [syntaxError(source, err)] };
  }
  return termsOf(source, records, []);
}

/** csv-parse's records as terms (the reference of the fast path's tests reads every file this way). */
export function csvTermsOfRecords(source: SourceText, records: string[][]): { terms: TermsSource; diagnostics: Diagnostic[] } {
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
  const separated: Separated[] = [];
  let unseparated = 0;
  // Without a `;` or tab anywhere in the file no term is separated: one scan instead of two per term.
  const separable = source.text.includes(';') || source.text.includes('\t');
  /** Terms not written as one whole CSV line: no raw text to replace. */
  const multiLine = new Set<number>();
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
      // An empty column after the term (`nitwit,` from a sheet with an empty second column) carries nothing.
      fields = record.slice(1).every((f) => f.trim() === '') ? 1 : record.length;
    }
    line++;
    if (fields === 1 && blank(value) && source.lineText(start).trim() === '') continue; // blank line (or only spaces)
    if (r === 0 && /^sep=.?$/i.test(source.lineText(start).trim())) {
      // Excel's separator hint (`sep=,`): never a term, and uploaded it would catch "sep=" in messages.
      const d = diagnose(source.lineCol(start, 1), 'error', 'csv-header', `${quote(source.lineText(start).trim())} is the separator hint Excel writes on top of a CSV, not a term, but it would be uploaded as one; delete the line`);
      d.fix = { line: start, column: 1, replace: source.lineText(start), with: 'term' };
      diagnostics.push(d);
      continue;
    }
    const header = r === 0 && (value.trim().toLowerCase() === 'term' || HEADER_LIKE.has(value.trim().toLowerCase()));
    if (header && fields === 1 && value.trim().toLowerCase() === 'term') continue; // the one header that is skipped
    if (header) {
      // Uploaded, a header becomes a term ("keyword" would be blocked in every chat): an error.
      const all = typeof record === 'string' ? [record] : record;
      const message = `${quote(all.join(','), 40)} is a header row, but only a header named "term" is skipped, so ${quote(value)} would be uploaded as a term; write the header as term${fields > 1 ? ' and keep only the first column' : ''}, or delete the line`;
      const d = diagnose(source.lineCol(start, 1), 'error', 'csv-header', message);
      if (start === line - 1) d.fix = { line: start, column: 1, replace: source.lineText(start), with: 'term' };
      diagnostics.push(d);
      continue;
    }
    if (fields > 1) {
      // A spreadsheet export with a notes column: the first column holds the terms, so they are kept
      // (no false "the list has no terms"), and each line says what to cut.
      const all = record as string[];
      const shown = all.slice(0, 3).map((f) => quote(f, 30)).join(', ') + (all.length > 3 ? ', …' : '');
      const message = `this line has ${fields} columns (${shown}), but a terms file holds one term per line: keep only the first column, ${quote(value)}; if the comma is part of the term, put the whole term in quotes: ${code(csvField(all.join(',')))}`;
      const d = diagnose(source.lineCol(start, csvColumnsEnd(source.lineText(start), value)), 'error', 'csv-multiple-fields', message);
      if (start === line - 1 && value.trim() !== '') d.fix = { line: start, column: 1, replace: source.lineText(start), with: csvField(value) };
      diagnostics.push(d);
      multiLine.add(count);
    }
    if (separable) {
      const sep = value.indexOf(';') !== -1 ? ';' : value.indexOf('\t') !== -1 ? '\t' : '';
      if (sep) separated.push({ line: start, value, sep, single: start === line - 1 });
      else if (value.trim() !== '') unseparated++;
    }
    if (start !== line - 1) multiLine.add(count);
    lines[count] = start;
    values[count++] = value;
  }
  // Every term split by the same separator is a spreadsheet saved with `;` or tabs: an error. A few
  // are perhaps meant (a term "a;b"): a warning.
  const every = unseparated === 0 && separated.length > 0 && separated.every((x) => x.sep === separated[0]!.sep);
  for (const x of separated) diagnostics.push(separatorDiagnostic(source, x, every));
  values.length = count;
  const raw = (i: number) => (i >= 0 && i < count && !multiLine.has(i) ? { line: lines[i]!, column: 1, text: source.lineText(lines[i]!) } : undefined);
  // A CSV has no escapes, so an ASCII text holds only ASCII terms: one byte count (~0.1 ms a MB) says so.
  const asciiOnly = Buffer.byteLength(source.text, 'utf8') === source.text.length;
  return { terms: { file: source.file, values, asciiOnly, locate: locateIn(source, values, lines), raw }, diagnostics };
}

/** `value.trim() === ''`, without the call for the common term that starts with a visible ASCII character. */
function blank(value: string): boolean {
  const c = value.charCodeAt(0);
  return c > 0x20 && c < 0x7f ? false : value.trim() === '';
}

/** First lines people write as a header, other than the one that is skipped (`term`). */
const HEADER_LIKE = new Set(['keyword', 'keywords', 'word', 'words', 'terms', 'searchterms', 'search terms', 'phrase', 'phrases', 'pattern', 'patterns']);

interface Separated {
  line: number;
  value: string;
  sep: string;
  /** The record is its line (a fix can replace it). */
  single: boolean;
}

/** The column just past a record's first field: where the unwanted columns begin. */
function csvColumnsEnd(text: string, first: string): number {
  const at = text.trimStart().startsWith('"') ? text.indexOf('",') + 1 : text.indexOf(',');
  return at > 0 ? at + 1 : Math.max(1, first.length + 1);
}

/** A `;` or tab in a term: a spreadsheet export with the wrong separator (an error when every line has it). */
function separatorDiagnostic(source: SourceText, x: Separated, every: boolean): Diagnostic {
  const name = x.sep === ';' ? 'semicolons' : 'tabs';
  const parts = x.value.split(x.sep).map((p) => p.trim()).filter((p) => p !== '');
  const shown = parts.slice(0, 3).join(' / ') + (parts.length > 3 ? ' / …' : '');
  const col = source.lineText(x.line).indexOf(x.sep) + 1;
  const why = every
    ? `every line of this file is split by ${name} (a spreadsheet saved as "CSV (semicolon)" or tab-separated), so ${quote(x.value, 40)} would be one term that no message contains`
    : `this line holds ${name}, but a terms file has one term per line, so ${quote(x.value, 40)} is one term`;
  const message = `${why}; put each term on its own line (${oneLine(shown, 60)}), or if it is one term, accept csv-separator`;
  const d = diagnose(source.lineCol(x.line, Math.max(1, col)), every ? 'error' : 'warning', 'csv-separator', message);
  if (x.single && parts.length > 0) d.fix = { line: x.line, column: 1, replace: source.lineText(x.line), with: parts.map(csvField).join('\n') };
  return d;
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
    parse(source.text, { ...csvParseOptions(source.text), on_record: (_r: string[], ctx) => void (last = ctx.lines) });
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
