// mode: plan-comment, the last job of stage two: after every target's plan-live job, it posts the
// PR's one plan comment (a table row per target, each target's plan folded), from the sections
// those jobs left (plan-sections.ts). It finds the PRs as plan-live does (each must have the run's
// commit as its head) and takes only the sections planned for that head. The comment is edited in
// place. It reads no list and holds no key.
import { join, relative, resolve } from 'node:path';
import { PLAN_COMMENT_MARKER, renderPrSummaryComment, type PlanSection } from '../github/render-pr-summary.js';
import { upsertStickyComment } from '../github/sticky-comment.js';
import { mdText } from '../render/markdown-escape.js';
import type { ActionResult, ActionRun } from './deps.js';
import { formatError } from './format-error.js';
import { readSectionFiles, SECTIONS_FOLDER } from './plan-sections.js';
import { findPullRequests, workflowRunOf } from './pr-from-run.js';
import { loadConfig } from '../validate/load-config.js';

export async function runPlanComment(run: ActionRun): Promise<ActionResult> {
  const { context, deps, inputs } = run;
  const repo = { owner: context.owner, repo: context.repo };
  const none: ActionResult = { hasChanges: false, planJsonPath: '', failed: false };
  // The default branch's kwsync.yaml names the targets (and their order); no target is chosen here.
  const { config } = await loadConfig(resolve(context.workspace, inputs.dir), (abs) => relative(context.workspace, abs));
  const order = (config.targets ?? []).map((t) => t.name);
  const lookup = await findPullRequests(deps.octokit, repo, context.event, { planWorkflow: config.pullRequests.planWorkflow });
  if (lookup.status !== 'found') {
    deps.log.info('No pull request of this run to comment on; nothing was posted.');
    return none;
  }
  const dir = inputs.artifactDir ?? join(deps.tempDir, SECTIONS_FOLDER);
  const { sections, skipped } = await readSectionFiles(dir);
  if (skipped.length > 0) deps.log.warning(`plan sections not read (not a kwsync section, or too large): ${skipped.slice(0, 5).join(', ')}`);
  const failures: string[] = [];
  for (const pr of lookup.prs) {
    // Only this head's sections: a section of an older push never reads as the current plan.
    const mine = new Map<string, PlanSection>(sections.filter((s) => s.pr === pr.number && s.headSha === pr.headSha).map((s) => [s.target, s]));
    const body = renderPrSummaryComment(mine, { order: order.length > 0 ? order : [...mine.keys()], headSha: pr.headSha, runUrl: context.runUrl });
    try {
      const res = await upsertStickyComment(deps.octokit, { ...repo, issueNumber: pr.number, marker: PLAN_COMMENT_MARKER, body });
      deps.log.info(`plan comment ${res.action} on #${pr.number} with ${mine.size} target(s): ${res.url}`);
    } catch (err) {
      const warning = `#${pr.number}: the plan comment could not be posted (each target's check run has its plan): ${formatError(err).replace(/\n/g, ' ')}`;
      deps.log.warning(warning);
      await deps.writeSummary(`> [!WARNING]\n> ${mdText(warning)}\n`);
      failures.push(warning);
    }
  }
  await deps.writeSummary(`Posted the plan comment of ${lookup.prs.map((p) => `#${p.number}`).join(', ')} (${sections.length} section(s) read).\n`);
  return failures.length > 0 ? { ...none, failed: true, message: failures.join('; ') } : none;
}
