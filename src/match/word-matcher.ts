// Word lists: whole-word, case-insensitive matching of many terms with one Aho-Corasick automaton
// (modern-ahocorasick), so a list of 100,000 terms compiles in well under a second and scans a
// text in time linear in its length. Terms and text are folded the same way (NFKC, then lower
// case) and matched on the folded text, so boundaries are checked there and no offsets need mapping.
import AhoCorasick from 'modern-ahocorasick';
import { bySpanStart, type Matcher, type MatchSpan } from './matcher.js';

/**
 * NFKC then lower case: "ｈｅｃｋ", "HECK" and "heck" are one word; a decomposed "é" is "é". The
 * sharp s is case-folded as Unicode's CaseFolding.txt has it (ß, ẞ → ss), since German capitals
 * write it SS: "STRASSE" and "straße" are one word.
 */
export const foldWord = (s: string): string => (ASCII_ONLY.test(s) ? s.toLowerCase() : sharpS(s.normalize('NFKC').toLowerCase()));
const sharpS = (s: string): string => (s.includes('ß') ? s.replace(/ß/g, 'ss') : s);
/** NFKC leaves ASCII as it is, so an ASCII text skips the normalizer. */
const ASCII_ONLY = /^[\0-\x7f]*$/;

// Letters, digits and combining marks make words; "_" does not (it joins words, as in "heck_yes").
const STARTS_WORDLIKE = /^[\p{L}\p{N}\p{M}]/u;
const ENDS_WORDLIKE = /[\p{L}\p{N}\p{M}]$/u;

/**
 * Letters of the scripts written without spaces between words, which Unicode's word-break rules
 * (UAX #29) never join into a word without a dictionary: ideographs, Hiragana, and the scripts of
 * Line_Break=SA (complex context: Thai, Lao, Khmer, Myanmar, Tai Le, New Tai Lue, Tai Tham, Tai
 * Viet, Ahom), whose marks belong to the script too. Beside one of them, a term edge is a word edge
 * (`傻逼` in `你是傻逼吧`, `ควาย` in `มึงมันควาย`), unless a mark or joiner continues the character.
 * Katakana is not here: UAX #29 joins Katakana to Katakana (WB13), as the letter rule does.
 */
export const UNSPACED = /[\p{Ideographic}\p{Script=Hiragana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tai_Le}\p{Script=New_Tai_Lue}\p{Script=Tai_Tham}\p{Script=Tai_Viet}\p{Script=Ahom}]/u;
/** The code point of `text` that ends at `end` (a surrogate pair read whole). */
const before = (text: string, end: number): string => text.slice(end >= 2 && /[\udc00-\udfff]/.test(text[end - 1]!) && /[\ud800-\udbff]/.test(text[end - 2]!) ? end - 2 : end - 1, end);
const after = (text: string, start: number): string => String.fromCodePoint(text.codePointAt(start)!);

/**
 * Whether the characters `left` and `right`, both word-like, meet at a word edge: one of them is
 * UNSPACED, and `right` does not continue `left`'s character (a mark, a joiner).
 */
function unspacedEdge(left: string, right: string): boolean {
  return (UNSPACED.test(left) || UNSPACED.test(right)) && !JOINERS.test(right) && !/\p{M}/u.test(right);
}

/** A term that is one run of word characters. */
const TOKEN = /^[\p{L}\p{N}\p{M}]+$/u;
/**
 * Characters that can join a neighbour into one grapheme (Extend, ZWJ, SpacingMark, Prepend; a
 * superset). A text without them breaks graphemes wherever a word character meets another
 * character, so a whole-word hit of a one-run term is exactly a run of word characters equal to
 * it: a Map lookup per run finds what the automaton finds. A test checks the list against
 * Intl.Segmenter over the code points; a text with any of them takes the automaton.
 */
