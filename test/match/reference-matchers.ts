// The matchers as they were before the fast paths (every regex on every text; the Aho-Corasick
// word matcher over the whole text), kept as the reference the equivalence tests compare with.
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
