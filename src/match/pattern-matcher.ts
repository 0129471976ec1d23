// Pattern lists: each pattern as a JavaScript regex with flags `iu`. The service's regex flavour is
// undocumented; case-insensitive Unicode JS regexes are the decision, and validate parses patterns
// under the same flags, so a pattern that validates also compiles here.
import type { Matcher } from './matcher.js';

export const PATTERN_FLAGS = 'iu';

export function compilePatternMatcher(patterns: readonly string[]): Matcher {
  const compiled: { source: string; re: RegExp }[] = [];
  for (const source of patterns) {
    try {
      compiled.push({ source, re: new RegExp(source, PATTERN_FLAGS) });
    } catch {
      // An invalid pattern is validate's to report; it matches nothing here.
    }
  }
  return { matches: (text) => compiled.filter((p) => p.re.test(text)).map((p) => p.source) };
}