export const JOINERS =
  /[\p{Grapheme_Extend}\p{Emoji_Modifier}\p{Mc}\u200d\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u0d4e\u0e33\u0eb3\u{110bd}\u{110cd}\u{111c2}\u{111c3}\u{113d1}\u{1193f}\u{11941}\u{11a3a}\u{11a84}-\u{11a89}\u{11d46}\u{11f02}]/u;

/** One-run terms by their fold: the term as spelled, or every spelling when several fold alike. */
type Spellings = Map<string, string | string[]>;

interface Entry {
  /** The term as the list spells it. */
  term: string;
  /** The term's first / last character is a letter, digit or mark, so it needs a boundary there. */
  wordStart: boolean;
  wordEnd: boolean;
}

/**
 * The whole-word rule: a term edge that is a letter, digit or mark must not touch another letter,
 * digit or mark, except where either is UNSPACED (no spaces in that script, so every letter edge
 * can be a word edge); an edge like "*" or "🖕" needs no boundary. The automaton only reports hits on
 * whole graphemes (user-perceived characters), so a term never matches part of one ("cafe" in
 * "cafe\u0301"); what is left is to look at the code points just outside the hit.
 */
function isWholeWord(text: string, start: number, end: number, e: Entry): boolean {
  if (e.wordStart && start > 0 && ENDS_WORDLIKE.test(text.slice(Math.max(0, start - 2), start)) && !unspacedEdge(before(text, start), after(text, start))) return false;
  if (e.wordEnd && end < text.length && STARTS_WORDLIKE.test(text.slice(end, end + 2)) && !unspacedEdge(before(text, end), after(text, end))) return false;
  return true;
}

export function compileWordMatcher(terms: readonly string[]): Matcher {
  // Every term is its own entry, also when two fold together: each is reported as the list spells it.
  const entryOf = (term: string, pattern: string) => ({
    pattern,
    data: { term, wordStart: STARTS_WORDLIKE.test(pattern), wordEnd: ENDS_WORDLIKE.test(pattern) } satisfies Entry,
  });
  // Terms that are one run of letters, digits and marks are looked up run by run (see JOINERS);
  // the rest (several words, punctuation, emoji) stay with an automaton of their own.
  // A term as the list spells it, or several when they fold alike (an array only then: 100k terms
  // would otherwise be 100k one-element arrays).
  const byToken: Spellings = new Map();
  const others: ReturnType<typeof entryOf>[] = [];
  let any = false;
  for (const term of terms) {
    const pattern = foldWord(term);
    if (pattern.length === 0) continue;
    any = true;
    if (!isToken(pattern)) {
      others.push(entryOf(term, pattern));
      continue;
    }
    const spelled = byToken.get(pattern);
    if (spelled === undefined) byToken.set(pattern, term);
    else if (typeof spelled === 'string') byToken.set(pattern, [spelled, term]);
    else spelled.push(term);
  }
  if (!any) return { matches: () => [], spans: () => [] };
  // Boundaries are checked here rather than with the library's `boundary` option: that option
  // segments every text into graphemes for the context and is about ten times slower.
  // The automaton of every term is needed for texts with JOINERS and for spans only: built on first use.
  let all: AhoCorasick<Entry> | undefined;
  const automaton = (): AhoCorasick<Entry> =>
    (all ??= new AhoCorasick<Entry>(terms.map((term) => ({ term, pattern: foldWord(term) })).filter((e) => e.pattern.length > 0).map((e) => entryOf(e.term, e.pattern))));
  const rest = others.length > 0 ? new AhoCorasick<Entry>(others) : null;
  // The first UTF-16 unit of every one-run term: most runs of a text are skipped without a lookup.
  const firstUnits = new Uint8Array(0x10000);
  for (const pattern of byToken.keys()) firstUnits[pattern.charCodeAt(0)] = 1;
  return {
    matches(text: string): string[] {
      const folded = foldWord(text);
      const runs = byToken.size > 0 ? tokenTerms(folded, byToken, firstUnits) : [];
      // null: a JOINER, so graphemes may span a word edge and the automaton of every term decides.
      const hits = runs === null ? automaton() : rest;
      if (hits === null) return runs!.length <= 1 ? runs! : [...new Set(runs)];
      const found = new Set<string>(runs ?? []);
      // 'all' keeps overlapping hits: "oh heck" and "heck" are both in "oh heck".
      for (const hit of hits.iterate(folded, { strategy: 'all' })) {
        if (isWholeWord(folded, hit.start, hit.end, hit.data!)) found.add(hit.data!.term);
      }
      return [...found];
    },
    spans(text: string): MatchSpan[] {
      const { folded, toOriginal } = foldMapped(text);
      const out: MatchSpan[] = [];
      for (const hit of automaton().iterate(folded, { strategy: 'all' })) {
        if (!isWholeWord(folded, hit.start, hit.end, hit.data!)) continue;
        out.push({ start: toOriginal(hit.start, 'start'), end: toOriginal(hit.end, 'end'), term: hit.data!.term });
      }
      return out.sort(bySpanStart);
    },
  };
}

