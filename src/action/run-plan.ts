// mode: plan, on pull_request. Validation as a check run, the plan as one sticky PR comment and the
// whole story in the job summary. Without an API key (a fork's PR) it plans offline against the
// base branch's lists.
import { RequestError } from 'octokit';
import { checkRunName, publishCheckRun } from '../github/check-run.js';
import { planMarker } from '../github/markers.js';
import { OFFLINE_NOTE, renderInvalidComment, renderPlanComment } from '../github/render-comments.js';
import { upsertStickyComment } from '../github/sticky-comment.js';
import type { TargetConfig } from '../model/config.js';
import type { LiveKeywordList } from '../model/keyword-list.js';
import { planHasChanges, type Plan } from '../model/plan.js';
import { renderPlanMarkdown } from '../plan/index.js';
import { annotateCapped } from './annotate-capped.js';
import { asBaseLists, copyFolderAtRef, removeCopy } from '../plan/base-lists.js';
import { guardCaution } from './guard.js';
import { readGuards, type Guards } from './pr-guards.js';
import type { ActionResult, ActionRun, RepoValidation } from './deps.js';
import { fitPlanSummary, renderPlanSummary } from './job-summary.js';
import { planAgainst, planAgainstLive, prepare, targetName, type Prepared } from './setup.js';

export async function runPlan(run: ActionRun): Promise<ActionResult> {
  const { context, deps } = run;
  const pr = context.pullRequest;
  const guards = await baseGuards(run);
  const caution = guardCaution(guards.changes, 'plan', guards.connection);
  const prepared = await prepare(run, guards.guard);
  const { validation } = prepared;
  const target = targetName(prepared.targetConfig);
  const link = { runUrl: context.runUrl, sha: pr?.headSha ?? context.sha };

  await publishDiagnostics(run, validation, target);
  if (validation.errorCount > 0) {
    await deps.writeSummary(renderPlanSummary(undefined, validation.diagnostics, renderPlanMarkdown));
    if (pr) await comment(run, target, renderInvalidComment(target, validation.errorCount, validation.warningCount, link));
    return { hasChanges: false, planJsonPath: '', failed: true, message: `${validation.errorCount} error(s) in the keyword lists; see the annotations` };
  }

  const plan = await makePlan(run, prepared);
  const planJsonPath = await deps.writePlanFile(plan);
  // A fork's PR may get no comment: the summary must then say on its own that the plan is offline.
  const summary = fitPlanSummary(plan, validation.diagnostics, renderPlanMarkdown, [...(caution ? [caution] : []), ...(plan.mode === 'offline' ? [OFFLINE_NOTE] : [])]);
  await deps.writeSummary(summary.body);
  if (pr) {
    const { body } = renderPlanComment(plan, {
      ...link,
      renderPlan: renderPlanMarkdown,
      errorCount: 0,
      warningCount: validation.warningCount,
      summaryShortened: summary.truncated,
    });
    await comment(run, target, withCaution(body, caution));
  } else {
    deps.log.warning('not a pull_request run: the plan is in the job summary only');
  }
  return { hasChanges: planHasChanges(plan), planJsonPath, failed: false };
}

/** The stricter of the base commit's guards and the PR's (the PR's alone when the base cannot be read). */
async function baseGuards({ inputs, context, deps }: ActionRun): Promise<Guards> {
  const base = context.pullRequest?.baseSha;
  const copy = base ? await copyFolderAtRef({ cwd: context.workspace, ref: base, dir: inputs.dir }).catch(() => undefined) : undefined;
  if (base && !copy) deps.log.warning(`cannot read the base commit ${base.slice(0, 7)}: the PR's own safety, limits and prune apply`);
  try {
    return await readGuards({ dir: inputs.dir, headRoot: context.workspace, baseRoot: copy });
  } finally {
    if (copy) await removeCopy(copy);
  }
}

/** The CAUTION block right under the comment's marker line. */
function withCaution(body: string, caution: string): string {
  if (!caution) return body;
  const nl = body.indexOf('\n');
  return `${body.slice(0, nl + 1)}${caution}\n\n${body.slice(nl + 1)}`;
}

