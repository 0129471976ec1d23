// mode: apply, on push to the default branch. Reconciles the whole desired state at HEAD (a fresh
// plan against live, not one commit's diff), reports per list in the job summary and on the merged
// PR, and fails the job when any list failed. A run for a commit that is no longer the head of the
// default branch (a re-run of an old run) applies nothing. Every apply is recorded as a GitHub
// deployment of the target's environment (apply-record.ts); a target with `after:` waits for its
// predecessor's successful record of this commit, and an apply that would revert another
// commit's apply needs force (promotion.ts).
import { applyFailed, renderApplyReportMarkdown, unfinished } from '../apply/index.js';
import { applyTarget } from '../sync/apply.js';
import { RefusedPlanError } from '../errors.js';
import { findMergedPullRequest } from '../github/merged-pr.js';
import { applyMarker } from '../github/markers.js';
import { FORCE_ADVICE, refusedReasons, renderApplyComment, renderRefusedComment } from '../github/render-comments.js';
import { upsertStickyComment } from '../github/sticky-comment.js';
import { planHasChanges, type Plan } from '../model/plan.js';
import { renderPlanMarkdown } from '../plan/index.js';
import type { ActionDeps, ActionResult, ActionRun } from './deps.js';
import { cutAtLine, utf8Bytes } from '../github/fit-markdown.js';
import { fitPlanSummary, renderPlanSummary, SUMMARY_LIMIT_BYTES } from './job-summary.js';
import { lacksTarget } from '../validate/index.js';
import { pushedFrom } from '../plan/live-edits.js';
import { planAgainstLive, prepare, targetName, type Prepared } from './setup.js';
import type { DesiredList } from '../model/keyword-list.js';
import type { KeywordTarget, RuleTarget } from '../model/target.js';
import { supersededBy, supersededNotice } from './superseded.js';
import { formatError } from './format-error.js';
import { mdText } from '../render/markdown-escape.js';
import { copyFolderAtRef, removeCopy } from '../plan/base-lists.js';
import { guardCaution } from './guard.js';
import { confirmTarget } from './confirmed-connection.js';
import type { KwsyncConfig, TargetConfig } from '../model/config.js';
import { readGuards, type Guards } from './pr-guards.js';
import { deploymentReader } from '../github/deployments.js';
import { outcomeLine, startApplyRecord } from './apply-record.js';
import { applyPrediction } from './apply-prediction.js';
import { isAncestor, markOtherWriterReverts, otherWriter, promotionBlock } from './promotion.js';

