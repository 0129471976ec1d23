// The multipart body of a keyword list write. Terms travel as one comma-separated `searchTerms`
// string unless a term holds a comma (common in patterns like \d{3,10}); then as a CSV file, one
// term per line, unquoted, because the service keeps CSV quotes literally. Terms never hold a
// newline (validation guarantees it), so one line per term is exact.
import { FormData } from 'undici';
import type { KeywordList } from '../model/keyword-list.js';
import type { TermsTransport } from './client.js';

export type TermsEncoding = 'searchTerms' | 'file';

export function termsEncoding(terms: readonly string[], transport: TermsTransport): TermsEncoding {
  if (transport === 'file') return 'file';
  return terms.some((t) => t.includes(',')) ? 'file' : 'searchTerms';
}

export function keywordListForm(list: KeywordList, transport: TermsTransport): FormData {
  const form = new FormData();
  form.append('id', list.id);
  form.append('name', list.name);
  form.append('description', list.description);
  form.append('category', list.category);
  if (termsEncoding(list.searchTerms, transport) === 'file') {
    const csv = list.searchTerms.map((t) => `${t}\n`).join('');
    form.append('file', new Blob([csv], { type: 'text/csv' }), `${list.id}.csv`);
  } else {
    form.append('searchTerms', list.searchTerms.join(','));
  }
  return form;
}
