// octoDNS-style safety: large removals and deletions are marked unsafe in the plan and need
// --force. The thresholds come from kwsync.yaml (`safety`), with documented defaults.
import type { KwsyncConfig } from '../model/config.js';
import type { Plan } from '../model/plan.js';
import { termsMissing } from './term-sets.js';

export type SafetyConfig = KwsyncConfig['safety'];

/**
 * Why replacing the terms `live` with `after` (or deleting the list, `after` null) needs --force,
 * or null. The plan and the write-time guard both ask this, so they can never disagree. `removed`
 * is termsMissing(live, after).length when the caller has it already (the plan's diff).
 */
export function unsafeReason(
  live: readonly string[],
  after: readonly string[] | null,
  safety: SafetyConfig,
  removed: number = after === null ? 0 : termsMissing(live, after).length,
): string | null {
  if (after === null) return unsafeDeleteReason(new Set(live).size);
  // Nothing removed, or fewer terms than the check needs (distinct terms never outnumber terms):
  // safe, without counting the distinct terms of a 100k-term list.
  if ((removed === 0 && safety.maxRemovedShare >= 0) || live.length < safety.minTermsForShareCheck) return null;
  const liveTerms = distinctUnlessSafe(live, removed, safety);
  return liveTerms === undefined ? null : unsafeUpdateReason(liveTerms, removed, safety);
}

/**
 * The number of distinct terms in `live`, or undefined as soon as so many are seen that the change
 * is safe whatever the rest hold: the share only falls as distinct terms rise (and so does a
 * rounded division), and a list too small for the check is safe too. So a list removing a few
 * terms of 100k is cleared after a few thousand, without a Set of the whole list.
 */
function distinctUnlessSafe(live: readonly string[], removed: number, safety: SafetyConfig): number | undefined {
  const seen = new Set<string>();
  for (const t of live) {
    if (seen.has(t)) continue;
    seen.add(t);
    if (removed / seen.size <= safety.maxRemovedShare) return undefined;
  }
  return seen.size;
}

function unsafeUpdateReason(liveTerms: number, removed: number, safety: SafetyConfig): string | null {
  if (liveTerms === 0 || liveTerms < safety.minTermsForShareCheck) return null;
  const share = removed / liveTerms;
  if (share <= safety.maxRemovedShare) return null;
  return (
    `removes ${removed} of ${liveTerms} terms (${percent(share)}), ` +
    `more than safety.maxRemovedShare (${percent(safety.maxRemovedShare)})`
  );
}

function unsafeDeleteReason(liveTerms: number): string {
  return `deletes the list and its ${liveTerms} term${liveTerms === 1 ? '' : 's'}`;
}

/** One line per unsafe change, `id: reason`, in plan order. */
export function unsafeReasons(plan: Plan): string[] {
  return plan.changes.filter((c) => c.unsafe !== null).map((c) => `${c.id}: ${c.unsafe}`);
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}
