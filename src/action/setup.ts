// The steps every mode starts with: validate the folder, pick the target from kwsync.yaml.
import { resolveTargetConfig } from '../cli/target.js';
import type { TargetConfig } from '../model/config.js';
import type { ActionRun, RepoValidation } from './deps.js';

export interface Prepared {
  validation: RepoValidation;
  targetConfig: TargetConfig | undefined;
  prune: boolean;
}

export async function prepare({ inputs, context, deps }: ActionRun): Promise<Prepared> {
  const validation = await deps.validateRepo({ dir: inputs.dir, cwd: context.workspace });
  const targetConfig = resolveTargetConfig(validation.config, inputs.target);
  return { validation, targetConfig, prune: inputs.prune ?? validation.config.prune };
}

/** The name plans and markers carry in every mode: the kwsync.yaml target, else 'default'. */
export function targetName(targetConfig: TargetConfig | undefined): string {
  return targetConfig?.name ?? 'default';
}