const ASCII_WORD = new Uint8Array(128).map((_, c) => (/[0-9A-Za-z]/.test(String.fromCharCode(c)) ? 1 : 0));
const WORDLIKE = /^[\p{L}\p{N}\p{M}]$/u;

/** TOKEN.test, with ASCII letters and digits decided by the table. */
function isToken(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern.charCodeAt(i);
    if (c >= 0x80) return TOKEN.test(pattern);
    if (ASCII_WORD[c] === 0) return false;
  }
  return true;
}

/** Each code point's class, worked out by the regexes above the first time it is met. */
const UNKNOWN = 0;
const OTHER = 1;
const WORD = 2;
const JOINER = 3;
let classes: Uint8Array | undefined;
function classOf(cp: number, ch: string): number {
  classes ??= new Uint8Array(0x110000);
  let k = classes[cp]!;
  // An UNSPACED letter can be a word edge inside a run, which the run lookup cannot see: the automaton decides.
  if (k === UNKNOWN) classes[cp] = k = JOINERS.test(ch) || UNSPACED.test(ch) ? JOINER : WORDLIKE.test(ch) ? WORD : OTHER;
  return k;
}

/**
 * The one-run terms equal to a maximal run of word characters of `folded`, in one pass over it;
 * null as soon as a JOINER shows up. ASCII is classified by a table; other characters by regex.
 */
function tokenTerms(folded: string, byToken: Spellings, firstUnits: Uint8Array): string[] | null {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < folded.length; ) {
    const c = folded.charCodeAt(i);
    let width = 1;
    let word: boolean;
    if (c < 0x80) word = ASCII_WORD[c] === 1;
    else {
      const cp = folded.codePointAt(i)!;
      if (cp > 0xffff) width = 2;
      const k = classes?.[cp] || classOf(cp, folded.slice(i, i + width));
      if (k === JOINER) return null;
      word = k === WORD;
    }
    if (word) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      lookUp(folded, start, i, byToken, firstUnits, out);
      start = -1;
    }
    i += width;
  }
  if (start >= 0) lookUp(folded, start, folded.length, byToken, firstUnits, out);
  return out;
}

/** The terms spelled like the run [start, end), unless no term starts with its first unit. */
function lookUp(folded: string, start: number, end: number, byToken: Spellings, firstUnits: Uint8Array, out: string[]): void {
  if (firstUnits[folded.charCodeAt(start)] === 0) return;
  const terms = byToken.get(folded.slice(start, end));
  if (typeof terms === 'string') out.push(terms);
  else if (terms) for (const t of terms) out.push(t);
}

/** Made on first use: creating a segmenter loads ICU's break rules (~15 ms), and only spans need it. */
let graphemes: Intl.Segmenter | undefined;

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
  for (const { segment, index } of (graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text)) {
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
