// `kwsync targets`, the run: validate the folder (offline), build the view and print it. A broken
// kwsync.yaml stops it like any command (exit 3); invalid lists are counted and the view still shown.
import { relative, resolve, sep } from 'node:path';
import { EXIT, UsageError } from '../../errors.js';
import { renderTargetsMatrix, renderTargetsText, targetsReport } from '../../targets/targets-view.js';
import { renderDiagnosticsText, validateRepo } from '../../validate/index.js';
import { useColor } from '../color.js';
import type { CliIO } from '../io.js';
import { resolveTargetConfig } from '../../targets/target-config.js';

export interface TargetsCommandOptions {
  dir: string;
  target?: string;
  format?: string;
  /** Lists down, targets across: what each app receives. */
  matrix?: boolean;
}

export async function runTargets(io: CliIO, opts: TargetsCommandOptions): Promise<number> {
  const format = opts.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json (got "${format}")`, { hint: 'e.g. --format json for a stable, versioned object' });
  const v = await validateRepo({ dir: opts.dir, cwd: io.cwd });
  const errors = v.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) io.stderr.write(renderDiagnosticsText(errors, { color: useColor(io.stderr, io.env) }));
  if (opts.target !== undefined) resolveTargetConfig(v.config, opts.target);
  const folder = relative(io.cwd, resolve(io.cwd, opts.dir)).split(sep).join('/') || '.';
  const report = targetsReport(v, folder);
  if (opts.target !== undefined) report.targets = report.targets.filter((t) => t.name === opts.target);
  io.stdout.write(format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : opts.matrix ? renderTargetsMatrix(report) : renderTargetsText(report));
  return v.errorCount > 0 ? EXIT.invalid : EXIT.ok;
}