async function makePlan({ inputs, context, deps }: ActionRun, prepared: Prepared): Promise<Plan> {
  const base = context.pullRequest?.baseSha;
  if (deps.connect) {
    // A pull request must not choose where the key goes: the target's connection is its base's.
    const connection = base ? await baseConnection(deps, base, inputs.dir, prepared.targetConfig) : { target: prepared.targetConfig };
    if ('target' in connection) return (await planAgainstLive(deps.connect, { ...prepared, targetConfig: connection.target }, deps.now())).plan;
    deps.log.warning(`${connection.offline}; planned offline against the base branch`);
  }
  let live: LiveKeywordList[] = [];
  if (base) {
    const baseValidation = await deps.validateAtRef(base, inputs.dir, prepared.targetConfig?.name);
    if (baseValidation.errorCount > 0) deps.log.warning(`the base branch's lists have ${baseValidation.errorCount} error(s); the offline plan uses the lists that loaded`);
    live = asBaseLists(baseValidation.lists);
  } else {
    deps.log.warning('no API key and no base commit: planning against an empty app');
  }
  if (!deps.connect) deps.log.info(`no API key on this run: planning offline against ${base ? `the base branch (${base.slice(0, 7)})` : 'nothing'}`);
  return planAgainst(prepared, live, 'offline', deps.now());
}

/** kwsync.yaml fields that decide which app, server and key the live read uses. */
const CONNECTION_FIELDS = ['appId', 'region', 'baseUrl', 'apiKeyEnv', 'environment'] as const;

/**
 * The PR's target with its connection (app id, region, server) taken from the base commit's
 * kwsync.yaml, or why it cannot be: a target the base lacks is new in this pull request.
 */
async function baseConnection(deps: ActionRun['deps'], base: string, dir: string, target: TargetConfig | undefined): Promise<{ target: TargetConfig | undefined } | { offline: string }> {
  if (!target) return { target };
  let config;
  try {
    config = (await deps.validateAtRef(base, dir, target.name)).config;
  } catch (err) {
    return { offline: `cannot read kwsync.yaml at the base commit ${base.slice(0, 7)}, so the connection of target ${target.name} is not known from it (${err instanceof Error ? err.message : String(err)})` };
  }
  const trusted = config.targets?.find((t) => t.name === target.name);
  if (!trusted) return { offline: `target ${target.name} is new in this pull request: its app id, region and baseUrl are used only once merged` };
  const rest: Partial<TargetConfig> = { ...target };
  for (const f of CONNECTION_FIELDS) delete rest[f];
  for (const f of CONNECTION_FIELDS) if (trusted[f] !== undefined) (rest as Record<string, unknown>)[f] = trusted[f];
  return { target: rest as TargetConfig };
}

/** A token that may not write (a fork's PR) must not hide the diagnostics: fall back to workflow annotations. */
function isPermissionError(err: unknown): boolean {
  return err instanceof RequestError && (err.status === 403 || err.status === 404);
}

async function publishDiagnostics({ context, deps }: ActionRun, validation: RepoValidation, target: string): Promise<void> {
  const { errorCount: e, warningCount: w } = validation;
  try {
    await publishCheckRun(deps.octokit, {
      owner: context.owner,
      repo: context.repo,
      name: checkRunName(target),
      headSha: context.pullRequest?.headSha ?? context.sha,
      diagnostics: validation.diagnostics,
      title: e + w === 0 ? 'All keyword lists are valid' : `${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}`,
      summary: `Validated the keyword lists for target \`${target}\`. The plan is in the pull request comment and the [job summary](${context.runUrl}).`,
      detailsUrl: context.runUrl,
    });
  } catch (err) {
    if (!isPermissionError(err)) throw err;
    deps.log.warning('this token may not create check runs (a fork\'s pull request?); annotating through the workflow log instead');
    annotateCapped(deps.log, validation.diagnostics, `all ${validation.diagnostics.length} are in this run's job summary`);
  }
}

async function comment({ context, deps }: ActionRun, target: string, body: string): Promise<void> {
  const pr = context.pullRequest!;
  try {
    const res = await upsertStickyComment(deps.octokit, { owner: context.owner, repo: context.repo, issueNumber: pr.number, marker: planMarker(target), body });
    deps.log.info(`plan comment ${res.action}: ${res.url}`);
  } catch (err) {
    if (!isPermissionError(err)) throw err;
    deps.log.warning('this token may not comment on the pull request (a fork\'s pull request?); the plan is in the job summary');
  }
}
