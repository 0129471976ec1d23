// The apply use case, one for both shells (`kwsync apply` and the Action's apply mode): a plan
// applied to the connected target with kwsync.yaml's settings (writes in flight, the safety
// thresholds re-checked at write time, the retries of a write whose answer was lost). The shells
// make the plan (src/sync/plan.ts or a saved one), ask or guard, and render the report.
import { applyPlan, applyRetryPolicy, type ApplyOptions } from '../apply/index.js';
import type { KwsyncConfig } from '../model/config.js';
import type { ApplyReport, Plan } from '../model/plan.js';
import type { KeywordTarget, RuleTarget } from '../model/target.js';
import { applyPlanWithRules } from '../apply/rules/apply-with-rules.js';
import { RefusedPlanError } from '../errors.js';
import { listLimitLine } from '../plan/list-limit.js';

export interface ApplyTargetInput extends Pick<ApplyOptions, 'signal' | 'onProgress' | 'now'> {
  plan: Plan;
  keywords: KeywordTarget;
  /** kwsync.yaml (the Action passes its guarded one): apply.concurrency, safety, service.maxRetries. */
  config: Pick<KwsyncConfig, 'apply' | 'safety' | 'service'>;
  /** Apply changes the plan marks unsafe. */
  force: boolean;
  /** Writes in flight, instead of kwsync.yaml's (`--concurrency`). */
  concurrency?: number | undefined;
  /** The app's rules: a plan with rule changes is applied lists first, rules, then the lists a rule let go. */
  rules?: RuleTarget | undefined;
}

export function applyTarget(input: ApplyTargetInput): Promise<ApplyReport> {
  const { plan, keywords, config, force, concurrency, signal, onProgress, now } = input;
  // Past the app's list limit the service refuses a create part-way: refused whole, before any write.
  if (plan.listLimit?.over) {
    const l = plan.listLimit;
    return Promise.reject(
      new RefusedPlanError(`the plan would leave ${l.after} keyword lists on the app, over its limit of ${l.max} (${l.source}); nothing was written`, [listLimitLine(l)], {
        hint: 'delete or merge lists first (kwsync plan --prune shows live lists that have no file), then plan again',
      }),
    );
  }
  const apply = input.rules && plan.rules ? (p: Plan, k: KeywordTarget, o: ApplyOptions) => applyPlanWithRules(p, k, input.rules!, o) : applyPlan;
  return apply(plan, keywords, {
    force,
    concurrency: concurrency ?? config.apply.concurrency,
    safety: config.safety,
    retry: applyRetryPolicy(config.service),
    ...(signal ? { signal } : {}),
    ...(onProgress ? { onProgress } : {}),
    ...(now ? { now } : {}),
  });
}
