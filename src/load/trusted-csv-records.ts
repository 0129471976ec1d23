// The fast way to read a terms file: papaparse (about twice as fast as csv-parse on a 1 MB list)
// gives the records, and they are used only when a check proves csv-parse would give exactly the
// same ones. papaparse is lenient where csv-parse reports an error (a quote inside an unquoted
// field, text after a closing quote), so anything the check cannot vouch for returns null and the
// caller parses the whole file with csv-parse, keeping every csv-syntax message and location.
import Papa from 'papaparse';

const QUOTE = 0x22;

/**
 * papaparse's records of `text`, one single-field record per line (the value of record r, on line
 * r + 1), when every line is `value` or `"value"` with no quote, comma (unquoted) or line break
 * inside, and every line ends with the file's one line break (LF, or CRLF throughout). Else null.
 */
export function trustedCsvRecords(text: string): string[] | null {
  if (text.charCodeAt(0) === 0xfeff) return null; // csv-parse drops a leading BOM; leave that case to it
  if (!isWellFormed(text)) return null; // csv-parse reads UTF-8 bytes: a lone surrogate comes back as U+FFFD
  const lf = text.indexOf('\n');
  const eol = lf > 0 && text.charCodeAt(lf - 1) === 0x0d ? '\r\n' : '\n';
  const walk = new RecordWalk(text, eol, count(text, '\n'));
  // Row by row (step), so papaparse's row arrays die young instead of being kept for the whole file.
  Papa.parse<string[]>(text, {
    delimiter: ',',
    newline: eol,
    quoteChar: '"',
    escapeChar: '"',
    header: false,
    dynamicTyping: false,
    skipEmptyLines: false,
    comments: false,
    step: (row, parser) => {
      if (row.errors.length > 0 || !walk.accept(row.data)) parser.abort();
    },
  });
  return walk.finish();
}

/** Checks papaparse's records one by one against the text (an offset cursor) and keeps their values. */
class RecordWalk {
  /** Sized once (a record per line at most), instead of growing through ~100k pushes. */
  private readonly values: string[];
  private length = 0;
  private pos = 0;
  private failed = false;
  private quotes = 0;
  private quotedCommas = 0;
  private breaks = 0;
  /** After a final line break csv-parse ends; papaparse gives one more, empty, record (`pastEnd`). */
  private endedWithBreak = false;
  private pastEnd = false;

  constructor(
    private readonly text: string,
    private readonly eol: string,
    private readonly lineFeeds: number,
  ) {
    this.values = new Array<string>(lineFeeds + 1);
  }

  accept(record: string[]): boolean {
    if (this.failed || record.length !== 1) return this.fail();
    const value = record[0]!;
    const { text } = this;
    let pos = this.pos;
    if (pos === text.length) {
      if (!this.endedWithBreak || this.pastEnd || value !== '') return this.fail();
      this.pastEnd = true;
      return true;
    }
    if (text.charCodeAt(pos) === QUOTE) {
      if (!text.startsWith(value, pos + 1) || text.charCodeAt(pos + 1 + value.length) !== QUOTE) return this.fail();
      pos += value.length + 2;
      this.quotes += 2;
      this.quotedCommas += count(value, ',');
    } else {
      if (!text.startsWith(value, pos)) return this.fail();
      pos += value.length;
    }
    if (pos < text.length) {
      if (!text.startsWith(this.eol, pos)) return this.fail();
      pos += this.eol.length;
      this.breaks++;
      this.endedWithBreak = pos === text.length;
    }
    if (this.length === this.values.length) return this.fail();
    this.pos = pos;
    this.values[this.length++] = value;
    return true;
  }

  /** The values, if the records covered the whole text and nothing but them holds a quote, comma or line break. */
  finish(): string[] | null {
    const { text } = this;
    if (this.failed || this.pos !== text.length) return null;
    if (this.endedWithBreak !== this.pastEnd) return null;
    // The walk covered the text with record sources and line breaks, so counting is enough to show
    // that no value holds a quote, an unquoted comma or a line break of its own.
    if (count(text, '"') !== this.quotes || count(text, ',') !== this.quotedCommas || this.lineFeeds !== this.breaks) return null;
    if (count(text, '\r') !== (this.eol === '\r\n' ? this.breaks : 0)) return null;
    this.values.length = this.length;
    return this.values;
  }

  private fail(): false {
    this.failed = true;
    return false;
  }
}

/** String.prototype.isWellFormed (Node 20; not in the ES2023 lib this project compiles against). */
const isWellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

function count(s: string, c: string): number {
  let n = 0;
  for (let i = s.indexOf(c); i !== -1; i = s.indexOf(c, i + 1)) n++;
  return n;
}
