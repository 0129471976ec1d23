// From what the write probe stored for each kind, the sentenceEncoding and the separator per kind
// that round-trip on this app, and one finding per question, each saying what kwsync assumed, what
// the app did and the setting that fixes it. Pure.
import { SENTENCE_ENCODINGS, TERM_SEPARATORS } from '../model/config.js';
import { CATEGORIES, type Category } from '../model/keyword-list.js';
import type { Finding, FindingId, VariantResult } from './report.js';
import type { ProbeSettings, SentenceEncoding, Separators, TermSeparator } from './terms-variants.js';

const accepted = (r: VariantResult) => r.status >= 200 && r.status < 300;
const shown = (entries: readonly string[] | undefined) => (entries ? JSON.stringify(entries) : 'nothing');

/** What one write did, in a few words: "stored as sent", "stored as [...]", "refused (HTTP 400: ...)". */
export function outcome(r: VariantResult): string {
  if (r.matches) return 'stored as sent';
  if (!accepted(r)) return `refused (HTTP ${r.status}${r.error ? `: ${r.error.replace(/[.\s]+$/, '')}` : ''})`;
  return `stored as ${shown(r.stored)}`;
}

/** A separator variant the client sent as a file says nothing about the separator: undefined. */
function separatorWorks(v: VariantResult | undefined): boolean | undefined {
  if (!v || v.parts.includes('file')) return undefined;
  return v.matches;
}

/**
 * Sentences in searchTerms also work when the app took them and a sentence separator stored its
 * entries as sent: with that separator, a sentence holding it goes as a file (termsTransport auto).
 */
function encodingWorks(sentences: readonly VariantResult[], encoding: SentenceEncoding, separator: TermSeparator): boolean | undefined {
  const v = sentences.find((x) => x.variant === `sentences-${encoding}`);
  if (!v) return undefined;
  if (v.matches || encoding !== 'searchTerms' || !accepted(v)) return v.matches;
  return separatorWorks(sentences.find((x) => x.variant === `separator-${separator}`)) === true;
}

const ofKind = (variants: readonly VariantResult[], kind: Category) => variants.filter((v) => v.kind === kind);

/** Keep the current value unless it was seen to fail; then the first that round-trips (in the setting's own order). */
function pick<T extends string>(values: readonly T[], current: T, works: (v: T) => boolean | undefined): T {
  if (works(current) !== false) return current;
  return values.find((v) => works(v) === true) ?? current;
}

export function recommendKindSettings(current: ProbeSettings, variants: readonly VariantResult[]): Pick<ProbeSettings, 'sentenceEncoding' | 'separators'> {
  const sentences = ofKind(variants, 'sentence-similarity');
  const separators = Object.fromEntries(
    CATEGORIES.map((kind) => [kind, pick(TERM_SEPARATORS, current.separators[kind], (s) => separatorWorks(ofKind(variants, kind).find((v) => v.variant === `separator-${s}`)))]),
  ) as Separators;
  const sentenceEncoding = pick(SENTENCE_ENCODINGS, current.sentenceEncoding, (e) => encodingWorks(sentences, e, separators['sentence-similarity']));
  return { sentenceEncoding, separators };
}

export function kindFindings(current: ProbeSettings, recommended: Pick<ProbeSettings, 'sentenceEncoding' | 'separators'>, variants: readonly VariantResult[]): Finding[] {
  const findings: Finding[] = [];
  const sentences = ofKind(variants, 'sentence-similarity').filter((v) => v.variant.startsWith('sentences-'));
  if (sentences.length > 0) findings.push(sentenceEncodingFinding(current.sentenceEncoding, recommended, sentences));
  for (const kind of CATEGORIES) {
    const tried = ofKind(variants, kind).filter((v) => v.variant.startsWith('separator-'));
    if (tried.length > 0) findings.push(separatorFinding(kind, current.separators[kind], recommended.separators[kind], tried));
  }
  const inSearchTerms = sentences.find((v) => v.variant === 'sentences-searchTerms');
  if (inSearchTerms && !ofKind(variants, 'sentence-similarity').some((v) => v.variant.startsWith('separator-'))) {
    findings.push(sentenceSeparatorUnused(current, inSearchTerms));
  }
  const post = variants.find((v) => v.method === 'POST' && v.parts.includes('file'));
  if (post) findings.push(postWithFileFinding(post));
  const files = variants.filter((v) => v.variant === 'file');
  if (files.length > 0) findings.push(filesPerKindFinding(files));
  return findings;
}

