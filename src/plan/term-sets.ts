// Term comparison with set semantics: order and exact repeats are no change, but every term is
// compared exactly (no trimming, no case folding), so a quoted or re-encoded term is a change.
import type { KeywordList } from '../model/keyword-list.js';

/** Terms of `a` missing from `b`, deduplicated, in `a`'s order. */
export function termsMissing(a: readonly string[], b: readonly string[]): string[] {
  const inB = new Set(b);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of a) {
    if (inB.has(t) || seen.has(t)) continue;
    seen.add(t);
    out.push(t);
  }
  return out;
}

export function sameTermSet(a: readonly string[], b: readonly string[]): boolean {
  return termsMissing(a, b).length === 0 && termsMissing(b, a).length === 0;
}

/** The list content kwsync manages, without service bookkeeping or file provenance. */
export function listContent(list: KeywordList): KeywordList {
  return {
    id: list.id,
    name: list.name,
    description: list.description ?? '',
    category: list.category,
    searchTerms: [...list.searchTerms],
  };
}

/** True when `live` already holds what `want` describes (terms as a set). */
export function sameContent(live: KeywordList, want: KeywordList): boolean {
  return (
    live.id === want.id &&
    live.name === want.name &&
    (live.description ?? '') === (want.description ?? '') &&
    live.category === want.category &&
    sameTermSet(live.searchTerms, want.searchTerms)
  );
}
