// The steps every mode starts with: validate the folder, pick the target from kwsync.yaml; and the
// plan every mode makes the same way, from the desired lists and whatever stands in for live.
import { resolveTargetConfig } from '../cli/target.js';
import type { TargetConfig } from '../model/config.js';
import type { LiveKeywordList } from '../model/keyword-list.js';
import type { Plan } from '../model/plan.js';
import type { KeywordTarget } from '../model/target.js';
import { computePlan, liveNotes, readLiveLists } from '../plan/index.js';
import type { ActionDeps, ActionRun, RepoValidation } from './deps.js';

export const TARGET_INPUT = 'the "target" input (or a strategy.matrix over targets)';

export interface Prepared {
  validation: RepoValidation;
  targetConfig: TargetConfig | undefined;
  prune: boolean;
}

export async function prepare({ inputs, context, deps }: ActionRun): Promise<Prepared> {
  const validation = await deps.validateRepo({ dir: inputs.dir, cwd: context.workspace });
  // Name the Action's input, not the CLI flag, when several targets need choosing.
  const targetConfig = resolveTargetConfig(validation.config, inputs.target, TARGET_INPUT);
  return { validation, targetConfig, prune: inputs.prune ?? validation.config.prune };
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
  notes: string[] = [],
): Plan {
  const { validation } = prepared;
  return computePlan(validation.lists, live, {
    target: targetName(prepared.targetConfig),
    prune: prepared.prune,
    safety: validation.config.safety,
    mode,
    now,
    notes,
  });
}

/** Connects to the target's app and plans against its lists. */
export async function planAgainstLive(
  connect: NonNullable<ActionDeps['connect']>,
  prepared: Prepared,
  now: Date,
): Promise<{ keywords: KeywordTarget; plan: Plan; live: LiveKeywordList[] }> {
  const keywords = connect(prepared.targetConfig, prepared.validation.config.service);
  const live = await readLiveLists(keywords, prepared.validation.lists.map((l) => l.id));
  return { keywords, plan: planAgainst(prepared, live.lists, 'live', now, liveNotes(live)), live: live.lists };
}
