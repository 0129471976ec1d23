// Promotion and the other writer, both read from the deployment records. A target with
// `after: X` applies commit S only once X's record of S is a success. And before an apply, the
// target's last record is read: when that commit is not in this commit's history and a list this
// plan would update still has the revision that apply wrote, applying would revert another
// writer's change (a re-run of an older push run, a commit that left main's history); those
// changes are marked unsafe, so they need force like every other unsafe change. The reader counts
// only the apply workflow's push-run records (src/github/deployment-provenance.ts): an apply by hand
// from another branch is not seen here.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { GitHubClient, RepoRef } from '../github/client.js';
import type { AppliedRecord, DeploymentReader } from '../github/deployment-record.js';
import type { TargetRef } from '../github/deployments.js';
import type { TargetConfig } from '../model/config.js';
import type { ListChange, Plan } from '../model/plan.js';
import { ProvenanceUnreadable } from '../github/deployment-provenance.js';
import { formatError } from './format-error.js';

const run = promisify(execFile);
const short = (sha: string) => sha.slice(0, 7);

/** Why `target` may not apply `sha` yet, or undefined when it may (no `after:`, or its predecessor's record of `sha` is a success). */
export async function promotionBlock(reader: Pick<DeploymentReader, 'recordOf'>, target: TargetConfig | undefined, targets: readonly TargetConfig[], sha: string): Promise<string | undefined> {
  if (!target?.after) return undefined;
  const waits = `${target.name} waits for ${target.after}`;
  const before = targets.find((t) => t.name === target.after);
  if (!before) return `${waits}, which kwsync.yaml does not define: fix \`after:\` of ${target.name}`;
  let found;
  try {
    found = await reader.recordOf!(before, sha);
  } catch (err) {
    // A record GitHub will not let this job check (403, 5xx on the run behind it) is no bug: say which request failed and what to grant.
    const why = err instanceof ProvenanceUnreadable ? err.message : formatError(err).replace(/\n/g, ' ');
    return `${waits}: ${before.name}'s deployment records cannot be read, so its apply of ${short(sha)} cannot be confirmed (${why})`;
  }
  if (!found) return `${waits}: ${before.name} has no record of ${short(sha)} (apply it to ${before.name} first: the apply workflow runs ${before.name}'s wave before this one)`;
  if (found.state === 'success') return undefined;
  if (found.state === 'ignored') return `${waits}: ${before.name} has no record of ${short(sha)} made by the apply workflow on a push to the default branch (ignored: ${found.description ?? 'records of others'})`;
  const link = found.record.runUrl ? ` (${found.record.runUrl})` : '';
  const why = found.description ? `: ${found.description}` : '';
  if (['in_progress', 'queued', 'pending'].includes(found.state)) return `${waits}: ${before.name}'s apply of ${short(sha)} has not finished${link}`;
  return `${waits}: ${before.name}'s apply of ${short(sha)} ${found.state === 'inactive' ? 'was never marked successful' : 'failed'}${link}${why}`;
}

/** Whether `ancestor` is in the history of `head`: git in the checkout, else GitHub's compare; undefined when neither can tell. */
export async function isAncestor(opts: { cwd: string; octokit: GitHubClient; repo: RepoRef; ancestor: string; head: string }): Promise<boolean | undefined> {
  try {
    await run('git', ['merge-base', '--is-ancestor', opts.ancestor, opts.head], { cwd: opts.cwd });
    return true;
  } catch (err) {
    // Exit 1 is git's "no"; anything else (128: the commit is not in a shallow checkout) is "cannot tell".
    if ((err as { code?: unknown }).code === 1) return false;
  }
  try {
    const res = await opts.octokit.request('GET /repos/{owner}/{repo}/compare/{basehead}', { ...opts.repo, basehead: `${opts.ancestor}...${opts.head}`, per_page: 1 });
    const status = (res.data as { status?: string }).status;
    return status === 'ahead' || status === 'identical' ? true : status === 'behind' || status === 'diverged' ? false : undefined;
  } catch {
    return undefined;
  }
}

export interface OtherWriter {
  record: AppliedRecord;
  /** Whether the record's commit is in this commit's history; undefined when it cannot be told. */
  ancestor: boolean | undefined;
}

/** The plan with every update that would revert `other`'s apply marked unsafe. */
export function markOtherWriterReverts(plan: Plan, other: OtherWriter): Plan {
  const { record, ancestor } = other;
  const wrote = record.payload?.revisions;
  if (ancestor !== false || !wrote) return plan;
  const run = record.runUrl ? `, run ${record.runUrl}` : '';
  const mark = (c: ListChange): ListChange => {
    if (c.kind !== 'update' || c.revisionId === null || wrote[c.id] === undefined || String(wrote[c.id]) !== c.revisionId) return c;
    const reason =
      `reverts the apply of ${short(record.sha)} (${record.appliedAt}${run}): the list still has the revision that apply wrote (${c.revisionId}), ` +
      `and ${short(record.sha)} is not in this commit's history; merge it into this branch first, or apply with force`;
    return { ...c, unsafe: c.unsafe ? `${c.unsafe}; ${reason}` : reason };
  };
  return { ...plan, changes: plan.changes.map(mark) };
}

/** The target's last apply when it was of another commit, with whether that commit is in `sha`'s history. */
export async function otherWriter(reader: DeploymentReader, target: TargetRef, sha: string, ancestry: (ancestor: string) => Promise<boolean | undefined>): Promise<OtherWriter | { skipped: string } | undefined> {
  const last = await reader.lastApplied(target);
  if (!last.found) return last.error ? { skipped: `${last.reason}: changes that would revert another commit's apply are not checked` } : undefined;
  if (last.record.sha === sha) return undefined;
  const ancestor = await ancestry(last.record.sha);
  if (ancestor === undefined) return { skipped: `cannot tell whether ${short(last.record.sha)} (the last apply of ${target.name}) is in this commit's history (git has not got it, and GitHub's compare did not answer): changes that would revert it are not checked` };
  return { record: last.record, ancestor };
}
