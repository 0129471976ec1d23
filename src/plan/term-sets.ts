// Term comparison with set semantics: order and exact repeats are no change, but every term is
// compared exactly (no trimming, no case folding), so a quoted or re-encoded term is a change.
//
// Speed: a list holds up to ~100k terms and one apply compares it several times (plan, guards,
// verification), so each term array's Set is built once and kept beside the array (a WeakMap, so
// it goes with the array). Term arrays are never changed in place once read or loaded; code that
// needs another set of terms makes a new array, which gets its own Set.
import type { KeywordList } from '../model/keyword-list.js';

const sets = new WeakMap<readonly string[], ReadonlySet<string>>();

/** The Set of `terms`, built on first use and reused for the same array. */
export function termSet(terms: readonly string[]): ReadonlySet<string> {
  let set = sets.get(terms);
  if (!set) {
    set = new Set(terms);
    sets.set(terms, set);
  }
  return set;
}

/** Terms of `a` missing from `b`, deduplicated, in `a`'s order. */
export function termsMissing(a: readonly string[], b: readonly string[]): string[] {
  if (a === b) return [];
  const inB = termSet(b);
  const out: string[] = [];
  let seen: Set<string> | undefined;
  for (const t of a) {
    if (inB.has(t)) continue;
    seen ??= new Set();
    if (seen.has(t)) continue;
    seen.add(t);
    out.push(t);
  }
  return out;
}

export function sameTermSet(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  const setA = termSet(a);
  const setB = termSet(b);
  if (setA.size !== setB.size) return false;
  for (const t of setA) if (!setB.has(t)) return false;
  return true;
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
