// Execute a plan against a KeywordTarget: refuse unsafe changes without --force, then one request
// per list with a bounded number in flight: every deletion first (so pruning frees room under the
// service's list limit), then creates and updates; then one more read of every written list, so a
// later writer that replaced this run's change is reported too. Each list ends at its old or its
// new state, and the report (in plan order) says which, so a re-run finishes whatever was left.
import pLimit from 'p-limit';
import { RefusedPlanError } from '../errors.js';
import { DEFAULT_SAFETY, type ServiceConfig } from '../model/config.js';
import type { ApplyReport, ListChange, ListResult, Plan, UnreadableList } from '../model/plan.js';
import type { KeywordTarget } from '../model/target.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../api/retry-policy.js';
import { pruneRefusal, pruneRefusalHint, unsafeReasons, type SafetyConfig } from '../plan/safety.js';
import { applyChange } from './apply-change.js';
import { finalCheck } from './final-check.js';

export interface ApplyOptions {
  /** Apply changes the plan marks unsafe (large removals, deletions). */
  force: boolean;
  /** Writes in flight at once (kwsync.yaml `apply.concurrency`, default 4). */
  concurrency: number;
  /** kwsync.yaml `safety`: each write is re-checked against the live list with these thresholds
   * (the documented defaults when left out). */
  safety?: SafetyConfig;
  /** The client's retry policy: how often an ambiguous update or delete is confirmed and resent. */
  retry?: RetryPolicy;
  /** Aborted: no further write starts; writes in flight finish; the rest are reported not started. */
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, result: ListResult) => void;
  now?: () => Date;
  /** Leave out the final re-read: a caller that applies a plan in parts (rules between) makes it once, over the whole plan. */
  noFinalCheck?: boolean;
}

/** The retry policy for ApplyOptions.retry: the client's, with kwsync.yaml's `service.maxRetries`. */
export function applyRetryPolicy(service: Pick<ServiceConfig, 'maxRetries'>): RetryPolicy {
  return { ...DEFAULT_RETRY_POLICY, maxRetries: service.maxRetries };
}

export const NOT_STARTED = 'not started: the apply was interrupted; the list is at its old state, run `kwsync apply` again to finish';

export async function applyPlan(plan: Plan, target: KeywordTarget, opts: ApplyOptions): Promise<ApplyReport> {
  const now = opts.now ?? (() => new Date());
  assertSafe(plan, opts.force);
  const startedAt = now().toISOString();
  const limit = pLimit(Math.max(1, Math.floor(opts.concurrency)));
  const total = plan.changes.length;
  let done = 0;
  const results = new Map<ListChange, ListResult>();
  const guards = { force: opts.force, safety: opts.safety ?? DEFAULT_SAFETY, retry: opts.retry, signal: opts.signal };
  const one = async (change: ListChange): Promise<ListResult> => {
    if (opts.signal?.aborted && change.kind !== 'noop') {
      return { id: change.id, kind: change.kind, outcome: 'skipped', revisionId: change.revisionId, message: NOT_STARTED, warnings: [] };
    }
    return applyChange(change, target, guards);
  };
  const run = (changes: ListChange[]) =>
    Promise.all(
      changes.map((change) =>
        limit(async () => {
          const result = await one(change);
          results.set(change, result);
          done += 1;
          opts.onProgress?.(done, total, result);
        }),
      ),
    );
  await run(plan.changes.filter((c) => c.kind === 'delete'));
  await run(plan.changes.filter((c) => c.kind !== 'delete'));
  let ordered = plan.changes.map((c) => results.get(c)!);
  let finalListing: string | undefined;
  // Interrupted: report what landed now; the person asked to stop, not for one more read.
  if (!opts.signal?.aborted && !opts.noFinalCheck) ({ results: ordered, finalListing } = await finalCheck(plan.changes, ordered, target, plan.prune ? { files: fileIds(plan) } : undefined));
  return {
    target: plan.target,
    startedAt,
    finishedAt: now().toISOString(),
    results: [...ordered, ...(plan.unreadable ?? []).map(unreadableResult)],
    ...(finalListing !== undefined ? { finalListing } : {}),
  };
}

/** The ids with a list file: every planned list but a deletion, and those whose live side could not be read. */
export function fileIds(plan: Plan): Set<string> {
  return new Set([...plan.changes.filter((c) => c.kind !== 'delete').map((c) => c.id), ...(plan.unreadable ?? []).map((u) => u.id)]);
}

/** A list with a file whose live list could not be read: nothing was sent, and the run says so (exit 1). */
export function unreadableResult(u: UnreadableList): ListResult {
  return {
    id: u.id,
    kind: 'update',
    outcome: 'failed',
    revisionId: null,
    message:
      `not written: the live list${u.file ? ` for ${u.file}` : ''} could not be read (${u.problems.join('; ')}); ` +
      'it was left as it is and the other lists went on. Check it in the dashboard, or run `kwsync doctor` to see how the app answers',
    warnings: [],
  };
}

export function assertSafe(plan: Plan, force: boolean): void {
  // A prune over a listing that may be cut short: refused whatever --force says.
  const prune = pruneRefusal(plan);
  if (prune) throw new RefusedPlanError(prune, [prune], { hint: pruneRefusalHint(plan) });
  const reasons = unsafeReasons(plan);
  if (force || reasons.length === 0) return;
  throw new RefusedPlanError(
    // One reason on the line; several as bullets, one per change, so a long refusal reads as a list.
    reasons.length === 1 ? `refusing 1 unsafe change without --force: ${reasons[0]}` : `refusing ${reasons.length} unsafe changes without --force:\n${reasons.map((r) => `  - ${r}`).join('\n')}`,
    reasons,
    { hint: 'review the plan; if these removals are intended, run again with --force' },
  );
}

/** True when any list did not end as planned (failed, skipped, conflict, overwritten, unconfirmed, left), or a prune's final listing could not be read whole: exit 1. */
export function applyFailed(report: ApplyReport): boolean {
  return report.results.some(unfinished) || (report.rules ?? []).some(unfinished) || report.finalListing !== undefined;
}

/** The list did not end as planned: failed, skipped, conflict, overwritten, unconfirmed or left. */
export function unfinished(result: ListResult): boolean {
  return result.outcome !== 'applied' && result.outcome !== 'unchanged';
}
