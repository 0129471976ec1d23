// Workflow-command annotations (`::error`) where no check run can be written (stage one of the PR
// plan, a fork's read-only token). GitHub shows only the first few per step, so kwsync writes at
// most 10 errors and 10 warnings and then one line saying where the rest are. A message is made one
// line with invisible characters shown (the log escapes the command syntax itself).
import type { Diagnostic } from '../model/diagnostic.js';
import { visible } from '../render/markdown-escape.js';
import type { ActionLog } from './deps.js';

export const MAX_WORKFLOW_ANNOTATIONS = 10;

export function annotateCapped(log: ActionLog, diagnostics: readonly Diagnostic[], pointer: string, max = MAX_WORKFLOW_ANNOTATIONS): void {
  let left = 0;
  for (const severity of ['error', 'warning'] as const) {
    const all = diagnostics.filter((d) => d.severity === severity);
    for (const d of all.slice(0, max)) log.annotate({ ...d, message: visible(d.message) });
    left += Math.max(0, all.length - max);
  }
  if (left > 0) log.warning(`${left} more problem${left === 1 ? '' : 's'} not annotated here: ${pointer}`);
}
