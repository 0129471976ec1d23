// The multipart body of a keyword list write, encoded by the shared terms rule
// (src/model/terms-encoding.ts) so the bytes sent are the bytes validation measured.
import { FormData } from 'undici';
import type { KeywordList } from '../model/keyword-list.js';
import { encodeTerms, termsSettings, type TermsOptions } from '../model/terms-encoding.js';

export function keywordListForm(list: KeywordList, opts: TermsOptions): FormData {
  const settings = termsSettings(opts);
  const form = new FormData();
  form.append('id', list.id);
  form.append('name', list.name);
  form.append('description', list.description);
  form.append('category', list.category);
  const terms = encodeTerms(list.searchTerms, settings);
  if (terms.encoding === 'file') {
    // The published form marks searchTerms required, and uses it only "if no file is provided".
    if (settings.searchTermsWithFile === 'empty') form.append('searchTerms', '');
    form.append('file', new Blob([terms.body], { type: 'text/csv' }), `${list.id}.csv`);
  } else {
    form.append('searchTerms', terms.body);
  }
  return form;
}
