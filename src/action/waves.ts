// Promotion waves for the reusable apply workflow: targets with no `after:` first, then each target
// one wave after the one it follows. A wave is one matrix job, so the arithmetic is GitHub's: at
// most 256 jobs a matrix, and the plan-live and drift workflows run every target in one matrix,
// so at most 256 targets in all; the apply workflow has three wave jobs, so `after:` chains are at
// most three targets long.
import type { TargetConfig } from '../model/config.js';

/** GitHub's limit: "A matrix can generate a maximum of 256 jobs per workflow run." */
export const MAX_MATRIX_JOBS = 256;
/** The wave jobs of reusable-apply.yml. */
export const MAX_WAVES = 3;

export type Waves = { waves: string[][] } | { problem: string };

/** The targets grouped by `after:` (wave 1 first), or what in kwsync.yaml keeps them from it. */
export function promotionWaves(targets: readonly Pick<TargetConfig, 'name' | 'after'>[]): Waves {
  if (targets.length > MAX_MATRIX_JOBS) {
    return { problem: `kwsync.yaml has ${targets.length} targets; a GitHub Actions matrix runs at most ${MAX_MATRIX_JOBS} jobs, and plan and drift run every target in one matrix: split the targets over repositories` };
  }
  const byName = new Map(targets.map((t) => [t.name, t]));
  const depth = new Map<string, number>();
  const waveOf = (name: string, seen: string[]): number | string => {
    const known = depth.get(name);
    if (known !== undefined) return known;
    const t = byName.get(name)!;
    if (!t.after) return 1;
    if (!byName.has(t.after)) return `target ${name} has after: ${t.after}, which is not a target of kwsync.yaml`;
    if (seen.includes(t.after)) return `after: goes round in a circle (${[...seen, t.after].join(' -> ')}): one target must come first`;
    const before = waveOf(t.after, [...seen, t.after]);
    if (typeof before === 'string') return before;
    depth.set(t.after, before);
    return before + 1;
  };
  const waves: string[][] = [];
  for (const t of targets) {
    const n = waveOf(t.name, [t.name]);
    if (typeof n === 'string') return { problem: n };
    if (n > MAX_WAVES) return { problem: `target ${t.name} is ${n} targets down an after: chain; the apply workflow runs at most ${MAX_WAVES} waves: shorten the chain (several targets may follow the same one)` };
    depth.set(t.name, n);
    (waves[n - 1] ??= []).push(t.name);
  }
  return { waves: Array.from({ length: MAX_WAVES }, (_, i) => waves[i] ?? []) };
}
