// The fast way to read a terms file: papaparse (about twice as fast as csv-parse on a 1 MB list)
// gives the records, and they are used only when a check proves csv-parse would give exactly the
// same ones. papaparse is lenient where csv-parse reports an error (a quote inside an unquoted
// field, text after a closing quote), so anything the check cannot vouch for returns null and the
// caller parses the whole file with csv-parse, keeping every csv-syntax message and location.
import Papa from 'papaparse';

const QUOTE = 0x22;

/**
 * papaparse's records of `text`, one single-field record per line (record r on line r + 1), when
 * every line is `value` or `"value"` with no quote, comma (unquoted) or line break inside, and every
 * line ends with the file's one line break (LF, or CRLF throughout). Otherwise null.
 */
export function trustedCsvRecords(text: string): string[][] | null {
  if (text.charCodeAt(0) === 0xfeff) return null; // csv-parse drops a leading BOM; leave that case to it
  if (!isWellFormed(text)) return null; // csv-parse reads UTF-8 bytes: a lone surrogate comes back as U+FFFD
  const lf = text.indexOf('\n');
  const eol = lf > 0 && text.charCodeAt(lf - 1) === 0x0d ? '\r\n' : '\n';
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', newline: eol, quoteChar: '"', escapeChar: '"', header: false, dynamicTyping: false, skipEmptyLines: false, comments: false });
  if (parsed.errors.length > 0) return null;
  const records = parsed.data;
  // Walk the text: each record's source must be its value, bare or in quotes, then a line break.
  let pos = 0;
  let r = 0;
  let quotes = 0;
  let quotedCommas = 0;
  let breaks = 0;
  let endsWithBreak = false;
  while (pos < text.length) {
    const record = records[r++];
    if (record?.length !== 1) return null;
    const value = record[0]!;
    if (text.charCodeAt(pos) === QUOTE) {
      if (!text.startsWith(value, pos + 1) || text.charCodeAt(pos + 1 + value.length) !== QUOTE) return null;
      pos += value.length + 2;
      quotes += 2;
      quotedCommas += count(value, ',');
    } else {
      if (!text.startsWith(value, pos)) return null;
      pos += value.length;
    }
    if (pos === text.length) break;
    if (!text.startsWith(eol, pos)) return null;
    pos += eol.length;
    breaks++;
    endsWithBreak = pos === text.length;
  }
  // After a final line break csv-parse ends, papaparse adds one empty record.
  if (endsWithBreak) {
    const extra = records[r++];
    if (extra?.length !== 1 || extra[0] !== '') return null;
  }
  if (r !== records.length) return null;
  // The walk covered the whole text with record sources and line breaks, so counting is enough to
  // show that no value holds a quote, an unquoted comma or a line break of its own.
  if (count(text, '"') !== quotes || count(text, ',') !== quotedCommas || count(text, '\n') !== breaks) return null;
  if (count(text, '\r') !== (eol === '\r\n' ? breaks : 0)) return null;
  if (endsWithBreak) records.pop();
  return records;
}

/** String.prototype.isWellFormed (Node 20; not in the ES2023 lib this project compiles against). */
const isWellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

function count(s: string, c: string): number {
  let n = 0;
  for (let i = s.indexOf(c); i !== -1; i = s.indexOf(c, i + 1)) n++;
  return n;
}
