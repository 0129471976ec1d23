// How a list's terms travel to the service, in one place, because two parts depend on it: the
// client builds the multipart body from it and validation measures the 1 MB limit on it.
//
// The published form depends on the category (`KeywordList`, a oneOf on `category`, in
// management-apis.json and chat-apis.json of cometchat/docs; see docs/contract.md):
// - word and pattern: one `searchTerms` string, or a CSV `file`. The moderation guide
//   (moderation/lists-management.mdx) separates words by commas and patterns one per line, and
//   says a comma pasted into a pattern list is kept inside the entry; `separators` picks per kind.
//   A term that holds its separator (a word with a comma, under `comma`) cannot travel in
//   `searchTerms`: the list goes as a file, one term per line, each ending in '\n'. The published
//   example keeps CSV quotes literally, so by default terms go unquoted (terms never hold a newline,
//   validation guarantees it); `csvQuoting: rfc4180` is for a service that parses CSV quoting.
// - sentence-similarity: a `disallowedSentences` array of strings, never `searchTerms`. How an
//   array travels in multipart is not published: `sentenceEncoding` picks (default `repeated`, one
//   part per sentence, the way OpenAPI tooling sends an array property of a multipart form).
import { stringify } from 'csv-stringify/sync';
import type { CSV_QUOTINGS, SEARCH_TERMS_WITH_FILE, SENTENCE_ENCODINGS, TERM_SEPARATORS, TERMS_TRANSPORTS } from './config.js';
import type { Category } from './keyword-list.js';

/** Which published part carries the terms: `searchTerms`, a CSV `file`, or `disallowedSentences`. */
export type TermsEncoding = 'searchTerms' | 'file' | 'disallowedSentences';
/** 'auto': the separator rule above; 'file': always a file (for a service that prefers uploads). */
export type TermsTransport = (typeof TERMS_TRANSPORTS)[number];
/** 'none': one raw term per line; 'rfc4180': quote a term holding a comma or quote, doubling quotes. */
export type CsvQuoting = (typeof CSV_QUOTINGS)[number];
/**
 * 'empty': beside a file, send the required terms part empty (an empty `searchTerms`; for a
 * sentence list under `json` an empty array `[]`; the repeated encodings have no empty form);
 * 'omit': leave it out, for a service that refuses an empty one.
 */
export type SearchTermsWithFile = (typeof SEARCH_TERMS_WITH_FILE)[number];
/** How `disallowedSentences` travels (config.ts SENTENCE_ENCODINGS says each). */
export type SentenceEncoding = (typeof SENTENCE_ENCODINGS)[number];
/** How the entries of one `searchTerms` string are separated. */
export type TermSeparator = (typeof TERM_SEPARATORS)[number];
export type Separators = Record<Category, TermSeparator>;

/** The kwsync.yaml `service:` settings that shape the terms; `config.service` itself fits. */
export interface TermsSettings {
  termsTransport: TermsTransport;
  csvQuoting: CsvQuoting;
  searchTermsWithFile: SearchTermsWithFile;
  sentenceEncoding: SentenceEncoding;
  separators: Separators;
}

export const DEFAULT_SEPARATORS: Separators = { word: 'comma', pattern: 'newline', 'sentence-similarity': 'newline' };

export const DEFAULT_TERMS_SETTINGS: TermsSettings = {
  termsTransport: 'auto',
  csvQuoting: 'none',
  searchTermsWithFile: 'empty',
  sentenceEncoding: 'repeated',
  separators: DEFAULT_SEPARATORS,
};

/** A transport alone (the older form) or any part of the settings; the rest are defaults. */
export type TermsOptions = TermsTransport | (Partial<Omit<TermsSettings, 'separators'>> & { separators?: Partial<Separators> | undefined }) | undefined;

export function termsSettings(opts: TermsOptions): TermsSettings {
  if (opts === undefined) return DEFAULT_TERMS_SETTINGS;
  if (typeof opts === 'string') return { ...DEFAULT_TERMS_SETTINGS, termsTransport: opts };
  const d = DEFAULT_TERMS_SETTINGS;
  return {
    termsTransport: opts.termsTransport ?? d.termsTransport,
    csvQuoting: opts.csvQuoting ?? d.csvQuoting,
    searchTermsWithFile: opts.searchTermsWithFile ?? d.searchTermsWithFile,
    sentenceEncoding: opts.sentenceEncoding ?? d.sentenceEncoding,
    separators: { ...d.separators, ...opts.separators },
  };
}

