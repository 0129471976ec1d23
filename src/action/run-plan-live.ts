// mode: plan-live, stage two of the PR plan, on workflow_run after stage one (plan-upload) ran on
// the pull request. It runs the default branch's code in the target's environment (which holds
// the key) and never checks out or runs the PR's code. It acts only on a completed run of the plan
// workflow file that the default branch's kwsync.yaml names; finds the PRs through the API (each
// must have the run's commit as its head; PRs sharing a head each get their plan); reads each PR's
// lists from git at that commit (never from the run's artifact); and decides from the PR's author,
// as GitHub reports it, what the comment may show (pr-trust.ts). The plan is three-way (base
// branch, live, PR) under the stricter of the base's and the PR's guards (guard.ts); the check
// run goes on the commit whose files were planned, and the plan is this target's section of the
// PR's one plan comment (posted by the comment job, run-plan-comment.ts, when there are several).
import { ConfigError, KwsyncError } from '../errors.js';
import { utf8Bytes } from '../github/fit-markdown.js';
import { readFolderAtCommit, type FolderAtCommit } from '../github/folder-at-commit.js';
import { planMarker } from '../github/markers.js';
import { renderInvalidComment, truncatedNote } from '../github/render-comments.js';
import { renderPrPlanComment } from '../github/render-pr-plan.js';
import { PLAN_COMMENT_MARKER, renderPrSummaryComment } from '../github/render-pr-summary.js';
import { upsertStickyComment } from '../github/sticky-comment.js';
import { writeSectionFile } from './plan-sections.js';
import { mdCode, mdText } from '../render/markdown-escape.js';
import { untrustedBudget } from '../validate/untrusted.js';
import { renderWithheldPlan, withheldRuleCount } from '../github/withheld-plan.js';
import { planBaseRules, planLiveRules, withheldRules } from './plan-live-rules.js';
import { countRuleChanges } from '../plan/rules/render-rules.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { LiveKeywordList } from '../model/keyword-list.js';
import { planHasChanges, type Plan } from '../model/plan.js';
import { liveContext, readLiveLists, renderPlanMarkdown, type PlanOptions } from '../plan/index.js';
import { defaultIdProblems, listLimitProblem, unsafeProblems } from '../plan/predict-apply.js';
import { computeThreeWay } from '../plan/three-way.js';
import { asBaseLists, commitBaseUnder, copyFolderAtRef, removeCopy } from '../plan/base-lists.js';
import type { ActionResult, ActionRun, RepoValidation } from './deps.js';
import { renameNotes } from '../plan/rename-notes.js';
import { guardCaution } from './guard.js';
import { previewImpact, renderImpactMarkdown } from './impact-preview.js';
import { similarityThreshold } from '../preview/similarity-threshold.js';
import { renderPlanSummary, SUMMARY_LIMIT_BYTES, SUMMARY_SHORTENED_NOTE } from './job-summary.js';
import { publishPlanCheck, type PrOutcome } from './plan-check.js';
import { HEAD_READ_LIMITS, unsafePathReason, writeUntrustedFolder } from './pr-bundle.js';
import { findPullRequests, type PrLookup, type VerifiedPullRequest } from './pr-from-run.js';
import { takeHeadFolder } from './head-folder.js';
import { readGuards, type Guards } from './pr-guards.js';
import { LOOK_ALIKE_RULES, newlyAccepted, silencedCaution, silencedLookAlikes } from './silenced.js';
import { decideTrust, releaseInstruction, type Trust } from './pr-trust.js';
import { loadSettings, targetName, type Settings } from './setup.js';
import { formatError } from './format-error.js';
import { isSelective } from '../targets/resolve-target.js';
import { liveOnLine, readLastApplied } from '../status/last-applied.js';
import { targetScopeNote } from '../targets/pr-scope.js';
import { confirmTarget } from './confirmed-connection.js';

