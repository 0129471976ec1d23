// mode: plan-upload, stage one of the live PR plan, on pull_request with no secret and a read-only
// token. Validates the PR's lists against its base commit (annotations in the log, the whole list
// in the job summary) and packs the keywords folder's files into the bundle the next step uploads.
// Stage two (plan-live, on workflow_run) plans it against live and posts the check and comment.
import { join } from 'node:path';
import { renderPlanMarkdown } from '../plan/index.js';
import { annotateCapped } from './annotate-capped.js';
import type { ActionResult, ActionRun } from './deps.js';
import { renderPlanSummary } from './job-summary.js';
import { BUNDLE_ARTIFACT, packFolder, writeBundle } from './pr-bundle.js';
import { untrustedBudget } from '../validate/untrusted.js';
import { KwsyncError } from '../errors.js';
import { mdText } from '../render/markdown-escape.js';

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
  // The summary says what was done once it is done: a failed pack must not read "uploaded".
  let packed: string;
  let artifactDir: string;
  try {
    const bundle = await packFolder({ workspace: context.workspace, dir: inputs.dir, pullRequest: { number: pr.number, headSha: pr.headSha, baseSha: pr.baseSha } });
    artifactDir = inputs.artifactDir ?? join(deps.tempDir, BUNDLE_ARTIFACT);
    await writeBundle(artifactDir, bundle);
    packed = `${bundle.files.length} file(s) packed for upload`;
    deps.log.info(`packed ${bundle.files.length} file(s) of ${inputs.dir}/ for the artifact`);
  } catch (err) {
    // An OS error names runner paths; its code says enough here (the error itself ends the step).
    const why = err instanceof KwsyncError ? err.message : `could not write the bundle (${(err as { code?: string }).code ?? 'error'})`;
    await deps.writeSummary(renderPlanSummary(undefined, validation.diagnostics, renderPlanMarkdown, [`Stage one of the kwsync plan: the lists of #${pr.number} (\`${pr.headSha.slice(0, 7)}\`) were validated; packing them failed: ${mdText(why)}`]));
    throw err;
  }
  const note = `Stage one of the kwsync plan: the lists of #${pr.number} (\`${pr.headSha.slice(0, 7)}\`) were validated (${packed}). The plan against the live app follows in the **kwsync plan (live)** workflow, which reads the lists from git at this commit and posts the check and the comment.`;
  await deps.writeSummary(renderPlanSummary(undefined, validation.diagnostics, renderPlanMarkdown, [note]));
  // Invalid lists still go up: stage two re-validates and reports them on the check and the comment.
  const e = validation.errorCount;
  return { hasChanges: false, planJsonPath: '', failed: e > 0, artifactDir, ...(e > 0 ? { message: `${e} error(s) in the keyword lists; see the annotations` } : {}) };
}
