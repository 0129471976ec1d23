// mode: drift, on a schedule. Plans the repository against live (the drift use case,
// src/sync/drift.ts); while they differ one issue (marker + label) carries the plan, and it is
// closed with a comment once live matches again.
import { driftAdvice, syncDriftIssue } from '../github/drift-issue.js';
import { mdCode, mdText } from '../render/markdown-escape.js';
import { formatError } from './format-error.js';
import { confirmTarget } from './confirmed-connection.js';
import { driftIssueTitle, renderDriftIssue, renderDriftResolved } from '../github/render-comments.js';
import type { Plan } from '../model/plan.js';
import { uncheckedText } from '../plan/summary.js';
import { renderPlanMarkdown } from '../plan/index.js';
import type { ActionResult, ActionRun } from './deps.js';
import { renderPlanSummary } from './job-summary.js';
import { prepare, targetName, type Prepared } from './setup.js';
import { driftTarget } from '../sync/drift.js';
import { compareAhead } from '../status/classify.js';
import { commitOf, fetchCommit } from '../status/git-lists.js';
import { lastAppliedLine, readLastApplied } from '../status/last-applied.js';
import { targetListsOf } from '../status/read-status.js';
import type { Applied } from '../status/status-schema.js';
import { countsOnly, readersTrusted, WITHHELD_TERMS_NOTE, withoutLiveValues, withoutUnfiledRules, withoutUnmanagedNames } from './public-view.js';
import { readRuleActivity, ruleActivityLines } from '../status/rule-activity.js';

