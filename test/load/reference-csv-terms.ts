// parseCsvTerms as it was before the fast path (csv-parse for every file), the reference of
// csv-terms-fast-path.test.ts. Do not optimise this copy: it is what "the same answer" means.
// A terms file: RFC 4180 CSV (csv-parse), one term per record, optional `term` header, blank lines
// skipped, CRLF or LF. Only a line number is kept per term; columns are worked out on demand from
// the source line, because a 1 MB file holds ~100k terms and diagnostics are rare.
import { parse, CsvError } from 'csv-parse/sync';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { diagnose } from '../../src/load/diagnose.js';
import { oneLine, quote } from '../../src/load/quote-value.js';
import type { SourceText } from '../../src/load/source-text.js';
import type { TermsSource } from '../../src/load/terms-source.js';
import { csvParseOptions, csvTermsOfRecords } from '../../src/load/csv-terms.js';


/** Terms and their problems; `terms` is null when the CSV itself does not parse. */
export function referenceParseCsvTerms(source: SourceText): { terms: TermsSource | null; diagnostics: Diagnostic[] } {
  let records: string[][];
  try {
    records = parse(source.text, csvParseOptions(source.text)) as string[][];
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    return { terms: null, diagnostics: [syntaxError(source, err)] };
  }
  // The term rules (headers, columns, separators) are shared: what is compared is how records are read.
  return csvTermsOfRecords(source, records);
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
    parse(source.text, { ...csvParseOptions(source.text), on_record: (_r: string[], ctx) => void (last = ctx.lines) });
  } catch {
    // expected: this is the same error again
  }
  return last;
}

function locateIn(source: SourceText, values: string[], lines: number[]): TermsSource['locate'] {
  return (i, index = 0) => {
    const line = lines[i] ?? 1;
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
