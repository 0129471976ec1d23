// Picks the mode. Everything below takes typed inputs and injected dependencies (see deps.ts).
import type { ActionResult, ActionRun } from './deps.js';
import { runApply } from './run-apply.js';
import { runDrift } from './run-drift.js';
import { runPlan } from './run-plan.js';
import { runPlanComment } from './run-plan-comment.js';
import { runPlanLive } from './run-plan-live.js';
import { runPlanUpload } from './run-plan-upload.js';
import { runTargets } from './run-targets.js';
import { runStatus } from './run-status.js';

export async function runAction(run: ActionRun): Promise<ActionResult> {
  switch (run.inputs.mode) {
    case 'plan':
      return runPlan(run);
    case 'plan-upload':
      return runPlanUpload(run);
    case 'plan-live':
      return runPlanLive(run);
    case 'plan-comment':
      return runPlanComment(run);
    case 'apply':
      return runApply(run);
    case 'drift':
      return runDrift(run);
    case 'targets':
      return runTargets(run);
    case 'status':
      return runStatus(run);
  }
}
