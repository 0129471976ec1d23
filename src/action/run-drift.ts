// mode: drift, on a schedule. Plans the repository against live; while they differ one issue
// (marker + label) carries the plan, and it is closed with a comment once live matches again.
import { driftAdvice, syncDriftIssue } from '../github/drift-issue.js';
import { mdText } from '../render/markdown-escape.js';
import { formatError } from './format-error.js';
import { driftIssueTitle, renderDriftIssue, renderDriftResolved } from '../github/render-comments.js';
import { planHasChanges, type Plan } from '../model/plan.js';
import { uncheckedText } from '../plan/summary.js';
import { renderPlanMarkdown } from '../plan/index.js';
import type { ActionResult, ActionRun } from './deps.js';
import { renderPlanSummary } from './job-summary.js';
import { planAgainstLive, prepare, targetName } from './setup.js';

export async function runDrift(run: ActionRun): Promise<ActionResult> {
  const { inputs, context, deps } = run;
  const prepared = await prepare(run);
  const { validation } = prepared;
  if (validation.errorCount > 0) {
    await deps.writeSummary(renderPlanSummary(undefined, validation.diagnostics, renderPlanMarkdown));
    return { hasChanges: false, planJsonPath: '', failed: true, message: `${validation.errorCount} error(s) in the keyword lists on the default branch; drift cannot be checked` };
  }
  if (!deps.connect) return { hasChanges: false, planJsonPath: '', failed: true, message: 'drift needs COMETCHAT_API_KEY (and the app id) in the environment' };

  const target = targetName(prepared.targetConfig);
  const now = deps.now();
  const { plan } = await planAgainstLive(deps.connect, prepared, now);
  const planJsonPath = await deps.writePlanFile(plan);
  const drift = planHasChanges(plan);
  const link = { runUrl: context.runUrl, sha: context.sha };
  // The summary first, whole (every list the issue may leave out): it stays even when GitHub fails.
  const found = drift ? `**Drift**: live differs from the repository.\n\n${driftAdvice(plan, inputs.dir)}` : noDriftNote(plan.unmanaged.length, plan);
  await deps.writeSummary(renderPlanSummary(plan, validation.diagnostics, renderPlanMarkdown, [found]));
  deps.log.info(drift ? 'Drift: live differs from the repository.' : found);
  try {
    const res = await syncDriftIssue(deps.octokit, {
      owner: context.owner,
      repo: context.repo,
      target,
      title: driftIssueTitle(target),
      driftBody: drift ? renderDriftIssue(plan, { ...link, renderPlan: renderPlanMarkdown, now, dir: inputs.dir }).body : null,
      resolvedComment: renderDriftResolved(target, now, link),
    });
    if (res.issueNumber !== null) {
      const line = `Drift issue #${res.issueNumber} ${res.action}.`;
      deps.log.info(line);
      await deps.writeSummary(`${line}\n`);
    }
  } catch (err) {
    // The check is the work; the issue is its report. Drift found and not filed is a warning that
    // says both, and the outputs still tell what was found.
    const what = drift ? 'live differs from the repository (the plan is in this job summary and the plan-json output)' : 'live matches the repository';
    const warning = `drift checked: ${what}; the drift issue could not be ${drift ? 'opened or updated' : 'closed'}: ${formatError(err).replace(/\n/g, ' ')}`;
    deps.log.warning(warning);
    await deps.writeSummary(`> [!WARNING]\n> ${mdText(warning)}\n`);
  }
  return { hasChanges: drift, planJsonPath, failed: false };
}

/** Unmanaged lists (no file, prune off) are not drift, but "live matches" would be untrue. */
export function noDriftNote(unmanaged: number, seen: Pick<Plan, 'unreadable' | 'truncatedListing'> = {}): string {
  // What the plan could not see is never called matching (a listing cut short, unreadable lists).
  const unseen = uncheckedText(seen);
  if (unmanaged === 0 && !unseen) return 'No drift: live matches the repository.';
  const lead = unmanaged === 0 ? 'No drift in managed lists.' : `No drift in managed lists; ${unmanaged} live list${unmanaged === 1 ? ' has' : 's have'} no file (unmanaged).`;
  return `${lead}${unseen}`;
}
