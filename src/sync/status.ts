// The status use case, shared by both shells (`kwsync status` and the Action's status mode): the
// targets a run covers, then readStatus (src/status/read-status.ts: last applied record, drift
// against live, commits ahead, per target). The shells wire its readers (deployment records, git,
// a client per target) and render the report. The targets are chosen first, on their own: an
// unknown --target fails before anything is read or said.
import type { KwsyncConfig, TargetConfig } from '../model/config.js';
import { resolveTargetConfig } from '../targets/target-config.js';

/** The targets a status run covers: the one named, else every target of kwsync.yaml, else the environment's. */
export function statusTargets(config: KwsyncConfig, target: string | undefined, optionName?: string): (TargetConfig | undefined)[] {
  if (target !== undefined) return [resolveTargetConfig(config, target, optionName)];
  return config.targets && config.targets.length > 0 ? config.targets : [undefined];
}
