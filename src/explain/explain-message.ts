// Which lists catch a message, by which terms, and where in the message: pure data from the lists
// and the matcher of src/match (the same engine as list tests and previews), so what explain says
// is what validate's examples and preview would say.
import type { Category, KeywordList } from '../model/keyword-list.js';
import { compileMatcher, type MatchSpan } from '../match/index.js';
import { foldWord } from '../match/word-matcher.js';

/** How a list of each category decides, in the words an analyst needs. */
export const RULES: Record<Category, string> = {
  word: 'whole word, case-insensitive',
  pattern: 'regular expression, case-insensitive (flags iu)',
  'sentence-similarity': 'sentence similarity: not previewable offline (the service\'s AI model decides)',
};

export interface Span {
  /** UTF-16 offsets into the message. */
  start: number;
  end: number;
  text: string;
}

export interface TermHit {
  term: string;
  spans: Span[];
}

export interface ListVerdict {
  id: string;
  category: Category;
  rule: string;
  /** false for sentence-similarity lists: no offline answer. */
  previewable: boolean;
  caught: boolean;
  /** Terms (or patterns) that hit, in list order. */
  hits: TermHit[];
}

/** Each list's verdict on `message`, in the order of `lists`. */
export function explainMessage(message: string, lists: readonly Pick<KeywordList, 'id' | 'category' | 'searchTerms'>[]): ListVerdict[] {
  return lists.map((list) => {
    const base = { id: list.id, category: list.category, rule: RULES[list.category] };
    const matcher = compileMatcher(list);
    if (!matcher) return { ...base, previewable: false, caught: false, hits: [] };
    const found = new Set(matcher.matches(message));
    const spans = matcher.spans(message);
    const hits = list.searchTerms.filter((t) => found.has(t)).map((term) => ({ term, spans: spans.filter((s) => s.term === term).map((s) => span(message, s)) }));
    return { ...base, previewable: true, caught: hits.length > 0, hits };
  });
}

function span(message: string, s: MatchSpan): Span {
  return { start: s.start, end: s.end, text: message.slice(s.start, s.end) };
}

export interface TermHolding {
  id: string;
  category: Category;
  /** Each term of the list equal to the one asked about: exactly, or once folded as word lists fold (NFKC, lower case). */
  holds: { term: string; index: number; match: 'exact' | 'case-folded' }[];
}

/** Every list holding `term`, exactly or case-folded the way the word matcher folds, in list order. */
export function findTerm(term: string, lists: readonly Pick<KeywordList, 'id' | 'category' | 'searchTerms'>[]): TermHolding[] {
  const folded = foldWord(term.trim());
  const out: TermHolding[] = [];
  for (const list of lists) {
    const holds: TermHolding['holds'] = [];
    list.searchTerms.forEach((t, index) => {
      if (t === term.trim()) holds.push({ term: t, index, match: 'exact' });
      else if (foldWord(t) === folded) holds.push({ term: t, index, match: 'case-folded' });
    });
    if (holds.length > 0) out.push({ id: list.id, category: list.category, holds });
  }
  return out;
}
