// mode: targets. Prints the kwsync.yaml target names as JSON for `strategy.matrix`, so the reusable
// workflows run one job per target while the targets are written down once, in kwsync.yaml. It also
// gives each target's GitHub environment, and the targets grouped in promotion waves by `after:`
// (the apply workflow runs wave 1, then 2, then 3). On workflow_run (stage two of the PR plan) it
// also reads the PR head's folder once for every target's plan job (head-folder.ts).
import { resolve } from 'node:path';
import { environmentOf } from '../github/deployment-record.js';
import type { ActionResult, ActionRun } from './deps.js';
import { prepareHeadFolder } from './head-folder.js';
import { promotionWaves } from './waves.js';

export async function runTargets(run: ActionRun): Promise<ActionResult> {
  const { inputs, context, deps } = run;
  const validation = await deps.validateRepo({ dir: inputs.dir, cwd: context.workspace });
  // Invalid lists are the plan jobs' business (they annotate them per target); a broken kwsync.yaml is not.
  const configFile = validation.configFile;
  const configErrors = configFile === null ? [] : validation.diagnostics.filter(
    (d) => d.severity === 'error' && resolve(context.workspace, d.file) === resolve(context.workspace, configFile),
  );
  for (const d of configErrors) deps.log.annotate(d);
  if (configErrors.length > 0) {
    // The first error in full (a job's failure line should say what to fix), the rest counted: each is annotated above.
    const first = configErrors[0]!;
    const more = configErrors.length > 1 ? ` (and ${configErrors.length - 1} more error(s) in ${configFile})` : '';
    return { hasChanges: false, planJsonPath: '', failed: true, message: `${first.file}:${first.line}:${first.column}: ${first.message}${more}` };
  }
  const targets = validation.config.targets ?? [];
  const names = targets.map((t) => t.name);
  if (names.length === 0) {
    const message = `${configFile ?? `${inputs.dir}/kwsync.yaml`} defines no targets; the reusable workflows run one job per target: add \`targets:\` with a name for each app`;
    return { hasChanges: false, planJsonPath: '', failed: true, message };
  }
  const grouped = promotionWaves(targets);
  if ('problem' in grouped) return { hasChanges: false, planJsonPath: '', failed: true, message: `${configFile}: ${grouped.problem}` };
  deps.log.info(`targets: ${names.join(', ')}; waves: ${grouped.waves.filter((w) => w.length).map((w) => w.join(', ')).join(' | ')}`);
  const environments = Object.fromEntries(targets.map((t) => [t.name, environmentOf(t)]));
  // The plan workflow's file comes from this checkout's (the default branch's) kwsync.yaml, as in plan-live.
  const head = await prepareHeadFolder(run, validation.config.pullRequests.planWorkflow);
  return { hasChanges: false, planJsonPath: '', failed: false, targets: names, environments, waves: grouped.waves, ...(head ? { artifactDir: head.artifactDir, headDigest: head.digest } : {}) };
}
