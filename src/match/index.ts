// The matching engine behind list tests and previews: what a list would catch in a text, offline.
import type { KeywordList } from '../model/keyword-list.js';
import type { Matcher } from './matcher.js';
import { compilePatternMatcher, PATTERN_FLAGS } from './pattern-matcher.js';
import { compileWordMatcher } from './word-matcher.js';

export type { Matcher, MatchSpan } from './matcher.js';
export { PATTERN_FLAGS };
export { patternCandidates } from './pattern-matcher.js';
export { BoundedRegex, type JobHits, type RegexJob, type RegexLimits, type RegexRun, type RegexStop } from './bounded-regex.js';

/** A matcher for the list, or null for sentence-similarity lists (an AI model decides those). */
export function compileMatcher(list: Pick<KeywordList, 'category' | 'searchTerms'>): Matcher | null {
  switch (list.category) {
    case 'word':
      return compileWordMatcher(list.searchTerms);
    case 'pattern':
      return compilePatternMatcher(list.searchTerms);
    case 'sentence-similarity':
      return null;
  }
}
