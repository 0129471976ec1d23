// mode: apply, on push to the default branch. Reconciles the whole desired state at HEAD (a fresh
// plan against live, not one commit's diff), reports per list in the job summary and on the merged
// PR, and fails the job when any list failed.
import { applyFailed, applyPlan, renderApplyReportMarkdown } from '../apply/index.js';
import { RefusedPlanError } from '../errors.js';
import { findMergedPullRequest } from '../github/merged-pr.js';
import { applyMarker } from '../github/markers.js';
import { renderApplyComment } from '../github/render-comments.js';
import { upsertStickyComment } from '../github/sticky-comment.js';
import { planHasChanges } from '../model/plan.js';
import { computePlan, renderPlanMarkdown } from '../plan/index.js';
import type { ActionResult, ActionRun } from './deps.js';
import { renderPlanSummary } from './job-summary.js';
import { prepare, targetName } from './setup.js';

export async function runApply(run: ActionRun): Promise<ActionResult> {
  const { inputs, context, deps } = run;
  const prepared = await prepare(run);
  const { validation } = prepared;
  if (validation.errorCount > 0) {
    for (const d of validation.diagnostics) deps.log.annotate(d);
    await deps.writeSummary(renderPlanSummary(undefined, validation.diagnostics, renderPlanMarkdown, ['**Nothing was applied: the lists are invalid.**']));
    return { hasChanges: false, planJsonPath: '', failed: true, message: `${validation.errorCount} error(s) in the keyword lists; nothing was sent` };
  }
  if (!deps.connect) return { hasChanges: false, planJsonPath: '', failed: true, message: 'apply needs COMETCHAT_API_KEY (and the app id) in the environment' };

  const keywords = deps.connect(prepared.targetConfig, prepared.validation.config.service);
  const target = targetName(prepared.targetConfig);
  const live = await keywords.listKeywordLists();
  const plan = computePlan(validation.lists, live, {
    target,
    prune: prepared.prune,
    safety: validation.config.safety,
    mode: 'live',
    now: deps.now(),
  });
  const planJsonPath = await deps.writePlanFile(plan);
  const hasChanges = planHasChanges(plan);

  let report;
  try {
    report = await applyPlan(plan, keywords, { force: inputs.force, concurrency: validation.config.apply.concurrency, now: deps.now });
  } catch (err) {
    if (!(err instanceof RefusedPlanError)) throw err;
    const why = ['**Refused: nothing was applied.** ' + err.message, ...err.reasons.map((r) => `- ${r}`), '', 'Re-run with the `force: true` input once the change is intended.'];
    await deps.writeSummary(renderPlanSummary(plan, [], renderPlanMarkdown, [why.join('\n')]));
    return { hasChanges, planJsonPath, failed: true, message: `${err.message}: ${err.reasons.join('; ')}` };
  }

  const failed = applyFailed(report);
  await deps.writeSummary(`${renderApplyReportMarkdown(report)}\n${renderPlanSummary(plan, [], renderPlanMarkdown)}`);
  const pr = await findMergedPullRequest(deps.octokit, { owner: context.owner, repo: context.repo, sha: context.sha });
  if (pr !== undefined) {
    const body = renderApplyComment(report, { runUrl: context.runUrl, sha: context.sha, renderApply: renderApplyReportMarkdown, failed });
    const res = await upsertStickyComment(deps.octokit, { owner: context.owner, repo: context.repo, issueNumber: pr, marker: applyMarker(target), body });
    deps.log.info(`apply report ${res.action} on #${pr}: ${res.url}`);
  } else {
    deps.log.info('no merged pull request for this commit: the report is in the job summary only');
  }
  const failures = report.results.filter((r) => r.outcome === 'failed').map((r) => r.id);
  return failed
    ? { hasChanges, planJsonPath, failed, message: `apply failed for ${failures.join(', ') || 'some lists'}; re-run the workflow to finish` }
    : { hasChanges, planJsonPath, failed };
}
