// "did you mean" suggestions: the closest known word by edit distance, when it is close enough.

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
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = editDistance(word.toLowerCase(), k.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

/** ` did you mean "x"?` or ` known keys: a, b, c.` */
export function suggestion(word: string, known: readonly string[], noun = 'keys'): string {
  const near = closest(word, known);
  return near ? `did you mean "${near}"?` : `known ${noun}: ${known.join(', ')}`;
}
