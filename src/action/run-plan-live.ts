// mode: plan-live, stage two of the PR plan, on workflow_run after stage one (plan-upload) ran on
// the pull request. It runs the default branch's code in the target's environment (which holds
// the key) and never checks out or runs the PR's code: the PR's lists arrive as the artifact, read
// as untrusted data. The PR is found through the API and must have the run's commit as its head.
// The plan is three-way (base branch, live, PR); the check run goes on the PR's head commit.
import { join } from 'node:path';
import { KwsyncError } from '../errors.js';
import { checkRunName, publishCheckRun } from '../github/check-run.js';
import { utf8Bytes } from '../github/fit-markdown.js';
import { planMarker } from '../github/markers.js';
import { renderInvalidComment, truncatedNote } from '../github/render-comments.js';
import { renderPrPlanComment } from '../github/render-pr-plan.js';
import { upsertStickyComment } from '../github/sticky-comment.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { LiveKeywordList } from '../model/keyword-list.js';
import { planHasChanges, type Plan } from '../model/plan.js';
import { liveContext, readLiveLists, renderPlanMarkdown, type PlanOptions } from '../plan/index.js';
import { defaultIdProblems, listLimitProblem, unsafeProblems } from '../plan/predict-apply.js';
import { computeThreeWay } from '../plan/three-way.js';
import { asBaseLists, commitBaseUnder, copyFolderAtRef, removeCopy } from './base-lists.js';
import { previewImpact, renderImpactMarkdown } from './impact-preview.js';
import type { ActionResult, ActionRun, RepoValidation } from './deps.js';
import { renderPlanSummary, SUMMARY_LIMIT_BYTES, SUMMARY_SHORTENED_NOTE } from './job-summary.js';
import { BUNDLE_ARTIFACT, unpackUntrusted } from './pr-bundle.js';
import { findPullRequest, type VerifiedPullRequest } from './pr-from-run.js';
import { loadSettings, targetName, type Settings } from './setup.js';

