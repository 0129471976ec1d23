// "did you mean" suggestions: the natural synonyms first (`terms` means searchTerms, though
// `tests` is closer by spelling), then keys that belong one level down, then edit distance.

/** Words people write for a key, lower-cased; used only when the key is one of the known ones. */
const ALIASES: Record<string, string> = {
  terms: 'searchTerms',
  keywords: 'searchTerms',
  words: 'searchTerms',
  list: 'searchTerms',
  title: 'name',
  label: 'name',
  desc: 'description',
  type: 'category',
  kind: 'category',
  csv: 'file',
  path: 'file',
  allow: 'accept',
  ignore: 'accept',
  silence: 'accept',
  suppress: 'accept',
  disable: 'accept',
};

export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/** The known word nearest to `word` (case-insensitive), if within a third of its length (min 2). */
export function closest(word: string, known: readonly string[]): string | undefined {
  const alias = ALIASES[word.toLowerCase()];
  if (alias !== undefined && known.includes(alias)) return alias;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = editDistance(word.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

/**
 * `did you mean "x"?`, `it belongs under \`tests:\`` or `known keys: a, b, c`.
 * `nested` maps the keys of the mappings one level down to their parent key.
 */
export function suggestion(word: string, known: readonly string[], noun = 'keys', nested: ReadonlyMap<string, string> = new Map()): string {
  const alias = ALIASES[word.toLowerCase()];
  const parent = nested.get(word) ?? [...nested].find(([k]) => k.toLowerCase() === word.toLowerCase())?.[1];
  if (parent !== undefined && !(alias !== undefined && known.includes(alias))) return `it belongs under \`${parent}:\`; indent it there`;
  const near = closest(word, known);
  return near ? `did you mean "${near}"?` : `known ${noun}: ${known.join(', ')}`;
}
