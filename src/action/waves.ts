// Promotion waves for the reusable apply workflow: targets with no `after:` first, then each target
// one wave after the one it follows. A wave is one matrix job, so the arithmetic is GitHub's: at
// most 256 jobs a matrix, and the plan-live and drift workflows run every target in one matrix,
// so at most 256 targets in all; the apply workflow has three wave jobs, so `after:` chains are at
// most three targets long. The `after:` rules themselves (a known target, no cycle, at most
// MAX_WAVES deep) are validation's (src/targets/order.ts); this reuses them rather than repeating them.
import type { TargetConfig } from '../model/config.js';
import { configPlaces } from '../targets/config-places.js';
import { checkTargetOrder, MAX_WAVES } from '../targets/order.js';

export { MAX_WAVES };
/** GitHub's limit: "A matrix can generate a maximum of 256 jobs per workflow run." */
export const MAX_MATRIX_JOBS = 256;

export type Waves = { waves: string[][] } | { problem: string };

/** The targets grouped by `after:` (wave 1 first), or what in kwsync.yaml keeps them from it. */
export function promotionWaves(targets: readonly Pick<TargetConfig, 'name' | 'after' | 'environment'>[]): Waves {
  if (targets.length > MAX_MATRIX_JOBS) {
    return { problem: `kwsync.yaml has ${targets.length} targets; a GitHub Actions matrix runs at most ${MAX_MATRIX_JOBS} jobs, and plan and drift run every target in one matrix: split the targets over repositories` };
  }
  const problem = checkTargetOrder(targets, configPlaces(undefined, 'kwsync.yaml', ''))[0];
  if (problem) return { problem: problem.message };
  // No cycle and no unknown name past checkTargetOrder: each chain ends at a target without after.
  const byName = new Map(targets.map((t) => [t.name, t]));
  const waveOf = (name: string): number => {
    const after = byName.get(name)?.after;
    return after === undefined ? 1 : waveOf(after) + 1;
  };
  const waves: string[][] = Array.from({ length: MAX_WAVES }, () => []);
  for (const t of targets) waves[waveOf(t.name) - 1]!.push(t.name);
  return { waves };
}
