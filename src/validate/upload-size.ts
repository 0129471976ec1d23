// How the client sends a list's terms, and so how many bytes the 1 MB limit applies to: one
// `searchTerms` string joined by ',' unless a term holds a comma; then a CSV file, one unquoted
// term per line (the service keeps CSV quotes literally), each line ending in '\n'.

export type TermsEncoding = 'searchTerms' | 'file';

export function termsEncoding(terms: readonly string[]): TermsEncoding {
  return terms.some((t) => t.includes(',')) ? 'file' : 'searchTerms';
}

/** The exact body of the terms part as the client sends it. */
export function encodeTerms(terms: readonly string[]): { encoding: TermsEncoding; body: string } {
  const encoding = termsEncoding(terms);
  return { encoding, body: encoding === 'file' ? terms.map((t) => `${t}\n`).join('') : terms.join(',') };
}

/** UTF-8 size of encodeTerms(terms).body, without building the string. */
export function uploadBytes(terms: readonly string[]): { encoding: TermsEncoding; bytes: number } {
  const encoding = termsEncoding(terms);
  let bytes = 0;
  for (const t of terms) bytes += Buffer.byteLength(t, 'utf8');
  bytes += encoding === 'file' ? terms.length : Math.max(0, terms.length - 1);
  return { encoding, bytes };
}
