// uploadBytes as it was before it joined the terms once (a byte count per term), the reference of
// upload-bytes-fast-path.test.ts. Do not optimise this copy.
import { stringify } from 'csv-stringify/sync';
import { termsEncoding, termsSettings, type CsvQuoting, type TermsEncoding, type TermsOptions } from '../../src/model/terms-encoding.js';

export function referenceUploadBytes(terms: readonly string[], opts: TermsOptions = 'auto'): { encoding: TermsEncoding; bytes: number } {
  const settings = termsSettings(opts);
  const encoding = termsEncoding(terms, settings);
  let bytes = 0;
  for (const t of terms) {
    const line = encoding === 'file' ? csvLine(t, settings.csvQuoting) : t;
    bytes += Buffer.byteLength(line, 'utf8');
  }
  bytes += encoding === 'file' ? terms.length : Math.max(0, terms.length - 1);
  return { encoding, bytes };
}

/** One CSV line (without its '\n'): the term itself, or RFC 4180 quoted when it needs it. */
function csvLine(term: string, quoting: CsvQuoting): string {
  if (quoting === 'none' || !/[",\r\n]/.test(term)) return term;
  return stringify([[term]], { record_delimiter: '\n', eof: false });
}
