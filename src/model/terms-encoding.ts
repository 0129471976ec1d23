// How a list's terms travel to the service, in one place, because two parts depend on it: the
// client builds the multipart body from it and validation measures the 1 MB limit on it.
// One `searchTerms` string joined by ',' unless a term holds a comma (common in patterns like
// \d{3,10}); then a CSV file, one term per line, each ending in '\n'. The published example keeps
// CSV quotes literally, so by default terms go unquoted (terms never hold a newline, validation
// guarantees it); `csvQuoting: rfc4180` is for a service that parses CSV quoting instead.
import { stringify } from 'csv-stringify/sync';
import type { CSV_QUOTINGS, SEARCH_TERMS_WITH_FILE, TERMS_TRANSPORTS } from './config.js';

export type TermsEncoding = 'searchTerms' | 'file';
/** 'auto': the comma rule above; 'file': always a file (for a service that prefers uploads). */
export type TermsTransport = (typeof TERMS_TRANSPORTS)[number];
/** 'none': one raw term per line; 'rfc4180': quote a term holding a comma or quote, doubling quotes. */
export type CsvQuoting = (typeof CSV_QUOTINGS)[number];
/**
 * 'empty': beside a file, send an empty `searchTerms` part (the published form marks it required);
 * 'omit': leave it out, for a service that refuses an empty one.
 */
export type SearchTermsWithFile = (typeof SEARCH_TERMS_WITH_FILE)[number];

/** The kwsync.yaml `service:` settings that shape the terms; `config.service` itself fits. */
export interface TermsSettings {
  termsTransport: TermsTransport;
  csvQuoting: CsvQuoting;
  searchTermsWithFile: SearchTermsWithFile;
}

export const DEFAULT_TERMS_SETTINGS: TermsSettings = { termsTransport: 'auto', csvQuoting: 'none', searchTermsWithFile: 'empty' };

/** A transport alone (the older form) or any part of the settings; the rest are defaults. */
export type TermsOptions = TermsTransport | Partial<TermsSettings> | undefined;

export function termsSettings(opts: TermsOptions): TermsSettings {
  if (opts === undefined) return DEFAULT_TERMS_SETTINGS;
  if (typeof opts === 'string') return { ...DEFAULT_TERMS_SETTINGS, termsTransport: opts };
  return {
    termsTransport: opts.termsTransport ?? DEFAULT_TERMS_SETTINGS.termsTransport,
    csvQuoting: opts.csvQuoting ?? DEFAULT_TERMS_SETTINGS.csvQuoting,
    searchTermsWithFile: opts.searchTermsWithFile ?? DEFAULT_TERMS_SETTINGS.searchTermsWithFile,
  };
}

export function termsEncoding(terms: readonly string[], opts: TermsOptions = 'auto'): TermsEncoding {
  if (termsSettings(opts).termsTransport === 'file') return 'file';
  return terms.some((t) => t.includes(',')) ? 'file' : 'searchTerms';
}

/** One CSV line (without its '\n'): the term itself, or RFC 4180 quoted when it needs it. */
function csvLine(term: string, quoting: CsvQuoting): string {
  // csv-stringify leaves such a term as it is; skipping it keeps a 100k-term measure fast.
  if (quoting === 'none' || !/[",\r\n]/.test(term)) return term;
  return stringify([[term]], { record_delimiter: '\n', eof: false });
}

/** The exact body of the terms part as the client sends it. */
export function encodeTerms(terms: readonly string[], opts: TermsOptions = 'auto'): { encoding: TermsEncoding; body: string } {
  const settings = termsSettings(opts);
  const encoding = termsEncoding(terms, settings);
  if (encoding === 'searchTerms') return { encoding, body: terms.join(',') };
  return { encoding, body: terms.map((t) => `${csvLine(t, settings.csvQuoting)}\n`).join('') };
}

/** UTF-8 size of encodeTerms(terms).body; without building the string unless quoting may apply. */
export function uploadBytes(terms: readonly string[], opts: TermsOptions = 'auto'): { encoding: TermsEncoding; bytes: number } {
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
