// The steps every mode starts with: validate the folder, pick the target from kwsync.yaml; and the
// plan every mode makes the same way, from the desired lists and whatever stands in for live.
import { relative, resolve } from 'node:path';
import { resolveTargetConfig } from '../targets/target-config.js';
import type { KwsyncConfig, TargetConfig } from '../model/config.js';
import type { LiveKeywordList } from '../model/keyword-list.js';
import type { Plan } from '../model/plan.js';
import type { KeywordTarget, RuleTarget } from '../model/target.js';
import { listLimitSetting } from '../plan/list-limit.js';
import { computePlan, type PlanOptions } from '../plan/index.js';
import { planTarget, type PlanTargetInput } from '../sync/plan.js';
import { loadConfig } from '../validate/load-config.js';
import type { ActionDeps, ActionRun, RepoValidation } from './deps.js';
import type { Guard } from './guard.js';

export const TARGET_INPUT = 'the "target" input (or a strategy.matrix over targets)';

export interface Prepared {
  validation: RepoValidation;
  targetConfig: TargetConfig | undefined;
  prune: boolean;
}

/** `guard`: safety, limits and prune to use instead of kwsync.yaml's (apply: the stricter of before and after the push). */
export async function prepare({ inputs, context, deps }: ActionRun, guard?: Guard): Promise<Prepared> {
  // The lists are the target's (its kwsync.yaml selection and overrides): what every mode plans and applies.
  const validated = await deps.validateRepo({ dir: inputs.dir, cwd: context.workspace, ...(guard ? { limits: guard.limits, levels: guard.validate } : {}), ...(inputs.target !== undefined ? { target: inputs.target } : { onlyTarget: true }) });
  const validation = guard ? { ...validated, config: { ...validated.config, safety: guard.safety, limits: guard.limits, prune: guard.prune, validate: guard.validate } } : validated;
  // Name the Action's input, not the CLI flag, when several targets need choosing.
  const targetConfig = resolveTargetConfig(validation.config, inputs.target, TARGET_INPUT);
  return { validation, targetConfig, prune: inputs.prune ?? validation.config.prune };
}

/** The settings of this checkout's kwsync.yaml: target, app, service and preview. */
export interface Settings {
  config: KwsyncConfig;
  targetConfig: TargetConfig | undefined;
}

/**
 * This checkout's kwsync.yaml alone, without validating its lists: what the PR's live plan trusts
 * from the default branch (the lists it plans come from the PR and its base). A missing or invalid
 * file gives the documented defaults, as validation does.
 */
export async function loadSettings({ inputs, context }: ActionRun): Promise<Settings> {
  const { config } = await loadConfig(resolve(context.workspace, inputs.dir), (abs) => relative(context.workspace, abs));
  return { config, targetConfig: resolveTargetConfig(config, inputs.target, TARGET_INPUT) };
}

/** The name plans and markers carry in every mode: the kwsync.yaml target, else 'default'. */
export function targetName(targetConfig: TargetConfig | undefined): string {
  return targetConfig?.name ?? 'default';
}

/** The plan of the validated lists against `live` (the app's lists, or the base branch's offline). */
export function planAgainst(
  prepared: Prepared,
  live: readonly LiveKeywordList[],
  mode: Plan['mode'],
  now: Date,
  context: Pick<PlanOptions, 'notes' | 'defaults' | 'unreadable' | 'truncatedListing'> = {},
): Plan {
  const { validation } = prepared;
  return computePlan(validation.lists, live, {
    target: targetName(prepared.targetConfig),
    prune: prepared.prune,
    safety: validation.config.safety,
    mode,
    now,
    ...context,
  });
}

/** Connects to the target's app and plans against its lists (the plan use case, src/sync/plan.ts). */
export async function planAgainstLive(
  connect: NonNullable<ActionDeps['connect']>,
  prepared: Prepared,
  now: Date,
  since: Pick<PlanTargetInput, 'formerIds' | 'base'> = {},
  connectRules?: ActionDeps['connectRules'],
): Promise<{ keywords: KeywordTarget; rules?: RuleTarget; plan: Plan; live: LiveKeywordList[] }> {
  const keywords = connect(prepared.targetConfig, prepared.validation.config.service);
  const { validation } = prepared;
  const options = { target: targetName(prepared.targetConfig), prune: prepared.prune, safety: validation.config.safety, mode: 'live' as const, now };
  const rules = connectRules?.(prepared.targetConfig, validation.config.service);
  const withRules = rules ? { rules: { target: rules, desired: validation.rulesManaged ? (validation.rules ?? []) : null } } : {};
  // The app's list limit is counted with the live lists read: past it, apply refuses before any write (as `kwsync apply` does).
  const listLimit = listLimitSetting(validation.config.limits);
  return { keywords, ...(rules ? { rules } : {}), ...(await planTarget({ lists: validation.lists, keywords, options, listLimit, ...since, ...withRules })) };
}