export async function runPlanLive(run: ActionRun): Promise<ActionResult> {
  const { inputs, context, deps } = run;
  const repo = { owner: context.owner, repo: context.repo };
  const lookup = await findPullRequest(deps.octokit, repo, context.event);
  if (lookup.status !== 'found') {
    const note = lookup.status === 'superseded'
      ? `#${lookup.number} has moved on to ${lookup.headSha.slice(0, 7)}; the run for that commit posts its plan. Nothing was posted.`
      : `No pull request to plan: ${lookup.reason}. Nothing was posted.`;
    deps.log.info(note);
    await deps.writeSummary(`${note}\n`);
    return { hasChanges: false, planJsonPath: '', failed: false };
  }
  const pr = lookup.pr;
  // Target, app and service settings come from this checkout (the default branch), never from the PR.
  const trusted = await loadSettings(run);
  const target = targetName(trusted.targetConfig);
  let unpacked: Awaited<ReturnType<typeof unpackUntrusted>>;
  try {
    unpacked = await unpackUntrusted({ artifactDir: inputs.artifactDir ?? join(deps.tempDir, BUNDLE_ARTIFACT), dir: inputs.dir });
  } catch (err) {
    if (!(err instanceof KwsyncError)) throw err;
    await refuseArtifact(run, pr, target, err);
    return { hasChanges: false, planJsonPath: '', failed: true, message: err.hint ? `${err.message}\nhint: ${err.hint}` : err.message };
  }
  // One copy of the base commit's folder serves both the PR's validation (as its git base) and the base's own.
  const withoutBase = (err: unknown) => {
    deps.log.warning(`validating without the base commit: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  };
  const baseRef = { ref: pr.baseSha, dir: inputs.dir };
  const baseCopy = await copyFolderAtRef({ cwd: context.workspace, ...baseRef }).catch(withoutBase);
  try {
    const base = baseCopy ? await commitBaseUnder(unpacked.root, baseCopy, baseRef).catch(withoutBase) : undefined;
    const prValidation = await deps.validateRepo({ dir: inputs.dir, cwd: unpacked.root, ...(base ? { base } : {}) });
    // Without the copy, validateAtRef tries the base commit again and says why it cannot be read.
    const validateBase = () => (baseCopy ? deps.validateRepo({ dir: inputs.dir, cwd: baseCopy }) : deps.validateAtRef(pr.baseSha, inputs.dir));
    return await planAndPost(run, pr, trusted, prValidation, validateBase);
  } finally {
    await removeCopy(unpacked.root);
    if (baseCopy) await removeCopy(baseCopy);
  }
}

async function planAndPost(run: ActionRun, pr: VerifiedPullRequest, trusted: Settings, prValidation: RepoValidation, validateBase: () => Promise<RepoValidation>): Promise<ActionResult> {
  const { inputs, context, deps } = run;
  const target = targetName(trusted.targetConfig);
  const link = { runUrl: context.runUrl, sha: pr.headSha };
  if (prValidation.errorCount > 0) {
    await check(run, pr, target, prValidation.diagnostics, 'The pull request\'s lists are invalid; no plan was made.');
    await comment(run, pr, target, renderInvalidComment(target, prValidation.errorCount, prValidation.warningCount, link));
    await deps.writeSummary(renderPlanSummary(undefined, prValidation.diagnostics, renderPlanMarkdown));
    return { hasChanges: false, planJsonPath: '', failed: true, message: `${prValidation.errorCount} error(s) in the pull request's keyword lists` };
  }
  const base = await validateBase();
  if (base.errorCount > 0) deps.log.warning(`the base commit's lists have ${base.errorCount} error(s); the plan uses the lists that loaded`);
  const { live, context: liveRead, offlineReason } = await readLive(run, trusted, target, [...base.lists, ...prValidation.lists].map((l) => l.id), base);
  const prConfig = prValidation.config;
  const tw = computeThreeWay(base.lists, live, prValidation.lists, {
    target,
    prune: inputs.prune ?? prConfig.prune,
    safety: prConfig.safety,
    mode: offlineReason ? 'offline' : 'live',
    now: deps.now(),
    ...liveRead,
  });
  const problems: Diagnostic[] = [
    ...defaultIdProblems(prValidation.lists, live, inputs.dir, liveRead.defaults),
    ...(offlineReason ? [] : listLimitProblem(tw.plan, live, prConfig.limits.maxLists, prValidation.configFile ?? `${inputs.dir}/kwsync.yaml`)),
    ...unsafeProblems(tw.plan, tw.lists, inputs.dir),
  ];
  const extra = offlineReason ? undefined : await impact(run, trusted, tw.plan);
  const common = { ...link, renderPlan: renderPlanMarkdown, problems, warningCount: prValidation.warningCount, ...(offlineReason ? { offlineReason } : {}), ...(extra ? { extra } : {}) };
  // The summary cannot point at itself when shortened; then the comment says the summary is short too.
  const summary = renderPrPlanComment(tw, { ...common, limit: SUMMARY_LIMIT_BYTES, measure: utf8Bytes, shortenedNote: SUMMARY_SHORTENED_NOTE });
  await deps.writeSummary(summary.body);
  const planJsonPath = await deps.writePlanFile(tw.plan);
  const headline = problems.length > 0 ? `Apply after merge would refuse or fail: ${problems.length} problem(s).` : 'The plan is in the pull request comment.';
  await check(run, pr, target, [...prValidation.diagnostics, ...problems], headline);
  await comment(run, pr, target, renderPrPlanComment(tw, { ...common, shortenedNote: truncatedNote(context.runUrl, summary.truncated) }).body);
  const failed = problems.length > 0;
  return { hasChanges: planHasChanges(tw.plan), planJsonPath, failed, ...(failed ? { message: `${problems.length} problem(s) apply would refuse or fail on; see the kwsync check` } : {}) };
}

async function readLive(run: ActionRun, trusted: Settings, target: string, ids: string[], base: RepoValidation): Promise<{ live: LiveKeywordList[]; context: Pick<PlanOptions, 'notes' | 'defaults' | 'unreadable' | 'truncatedListing'>; offlineReason?: string }> {
  const { deps } = run;
  if (!deps.connect) {
    const offlineReason = `no API key is configured for the target \`${target}\` (the COMETCHAT_API_KEY secret of its environment, or the one the caller passes)`;
    deps.log.warning(`${offlineReason}: planning offline against the base commit`);
    return { live: asBaseLists(base.lists), context: {}, offlineReason };
  }
  const keywords = deps.connect(trusted.targetConfig, trusted.config.service);
  const live = await readLiveLists(keywords, ids);
  return { live: live.lists, context: liveContext(live) };
}

/** The impact preview, or a line saying why there is none; it never fails the plan. */
async function impact({ deps }: ActionRun, trusted: Settings, plan: Plan): Promise<string | undefined> {
  const { preview, service } = trusted.config;
  if (preview.groups.length === 0 || !deps.recentMessages || !planHasChanges(plan)) return undefined;
  try {
    return renderImpactMarkdown(await previewImpact(plan, preview.groups, preview.messages, deps.recentMessages(trusted.targetConfig, service)));
  } catch (err) {
    const why = err instanceof KwsyncError ? err.message : String(err);
    deps.log.warning(`impact preview skipped: ${why}`);
    return `#### Impact preview\n\n_Not available: the recent messages could not be read (${why.replace(/[|`]/g, "'")})._\n`;
  }
}

async function check(run: ActionRun, pr: VerifiedPullRequest, target: string, diagnostics: readonly Diagnostic[], summary: string, conclusion?: 'failure'): Promise<void> {
  const { context, deps } = run;
  const e = diagnostics.filter((d) => d.severity === 'error').length;
  const w = diagnostics.length - e;
  await publishCheckRun(deps.octokit, {
    owner: context.owner,
    repo: context.repo,
    name: checkRunName(target),
    headSha: pr.headSha,
    diagnostics,
    title: conclusion ? 'The pull request\'s lists could not be read' : e + w === 0 ? 'Valid; apply would succeed' : `${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}`,
    summary: `${summary} Target \`${target}\`; details in the [job summary](${context.runUrl}).`,
    detailsUrl: context.runUrl,
    ...(conclusion ? { conclusion } : {}),
  });
}

async function comment({ context, deps }: ActionRun, pr: VerifiedPullRequest, target: string, body: string): Promise<void> {
  const res = await upsertStickyComment(deps.octokit, { owner: context.owner, repo: context.repo, issueNumber: pr.number, marker: planMarker(target), body });
  deps.log.info(`plan comment ${res.action} on #${pr.number}: ${res.url}`);
}

async function refuseArtifact(run: ActionRun, pr: VerifiedPullRequest, target: string, err: KwsyncError): Promise<void> {
  const text = `${err.message}${err.hint ? ` (${err.hint})` : ''}`;
  await check(run, pr, target, [], text, 'failure');
  await comment(run, pr, target, [planMarker(target), `### kwsync plan for \`${target}\``, '', `**No plan was made.** ${text}`, ''].join('\n'));
  await run.deps.writeSummary(`**No plan was made.** ${text}\n`);
}
