// The ways the write probe sends terms, each exactly as the client would send them with those
// kwsync.yaml settings (the same keywordListForm), so what works here works for apply.
import type { FormData } from 'undici';
import { keywordListForm } from '../api/index.js';
import type { KeywordList } from '../model/keyword-list.js';
import { DEFAULT_TERMS_SETTINGS, type CsvQuoting, type SearchTermsWithFile, type TermsSettings } from '../model/terms-encoding.js';
import type { VariantId } from './report.js';

/** Comma-free terms: they travel in `searchTerms` under termsTransport auto. */
export const SEARCH_TERMS_SAMPLE = ['kwsyncprobe', 'kwsyncprobe\\d{2}'];
/** A bounded pattern with a comma (the published example of a permitted pattern) and a plain term. */
export const COMMA_SAMPLE = ['\\d{3,10}', 'kwsyncprobe'];

export interface Variant {
  id: VariantId;
  terms: string[];
  settings: TermsSettings;
}

export function searchTermsVariant(current: TermsSettings): Variant {
  return { id: 'searchTerms', terms: SEARCH_TERMS_SAMPLE, settings: { ...current, termsTransport: 'auto' } };
}

export function fileVariant(csvQuoting: CsvQuoting, searchTermsWithFile: SearchTermsWithFile): Variant {
  return {
    id: `file-${csvQuoting}-${searchTermsWithFile}`,
    terms: COMMA_SAMPLE,
    settings: { ...DEFAULT_TERMS_SETTINGS, termsTransport: 'file', csvQuoting, searchTermsWithFile },
  };
}

export function probeList(id: string, terms: string[]): KeywordList {
  return {
    id,
    name: 'kwsync doctor probe (safe to delete)',
    description: 'A temporary list made by kwsync doctor --write-probe; it deletes it when done.',
    category: 'pattern',
    searchTerms: terms,
  };
}

export const KEYWORDS_PATH = '/moderation/keywords';

/** The only list path the probe ever writes to. */
export function probeListPath(id: string): string {
  return `${KEYWORDS_PATH}/${encodeURIComponent(id)}`;
}

export function variantForm(id: string, variant: Variant): FormData {
  return keywordListForm(probeList(id, variant.terms), variant.settings);
}

/** The other value of a two-valued setting. */
export function otherOf<T>(values: readonly T[], value: T): T {
  return values.find((v) => v !== value) ?? value;
}

/** Order-free comparison: the service may return terms in any order. */
export function sameTerms(sent: readonly string[], stored: readonly string[]): boolean {
  const a = [...new Set(sent)].sort();
  const b = [...new Set(stored)].sort();
  return a.length === b.length && a.every((t, i) => t === b[i]);
}
