// The findings of the write probe that are not about terms: room for the list, key scope, revision
// numbers, a probe cut short. Pure.
import type { ProbeResult } from '../api/index.js';
import { revisionNumber } from '../model/keyword-list.js';
import type { ListingFacts } from './listing-shape.js';
import type { Finding } from './report.js';
import { errorBodyShape } from './response-traits.js';

/** apply warns when a write does not raise the revision by exactly one (another writer); is that true here? */
export function revisionFinding(revisions: readonly string[]): Finding {
  const title = 'revision numbers';
  const numbers = revisions.map(revisionNumber);
  if (numbers.length < 2 || numbers.some((n) => n === undefined)) {
    return {
      id: 'revision-numbers',
      status: 'unknown',
      title,
      detail: `The revisionIds read back (${revisions.join(', ') || 'none'}) do not end in a number kwsync can follow; apply still checks each list's revision before writing.`,
      needsAction: false,
    };
  }
  const steps = numbers.slice(1).map((n, i) => n! - numbers[i]!);
  if (steps.every((s) => s === 1)) {
    return { id: 'revision-numbers', status: 'ok', title, detail: `The revision rose by one per write (${numbers.join(' → ')}), as kwsync expects.`, needsAction: false };
  }
  return {
    id: 'revision-numbers',
    status: 'differs',
    title,
    detail: `The revision went ${numbers.join(' → ')} over ${numbers.length - 1} writes, not by one each. apply's warning that a revision did not rise by exactly one (another writer) will show on every write here; it is harmless.`,
    needsAction: false,
  };
}

export function capacityFinding(facts: ListingFacts, maxLists: number): Finding {
  const title = 'room for the probe list';
  if (facts.mayBeTruncated) {
    return {
      id: 'list-capacity',
      status: 'unknown',
      title,
      detail: `The listing may be cut short, so the number of lists is unknown (at least ${facts.nonDefaultCount}); if the app holds ${maxLists}, the service refuses the probe list and nothing changes.`,
      needsAction: false,
    };
  }
  if (facts.nonDefaultCount >= maxLists) {
    return {
      id: 'list-capacity',
      status: 'differs',
      title,
      detail: `The app holds ${facts.nonDefaultCount} non-default lists, its limit of ${maxLists} (limits.maxLists): there is no room for the probe list, so nothing was written.`,
      needsAction: true,
      hint: 'delete a list you no longer need, or run doctor without --write-probe',
    };
  }
  return { id: 'list-capacity', status: 'ok', title, detail: `The app holds ${facts.nonDefaultCount} of ${maxLists} non-default lists.`, needsAction: false };
}

export function noWriteScope(res: ProbeResult, what: string, keyVar = 'COMETCHAT_API_KEY'): Finding {
  const { code } = errorBodyShape(res);
  return {
    id: 'key-scope',
    status: 'differs',
    title: 'the key may write',
    detail: `The key reads lists but may not ${what} them (HTTP ${res.status}${code ? ` ${code}` : ''}): apply would fail on every write.`,
    needsAction: true,
    hint: `use a REST API key with full-access scope (dashboard: API & Auth Keys) in ${keyVar}`,
  };
}

export function cutShort(why: string): Finding {
  return {
    id: 'write-probe',
    status: 'unknown',
    title: 'the write probe',
    detail: `The write probe stopped early: ${why}. What was learned so far is above.`,
    needsAction: true,
    hint: 'the service had trouble; run `kwsync doctor --write-probe` again later',
  };
}

/** One finding for the cleanup of every probe list: ok only when each was deleted. */
export function combineCleanups(cleanups: readonly Finding[]): Finding {
  const failed = cleanups.filter((c) => c.status !== 'ok');
  if (cleanups.length === 1) return cleanups[0]!;
  if (failed.length === 0) {
    return { ...cleanups[0]!, detail: cleanups.map((c) => c.detail).join(' ') };
  }
  return { ...failed[0]!, detail: failed.map((c) => c.detail).join(' ') };
}
