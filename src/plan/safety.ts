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
  if (after === null) return unsafeDeleteReason(distinctCount(live));
  // Nothing removed, or fewer terms than the check needs (distinct terms never outnumber terms):
  // safe, without counting the distinct terms of a 100k-term list.
  if ((removed === 0 && safety.maxRemovedShare >= 0) || live.length < safety.minTermsForShareCheck) return null;
  return unsafeUpdateReason(distinctCount(live), removed, safety);
}

function distinctCount(terms: readonly string[]): number {
  return new Set(terms).size;
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
