// octoDNS-style safety: large removals and deletions are marked unsafe in the plan and need
// --force. The thresholds come from kwsync.yaml (`safety`), with documented defaults.
import type { KwsyncConfig } from '../model/config.js';
import type { Plan } from '../model/plan.js';

export type SafetyConfig = KwsyncConfig['safety'];

/** Why an update needs --force, or null when it is within the thresholds. */
export function unsafeUpdateReason(liveTerms: number, removed: number, safety: SafetyConfig): string | null {
  if (liveTerms === 0 || liveTerms < safety.minTermsForShareCheck) return null;
  const share = removed / liveTerms;
  if (share <= safety.maxRemovedShare) return null;
  return (
    `removes ${removed} of ${liveTerms} terms (${percent(share)}), ` +
    `more than safety.maxRemovedShare (${percent(safety.maxRemovedShare)})`
  );
}

export function unsafeDeleteReason(liveTerms: number): string {
  return `deletes the list and its ${liveTerms} term${liveTerms === 1 ? '' : 's'}`;
}

/** One line per unsafe change, `id: reason`, in plan order. */
export function unsafeReasons(plan: Plan): string[] {
  return plan.changes.filter((c) => c.unsafe !== null).map((c) => `${c.id}: ${c.unsafe}`);
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}
