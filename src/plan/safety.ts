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
  const lists = plan.changes.filter((c) => c.unsafe !== null).map((c) => `${c.id}: ${c.unsafe}`);
  return [...lists, ...(plan.rules?.changes ?? []).filter((c) => c.unsafe !== null).map((c) => `rule ${c.id}: ${c.unsafe}`)];
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/**
 * Why a plan with prune on cannot be applied, or null: the listing may be cut short and could not be
 * followed, so live lists with no file past what was read cannot be found, and a prune that deletes
 * only what it saw would report the app clean. Not lifted by --force, which accepts the changes a plan
 * shows; this is about the ones it cannot show.
 */
export function pruneRefusal(plan: Pick<Plan, 'prune' | 'truncatedListing'> & Partial<Pick<Plan, 'rules'>>): string | null {
  if (plan.prune && plan.rules?.managed && plan.rules.incomplete !== undefined) {
    return `refusing --prune: the service's list of moderation rules may be cut short (${plan.rules.incomplete}), so live rules with no file past it cannot be found and deleted`;
  }
  if (!plan.prune || !plan.truncatedListing) return null;
  const { listed, reason } = plan.truncatedListing;
  return (
    `refusing --prune: the service's list of keyword lists may be cut short (${listed} item${listed === 1 ? '' : 's'} read${reason ? `, then ${reason}` : ''}), ` +
    'so live lists with no file past it cannot be found and deleted'
  );
}

/** What to do about a pruneRefusal: a listing that moved while it was read wants a quiet app; one cut short, the paging settings. */
export function pruneRefusalHint(plan: Pick<Plan, 'truncatedListing'> & Partial<Pick<Plan, 'rules'>>): string {
  const reason = plan.truncatedListing?.reason ?? '';
  if (/while the pages were read/.test(reason)) {
    return 'the app\'s lists changed while kwsync read them, from the start and again (another writer, or the dashboard, at work): run again once the app is quiet; if it keeps happening with nobody writing, run `kwsync doctor --listing-paging`; or apply without --prune (prune: false)';
  }
  if (plan.truncatedListing === undefined && plan.rules?.incomplete !== undefined) return 'run again; if the rules listing stays cut short, apply without --prune (prune: false) and delete rules with no file in the dashboard';
  return 'run `kwsync doctor --listing-paging` and set service.listingPaging in kwsync.yaml as it recommends, so every page is read; or apply without --prune (prune: false)';
}
