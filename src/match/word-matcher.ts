// Word lists: whole-word, case-insensitive matching of many terms with one Aho-Corasick automaton
// (modern-ahocorasick), so a list of 100,000 terms compiles in well under a second and scans a
// text in time linear in its length. Terms and text are folded the same way (NFKC, then lower
// case) and matched on the folded text, so boundaries are checked there and no offsets need mapping.
import AhoCorasick, { type BoundaryContext } from 'modern-ahocorasick';
import type { Matcher } from './matcher.js';

/** NFKC then lower case: "ｈｅｃｋ", "HECK" and "heck" are one word; a decomposed "é" is "é". */
export const foldWord = (s: string): string => s.normalize('NFKC').toLowerCase();

// Letters, digits and combining marks make words; "_" does not (it joins words, as in "heck_yes").
const STARTS_WORDLIKE = /^[\p{L}\p{N}\p{M}]/u;
const ENDS_WORDLIKE = /[\p{L}\p{N}\p{M}]$/u;

/**
 * The whole-word rule: a term edge that is a letter, digit or mark must not touch another letter,
 * digit or mark. An edge like "*" or "🖕" needs no boundary. The library hands us whole graphemes
 * (user-perceived characters), so a term never matches part of one ("cafe" in "cafe\u0301").
 */
export function isWholeWord(c: Pick<BoundaryContext, 'left' | 'right' | 'first' | 'last'>): boolean {
  if (c.left !== undefined && STARTS_WORDLIKE.test(c.first) && ENDS_WORDLIKE.test(c.left)) return false;
  if (c.right !== undefined && ENDS_WORDLIKE.test(c.last) && STARTS_WORDLIKE.test(c.right)) return false;
  return true;
}

export function compileWordMatcher(terms: readonly string[]): Matcher {
  // Every term is its own entry, also when two fold together: each is reported as the list spells it.
  const entries = terms
    .filter((t) => t.length > 0)
    .map((term) => ({ pattern: foldWord(term), data: term }))
    .filter((e) => e.pattern.length > 0);
  if (entries.length === 0) return { matches: () => [] };
  const automaton = new AhoCorasick<string>(entries, { boundary: isWholeWord });
  return {
    matches(text: string): string[] {
      const found = new Set<string>();
      // 'all' keeps overlapping hits: "oh heck" and "heck" are both in "oh heck".
      for (const hit of automaton.iterate(foldWord(text), { strategy: 'all' })) found.add(hit.data!);
      return [...found];
    },
  };
}
