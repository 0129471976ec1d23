// A terms file: RFC 4180 CSV (csv-parse), one term per record, optional `term` header, blank lines
// skipped, CRLF or LF. Only line numbers are kept per term; columns are worked out on demand from
// the source line, because a 1 MB file holds ~100k terms and diagnostics are rare.
import { parse, CsvError } from 'csv-parse/sync';
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnose } from './diagnose.js';
import type { SourceText } from './source-text.js';
import type { TermsSource } from './terms-source.js';

export function parseCsvTerms(source: SourceText): { terms: TermsSource; diagnostics: Diagnostic[] } {
  const values: string[] = [];
  const lines: number[] = [];
  const diagnostics: Diagnostic[] = [];
  let lastLine = 0;
  try {
    parse(source.text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      on_record: (record: string[], ctx) => {
        const value = record[0] ?? '';
        // ctx.lines is the line the record ends on; a quoted multi-line term starts earlier.
        const line = ctx.lines - countNewlines(value);
        lastLine = ctx.lines;
        if (ctx.records === 1 && record.length === 1 && value.trim().toLowerCase() === 'term') return null;
        if (record.length > 1) {
          diagnostics.push(
            diagnose(
              source.lineCol(line, 1),
              'error',
              'csv-multiple-fields',
              `this record has ${record.length} fields but a terms file holds one term per line; quote a term that contains a comma ("a,b")`,
            ),
          );
          return null;
        }
        values.push(value);
        lines.push(line);
        lastLine = ctx.lines;
        return null;
      },
    });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    // An unclosed quote is reported where parsing stopped; the quote opened after the last record.
    const reported = Math.max(1, Number((err as unknown as { lines?: number }).lines) || 1);
    const line = err.code === 'CSV_QUOTE_NOT_CLOSED' ? nextContentLine(source, lastLine + 1) : reported;
    const message = err.message.replace(/^[^:]+: /, '').replace(/ at line \d+/, '');
    diagnostics.push(
      diagnose(source.lineCol(line, 1), 'error', 'csv-syntax', `${message}; fix the CSV quoting on this line`),
    );
  }
  return { terms: { file: source.file, values, locate: locateIn(source, values, lines) }, diagnostics };
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

function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

function nextContentLine(source: SourceText, from: number): number {
  let line = from;
  while (line < source.lineCount() && source.lineText(line).trim() === '') line++;
  return line;
}