/**
 * The characters a separator names. A line break is CRLF: multipart/form-data turns every line
 * break of a text part into CRLF on the wire (the HTML form encoding undici follows, and what a
 * dashboard textarea sends), so joining with it makes the measured bytes the bytes sent.
 */
export function separatorChar(separator: TermSeparator): string {
  return separator === 'comma' ? ',' : '\r\n';
}

/** Whether the list's terms travel as `disallowedSentences` (a sentence list, unless told `searchTerms`). */
function sendsSentences(category: Category, settings: TermsSettings): boolean {
  return category === 'sentence-similarity' && settings.sentenceEncoding !== 'searchTerms';
}

/**
 * Which part carries the terms. `category` defaults to `word`, the kind whose rule has not changed.
 */
export function termsEncoding(terms: readonly string[], opts: TermsOptions = 'auto', category: Category = 'word'): TermsEncoding {
  const settings = termsSettings(opts);
  if (settings.termsTransport === 'file') return 'file';
  if (sendsSentences(category, settings)) return 'disallowedSentences';
  const sep = separatorChar(settings.separators[category]);
  return terms.some((t) => t.includes(sep)) ? 'file' : 'searchTerms';
}

/** One text part of the form: its name and value, exactly as sent. */
export interface TermsPart {
  name: string;
  value: string;
}

/** The terms as sent: one `searchTerms` or `file` body, or the `disallowedSentences` parts. */
export type EncodedTerms =
  | { encoding: 'searchTerms' | 'file'; body: string }
  | { encoding: 'disallowedSentences'; parts: TermsPart[] };

/** One CSV line (without its '\n'): the term itself, or RFC 4180 quoted when it needs it. */
function csvLine(term: string, quoting: CsvQuoting): string {
  // csv-stringify leaves such a term as it is; skipping it keeps a 100k-term measure fast.
  if (quoting === 'none' || !/[",\r\n]/.test(term)) return term;
  return stringify([[term]], { record_delimiter: '\n', eof: false });
}

/** The `disallowedSentences` parts of a sentence list in the given encoding. */
export function sentenceParts(sentences: readonly string[], encoding: Exclude<SentenceEncoding, 'searchTerms'>): TermsPart[] {
  switch (encoding) {
    case 'repeated':
      return sentences.map((value) => ({ name: 'disallowedSentences', value }));
    case 'brackets':
      return sentences.map((value) => ({ name: 'disallowedSentences[]', value }));
    case 'indexed':
      return sentences.map((value, i) => ({ name: `disallowedSentences[${i}]`, value }));
    case 'json':
      return [{ name: 'disallowedSentences', value: JSON.stringify(sentences) }];
  }
}

/** The exact terms parts as the client sends them. */
export function encodeTerms(terms: readonly string[], opts: TermsOptions = 'auto', category: Category = 'word'): EncodedTerms {
  const settings = termsSettings(opts);
  const encoding = termsEncoding(terms, settings, category);
  if (encoding === 'disallowedSentences') {
    return { encoding, parts: sentenceParts(terms, settings.sentenceEncoding as Exclude<SentenceEncoding, 'searchTerms'>) };
  }
  if (encoding === 'searchTerms') return { encoding, body: terms.join(separatorChar(settings.separators[category])) };
  return { encoding, body: terms.map((t) => `${csvLine(t, settings.csvQuoting)}\n`).join('') };
}

/**
 * UTF-8 size of what encodeTerms sends: the `searchTerms` or file body, or the sum of the
 * `disallowedSentences` values (the multipart framing around them is not the list's size).
 * Counted without building the string unless quoting or JSON may apply.
 */
export function uploadBytes(terms: readonly string[], opts: TermsOptions = 'auto', category: Category = 'word'): { encoding: TermsEncoding; bytes: number } {
  const settings = termsSettings(opts);
  const encoding = termsEncoding(terms, settings, category);
  if (encoding === 'disallowedSentences' && settings.sentenceEncoding === 'json') {
    return { encoding, bytes: Buffer.byteLength(JSON.stringify(terms), 'utf8') };
  }
  let bytes = 0;
  for (const t of terms) {
    const line = encoding === 'file' ? csvLine(t, settings.csvQuoting) : t;
    bytes += Buffer.byteLength(line, 'utf8');
  }
  if (encoding === 'file') bytes += terms.length;
  else if (encoding === 'searchTerms') bytes += Math.max(0, terms.length - 1) * separatorChar(settings.separators[category]).length;
  return { encoding, bytes };
}