export async function runApply(run: ActionRun): Promise<ActionResult> {
  const { inputs, context, deps } = run;
  const superseded = await supersededBy(deps.octokit, context);
  if (superseded) {
    const notice = supersededNotice(superseded, context.sha);
    deps.log.info(notice);
    await deps.writeSummary(`**${notice}**\n`);
    return { hasChanges: false, planJsonPath: '', failed: false };
  }
  const guards = await applyGuards(run);
  const caution = guardCaution(guards.changes, 'apply', guards.connection);
  const prepared = await prepare(run, guards.guard);
  const { validation } = prepared;
  if (validation.errorCount > 0) {
    for (const d of validation.diagnostics) deps.log.annotate(d);
    await deps.writeSummary(renderPlanSummary(undefined, validation.diagnostics, renderPlanMarkdown, ['**Nothing was applied: the lists are invalid.**']));
    return { hasChanges: false, planJsonPath: '', failed: true, message: `${validation.errorCount} error(s) in the keyword lists; nothing was sent` };
  }
  if (!deps.connect) return { hasChanges: false, planJsonPath: '', failed: true, message: deps.noKeyReason ? `nothing was applied: ${deps.noKeyReason}` : 'apply needs COMETCHAT_API_KEY (and the app id) in the environment' };

  const target = targetName(prepared.targetConfig);
  const targetRef = prepared.targetConfig ?? { name: target };
  const held = await reconnectedHold(run, guards, validation.config, prepared.targetConfig);
  if (held) {
    await deps.writeSummary(`${caution}\n\n**Nothing was applied.** ${mdText(held)}\n`);
    return { hasChanges: false, planJsonPath: '', failed: true, message: held };
  }
  const records = deploymentReader(deps.octokit, { owner: context.owner, repo: context.repo });
  const waiting = await promotionBlock(records, prepared.targetConfig, validation.config.targets ?? [], context.sha);
  if (waiting) {
    await deps.writeSummary(`**Nothing was applied.** ${mdText(waiting)}\n`);
    return { hasChanges: false, planJsonPath: '', failed: true, message: `nothing was applied: ${waiting}` };
  }
  const { keywords, rules, plan: planned } = await livePlan(run, deps.connect, prepared);
  // The revert guard also sees a genuine apply of a commit a force-push dropped from the default branch.
  const plan = await withOtherWriterReverts(run, deploymentReader(deps.octokit, { owner: context.owner, repo: context.repo }, { onDefaultBranch: false }), targetRef, planned);
  const planJsonPath = await deps.writePlanFile(plan);
  const hasChanges = planHasChanges(plan);

  // Preview groups configured: the impact preview's counts go into the record (status shows them beside what rules blocked).
  const record = await startApplyRecord(run, targetRef, plan, await applyPrediction(run, prepared, plan));
  let report;
  try {
    // kwsync.yaml's (guarded) concurrency, safety and retries: the same use case as `kwsync apply`.
    report = await applyTarget({ plan, keywords, rules, config: validation.config, force: inputs.force, now: deps.now });
  } catch (err) {
    if (!(err instanceof RefusedPlanError)) {
      await record.finish('error', `kwsync stopped: ${formatError(err)}`);
      throw err;
    }
    await record.finish('failure', `refused ${err.reasons.length} unsafe change(s); nothing was applied (see the run)`);
    return refused(run, plan, err.reasons, { hasChanges, planJsonPath }, caution);
  }

  const failed = applyFailed(report);
  await record.finish(failed ? 'failure' : 'success', `${failed ? 'did not finish' : 'applied'} ${context.sha.slice(0, 7)}: ${outcomeLine(report)}`, report);
  await deps.writeSummary(applySummary(renderApplyReportMarkdown(report), plan, SUMMARY_LIMIT_BYTES, caution));
  // The lists are applied: from here on a failure is one of reporting, never of the apply.
  await reportOnMergedPr(run, target, renderApplyComment(report, { runUrl: context.runUrl, sha: context.sha, renderApply: renderApplyReportMarkdown, failed }), appliedLine(report));
  const left = report.results.filter(unfinished).map((r) => `${r.id} (${r.outcome})`);
  const again = 'see the job summary for every list; run the apply workflow again to finish (Re-run jobs on the newest run, or Run workflow on the default branch)';
  return failed
    ? { hasChanges, planJsonPath, failed, message: `apply did not finish for ${namedSome(left) || 'some lists'}; ${again}` }
    : { hasChanges, planJsonPath, failed };
}

/** A few names and a count: a failure message is one annotation, which the runner cuts at ~4,096 characters. */
export function namedSome(names: readonly string[], max = 10): string {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}

/** What the apply did, in one line, for a warning when it cannot be reported on the pull request. */
function appliedLine(report: { results: readonly { outcome: string }[] }): string {
  const counts = new Map<string, number>();
  for (const r of report.results) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
  const parts = [...counts].map(([outcome, n]) => `${n} ${outcome}`);
  return `the apply ran (${parts.join(', ') || 'no list changed'}; every list is in the job summary)`;
}

/**
 * The plan against the live lists, and the connection to apply it with. The live read stays in
 * here: at 25 lists of 1 MB it is ~60 MB that the apply does not need.
 */
