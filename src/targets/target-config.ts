// Which kwsync.yaml target a run means: the one named, else the only one, else the environment.
// The CLI's --target and the Action's `target` input both resolve through it.
import { UsageError } from '../errors.js';
import type { KwsyncConfig, TargetConfig } from '../model/config.js';

/**
 * `--target NAME` picks a kwsync.yaml target; without it, the only target, or the environment.
 * `optionName` is how the "choose one" message names the option (the Action says its input).
 */
export function resolveTargetConfig(config: KwsyncConfig, name: string | undefined, optionName = '--target'): TargetConfig | undefined {
  const targets = config.targets ?? [];
  const known = targets.map((t) => t.name);
  if (name !== undefined) {
    const found = targets.find((t) => t.name === name);
    if (found) return found;
    throw new UsageError(
      known.length > 0
        ? `unknown target "${name}"; kwsync.yaml defines: ${known.join(', ')}`
        : `unknown target "${name}"; kwsync.yaml defines no targets (the environment is the only target)`,
      { hint: known.length > 0 ? `use ${optionName} ${known[0]}, or another name above` : `leave out ${optionName}, or add targets to kwsync.yaml` },
    );
  }
  if (targets.length <= 1) return targets[0];
  throw new UsageError(`kwsync.yaml defines ${targets.length} targets; choose one with ${optionName}: ${known.join(', ')}`, {
    hint: 'a CI job runs one target per job, e.g. as a strategy.matrix over the targets',
  });
}
