// The canonical form of a terms CSV: LF line ends, one term per record, quoted by csv-stringify only
// where CSV needs it (a comma, a quote, a line break), the `term` header kept when there was one.
import { stringify } from 'csv-stringify/sync';
import { parseCsvTerms } from '../load/csv-terms.js';
import { SourceText } from '../load/source-text.js';
import { compareTerms } from './compare-terms.js';

/** null when the text is not a CSV kwsync reads (validate reports why; fmt leaves it alone). */
export function formatTermsCsv(file: string, text: string, opts: { sortTerms: boolean }): string | null {
  const { terms } = parseCsvTerms(new SourceText(file, text));
  if (!terms) return null;
  const values = opts.sortTerms ? [...terms.values].sort(compareTerms) : [...terms.values];
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  // The loader skips a first record "term" as the header: keep the header, or add one when a term
  // spelled like it would otherwise come first and be skipped.
  const header = firstLine.trim().replace(/^"|"$/g, '').toLowerCase() === 'term' || values[0]?.trim().toLowerCase() === 'term';
  const records = [...(header ? ['term'] : []), ...values].map((v) => [v]);
  return records.length === 0 ? '' : stringify(records, { record_delimiter: '\n' });
}
