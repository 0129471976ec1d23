// The matchers as they were before the fast paths (every regex on every text; the Aho-Corasick
// word matcher over the whole text), kept as the reference the equivalence tests compare with.
import AhoCorasick from 'modern-ahocorasick';
import { bySpanStart, type Matcher, type MatchSpan } from '../../src/match/matcher.js';

export function referencePatternMatcher(patterns: readonly string[]): Matcher {
  const compiled: { source: string; re: RegExp; all: RegExp }[] = [];
  for (const source of patterns) {
    try {
      compiled.push({ source, re: new RegExp(source, 'iu'), all: new RegExp(source, 'giu') });
    } catch {
      // matches nothing
    }
  }
  return {
    matches: (text) => compiled.filter((p) => p.re.test(text)).map((p) => p.source),
    spans(text) {
      const out: MatchSpan[] = [];
      for (const p of compiled) {
        let n = 0;
        for (const m of text.matchAll(p.all)) {
          if (m[0].length > 0) out.push({ start: m.index, end: m.index + m[0].length, term: p.source });
          if (++n >= 50) break;
        }
      }
      return out.sort(bySpanStart);
    },
  };
}

// The word matcher as it was (one Aho-Corasick automaton over the whole folded text).
const foldWord = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/ß/g, 'ss');
// Letters, digits and combining marks make words; "_" does not (it joins words, as in "heck_yes").
const STARTS_WORDLIKE = /^[\p{L}\p{N}\p{M}]/u;
const ENDS_WORDLIKE = /[\p{L}\p{N}\p{M}]$/u;

interface Entry {
  /** The term as the list spells it. */
  term: string;
  /** The term's first / last character is a letter, digit or mark, so it needs a boundary there. */
  wordStart: boolean;
  wordEnd: boolean;
}

/**
 * The whole-word rule: a term edge that is a letter, digit or mark must not touch another letter,
 * digit or mark; an edge like "*" or "🖕" needs no boundary. The automaton only reports hits on
 * whole graphemes (user-perceived characters), so a term never matches part of one ("cafe" in
 * "cafe\u0301"); what is left is to look at the code points just outside the hit.
 */
function isWholeWord(text: string, start: number, end: number, e: Entry): boolean {
  if (e.wordStart && start > 0 && ENDS_WORDLIKE.test(text.slice(Math.max(0, start - 2), start)) && !edgeOfUnspaced(text, start)) return false;
  if (e.wordEnd && end < text.length && STARTS_WORDLIKE.test(text.slice(end, end + 2)) && !edgeOfUnspaced(text, end)) return false;
  return true;
}

// Scripts without spaces (ideographs, Hiragana, Line_Break=SA): beside one of their letters every
// edge is a word edge, unless the next code point is a mark or joiner continuing the character.
const UNSPACED = /[\p{Ideographic}\p{Script=Hiragana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tai_Le}\p{Script=New_Tai_Lue}\p{Script=Tai_Tham}\p{Script=Tai_Viet}\p{Script=Ahom}]/u;
function edgeOfUnspaced(text: string, at: number): boolean {
  const left = [...text.slice(0, at)].at(-1)!;
  const right = [...text.slice(at)][0]!;
  return (UNSPACED.test(left) || UNSPACED.test(right)) && !/[\p{M}\p{Grapheme_Extend}\p{Emoji_Modifier}\u200d]/u.test(right);
}

export function referenceWordMatcher(terms: readonly string[]): Matcher {
  // Every term is its own entry, also when two fold together: each is reported as the list spells it.
  const entries = terms
    .map((term) => ({ pattern: foldWord(term), term }))
    .filter((e) => e.pattern.length > 0)
    .map(({ pattern, term }) => ({
      pattern,
      data: { term, wordStart: STARTS_WORDLIKE.test(pattern), wordEnd: ENDS_WORDLIKE.test(pattern) } satisfies Entry,
    }));
  if (entries.length === 0) return { matches: () => [], spans: () => [] };
  // Boundaries are checked here rather than with the library's `boundary` option: that option
  // segments every text into graphemes for the context and is about ten times slower.
  const automaton = new AhoCorasick<Entry>(entries);
  return {
    matches(text: string): string[] {
      const folded = foldWord(text);
      const found = new Set<string>();
      // 'all' keeps overlapping hits: "oh heck" and "heck" are both in "oh heck".
      for (const hit of automaton.iterate(folded, { strategy: 'all' })) {
        if (isWholeWord(folded, hit.start, hit.end, hit.data!)) found.add(hit.data!.term);
      }
      return [...found];
    },
    spans(text: string): MatchSpan[] {
      const { folded, toOriginal } = foldMapped(text);
      const out: MatchSpan[] = [];
      for (const hit of automaton.iterate(folded, { strategy: 'all' })) {
        if (!isWholeWord(folded, hit.start, hit.end, hit.data!)) continue;
        out.push({ start: toOriginal(hit.start, 'start'), end: toOriginal(hit.end, 'end'), term: hit.data!.term });
      }
      return out.sort(bySpanStart);
    },
  };
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The text folded one grapheme at a time, with a map from folded offsets back to the original.
 * Folding can change lengths ("ﬁ" -> "fi"), so spans found in the folded text need the map. This
 * is for marking hits only: a context-dependent fold (a final sigma) may differ from `foldWord` of
 * the whole text, which decides whether a message is caught.
 */
function foldMapped(text: string): { folded: string; toOriginal: (at: number, edge: 'start' | 'end') => number } {
  const foldedStarts: number[] = [];
  const originalStarts: number[] = [];
  let folded = '';
  for (const { segment, index } of graphemes.segment(text)) {
    foldedStarts.push(folded.length);
    originalStarts.push(index);
    folded += foldWord(segment);
  }
  // The grapheme whose fold holds folded offset `at` (for an end: the one holding `at - 1`).
  const graphemeAt = (at: number): number => {
    let lo = 0;
    let hi = foldedStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (foldedStarts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  return {
    folded,
    toOriginal(at, edge) {
      if (foldedStarts.length === 0) return 0;
      if (edge === 'start') return originalStarts[graphemeAt(at)]!;
      if (at <= 0) return 0;
      const g = graphemeAt(at - 1);
      return originalStarts[g + 1] ?? text.length;
    },
  };
}
