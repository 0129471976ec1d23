// Whole-word, case-insensitive matching of many terms with one combined regex. A term edge that
// is a letter/digit must not touch another letter/digit; an edge like "$" or "*" needs no boundary.
import type { Matcher } from './matcher.js';

const WORD_CHAR = /[\p{L}\p{N}_]/u;
// Only syntax characters: in `u` mode escaping anything else (such as '-') is an error.
const escape = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

export function compileWordMatcher(terms: readonly string[]): Matcher {
  const byFolded = new Map<string, string>();
  for (const t of terms) if (t.length > 0 && !byFolded.has(fold(t))) byFolded.set(fold(t), t);
  if (byFolded.size === 0) return { matches: () => [] };
  // Longest first, so "oh heck" wins over "heck" at the same start.
  const alternatives = [...byFolded.values()]
    .sort((a, b) => b.length - a.length)
    .map((t) => {
      const before = WORD_CHAR.test(t[0]!) ? '(?<![\\p{L}\\p{N}_])' : '';
      const after = WORD_CHAR.test(t[t.length - 1]!) ? '(?![\\p{L}\\p{N}_])' : '';
      return `${before}${escape(t)}${after}`;
    });
  const re = new RegExp(alternatives.join('|'), 'giu');
  return {
    matches(text: string): string[] {
      const found = new Set<string>();
      for (const m of text.matchAll(re)) {
        const term = byFolded.get(fold(m[0]));
        found.add(term ?? m[0]);
      }
      return [...found];
    },
  };
}

const fold = (s: string): string => s.normalize('NFKC').toLowerCase();
