// The fast way to read a terms file; csv-parse stays the referee. A line with no quote, comma or
// line break in it holds no CSV syntax: csv-parse reads it as one record of one field, the line
// itself, so such lines are taken as they are (split on the file's one line break, as papaparse's
// fast mode does). The lines that are one whole quoted field with no quote or line break inside
// (`"beta, gamma"`, a term holding a comma) are read by papaparse, all of them in one call: about
// twice as fast as csv-parse, and on such a line the two cannot differ. Any other line (a doubled
// quote, a quote inside an unquoted term, two fields, a term over two lines, a second kind of line
// break) returns null, and the caller parses the whole file with csv-parse, keeping every
// csv-syntax message and location.
import Papa from 'papaparse';

/** Nothing CSV reads as syntax: the line is its own one field. */
const NO_SYNTAX = /^[^",\r\n]*$/;
/** One whole quoted field, nothing inside that could end it or span a line. */
const ONE_QUOTED_FIELD = /^"[^"\r\n]*"$/;

/**
 * csv-parse's records of `text`, one single-field record per line (the value of record r, on line
 * r + 1), when every line is `value` or `"value"` with no quote, comma (unquoted) or line break
 * inside, and every line ends with the file's one line break (LF, or CRLF throughout). Else null.
 */
export function trustedCsvRecords(text: string): string[] | null {
  if (text === '') return []; // csv-parse: no records
  if (text.charCodeAt(0) === 0xfeff) return null; // csv-parse drops a leading BOM; leave that case to it
  if (!isWellFormed(text)) return null; // csv-parse reads UTF-8 bytes: a lone surrogate comes back as U+FFFD
  const lf = text.indexOf('\n');
  const eol = lf > 0 && text.charCodeAt(lf - 1) === 0x0d ? '\r\n' : '\n';
  const lines = text.split(eol);
  // After a final line break csv-parse ends; split gives one more, empty, piece.
  if (text.endsWith(eol)) lines.pop();
  // A file with no quote, comma or carriage return anywhere (the common list): every line is plain.
  if (eol === '\n' && !/[",\r]/.test(text)) return lines;
  const quoted: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (NO_SYNTAX.test(line)) continue;
    if (!ONE_QUOTED_FIELD.test(line)) return null;
    quoted.push(i);
  }
  if (quoted.length === 0) return lines;
  // Each quoted line is one record of one field (to papaparse as to csv-parse), so the records line up with `quoted`.
  const { data: records, errors } = Papa.parse<string[]>(quoted.map((i) => lines[i]).join('\n'), { delimiter: ',', newline: '\n', quoteChar: '"', escapeChar: '"', header: false, dynamicTyping: false, skipEmptyLines: false, comments: false });
  if (errors.length > 0 || records.length !== quoted.length) return null;
  for (let q = 0; q < quoted.length; q++) {
    const record = records[q]!;
    if (record.length !== 1) return null;
    lines[quoted[q]!] = record[0]!;
  }
  return lines;
}

/** String.prototype.isWellFormed (Node 20; not in the ES2023 lib this project compiles against). */
const isWellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();
