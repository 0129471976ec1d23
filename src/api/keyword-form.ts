// The multipart body of a keyword list write, encoded by the shared terms rule
// (src/model/terms-encoding.ts) so the bytes sent are the bytes validation measured.
import { FormData } from 'undici';
import type { KeywordList } from '../model/keyword-list.js';
import { encodeTerms, type TermsTransport } from '../model/terms-encoding.js';

export function keywordListForm(list: KeywordList, transport: TermsTransport): FormData {
  const form = new FormData();
  form.append('id', list.id);
  form.append('name', list.name);
  form.append('description', list.description);
  form.append('category', list.category);
  const terms = encodeTerms(list.searchTerms, transport);
  if (terms.encoding === 'file') {
    form.append('file', new Blob([terms.body], { type: 'text/csv' }), `${list.id}.csv`);
  } else {
    form.append('searchTerms', terms.body);
  }
  return form;
}