export async function runPlanLive(run: ActionRun): Promise<ActionResult> {
  const { context, deps } = run;
  const repo = { owner: context.owner, repo: context.repo };
  // Target, app, service and trust settings come from this checkout (the default branch), never from the PR.
  const trusted = await loadSettings(run);
  const target = targetName(trusted.targetConfig);
  // The targets job's handover (verified PRs, their trust, the head's files, read once per run), else the API.
  const handed = await takeHeadFolder(run);
  const lookup: PrLookup = handed ? { status: 'found', prs: handed.prs.map((p) => p.pr) } : await findPullRequests(deps.octokit, repo, context.event, { planWorkflow: trusted.config.pullRequests.planWorkflow });
  if (lookup.status !== 'found') {
    const note = lookup.status === 'superseded'
      ? `#${lookup.number} has moved on to ${lookup.headSha.slice(0, 7)}; the run for that commit posts its plan. Nothing was posted.`
      : `No pull request to plan: ${lookup.reason}. Nothing was posted.`;
    deps.log.info(note);
    await deps.writeSummary(`${note}\n`);
    return { hasChanges: false, planJsonPath: '', failed: false };
  }
  // What is live on the target, read once for every PR of the run; a failure to read is the line's fallback.
  const applied = await readLastApplied(deps.deploymentReader, { name: target, environment: trusted.targetConfig?.environment });
  const liveOn = liveOnLine(target, applied);
  // A target re-pointed by a merge and not confirmed since gets no key here either (R2-M7b): asked once, before any PR is planned.
  const unconfirmed = deps.connect && trusted.targetConfig ? await confirmTarget({ workspace: context.workspace, dir: run.inputs.dir, config: trusted.config, target: trusted.targetConfig }, deps.deploymentReader) : undefined;
  const keyWithheld = unconfirmed && !unconfirmed.confirmed ? `the key of target ${mdCode(target)} is not sent where the default branch's kwsync.yaml now points it: ${mdText(unconfirmed.why)}; a maintainer confirms a new connection by applying it (Run workflow on the apply workflow)` : undefined;
  const outcomes: PrOutcome[] = [];
  // PRs sharing the head (every PR of the run has the run's commit as its head) read its files once.
  const heads = new Map<string, Promise<FolderAtCommit>>(handed ? [[handed.headSha, Promise.resolve(handed.folder)]] : []);
  // Trust is decided here, per PR, when the key is about to be used: never taken from the handover.
  const permissionOf = new Map<string, string>();
  if (handed) deps.log.info(`the head's folder and ${handed.prs.length} pull request(s) as the targets job read and verified them (its digest matched)`);
  for (const pr of lookup.prs) outcomes.push(await planPullRequest(run, pr, trusted, target, { liveOn, keyWithheld }, heads, permissionOf));
  try {
    await publishPlanCheck(run, lookup.prs[0]!.headSha, target, outcomes);
  } catch (err) {
    // The plan is made and in the summary (and the comment, if that went): the check is its report.
    const warning = `planned ${outcomes.map((o) => `#${o.pr.number}`).join(', ')}; the kwsync check could not be published: ${formatError(err).replace(/\n/g, ' ')}`;
    deps.log.warning(warning);
    await deps.writeSummary(`> [!WARNING]\n> ${mdText(warning)}\n`);
  }
  const failed = outcomes.filter((o) => o.conclusion === 'failure');
  return {
    hasChanges: outcomes.some((o) => o.hasChanges),
    planJsonPath: outcomes.find((o) => o.planJsonPath)?.planJsonPath ?? '',
    failed: failed.length > 0,
    ...(failed.length > 0 ? { message: failed.map((o) => `#${o.pr.number}: ${o.message ?? o.headline}`).join('; ') } : {}),
  };
}

