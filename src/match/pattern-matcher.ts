// Pattern lists: each pattern as a JavaScript regex with flags `iu`. The service's regex flavour is
// undocumented; case-insensitive Unicode JS regexes are the decision, and validate parses patterns
// under the same flags, so a pattern that validates also compiles here.
import { bySpanStart, type Matcher, type MatchSpan } from './matcher.js';

export const PATTERN_FLAGS = 'iu';
/** Spans per pattern and text: enough to mark a message, bounded for a pattern that hits everywhere. */
const MAX_SPANS = 50;

export function compilePatternMatcher(patterns: readonly string[]): Matcher {
  const compiled: { source: string; re: RegExp; all: RegExp }[] = [];
  for (const source of patterns) {
    try {
      compiled.push({ source, re: new RegExp(source, PATTERN_FLAGS), all: new RegExp(source, `g${PATTERN_FLAGS}`) });
    } catch {
      // An invalid pattern is validate's to report; it matches nothing here.
    }
  }
  return {
    matches: (text) => compiled.filter((p) => p.re.test(text)).map((p) => p.source),
    spans(text) {
      const out: MatchSpan[] = [];
      for (const p of compiled) {
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