/** An accepted write that left the entries of an earlier one: the service ignored the parts sent. */
function ignoredNote(v: VariantResult, earlier: readonly VariantResult[]): string {
  if (v.matches || !accepted(v) || !v.stored) return '';
  return earlier.some((e) => e.matches && JSON.stringify([...e.sent].sort()) === JSON.stringify([...v.stored!].sort())) ? ' (the sentences of an earlier write: these parts were ignored)' : '';
}

function sentenceEncodingFinding(current: SentenceEncoding, settings: Pick<ProbeSettings, 'sentenceEncoding' | 'separators'>, tried: VariantResult[]): Finding {
  const recommended = settings.sentenceEncoding;
  const title = 'sentences with commas (sentenceEncoding)';
  const observed = tried
    .map((v, i) => `${v.variant.slice('sentences-'.length)} (${v.parts.join(', ') || 'no entry part'}): ${outcome(v)}${ignoredNote(v, tried.slice(0, i))}`)
    .join('; ');
  const assumed = `a sentence list's disallowedSentences travel as ${current} (service.sentenceEncoding), each sentence kept whole, commas included`;
  const currentOk = tried.find((v) => v.variant === `sentences-${current}`)?.matches === true;
  if (currentOk) {
    return { id: 'sentence-encoding', status: 'ok', title, detail: `Sentences sent with sentenceEncoding ${current} are stored whole, commas included.`, needsAction: false, assumed, observed, fix: 'none needed' };
  }
  if (recommended !== current) {
    return {
      id: 'sentence-encoding',
      status: 'differs',
      title,
      detail:
        recommended === 'searchTerms' && tried.find((v) => v.variant === 'sentences-searchTerms')?.matches !== true
          ? `Sentences sent with sentenceEncoding ${current} were not stored as sent. The app takes sentences in searchTerms, ${settings.separators['sentence-similarity']}-separated (see the separator finding); a sentence holding that separator then goes as a file.`
          : `Sentences sent with sentenceEncoding ${current} were not stored as sent; with ${recommended} they were.`,
      needsAction: true,
      hint: `set service.sentenceEncoding: ${recommended}`,
      assumed,
      observed,
      fix: `service.sentenceEncoding: ${recommended}`,
    };
  }
  return {
    id: 'sentence-encoding',
    status: 'differs',
    title,
    detail: 'No sentenceEncoding kwsync can send stored the sentences as sent: sentence-similarity lists cannot be kept in sync on this app.',
    needsAction: true,
    hint: 'report this to the kwsync maintainers with the output of `kwsync doctor --write-probe --format json`',
    assumed,
    observed,
    fix: 'no setting: none of the encodings round-trips',
  };
}

const KIND_NAMES: Record<Category, string> = { word: 'word', pattern: 'pattern', 'sentence-similarity': 'sentence' };
const FINDING_OF: Record<Category, FindingId> = { word: 'separators-word', pattern: 'separators-pattern', 'sentence-similarity': 'separators-sentence-similarity' };

function separatorFinding(kind: Category, current: TermSeparator, recommended: TermSeparator, tried: VariantResult[]): Finding {
  const title = `${KIND_NAMES[kind]} entries in searchTerms (separators.${kind})`;
  const setting = `service.separators.${kind}`;
  const observed = tried
    .map((v) => `${v.variant.slice('separator-'.length)}-separated ${shown(v.sent)}${v.parts.includes('file') ? ' (kwsync sent these as a file, so this says nothing of the separator)' : ''}: ${outcome(v)}`)
    .join('; ');
  const assumed = `${KIND_NAMES[kind]} entries in one searchTerms string are ${current}-separated (${setting})`;
  const currentWorks = separatorWorks(tried.find((v) => v.variant === `separator-${current}`));
  if (currentWorks === undefined && recommended === current) {
    return {
      id: FINDING_OF[kind],
      status: 'unknown',
      title,
      detail: `kwsync sends ${KIND_NAMES[kind]} entries ${current}-separated as a file when one holds the separator, so the probe could not see how searchTerms is split; the file findings cover that path.`,
      needsAction: false,
      assumed,
      observed,
    };
  }
  if (currentWorks === true) {
    return { id: FINDING_OF[kind], status: 'ok', title, detail: `${capitalise(KIND_NAMES[kind])} entries ${current}-separated in searchTerms are stored one by one, as sent.`, needsAction: false, assumed, observed, fix: 'none needed' };
  }
  if (recommended !== current) {
    return {
      id: FINDING_OF[kind],
      status: 'differs',
      title,
      detail: `${capitalise(KIND_NAMES[kind])} entries ${current}-separated were not stored as sent; ${recommended}-separated they were.`,
      needsAction: true,
      hint: `set ${setting}: ${recommended}`,
      assumed,
      observed,
      fix: `${setting}: ${recommended}`,
    };
  }
  return {
    id: FINDING_OF[kind],
    status: 'differs',
    title,
    detail: `Neither separator stored ${KIND_NAMES[kind]} entries as sent in searchTerms. A CSV file may still work (service.termsTransport: file; see the file findings).`,
    needsAction: true,
    hint: 'set service.termsTransport: file if the file findings say a file stores entries as sent; otherwise report this to the kwsync maintainers',
    assumed,
    observed,
    fix: 'no separator works; service.termsTransport: file if a file does',
  };
}