/** One PR: read its lists at the head commit, validate under the stricter guards, then plan as its author's trust allows. */
async function planPullRequest(run: ActionRun, pr: VerifiedPullRequest, trusted: Settings, target: string, { liveOn, keyWithheld }: { liveOn: string; keyWithheld: string | undefined }, heads: Map<string, Promise<FolderAtCommit>>, permissionOf: Map<string, string>): Promise<PrOutcome> {
  const { inputs, context, deps } = run;
  const repo = { owner: context.owner, repo: context.repo };
  let root: string;
  try {
    const read = heads.get(pr.headSha) ?? readFolderAtCommit(deps.octokit, { ...repo, sha: pr.headSha, dir: inputs.dir, limits: HEAD_READ_LIMITS, pathProblem: unsafePathReason, ...(deps.readLocalBlob ? { readLocalBlob: deps.readLocalBlob } : {}) });
    heads.set(pr.headSha, read);
    const folder = await read;
    deps.log.info(`#${pr.number}: read ${folder.files.length} file(s) of ${inputs.dir}/ at ${pr.headSha} (${folder.local} from the checkout's objects, the rest through the API)`);
    const refuse = (why: string) => new ConfigError(`the pull request's lists at ${pr.headSha.slice(0, 7)} are refused: ${why}`, { hint: 'nothing was planned' });
    root = await writeUntrustedFolder({ dir: inputs.dir, files: folder.files, refuse });
  } catch (err) {
    if (!(err instanceof KwsyncError)) throw err;
    return refused(run, pr, trusted, target, err);
  }
  // One copy of the base commit's folder serves the PR's validation (as its git base), the base's own, and its guards.
  const withoutBase = (err: unknown) => {
    deps.log.warning(`validating without the base commit: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  };
  const baseRef = { ref: pr.baseSha, dir: inputs.dir };
  const baseCopy = await copyFolderAtRef({ cwd: context.workspace, ...baseRef }).catch(withoutBase);
  try {
    const base = baseCopy ? await commitBaseUnder(root, baseCopy, baseRef).catch(withoutBase) : undefined;
    const guards = await readGuards({ dir: inputs.dir, headRoot: root, baseRoot: baseCopy, fallback: trusted.config });
    // The PR's files under one deadline and heap cap: a hostile pattern ends as a located finding, not a burnt timeout.
    // Both sides are resolved for the default branch's target (its name; each side's own selection): a PR never picks the target.
    const chosen = trusted.targetConfig ? { target: trusted.targetConfig.name } : {};
    const validateHead = (notAccepted?: Map<string, string[]>) => deps.validateRepo({ dir: inputs.dir, cwd: root, ...(base ? { base } : {}), limits: guards.guard.limits, levels: guards.guard.validate, budget: untrustedBudget(), ...chosen, ...(notAccepted ? { notAccepted } : {}) });
    let prValidation = await validateHead();
    // What the PR newly accepts among the look-alike rules is still annotated at its term (issue 37
    // item 3): the head is validated once more without those acceptances (only when there are any).
    const accepted = await newlyAccepted({ headRoot: root, baseRoot: baseCopy, lists: prValidation.lists });
    if (accepted.size > 0 && prValidation.errorCount === 0) {
      const unaccepted = await validateHead(accepted);
      const known = new Set(prValidation.diagnostics.map((d) => JSON.stringify(d)));
      const shown = unaccepted.diagnostics.filter((d) => (LOOK_ALIKE_RULES as readonly string[]).includes(d.rule) && [...accepted.keys()].some((f) => d.file === f) && !known.has(JSON.stringify(d)));
      if (shown.length > 0) prValidation = { ...prValidation, diagnostics: [...prValidation.diagnostics, ...shown], warningCount: prValidation.warningCount + shown.filter((d) => d.severity === 'warning').length };
    }
    // Without the copy, validateAtRef tries the base commit again and says why it cannot be read.
    const validateBase = () => (baseCopy ? deps.validateRepo({ dir: inputs.dir, cwd: baseCopy, ...chosen }) : deps.validateAtRef(pr.baseSha, inputs.dir, trusted.targetConfig?.name));
    // What the PR's accept: and levels silence among the look-alike checks (read before the folders go).
    const silenced = silencedCaution(await silencedLookAlikes({ headRoot: root, baseRoot: baseCopy, lists: prValidation.lists, base: guards.levels.base, head: guards.levels.head }));
    const inputs_ = { pr, trusted, target, prValidation, validateBase, guards, liveOn, silenced, ...(keyWithheld ? { keyWithheld } : {}) };
    if (prValidation.errorCount > 0) return await invalid(run, inputs_);
    // The reviewers' word as it stands now, just before the key reads anything (issue 37).
    const trust = await decideTrust(deps.octokit, repo, pr, permissionOf);
    deps.log.info(`#${pr.number}: ${trust.trusted ? 'the live plan is shown' : 'the live plan is withheld'}: ${trust.why}`);
    return trust.trusted ? await planTrusted(run, inputs_, trust) : await planWithheld(run, inputs_, trust);
  } finally {
    await removeCopy(root);
    if (baseCopy) await removeCopy(baseCopy);
  }
}

interface PlanInputs {
  pr: VerifiedPullRequest;
  trusted: Settings;
  target: string;
  prValidation: RepoValidation;
  validateBase: () => Promise<RepoValidation>;
  guards: Guards;
  /** The "Live on" line under the heading (the target's last applied commit, or why none is known). */
  liveOn: string;
  /** The CAUTION of look-alike checks the PR silences ('' when none). */
  silenced?: string;
  /** Why the target's key is not used (its connection is not confirmed): the plan is offline. */
  keyWithheld?: string;
}

async function invalid(run: ActionRun, p: PlanInputs): Promise<PrOutcome> {
  const { pr, target, prValidation } = p;
  const link = { runUrl: run.context.runUrl, sha: pr.headSha };
  await comment(run, pr, target, orderOf(p.trusted, target), renderInvalidComment(target, prValidation.errorCount, prValidation.warningCount, link), `invalid lists: ${prValidation.errorCount} error(s); no plan`);
  await run.deps.writeSummary(renderPlanSummary(undefined, prValidation.diagnostics, renderPlanMarkdown, [`#${pr.number} at \`${pr.headSha}\`:`]));
  return {
    pr,
    diagnostics: prValidation.diagnostics,
    headline: 'The pull request\'s lists are invalid; no plan was made.',
    conclusion: 'failure',
    hasChanges: false,
    planJsonPath: '',
    message: `${prValidation.errorCount} error(s) in the pull request's keyword lists`,
  };
}

async function planTrusted(run: ActionRun, p: PlanInputs, trust: Trust): Promise<PrOutcome> {
  const { inputs, context, deps } = run;
  const { pr, trusted, target, prValidation, guards } = p;
  const base = await p.validateBase();
  if (base.errorCount > 0) deps.log.warning(`the base commit's lists have ${base.errorCount} error(s); the plan uses the lists that loaded`);
  const { live, context: liveRead, offlineReason } = await readLive(run, trusted, target, [...base.lists, ...prValidation.lists].map((l) => l.id), base, p.keyWithheld);
  const listsOnly = computeThreeWay(base.lists, live, prValidation.lists, {
    target,
    prune: inputs.prune ?? guards.guard.prune,
    safety: guards.guard.safety,
    mode: offlineReason ? 'offline' : 'live',
    now: deps.now(),
    ...liveRead,
  });
  // The rules half (issue 39): offline, the app's rules are not read, as its lists are not.
  const rules = offlineReason ? { plan: listsOnly.plan, note: '', problems: [] } : await planLiveRules(run, trusted, listsOnly.plan, prValidation, live);
  const tw = { ...listsOnly, plan: rules.plan };
  const problems: Diagnostic[] = [
    ...defaultIdProblems(prValidation.lists, live, inputs.dir, liveRead.defaults),
    ...(offlineReason ? [] : listLimitProblem(tw.plan, live, guards.guard.limits.maxLists, prValidation.configFile ?? `${inputs.dir}/kwsync.yaml`)),
    ...unsafeProblems(tw.plan, tw.lists, inputs.dir),
    ...rules.problems,
  ];
  const extra = offlineReason ? undefined : await impact(run, trusted, tw.plan, prValidation.lists, trust);
  const caution = guardCaution(guards.changes, 'plan', guards.connection);
  // Whoever reads an outside PR's comment should see why it shows the live plan.
  const released = trust.trusted && trust.releasedBy
    ? `> [!NOTE]\n> The live plan of this outside pull request was released for \`${pr.headSha.slice(0, 7)}\` only, by ${mdCode(trust.releasedBy)}'s approving review of that commit.`
    : '';
  const link = { runUrl: context.runUrl, sha: pr.headSha };
  const scope = scopeNote(trusted, base, prValidation);
  const common = { ...link, renderPlan: renderPlanMarkdown, problems, warningCount: prValidation.warningCount, liveOn: p.liveOn, notes: [released, caution, p.silenced ?? '', scope, rules.note, ...renameNotes(prValidation.diagnostics)], ...(offlineReason ? { offlineReason } : {}), ...(extra ? { extra } : {}) };
  // The summary cannot point at itself when shortened; then the comment says the summary is short too.
  const summary = renderPrPlanComment(tw, { ...common, limit: SUMMARY_LIMIT_BYTES, measure: utf8Bytes, shortenedNote: SUMMARY_SHORTENED_NOTE });
  await deps.writeSummary(summary.body);
  const planJsonPath = await deps.writePlanFile(tw.plan);
  const posted = await comment(run, pr, target, orderOf(trusted, target), renderPrPlanComment(tw, { ...common, shortenedNote: truncatedNote(context.runUrl, summary.truncated) }).body, planSummaryLine(tw.plan, problems.length));
  const failed = problems.length > 0;
  // The check never claims a comment that is not there.
  const where = posted ? 'The plan is in the pull request comment.' : 'The plan is in the job summary (the pull request comment could not be posted).';
  return {
    pr,
    diagnostics: [...prValidation.diagnostics, ...problems],
    headline: failed ? `Apply after merge would refuse or fail: ${problems.length} problem(s). ${where}` : where,
    conclusion: [...prValidation.diagnostics, ...problems].some((d) => d.severity === 'error') ? 'failure' : 'success',
    hasChanges: planHasChanges(tw.plan),
    planJsonPath,
    ...(failed ? { message: `${problems.length} problem(s) apply would refuse or fail on; see the kwsync check` } : {}),
  };
}

/**
 * An outside PR: its own files against its base commit, counts only. The app is never read (the
 * key is not used for it), so nothing live can leak, not even as the check's pass or fail.
 */
async function planWithheld(run: ActionRun, p: PlanInputs, trust: Trust): Promise<PrOutcome> {
  const { inputs, context, deps } = run;
  const { pr, trusted, target, prValidation, guards } = p;
  const base = await p.validateBase();
  const tw = computeThreeWay(base.lists, asBaseLists(base.lists), prValidation.lists, {
    target,
    prune: inputs.prune ?? guards.guard.prune,
    safety: guards.guard.safety,
    mode: 'offline',
    now: deps.now(),
    notes: [],
  });
  const lists = tw.lists.flatMap((l) => (l.own.kind === 'none' ? [] : [{ id: l.id, kind: l.own.kind, added: l.own.added.length, removed: l.own.removed.length }]));
  // The PR's rule files against the base's, offline like the lists: the key is never used here.
  const rules = withheldRules(planBaseRules(tw.plan, base, prValidation));
  const ruleCount = withheldRuleCount(rules);
  const changed = [lists.length > 0 ? `${lists.length} list(s)` : '', ruleCount > 0 ? `${ruleCount} rule(s)` : ''].filter(Boolean).join(' and ');
  const release = releaseInstruction(pr.headSha, trust.trusted ? [] : trust.staleApprovals);
  const body = renderWithheldPlan({
    target,
    lists,
    ...(rules ? { rules } : {}),
    why: trust.why,
    release,
    errorCount: 0,
    warningCount: prValidation.warningCount,
    notes: [guardCaution(guards.changes, 'plan', guards.connection), p.silenced ?? '', scopeNote(trusted, base, prValidation)],
    runUrl: context.runUrl,
    sha: pr.headSha,
  });
  // The job summary of a public repository is as public as the comment: the same counts only.
  await deps.writeSummary(body.slice(body.indexOf('\n') + 1));
  await comment(run, pr, target, orderOf(trusted, target), body, changed ? `live plan withheld: ${changed} changed` : 'no list or rule changed');
  return {
    pr,
    diagnostics: prValidation.diagnostics,
    headline: changed ? `The live plan is withheld (${trust.why}); the pull request changes ${changed}. ${release}` : 'The pull request changes no list or rule.',
    conclusion: changed ? 'action_required' : 'success',
    hasChanges: changed !== '',
    planJsonPath: '',
  };
}

/** Which of the PR's changed lists this target takes, and its `after:` (from the default branch). */
function scopeNote(trusted: Settings, base: RepoValidation, head: RepoValidation): string {
  const selective = [base.config, head.config].some((c) => (c.targets ?? []).some(isSelective));
  const after = trusted.targetConfig?.after;
  return targetScopeNote(base, head, { selective, ...(after !== undefined ? { after } : {}) });
}

/** The live lists, or the base's standing in (offline, with why) when there is no key or it is withheld (`keyWithheld`). */
async function readLive(run: ActionRun, trusted: Settings, target: string, ids: string[], base: RepoValidation, keyWithheld?: string): Promise<{ live: LiveKeywordList[]; context: Pick<PlanOptions, 'notes' | 'defaults' | 'unreadable' | 'truncatedListing'>; offlineReason?: string }> {
  const { deps } = run;
  if (!deps.connect || keyWithheld) {
    const offlineReason = keyWithheld ?? (deps.noKeyReason ? `no API key is used for the target \`${target}\`: ${deps.noKeyReason}` : `no API key is configured for the target \`${target}\` (the COMETCHAT_API_KEY secret of its environment)`);
    deps.log.warning(`${offlineReason}: planning offline against the base commit`);
    return { live: asBaseLists(base.lists), context: {}, offlineReason };
  }
  const keywords = deps.connect(trusted.targetConfig, trusted.config.service);
  const live = await readLiveLists(keywords, ids);
  return { live: live.lists, context: liveContext(live) };
}

/** The impact preview (trusted PRs only; sentence lists scored only when `trust` says so), or a line saying why there is none; it never fails the plan. */
async function impact({ deps }: ActionRun, trusted: Settings, plan: Plan, prLists: RepoValidation['lists'], trust: Trust): Promise<string | undefined> {
  const { preview, service, pullRequests } = trusted.config;
  const files = new Map(prLists.map((l) => [l.id, l.source.file]));
  const fileOf = (id: string) => files.get(id);
  // The preview is per changed list: a PR that changes only rules reads no messages.
  if (preview.groups.length === 0 || !deps.recentMessages || !plan.changes.some((c) => c.kind !== 'noop')) return undefined;
  try {
    const similarity = { trusted: trust.trusted, threshold: similarityThreshold(trusted.config), ...(deps.loadEmbedder ? { load: deps.loadEmbedder } : {}) };
    const result = await previewImpact(plan, preview.groups, preview.messages, deps.recentMessages(trusted.targetConfig, service), fileOf, similarity);
    return renderImpactMarkdown(result, { minMessageCount: pullRequests.minMessageCount });
  } catch (err) {
    const why = err instanceof KwsyncError ? err.message : String(err);
    deps.log.warning(`impact preview skipped: ${why}`);
    return `#### Impact preview\n\n_Not available: the recent messages could not be read (${mdText(why)})._\n`;
  }
}

/**
 * This target's section of the PR's one plan comment: handed to the comment job (plan-sections.ts)
 * when kwsync.yaml has several targets, posted here when there is one (the only writer). False
 * (with a warning) when GitHub refused it: the plan stands, its report failed. `summary` is the
 * table row (counts and an outcome, no PR text).
 */
async function comment({ context, deps }: ActionRun, pr: VerifiedPullRequest, target: string, order: readonly string[], body: string, summary: string): Promise<boolean> {
  const details = body.startsWith(planMarker(target)) ? body.slice(planMarker(target).length).replace(/^\n/, '') : body;
  const section = { target, summary, details, runUrl: context.runUrl };
  try {
    await writeSectionFile(deps.tempDir, { pr: pr.number, headSha: pr.headSha, ...section });
    if (order.length > 1) {
      deps.log.info(`#${pr.number}: the plan of ${target} goes into the one plan comment, which the comment job posts after every target's job`);
      return true;
    }
    const one = renderPrSummaryComment(new Map([[target, section]]), { order, headSha: pr.headSha, runUrl: context.runUrl });
    const res = await upsertStickyComment(deps.octokit, { owner: context.owner, repo: context.repo, issueNumber: pr.number, marker: PLAN_COMMENT_MARKER, body: one });
    deps.log.info(`plan comment ${res.action} on #${pr.number}: ${res.url}`);
    return true;
  } catch (err) {
    const warning = `#${pr.number} was planned; the plan comment could not be posted (the plan is in this job summary): ${formatError(err).replace(/\n/g, ' ')}`;
    deps.log.warning(warning);
    await deps.writeSummary(`> [!WARNING]\n> ${mdText(warning)}\n`);
    return false;
  }
}

/** The targets of the default branch's kwsync.yaml, in order (the comment's table lists each). */
function orderOf(trusted: Settings, target: string): string[] {
  return trusted.config.targets?.map((t) => t.name) ?? [target];
}

/** The table row of a live plan: its counts, and whether apply would refuse or fail. */
function planSummaryLine(plan: Plan, problems: number): string {
  const count = (k: string) => plan.changes.filter((c) => c.kind === k).length;
  const ruleCounts = plan.rules ? countRuleChanges(plan.rules) : { create: 0, update: 0, delete: 0 };
  const ruleParts = (['create', 'update', 'delete'] as const).filter((k) => ruleCounts[k] > 0).map((k) => `${ruleCounts[k]} to ${k}`);
  const lists = `${count('create')} to create, ${count('update')} to update, ${count('delete')} to delete`;
  const changes = planHasChanges(plan) ? `${lists}${ruleParts.length > 0 ? `; rules: ${ruleParts.join(', ')}` : ''}` : 'no changes';
  return problems > 0 ? `${changes}; apply would refuse or fail (${problems} problem(s))` : changes;
}

async function refused(run: ActionRun, pr: VerifiedPullRequest, trusted: Settings, target: string, err: KwsyncError): Promise<PrOutcome> {
  // The reason may quote a path from the PR's tree.
  const text = `${err.message}${err.hint ? ` (${err.hint})` : ''}`;
  await comment(run, pr, target, orderOf(trusted, target), [`### kwsync plan for ${mdCode(target)}`, '', `**No plan was made.** ${mdText(text)}`, ''].join('\n'), 'no plan: the pull request\'s lists could not be read');
  await run.deps.writeSummary(`**No plan was made for #${pr.number}.** ${mdText(text)}\n`);
  return { pr, diagnostics: [], headline: text, conclusion: 'failure', hasChanges: false, planJsonPath: '', message: text, title: 'The pull request\'s lists could not be read' };
}
