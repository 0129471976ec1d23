// The multipart body of a keyword list write, encoded by the shared terms rule
// (src/model/terms-encoding.ts) so the bytes sent are the bytes validation measured. The parts
// follow the published variant of the list's category: `searchTerms` or a `file` for word and
// pattern lists, `disallowedSentences` for sentence-similarity lists.
import { FormData } from 'undici';
import type { KeywordList } from '../model/keyword-list.js';
import { encodeTerms, sentenceParts, termsSettings, type TermsOptions, type TermsSettings } from '../model/terms-encoding.js';

export function keywordListForm(list: KeywordList, opts: TermsOptions): FormData {
  const settings = termsSettings(opts);
  const form = new FormData();
  form.append('id', list.id);
  form.append('name', list.name);
  form.append('description', list.description);
  form.append('category', list.category);
  const terms = encodeTerms(list.searchTerms, settings, list.category);
  if (terms.encoding === 'disallowedSentences') {
    for (const part of terms.parts) form.append(part.name, part.value);
  } else if (terms.encoding === 'file') {
    appendEmptyBesideFile(form, list, settings);
    form.append('file', new Blob([terms.body], { type: 'text/csv' }), `${list.id}.csv`);
  } else {
    form.append('searchTerms', terms.body);
  }
  return form;
}

/**
 * Beside a file, the part the published variant marks required, empty (searchTermsWithFile
 * `empty`): `searchTerms` ("if no file is provided"), or for a sentence list sent as
 * `disallowedSentences` an empty array where the encoding has one (`json`: `[]`; one part per
 * sentence has no way to say "none").
 */
function appendEmptyBesideFile(form: FormData, list: KeywordList, settings: TermsSettings): void {
  if (settings.searchTermsWithFile !== 'empty') return;
  if (list.category !== 'sentence-similarity' || settings.sentenceEncoding === 'searchTerms') {
    form.append('searchTerms', '');
    return;
  }
  if (settings.sentenceEncoding === 'json') for (const part of sentenceParts([], 'json')) form.append(part.name, part.value);
}
