// mode: plan-upload, stage one of the live PR plan, on pull_request with no secret and a read-only
// token. Validates the PR's lists against its base commit (annotations in the log, the whole list
// in the job summary). It uploads nothing: stage two (plan-live, on workflow_run) reads the lists
// from git at the PR's verified head, plans them against live and posts the check and comment.
// (The mode keeps its name: adopters' pinned workflows call it.)
import { renderPlanMarkdown } from '../plan/index.js';
import { annotateCapped } from './annotate-capped.js';
import type { ActionResult, ActionRun } from './deps.js';
import { renderPlanSummary } from './job-summary.js';
import { untrustedBudget } from '../validate/untrusted.js';

/** 'closed' or 'merged' when the pull_request event is for a PR that is no longer open. */
export function closedPullRequest(event: unknown): 'closed' | 'merged' | undefined {
  const pr = (event as { action?: string; pull_request?: { state?: string; merged?: boolean } } | undefined)?.pull_request;
  if (!pr || pr.state === undefined || pr.state === 'open') return undefined;
  return pr.merged ? 'merged' : 'closed';
}

export async function runPlanUpload({ inputs, context, deps }: ActionRun): Promise<ActionResult> {
  const pr = context.pullRequest;
  if (!pr) {
    return { hasChanges: false, planJsonPath: '', failed: true, message: `mode plan-upload runs on pull_request (this run is ${context.eventName || 'not an event'})` };
  }
  const closed = closedPullRequest(context.event);
  if (closed) {
    const note = `#${pr.number} is ${closed}: no plan is made for it.`;
    deps.log.info(note);
    await deps.writeSummary(`${note}\n`);
    return { hasChanges: false, planJsonPath: '', failed: false };
  }
  const validation = await deps.validateRepo({ dir: inputs.dir, cwd: context.workspace, base: pr.baseSha, budget: untrustedBudget() });
  annotateCapped(deps.log, validation.diagnostics, `all ${validation.diagnostics.length} are in this run's job summary and, once the plan runs, on the kwsync check`);
  const note = `Stage one of the kwsync plan: the lists of #${pr.number} (\`${pr.headSha.slice(0, 7)}\`) were validated. The plan against the live app follows in the **kwsync plan (live)** workflow, which reads the lists from git at this commit and posts the check and the comment.`;
  await deps.writeSummary(renderPlanSummary(undefined, validation.diagnostics, renderPlanMarkdown, [note]));
  // Stage two re-validates and reports invalid lists on the check and the comment.
  const e = validation.errorCount;
  return { hasChanges: false, planJsonPath: '', failed: e > 0, ...(e > 0 ? { message: `${e} error(s) in the keyword lists; see the annotations` } : {}) };
}
