// mode: targets. Prints the kwsync.yaml target names as JSON for `strategy.matrix`, so the reusable
// workflows run one job per target while the targets are written down once, in kwsync.yaml.
import { resolve } from 'node:path';
import type { ActionResult, ActionRun } from './deps.js';

export async function runTargets({ inputs, context, deps }: ActionRun): Promise<ActionResult> {
  const validation = await deps.validateRepo({ dir: inputs.dir, cwd: context.workspace });
  // Invalid lists are the plan jobs' business (they annotate them per target); a broken kwsync.yaml is not.
  const configFile = validation.configFile;
  const configErrors = configFile === null ? [] : validation.diagnostics.filter(
    (d) => d.severity === 'error' && resolve(context.workspace, d.file) === resolve(context.workspace, configFile),
  );
  for (const d of configErrors) deps.log.annotate(d);
  if (configErrors.length > 0) return { hasChanges: false, planJsonPath: '', failed: true, message: `${configErrors.length} error(s) in ${configFile}` };
  const names = (validation.config.targets ?? []).map((t) => t.name);
  if (names.length === 0) {
    const message = `${configFile ?? `${inputs.dir}/kwsync.yaml`} defines no targets; the reusable workflows run one job per target: add \`targets:\` with a name for each app`;
    return { hasChanges: false, planJsonPath: '', failed: true, message };
  }
  deps.log.info(`targets: ${names.join(', ')}`);
  return { hasChanges: false, planJsonPath: '', failed: false, targets: names };
}
