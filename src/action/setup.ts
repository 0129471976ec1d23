// The steps every mode starts with: validate the folder, pick the target from kwsync.yaml.
import { resolveTargetConfig } from '../cli/target.js';
import type { TargetConfig } from '../model/config.js';
import type { ActionRun, RepoValidation } from './deps.js';

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
