// Pattern lists: each pattern as a JavaScript regex with flags `iu`. The service's regex flavour is
// undocumented; case-insensitive Unicode JS regexes are the decision, and validate parses patterns
// under the same flags, so a pattern that validates also compiles here.
//
// A text is first searched once for the literals each pattern requires (required-literals.ts);
// only the patterns whose literals occur, and those with none proven, run their regex. The
// answers are those of running every regex on every text (test/match/pattern-prefilter.test.ts).
import AhoCorasick from 'modern-ahocorasick';
import { bySpanStart, type Matcher, type MatchSpan } from './matcher.js';
import { foldForLiterals, requiredLiterals } from './required-literals.js';

export const PATTERN_FLAGS = 'iu';
/** Spans per pattern and text: enough to mark a message, bounded for a pattern that hits everywhere. */
const MAX_SPANS = 50;

interface Compiled {
  source: string;
  re: RegExp;
  all: RegExp;
}

export function compilePatternMatcher(patterns: readonly string[]): Matcher {
  const compiled: Compiled[] = [];
  for (const source of patterns) {
    try {
      compiled.push({ source, re: new RegExp(source, PATTERN_FLAGS), all: new RegExp(source, `g${PATTERN_FLAGS}`) });
    } catch {
      // An invalid pattern is validate's to report; it matches nothing here.
    }
  }
  const candidates = compilePrefilter(compiled);
  return {
    matches: (text) => candidates(text).filter((p) => p.re.test(text)).map((p) => p.source),
    spans(text) {
      const out: MatchSpan[] = [];
      for (const p of candidates(text)) {
        let n = 0;
        // matchAll steps past empty matches itself, so a pattern like `a*` cannot loop.
        for (const m of text.matchAll(p.all)) {
          // An empty match (`a*` between letters) catches the message but marks nothing.
          if (m[0].length > 0) out.push({ start: m.index, end: m.index + m[0].length, term: p.source });
          if (++n >= MAX_SPANS) break;
        }
      }
      return out.sort(bySpanStart);
    },
  };
}

/**
 * For each text, the indexes of the patterns worth running on it (list order): the prefilter alone,
 * for a caller that runs the regexes elsewhere (src/match/bounded-regex.ts). Invalid patterns are left out.
 */
export function patternCandidates(patterns: readonly string[]): (text: string) => number[] {
  const compiled: (Compiled & { index: number })[] = [];
  patterns.forEach((source, index) => {
    try {
      const re = new RegExp(source, PATTERN_FLAGS);
      compiled.push({ source, re, all: re, index });
    } catch {
      // validate reports it; it matches nothing.
    }
  });
  const candidates = compilePrefilter(compiled);
  return (text) => candidates(text).map((p) => (p as Compiled & { index: number }).index);
}

/** The patterns that can match a text, in list order: those whose literal occurs, and those with none. */
function compilePrefilter<C extends Compiled>(compiled: C[]): (text: string) => C[] {
  const byLiteral = new Map<string, number[]>();
  const always: boolean[] = compiled.map((p, i) => {
    const literals = requiredLiterals(p.source);
    if (!literals) return true;
    for (const l of literals) {
      const at = byLiteral.get(l);
      if (at) at.push(i);
      else byLiteral.set(l, [i]);
    }
    return false;
  });
  if (byLiteral.size === 0) return () => compiled;
  const automaton = new AhoCorasick<number[]>([...byLiteral].map(([pattern, data]) => ({ pattern, data })));
  const alwaysAt = always.flatMap((a, i) => (a ? [i] : []));
  // Marked with the number of the text being looked at, so nothing is cleared between texts.
  const mark = new Uint32Array(compiled.length);
  let round = 0;
  return (text) => {
    round++;
    const at = [...alwaysAt];
    for (const i of alwaysAt) mark[i] = round;
    // Literals are printable ASCII, so every other character may become one filler: the text is
    // then plain ASCII, whose graphemes are single characters, and the automaton (which reports
    // whole graphemes only) sees a literal wherever the regex could.
    const folded = foldForLiterals(text).replace(/[^\x20-\x7e]/g, '\0');
    for (const m of automaton.iterate(folded, { strategy: 'all' })) {
      for (const i of m.data!) {
        if (mark[i] === round) continue;
        mark[i] = round;
        at.push(i);
      }
    }
    return at.sort((a, b) => a - b).map((i) => compiled[i]!);
  };
}
