// How a list's terms travel to the service, in one place, because two parts depend on it: the
// client builds the multipart body from it and validation measures the 1 MB limit on it.
// One `searchTerms` string joined by ',' unless a term holds a comma (common in patterns like
// \d{3,10}); then a CSV file, one unquoted term per line, each ending in '\n' (the service keeps
// CSV quotes literally; terms never hold a newline, validation guarantees it).

export type TermsEncoding = 'searchTerms' | 'file';
/** 'auto': the comma rule above; 'file': always a file (for a service that prefers uploads). */
export type TermsTransport = 'auto' | 'file';

export function termsEncoding(terms: readonly string[], transport: TermsTransport = 'auto'): TermsEncoding {
  if (transport === 'file') return 'file';
  return terms.some((t) => t.includes(',')) ? 'file' : 'searchTerms';
}

/** The exact body of the terms part as the client sends it. */
export function encodeTerms(
  terms: readonly string[],
  transport: TermsTransport = 'auto',
): { encoding: TermsEncoding; body: string } {
  const encoding = termsEncoding(terms, transport);
  return { encoding, body: encoding === 'file' ? terms.map((t) => `${t}\n`).join('') : terms.join(',') };
}

/** UTF-8 size of encodeTerms(terms).body, without building the string. */
export function uploadBytes(
  terms: readonly string[],
  transport: TermsTransport = 'auto',
): { encoding: TermsEncoding; bytes: number } {
  const encoding = termsEncoding(terms, transport);
  let bytes = 0;
  for (const t of terms) bytes += Buffer.byteLength(t, 'utf8');
  bytes += encoding === 'file' ? terms.length : Math.max(0, terms.length - 1);
  return { encoding, bytes };
}