export async function runDrift(run: ActionRun): Promise<ActionResult> {
  const { inputs, context, deps } = run;
  const prepared = await prepare(run);
  const { validation } = prepared;
  if (validation.errorCount > 0) {
    await deps.writeSummary(renderPlanSummary(undefined, validation.diagnostics, renderPlanMarkdown));
    return { hasChanges: false, planJsonPath: '', failed: true, message: `${validation.errorCount} error(s) in the keyword lists on the default branch; drift cannot be checked` };
  }
  if (!deps.connect) return { hasChanges: false, planJsonPath: '', failed: true, message: deps.noKeyReason ? `nothing was read: ${deps.noKeyReason}` : 'drift needs COMETCHAT_API_KEY (and the app id) in the environment' };

  const target = targetName(prepared.targetConfig);
  const now = deps.now();
  // What was last applied, read before the key is used: a target re-pointed since (baseUrl, appId,
  // region, apiKeyEnv, environment changed by a merge the apply holds for a maintainer) gets no key
  // until the new connection is confirmed (R2-M7, R2-M7c; src/action/confirmed-connection.ts).
  const applied = await readLastApplied(deps.deploymentReader, { name: target, environment: prepared.targetConfig?.environment });
  const confirmation = prepared.targetConfig
    ? await confirmTarget({ workspace: context.workspace, dir: inputs.dir, config: validation.config, target: prepared.targetConfig }, deps.deploymentReader)
    : undefined;
  if (confirmation && !confirmation.confirmed) {
    const message = `nothing was read: the key of target ${target} is not sent where kwsync.yaml now points it: ${confirmation.why}; a maintainer confirms a new connection by applying it (Run workflow on the apply workflow, on the default branch), and drift connects once that apply is recorded`;
    await deps.writeSummary(`### kwsync drift

${mdText(message)}
`);
    return { hasChanges: false, planJsonPath: '', failed: true, message };
  }
  const keywords = deps.connect(prepared.targetConfig, validation.config.service);
  const ruleTarget = deps.connectRules?.(prepared.targetConfig, validation.config.service);
  const rules = ruleTarget ? { rules: { target: ruleTarget, desired: validation.rulesManaged ? (validation.rules ?? []) : null } } : {};
  const { plan, differs: drift } = await driftTarget({ lists: validation.lists, keywords, options: { target, prune: prepared.prune, safety: validation.config.safety, mode: 'live', now }, ...rules });
  const planJsonPath = await deps.writePlanFile(plan);
  const link = { runUrl: context.runUrl, sha: context.sha };
  // What was last applied (the same record `kwsync status` reads), and whether the default branch
  // has list changes it lacks: those differ from live because they are pending, not edited live.
  const lastApplied = `${lastAppliedLine(applied, 'the default branch')}${await aheadNote(run, prepared, applied)}`;
  // The summary first, whole (every list the issue may leave out): it stays even when GitHub fails.
  // The summary and the issue are public in a public repository: unmanaged lists counted, not named.
  const trusted = await readersTrusted(deps.octokit, { owner: context.owner, repo: context.repo });
  const shown = trusted ? { plan, note: undefined } : publicView(plan);
  const render = trusted ? renderPlanMarkdown : countsOnly(renderPlanMarkdown);
  const found = drift ? `**Drift**: live differs from the repository.\n\n${driftAdvice(shown.plan, inputs.dir)}${shown.note ? `\n\n${shown.note}` : ''}` : noDriftNote(plan.unmanaged.length, plan);
  await deps.writeSummary(renderPlanSummary(shown.plan, validation.diagnostics, render, [lastApplied, found]));
  // What each rule blocked since the last apply (issue 39 item 8), when the folder manages rules.
  const activity = await ruleActivity(run, prepared, applied, trusted);
  if (activity) await deps.writeSummary(activity);
  deps.log.info(drift ? 'Drift: live differs from the repository.' : found);
  try {
    const res = await syncDriftIssue(deps.octokit, {
      owner: context.owner,
      repo: context.repo,
      target,
      title: driftIssueTitle(target),
      driftBody: drift ? renderDriftIssue(shown.plan, { ...link, renderPlan: render, now, dir: inputs.dir, lastApplied: shown.note ? `${lastApplied}\n\n${shown.note}` : lastApplied }).body : null,
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

/** The rules section of the summary: what each live rule blocked since the last apply; '' when the folder has no rules/ or the run no client. Never throws. */
async function ruleActivity({ deps }: ActionRun, prepared: Prepared, applied: Applied, trusted: boolean): Promise<string> {
  const { validation } = prepared;
  if (!validation.rulesManaged || !deps.connectClient) return '';
  try {
    const read = await readRuleActivity(deps.connectClient(prepared.targetConfig, validation.config.service), applied.appliedAt ? new Date(applied.appliedAt) : undefined);
    const shown = trusted ? read : withoutUnfiledRules(read, new Set((validation.rules ?? []).map((r) => r.id)), new Set(validation.lists.map((l) => l.id)));
    return `\n${ruleActivityLines(shown).map((l) => (l.startsWith('  ') ? `- ${mdText(l.trim())}` : mdText(l))).join('\n')}\n`;
  } catch (err) {
    return `\n${mdText(`rules: what they blocked could not be read: ${formatError(err).replace(/\n/g, ' ')}`)}\n`;
  }
}

/** Unmanaged lists (no file, prune off) are not drift, but "live matches" would be untrue. */
export function noDriftNote(unmanaged: number, seen: Pick<Plan, 'unreadable' | 'truncatedListing'> = {}): string {
  // What the plan could not see is never called matching (a listing cut short, unreadable lists).
  const unseen = uncheckedText(seen);
  if (unmanaged === 0 && !unseen) return 'No drift: live matches the repository.';
  const lead = unmanaged === 0 ? 'No drift in managed lists.' : `No drift in managed lists; ${unmanaged} live list${unmanaged === 1 ? ' has' : 's have'} no file (unmanaged).`;
  return `${lead}${unseen}`;
}

/**
 * Whether the default branch is ahead of the last applied commit: its lists against the applied
 * commit's (read from this checkout's git, fetched by sha when shallow). Never throws: what cannot be
 * known is said. Empty without a record (the line already says what live was compared with).
 */
export async function aheadNote({ inputs, context, deps }: ActionRun, prepared: Prepared, applied: Applied): Promise<string> {
  if (!applied.found || !applied.sha) return '';
  if (applied.sha === context.sha) return ' The default branch is that commit.';
  const short = applied.sha.slice(0, 7);
  try {
    const sha = (await commitOf(context.workspace, applied.sha)) ?? (await fetchCommit(context.workspace, applied.sha));
    if (!sha) return ` Whether the default branch has list changes not applied yet is unknown: ${mdCode(short)} is not in this checkout.`;
    const folder = await deps.validateAtRef(sha, inputs.dir, inputs.target);
    const ahead = compareAhead(targetListsOf(folder, prepared.targetConfig), prepared.validation.lists, { name: 'the default branch' });
    if (ahead.state !== 'ahead') return ' The default branch has no list changes since.';
    const ids = [
      ...(ahead.added.length > 0 ? [`added ${idList(ahead.added)}`] : []),
      ...(ahead.changed.length > 0 ? [`changed ${idList(ahead.changed)}`] : []),
      ...(ahead.removed.length > 0 ? [`removed ${idList(ahead.removed)}`] : []),
    ];
    return ` The default branch has list changes not applied yet (an apply failed or is pending): ${ids.join('; ')}. Differences in these lists may be that pending apply, not live edits.`;
  } catch (err) {
    return ` Whether the default branch has list changes not applied yet is unknown: the lists at ${mdCode(short)} could not be read: ${mdText(formatError(err).replace(/\n/g, ' '))}.`;
  }
}

function idList(ids: readonly string[]): string {
  const shown = ids.slice(0, 5).map(mdCode).join(', ');
  return ids.length > 5 ? `${shown} and ${ids.length - 5} more` : shown;
}

/** A public repository's drift outputs: unmanaged lists counted, live field values withheld, terms counted (by the renderer). */
function publicView(plan: Plan): { plan: Plan; note: string } {
  const unnamed = withoutUnmanagedNames(withoutLiveValues(plan));
  return { plan: unnamed.plan, note: [unnamed.note, WITHHELD_TERMS_NOTE].filter(Boolean).join('\n\n') };
}