async function livePlan(run: ActionRun, connect: NonNullable<ActionDeps['connect']>, prepared: Prepared): Promise<{ keywords: KeywordTarget; rules?: RuleTarget; plan: Plan }> {
  const head = prepared.validation.lists;
  const base = await listsBeforePush(run);
  // Lists whose file this push deleted are asked by id: a listing cut short may not show them.
  const heads = new Set(head.map((l) => l.id));
  const formerIds = (base?.lists ?? []).map((l) => l.id).filter((id) => !heads.has(id));
  // On a push, changes that would undo live edits the merged files do not carry need force too.
  const planned = await planAgainstLive(connect, prepared, run.deps.now(), { formerIds, ...(base ? { base: base.lists } : {}) }, run.deps.connectRules);
  return { keywords: planned.keywords, ...(planned.rules ? { rules: planned.rules } : {}), plan: planned.plan };
}

/** The lists of the commit before this push, when it is a push and git can read them. */
async function listsBeforePush(run: ActionRun): Promise<{ lists: readonly DesiredList[] } | undefined> {
  const before = pushedFrom(run.context.event);
  if (!before) return undefined;
  // A push that adds the target has no lists before it for that target: no live edits to tell apart.
  return run.deps.validateAtRef(before, run.inputs.dir, run.inputs.target).then((v) => (lacksTarget(v) ? undefined : v)).catch((err: unknown) => {
    run.deps.log.warning(`cannot read the lists before this push (${before.slice(0, 7)}), so live edits are not told from drift: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  });
}

/** The plan with changes that would revert another commit's apply (the target's last record) marked unsafe. */
async function withOtherWriterReverts({ context, deps }: ActionRun, records: ReturnType<typeof deploymentReader>, target: { name: string; environment?: string | undefined }, plan: Plan): Promise<Plan> {
  if (!plan.changes.some((c) => c.kind === 'update')) return plan;
  const repo = { owner: context.owner, repo: context.repo };
  const other = await otherWriter(records, target, context.sha, (ancestor) => isAncestor({ cwd: context.workspace, octokit: deps.octokit, repo, ancestor, head: context.sha }));
  if (!other) return plan;
  if ('skipped' in other) {
    deps.log.warning(other.skipped);
    return plan;
  }
  return markOtherWriterReverts(plan, other);
}

/**
 * The guards of this apply: the stricter of kwsync.yaml before the push (the event's `before`, the
 * state the last apply left) and after it, so a merged change cannot loosen its own guard. A run
 * with no `before` (Run workflow by a maintainer) uses the files as they are.
 */
async function applyGuards({ inputs, context, deps }: ActionRun): Promise<Guards & { beforeUnread: boolean }> {
  const before = pushedFrom(context.event);
  const copy = before ? await copyFolderAtRef({ cwd: context.workspace, ref: before, dir: inputs.dir }).catch((err: unknown) => {
    deps.log.warning(`cannot read kwsync.yaml before this push (${before.slice(0, 7)}): the guards are this commit's alone: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }) : undefined;
  try {
    return { ...(await readGuards({ dir: inputs.dir, headRoot: context.workspace, baseRoot: copy })), beforeUnread: before !== undefined && copy === undefined };
  } finally {
    if (copy) await removeCopy(copy);
  }
}

/**
 * A push that changes where a target connects (app, region, server, key variable, environment) is
 * not applied by the push: the key would go where a reviewed-but-maybe-missed line says. Nor is any
 * later push while that connection is unconfirmed (R2-M7d: its `before` already has it). A
 * maintainer confirms by Run workflow (workflow_dispatch), which applies as the files say and whose
 * record then confirms the connection (src/action/confirmed-connection.ts).
 */
async function reconnectedHold({ context, inputs, deps }: ActionRun, guards: Guards & { beforeUnread: boolean }, config: KwsyncConfig, targetConfig: TargetConfig | undefined): Promise<string | undefined> {
  // Run workflow, or no kwsync.yaml target (the environment alone says where): nothing to hold.
  if (context.eventName === 'workflow_dispatch' || targetConfig === undefined) return undefined;
  const target = targetConfig.name;
  const before = pushedFrom(context.event);
  const confirm = 'a maintainer confirms the connection by running the apply workflow by hand (Actions → the apply workflow → Run workflow on the default branch)';
  // Unknown is not unchanged: a push whose `before` cannot be read may have re-pointed the target.
  if (before && guards.beforeUnread) return `kwsync.yaml before this push (${before.slice(0, 7)}) cannot be read, so whether target "${target}" still connects where it did is unknown and it is not applied automatically: ${confirm}`;
  if (before && guards.reconnected.includes(target)) return `this push changes where target "${target}" connects (since ${before.slice(0, 7)}; see the CAUTION), so it is not applied automatically: a maintainer confirms the new connection by running the apply workflow by hand (Actions → the apply workflow → Run workflow on the default branch)`;
  const confirmation = await confirmTarget({ workspace: context.workspace, dir: inputs.dir, config, target: targetConfig }, deps.deploymentReader);
  if (confirmation.confirmed) return undefined;
  return `target "${target}" connects where no apply confirmed it (${confirmation.why}), so it is not applied automatically: ${confirm}`;
}

/** The report, then the plan, together under GitHub's 1 MiB for a job summary (the report first, cut at half). */
export function applySummary(reportMarkdown: string, plan: Plan, limitBytes = SUMMARY_LIMIT_BYTES, caution = ''): string {
  const head = caution ? `${caution}\n\n${reportMarkdown}` : reportMarkdown;
  const report = utf8Bytes(head) <= limitBytes / 2 ? head : `${cutAtLine(head, limitBytes / 2 - 200, utf8Bytes)}\n\n_…the report is cut here to fit the job summary; the plan JSON (\`plan-json\`) has every list._`;
  return `${report}\n${fitPlanSummary(plan, [], renderPlanMarkdown, [], limitBytes - utf8Bytes(report) - 1).body}`;
}

/** Unsafe changes and no `force`: nothing was sent. Say why once, and how to force, where people look. */
async function refused(run: ActionRun, plan: Plan, reasons: string[], out: { hasChanges: boolean; planJsonPath: string }, caution: string): Promise<ActionResult> {
  const { context, deps } = run;
  const n = reasons.length;
  const head = `**Refused: nothing was applied.** The plan has ${n} unsafe change${n === 1 ? '' : 's'}:`;
  await deps.writeSummary(renderPlanSummary(plan, [], renderPlanMarkdown, [...(caution ? [caution] : []), [head, '', refusedReasons(reasons), '', FORCE_ADVICE].join('\n')]));
  await reportOnMergedPr(run, plan.target, renderRefusedComment({ target: plan.target, reasons, runUrl: context.runUrl, sha: context.sha }), 'nothing was applied (unsafe changes refused; the reasons are in the job summary)');
  const message = `refused ${n} unsafe change${n === 1 ? '' : 's'}; nothing was applied: ${namedSome(reasons, 5).replace(/, /g, '; ')}. ${FORCE_ADVICE.replace(/\*\*/g, '"')}`;
  return { ...out, failed: true, message };
}

/**
 * The report on the merged PR. GitHub failing here (a 502, a rate limit, a missing permission) does
 * not undo the apply: it is a warning saying what was done and what could not be reported.
 */
async function reportOnMergedPr({ context, deps }: ActionRun, target: string, body: string, done: string): Promise<void> {
  let pr: number | undefined;
  try {
    pr = await findMergedPullRequest(deps.octokit, { owner: context.owner, repo: context.repo, sha: context.sha });
    if (pr === undefined) {
      deps.log.info('no merged pull request for this commit: the report is in the job summary only');
      return;
    }
    const res = await upsertStickyComment(deps.octokit, { owner: context.owner, repo: context.repo, issueNumber: pr, marker: applyMarker(target), body });
    deps.log.info(`apply report ${res.action} on #${pr}: ${res.url}`);
  } catch (err) {
    const where = pr === undefined ? 'the merged pull request could not be looked up' : `the report could not be posted on #${pr}`;
    const warning = `${done}; ${where}: ${formatError(err).replace(/\n/g, ' ')}`;
    deps.log.warning(warning);
    await deps.writeSummary(`> [!WARNING]\n> ${mdText(warning)}\n`);
  }
}