/** Sentences in searchTerms were refused: the sentence separator is never used, so it was not tried. */
function sentenceSeparatorUnused(current: ProbeSettings, inSearchTerms: VariantResult): Finding {
  return {
    id: 'separators-sentence-similarity',
    status: 'ok',
    title: 'sentence entries in searchTerms (separators.sentence-similarity)',
    detail: `The app does not take sentences in searchTerms, as published, so separators.sentence-similarity (used only with sentenceEncoding searchTerms) is never used here and was not tried.`,
    needsAction: false,
    assumed: `sentences in one searchTerms string are ${current.separators['sentence-similarity']}-separated, when sentenceEncoding is searchTerms`,
    observed: `sentences in searchTerms: ${outcome(inSearchTerms)}`,
    fix: 'none needed',
  };
}

function postWithFileFinding(post: VariantResult): Finding {
  const title = 'creating a list with a file (POST)';
  const assumed = 'a list whose entries go as a CSV file can be created with that file, not only updated with one';
  const observed = `POST of a new ${KIND_NAMES[post.kind]} list with ${post.parts.join(' and ')}: ${outcome(post)}`;
  if (post.matches) {
    return { id: 'post-with-file', status: 'ok', title, detail: 'A list created with a CSV file holds its entries as sent.', needsAction: false, assumed, observed, fix: 'none needed' };
  }
  return {
    id: 'post-with-file',
    status: 'differs',
    title,
    detail:
      'A list created with a CSV file did not hold its entries as sent. kwsync creates a list with a file when termsTransport is file or an entry holds its separator; ' +
      'such a create fails its read-back on this app (apply says so and leaves the list for a re-run).',
    needsAction: true,
    hint: 'keep service.termsTransport: auto and create such a list with entries free of its separator first, then add the rest (an update with a file)',
    assumed,
    observed,
    fix: 'no setting: service.termsTransport auto avoids the file where it can',
  };
}

function filesPerKindFinding(files: VariantResult[]): Finding {
  const title = 'word and sentence entries in a CSV file';
  const observed = files.map((f) => `${KIND_NAMES[f.kind]} (${f.method}, ${f.parts.join(' and ')}): ${outcome(f)}`).join('; ');
  const assumed = 'a CSV file of one entry per line is stored entry by entry for every kind (patterns: see the CSV quoting finding)';
  const bad = files.filter((f) => !f.matches);
  if (bad.length === 0) {
    return { id: 'files-per-kind', status: 'ok', title, detail: 'A CSV file of one entry per line is stored entry by entry for word and sentence lists.', needsAction: false, assumed, observed, fix: 'none needed' };
  }
  return {
    id: 'files-per-kind',
    status: 'differs',
    title,
    detail: `A CSV file was not stored entry by entry for ${bad.map((f) => `${KIND_NAMES[f.kind]} lists`).join(' and ')}. kwsync sends a file only under termsTransport file or for an entry holding its separator; keep termsTransport auto.`,
    // kwsync sends a file only where it must; the finding says which kinds cannot take one.
    needsAction: false,
    hint: 'keep service.termsTransport: auto, and choose separators that let entries travel in searchTerms',
    assumed,
    observed,
    fix: 'service.termsTransport: auto (and the separators above)',
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
