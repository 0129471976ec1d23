// Term comparison with set semantics: order and exact repeats are no change, but every term is
// compared exactly (no trimming, no case folding), so a quoted or re-encoded term is a change.
//
// Speed: a list holds up to ~100k terms and one apply compares it several times (plan, guards,
// verification, the final read), mostly against an array in the same order with a few terms
// changed (the service answers terms in the order sent). So two arrays are first compared position
// by position, and only the few positions that differ are looked up in small Sets. Arrays that
// differ a lot fall back to a Set of the whole array, built once per array and kept beside it (a
// WeakMap). Term arrays are never changed in place once read or loaded. The answers are those of
// the plain Set version (test/plan/term-sets.property.test.ts).
import type { KeywordList } from '../model/keyword-list.js';

const sets = new WeakMap<readonly string[], ReadonlySet<string>>();

/** The Set of `terms`, built on first use and reused for the same array. */
function termSet(terms: readonly string[]): ReadonlySet<string> {
  let set = sets.get(terms);
  if (!set) {
    set = new Set(terms);
    sets.set(terms, set);
  }
  return set;
}

/** Above this share of differing positions, a Set of the whole of `b` is cheaper. */
const NEAR_SHARE = 0.25;

/** Terms of `a` missing from `b`, deduplicated, in `a`'s order. */
export function termsMissing(a: readonly string[], b: readonly string[]): string[] {
  if (a === b) return [];
  return nearMissing(a, b) ?? setMissing(a, b);
}

/**
 * The positions below the shorter length where `a` and `b` hold different terms, or undefined when
 * they differ at too many (then a Set of the whole array is cheaper). Symmetric in `a` and `b`.
 */
function differingPositions(a: readonly string[], b: readonly string[]): number[] | undefined {
  const common = Math.min(a.length, b.length);
  const maxDiffering = Math.max(a.length, b.length) * NEAR_SHARE;
  const differing: number[] = [];
  for (let i = 0; i < common; i++) {
    if (a[i] !== b[i] && differing.push(i) > maxDiffering) return undefined;
  }
  if (differing.length + Math.abs(a.length - b.length) > maxDiffering) return undefined;
  return differing;
}

/** termsMissing for two arrays that agree at most positions, or undefined when they do not. */
function nearMissing(a: readonly string[], b: readonly string[]): string[] | undefined {
  const differing = differingPositions(a, b);
  return differing && missingBesides(a, b, differing);
}

/**
 * termsMissing(a, b), given the positions where they differ. A term of `a` at a position where `b`
 * holds the same term is in `b`; a term at a differing position is in `b` when it is among `b`'s
 * differing terms, or among the agreeing ones (a repeat in `a`).
 */
function missingBesides(a: readonly string[], b: readonly string[], differing: readonly number[]): string[] {
  const common = Math.min(a.length, b.length);
  const bDiffering = new Set<string>();
  for (const i of differing) bDiffering.add(b[i] as string);
  for (let i = common; i < b.length; i++) bDiffering.add(b[i] as string);
  // Candidates: a's differing terms not among b's differing ones, in a's order, once each.
  const candidates = new Set<string>();
  const consider = (t: string) => {
    if (!bDiffering.has(t)) candidates.add(t);
  };
  for (const i of differing) consider(a[i] as string);
  for (let i = common; i < a.length; i++) consider(a[i] as string);
  if (candidates.size === 0) return [];
  // Among b's agreeing terms? (Only when `a` repeats a term.) A scan of ~100k terms: each is first
  // matched on its length and first code unit, which costs no string hash, and only a term that
  // matches a candidate's is looked up.
  const shapes = new Set<number>();
  for (const t of candidates) shapes.add(shapeOf(t));
  let d = 0;
  for (let i = 0; i < common; i++) {
    if (d < differing.length && differing[d] === i) {
      d += 1;
      continue;
    }
    const t = b[i] as string;
    if (shapes.has(shapeOf(t))) candidates.delete(t);
  }
  return [...candidates];
}

/** A number equal for equal terms (length and first code unit; NaN for ''), cheap to compare. */
function shapeOf(t: string): number {
  return t.length * 65536 + t.charCodeAt(0);
}

/** A live list's terms against the desired ones, computed once for the plan. */
export interface TermDiff {
  /** termsMissing(after, before). */
  added: string[];
  /** termsMissing(before, after). */
  removed: string[];
  /**
   * `before`'s terms in `before`'s order, where each term `after` holds at the same position is
   * `after`'s string (the same text), built when called: until then only the terms that differ are
   * kept, so the strings of the live read can be freed once the read is dropped, and a plan that
   * nobody asks for its live terms (an apply) holds no array of ~100k entries per list.
   */
  before: () => string[];
}

/** added, removed and the shared `before` of a live list (`before`) and a desired one, in one walk. */
export function diffTerms(before: string[], after: readonly string[]): TermDiff {
  if (before === after) return { added: [], removed: [], before: () => before };
  const differing = differingPositions(before, after);
  if (!differing) return { added: setMissing(after, before), removed: setMissing(before, after), before: () => before };
  const common = Math.min(before.length, after.length);
  // What `before` holds of its own: its terms at the differing positions and past `after`'s end.
  const own = differing.map((i) => before[i] as string);
  const tail = before.slice(common);
  const shared = (): string[] => {
    const out = after.slice(0, common) as string[];
    for (let k = 0; k < differing.length; k++) out[differing[k]!] = own[k]!;
    for (const t of tail) out.push(t);
    return out;
  };
  return { added: missingBesides(after, before, differing), removed: missingBesides(before, after, differing), before: shared };
}

/**
 * `list` whose `searchTerms` are built from `terms` on first read and kept from then on (a plan's
 * live side: see TermDiff.before). An ordinary enumerable property to every reader (spread,
 * JSON.stringify, zod, structuredClone); writable like any other.
 */
export function withTermsOnDemand(list: KeywordList, terms: () => string[]): KeywordList {
  let kept: string[] | undefined;
  return Object.defineProperty({ ...list }, 'searchTerms', {
    enumerable: true,
    configurable: true,
    get: () => (kept ??= terms()),
    set: (value: string[]) => void (kept = value),
  }) as KeywordList;
}

function setMissing(a: readonly string[], b: readonly string[]): string[] {
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

/** True when both hold the same terms in the same order (the usual answer to a write). */
export function sameSequence(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function sameTermSet(a: readonly string[], b: readonly string[]): boolean {
  if (sameSequence(a, b)) return true;
  const near = nearMissing(a, b);
  if (near !== undefined) return near.length === 0 && (nearMissing(b, a) ?? setMissing(b, a)).length === 0;
  const setA = termSet(a);
  const setB = termSet(b);
  if (setA.size !== setB.size) return false;
  for (const t of setA) if (!setB.has(t)) return false;
  return true;
}

/**
 * The list content kwsync manages, without service bookkeeping or file provenance. The term array
 * is shared, not copied (term arrays are never changed in place): a 1 MB list is ~100k terms.
 */
export function listContent(list: KeywordList, searchTerms: string[] = list.searchTerms): KeywordList {
  return {
    id: list.id,
    name: list.name,
    description: list.description ?? '',
    category: list.category,
    searchTerms,
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
