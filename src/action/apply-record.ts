// The apply's record: a GitHub deployment of the target's environment, created before the first
// write (in_progress) and finished with success or failure. Recording is reporting: when GitHub
// refuses it (no `deployments: write`, a 5xx) the apply goes on and the run says what was applied
// and what could not be recorded. GitHub never lets a deployment's payload change after it is
// created, so the payload carries the plan's summary and the revisions the apply expects to leave
// (a written list's revision rises by one per write, the rule verify.ts checks); a success whose
// lists ended elsewhere says so in a warning.
import { RequestError } from 'octokit';
import { createApplyDeployment, setDeploymentStatus, type FinalState, type TargetRef } from '../github/deployments.js';
import type { AppliedPayload, AppliedPrediction } from '../github/deployment-record.js';
import type { ApplyReport, Plan } from '../model/plan.js';
import { mdText } from '../render/markdown-escape.js';
import type { ActionRun } from './deps.js';
import { formatError } from './format-error.js';

export const DEPLOYMENTS_PERMISSION_HINT = 'give the apply job `deployments: write` in `permissions:` (the reusable apply workflow and `kwsync init` do) so each apply is recorded';

/** The revision after one more write: `{app}_{list}_{n}` -> `..._{n+1}`; undefined when it has no number. */
export function nextRevision(revisionId: string): string | undefined {
  const m = /^(.*_)(\d+)$/.exec(revisionId);
  return m ? `${m[1]}${Number(m[2]) + 1}` : undefined;
}

/** The payload of the apply of `plan`: what it creates, updates and deletes, and the revisions it expects to leave. */
export function appliedPayload(plan: Plan, predicted?: AppliedPrediction): AppliedPayload {
  const ids = (kind: string) => plan.changes.filter((c) => c.kind === kind).map((c) => c.id);
  const revisions: Record<string, string> = {};
  for (const c of plan.changes) {
    const after = c.kind === 'noop' ? c.revisionId : c.kind === 'update' && c.revisionId ? nextRevision(c.revisionId) : undefined;
    if (after) revisions[c.id] = after;
  }
  return { kwsync: 1, target: plan.target, created: ids('create'), updated: ids('update'), deleted: ids('delete'), revisions, ...(predicted ? { predicted } : {}) };
}

/** Lists whose revision after the apply is not the one the record carries. */
export function revisionsElsewhere(payload: AppliedPayload, report: ApplyReport): string[] {
  return report.results
    .filter((r) => payload.revisions[r.id] !== undefined && r.revisionId !== null && String(payload.revisions[r.id]) !== r.revisionId)
    .map((r) => `${r.id} is at ${r.revisionId}, not ${String(payload.revisions[r.id])}`);
}

export interface ApplyRecord {
  /** The final status; `report` (on an apply that ran) checks the recorded revisions. */
  finish(state: FinalState, description: string, report?: ApplyReport): Promise<void>;
}

/** Creates the deployment and its in_progress status; a failure is a warning and the returned record does nothing. */
export async function startApplyRecord(run: ActionRun, target: TargetRef, plan: Plan, predicted?: AppliedPrediction): Promise<ApplyRecord> {
  const { context, deps } = run;
  const repo = { owner: context.owner, repo: context.repo };
  const payload = appliedPayload(plan, predicted);
  let id: number;
  try {
    id = (await createApplyDeployment(deps.octokit, { ...repo, target, sha: context.sha, payload })).id;
  } catch (err) {
    await recordWarning(run, 'the deployment record of this apply could not be created (the apply goes on)', err);
    return { finish: async (_state, _description, report) => report && (await recordWarning(run, `${ranLine(report)}; it is not recorded as a deployment`, undefined)) };
  }
  try {
    await setDeploymentStatus(deps.octokit, { ...repo, deploymentId: id, state: 'in_progress', description: `applying ${context.sha.slice(0, 7)} to ${target.name}`, logUrl: attemptUrl(context) });
  } catch (err) {
    // The deployment exists: it is still finished below, else it would read as "not finished" to every follower.
    await recordWarning(run, `deployment ${id} could not be marked in_progress (the apply goes on)`, err);
  }
  return {
    async finish(state, description, report) {
      try {
        await setDeploymentStatus(deps.octokit, { ...repo, deploymentId: id, state, description, logUrl: attemptUrl(context) });
        deps.log.info(`deployment ${id} of ${target.environment ?? target.name}: ${state}`);
      } catch (err) {
        await recordWarning(run, `${report ? ranLine(report) : 'the apply ended'}; deployment ${id} could not be marked ${state}`, err);
      }
      const elsewhere = report && state === 'success' ? revisionsElsewhere(payload, report) : [];
      if (elsewhere.length) deps.log.warning(`deployment ${id} carries the revisions this apply expected, but ${elsewhere.join('; ')} (the service did not count the write as one)`);
    },
  };
}

/** A one-line summary of an apply's outcome for a status description. */
export function outcomeLine(report: ApplyReport): string {
  const counts = new Map<string, number>();
  for (const r of report.results) if (r.kind !== 'noop' || r.outcome !== 'unchanged') counts.set(`${r.kind} ${r.outcome}`, (counts.get(`${r.kind} ${r.outcome}`) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${n} ${k}`).join(', ') || 'no list changed';
}

function ranLine(report: ApplyReport): string {
  return `the apply ran (${outcomeLine(report)}; every list is in the job summary)`;
}

async function recordWarning(run: ActionRun, what: string, err: unknown): Promise<void> {
  const why = err === undefined ? '' : `: ${formatError(err).replace(/\n/g, ' ')}`;
  const hint = err instanceof RequestError && (err.status === 403 || err.status === 404) ? `; ${DEPLOYMENTS_PERMISSION_HINT}` : '';
  const warning = `${what}${why}${hint}`;
  run.deps.log.warning(warning);
  await run.deps.writeSummary(`> [!WARNING]\n> ${mdText(warning)}\n`);
}

/** The run's link with its attempt (`…/actions/runs/{id}/attempts/{n}`): a record counts only within that attempt's time. */
export function attemptUrl(context: { runUrl: string; runAttempt?: number }): string {
  return context.runAttempt ? `${context.runUrl}/attempts/${context.runAttempt}` : context.runUrl;
}
