// octoDNS-style safety: large removals and deletions are marked unsafe in the plan and need
// --force. The thresholds come from kwsync.yaml (`safety`), with documented defaults.
import type { KwsyncConfig } from '../model/config.js';
import type { Plan } from '../model/plan.js';
import { termsMissing } from './term-sets.js';

export type SafetyConfig = KwsyncConfig['safety'];

/**
 * Why replacing the terms `live` with `after` (or deleting the list, `after` null) needs --force,
 * or null. The plan and the write-time guard both ask this, so they can never disagree.
 */
export function unsafeReason(live: readonly string[], after: readonly string[] | null, safety: SafetyConfig): string | null {
  const liveTerms = new Set(live).size;
  if (after === null) return unsafeDeleteReason(liveTerms);
  return unsafeUpdateReason(liveTerms, termsMissing(live, after).length, safety);
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
