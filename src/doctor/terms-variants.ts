// The ways the write probe sends entries, each exactly as the client would send them with those
// kwsync.yaml settings (the same keywordListForm), so what works here works for apply.
import type { FormData } from 'undici';
import { keywordListForm } from '../api/index.js';
import type { Category, KeywordList } from '../model/keyword-list.js';
import type { CsvQuoting, SearchTermsWithFile, SentenceEncoding, Separators, TermSeparator, TermsSettings } from '../model/terms-encoding.js';
import type { VariantId } from './report.js';

export type { SentenceEncoding, Separators, TermSeparator };

/** Every kwsync.yaml `service:` setting that shapes a list write. */
export type ProbeSettings = TermsSettings;

/** Comma-free terms: they travel in `searchTerms` under termsTransport auto. */
export const SEARCH_TERMS_SAMPLE = ['kwsyncprobe', 'kwsyncprobe\\d{2}'];
/** A bounded pattern with a comma (the published example of a permitted pattern) and a plain term. */
export const COMMA_SAMPLE = ['\\d{3,10}', 'kwsyncprobe'];

export interface Variant {
  id: VariantId;
  kind: Category;
  terms: string[];
  settings: ProbeSettings;
}

export function searchTermsVariant(current: ProbeSettings): Variant {
  return { id: 'searchTerms', kind: 'pattern', terms: SEARCH_TERMS_SAMPLE, settings: { ...current, termsTransport: 'auto' } };
}

export function fileVariant(current: ProbeSettings, csvQuoting: CsvQuoting, searchTermsWithFile: SearchTermsWithFile): Variant {
  return {
    id: `file-${csvQuoting}-${searchTermsWithFile}`,
    kind: 'pattern',
    terms: COMMA_SAMPLE,
    settings: { ...current, termsTransport: 'file', csvQuoting, searchTermsWithFile },
  };
}

/**
 * Entries per kind and question. Each variant sends entries of its own, so a write the service
 * ignores cannot pass for one that stored its entries. The newline samples of patterns and
 * sentences hold a comma: that is what one entry per line is for.
 */
const SAMPLES = {
  word: { comma: ['kwsyncprobe', 'kwsyncprobecomma'], newline: ['kwsyncprobe', 'kwsyncprobenewline'], file: ['kwsyncprobe', 'kwsyncprobefile'] },
  pattern: { comma: ['kwsyncprobe\\d{2}', 'kwsyncprobecomma'], newline: ['\\d{3,10}', 'kwsyncprobenewline'], file: ['\\d{2,4}', 'kwsyncprobefile'] },
  'sentence-similarity': {
    comma: ['kwsync probe sentence one', 'kwsync probe sentence two'],
    newline: ["Hello, let's connect on Whatsapp.", 'kwsync probe, one per line'],
    file: ['Hello, this sentence came in a file.', 'kwsync probe file'],
  },
} as const satisfies Record<Category, Record<'comma' | 'newline' | 'file', readonly string[]>>;

/** The sentences of one encoding: the published example (a comma inside) and one more, tagged by encoding. */
export function sentenceSample(encoding: SentenceEncoding): string[] {
  return [`Hello, let's connect on Whatsapp (${encoding}).`, `Send me your bank details, please (kwsync probe ${encoding}).`];
}

export function sentenceVariant(current: ProbeSettings, encoding: SentenceEncoding): Variant {
  return { id: `sentences-${encoding}`, kind: 'sentence-similarity', terms: sentenceSample(encoding), settings: { ...current, sentenceEncoding: encoding } };
}

/** Entries joined by one separator in `searchTerms` (for sentences: sentenceEncoding searchTerms). */
export function separatorVariant(current: ProbeSettings, kind: Category, separator: TermSeparator): Variant {
  return {
    id: `separator-${separator}`,
    kind,
    terms: [...SAMPLES[kind][separator]],
    settings: {
      ...current,
      termsTransport: 'auto',
      separators: { ...current.separators, [kind]: separator },
      ...(kind === 'sentence-similarity' ? { sentenceEncoding: 'searchTerms' as const } : {}),
    },
  };
}

/** The entries of one kind in a CSV file (termsTransport file), with the current quoting and encoding. */
export function kindFileVariant(current: ProbeSettings, kind: Category): Variant {
  return { id: 'file', kind, terms: [...SAMPLES[kind].file], settings: { ...current, termsTransport: 'file' } };
}

export function probeList(id: string, terms: string[], kind: Category = 'pattern'): KeywordList {
  return {
    id,
    name: 'kwsync doctor probe (safe to delete)',
    description: 'A temporary list made by kwsync doctor --write-probe; it deletes it when done.',
    category: kind,
    searchTerms: terms,
  };
}

/** The probe list of each kind: the pattern probe has the plain id; the others a suffix. */
export function probeListId(id: string, kind: Category): string {
  return kind === 'pattern' ? id : `${id}-${kind === 'word' ? 'word' : 'sentences'}`;
}

export const KEYWORDS_PATH = '/moderation/keywords';

/** The only list path the probe ever writes to. */
export function probeListPath(id: string): string {
  return `${KEYWORDS_PATH}/${encodeURIComponent(id)}`;
}

export function variantForm(id: string, variant: Variant): FormData {
  return keywordListForm(probeList(id, variant.terms, variant.kind), variant.settings);
}

const META_PARTS = new Set(['id', 'name', 'description', 'category']);

/** The parts of a form that carry entries (searchTerms, file, disallowedSentences...), in order, once each. */
export function entryParts(form: FormData): string[] {
  return [...new Set([...form.keys()].filter((k) => !META_PARTS.has(k)))];
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
