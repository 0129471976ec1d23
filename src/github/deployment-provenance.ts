// Whether a deployment record was made by this repository's apply workflow on a push to the
// default branch for that commit (issue 27). Anyone whose token has `deployments: write` (a workflow
// of any branch of this repository) can create a `deploy:kwsync` record and give it any payload
// and log_url; what GitHub itself asserts is the workflow run behind the link and the times it
// stamps. So a record counts only when the run its status links to is, per GitHub, a `push` run of
// the apply workflow file on the default branch at the record's sha, in this repository, and the
// record and its status were made while that run lasted. Calls and shapes:
// test/contract/github-deployments.openapi.yaml (actions/get-workflow-run).
import { RequestError } from 'octokit';
import type { GitHubClient, RepoRef } from './client.js';

/** The apply workflow file kwsync's records must come from: what `kwsync init` writes (docs/security.md). */
export const APPLY_WORKFLOW = '.github/workflows/kwsync-apply.yml';
/** The only event whose runs count: a by-hand run (workflow_dispatch) is refused like any other. */
export const APPLY_EVENT = 'push';

/** The fields of GitHub's workflow-run schema the check reads. */
interface RunJson {
  id: number;
  event: string;
  head_branch: string | null;
  head_sha: string;
  path: string;
  status: string | null;
  created_at: string;
  updated_at: string;
  repository: { full_name: string };
}

/** What the check needs of a record: the deployment and the status it is read by. */
export interface RecordToProve {
  id: number;
  sha: string;
  created_at?: string;
  status: { created_at: string; log_url?: string; target_url?: string };
}

/** The run id in a status's link (a path `/{owner}/{repo}/actions/runs/{id}`, optionally `/attempts/{n}`), else undefined. */
export function runIdOf(url: string | undefined): number | undefined {
  let path: string;
  try {
    path = new URL(url ?? '').pathname;
  } catch {
    return undefined;
  }
  const m = /^\/[^/]+\/[^/]+\/actions\/runs\/(\d{1,15})(?:\/attempts\/\d+)?\/?$/.exec(path);
  return m ? Number(m[1]) : undefined;
}

/** `.github/workflows/x.yml` from GitHub's `path` (which may carry `@ref` and, in GitHub's example, `owner/repo/`). */
function workflowFile(path: string, repo: RepoRef): string {
  const bare = path.replace(/@.*$/, '');
  const prefix = `${repo.owner}/${repo.repo}/`.toLowerCase();
  return bare.toLowerCase().startsWith(prefix) ? bare.slice(prefix.length) : bare;
}

export type ProvenanceCheck = (record: RecordToProve) => Promise<string | undefined>;

/**
 * A checker bound to one reader: it asks GitHub for the default branch once and for each distinct
 * run once (cached), so a page of records costs at most one request per run behind it. It answers
 * why a record does not count, or undefined when it does. GitHub errors other than a missing run
 * propagate (the reader reports them as "cannot be read").
 */
export function provenanceChecker(octokit: GitHubClient, repo: RepoRef, opts: { applyWorkflow?: string } = {}): ProvenanceCheck {
  const applyWorkflow = opts.applyWorkflow ?? APPLY_WORKFLOW;
  const runs = new Map<number, Promise<RunJson | undefined>>();
  let defaultBranch: Promise<string> | undefined;
  const runOf = (id: number) => {
    let hit = runs.get(id);
    if (!hit) {
      hit = octokit.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}', { ...repo, run_id: id, exclude_pull_requests: true })
        .then((res) => res.data as unknown as RunJson)
        .catch((err: unknown) => {
          if (err instanceof RequestError && err.status === 404) return undefined;
          runs.delete(id);
          throw err;
        });
      runs.set(id, hit);
    }
    return hit;
  };
  const branch = () => (defaultBranch ??= octokit.rest.repos.get({ ...repo }).then((res) => res.data.default_branch));

  return async (record) => {
    const who = `deployment ${record.id}`;
    const id = runIdOf(record.status.log_url || record.status.target_url);
    if (id === undefined) return `${who} links to no workflow run (made outside the apply workflow)`;
    const run = await runOf(id);
    if (!run) return `${who}: its run ${id} is not a workflow run of ${repo.owner}/${repo.repo}`;
    if (run.repository?.full_name?.toLowerCase() !== `${repo.owner}/${repo.repo}`.toLowerCase()) return `${who}: its run ${id} belongs to ${String(run.repository?.full_name)}, not ${repo.owner}/${repo.repo}`;
    const file = workflowFile(run.path ?? '', repo);
    if (file !== applyWorkflow) return `${who}: its run ${id} is of ${JSON.stringify(file.slice(0, 200))}, not the apply workflow ${applyWorkflow}`;
    if (run.event !== APPLY_EVENT) return `${who}: its run ${id} was triggered by ${JSON.stringify(String(run.event).slice(0, 50))}, not a push`;
    const main = await branch();
    if (run.head_branch !== main) return `${who}: its run ${id} ran on ${JSON.stringify(String(run.head_branch).slice(0, 200))}, not the default branch ${main}`;
    if (run.head_sha !== record.sha) return `${who}: its run ${id} was for ${run.head_sha.slice(0, 7)}, not the record's ${record.sha.slice(0, 7)}`;
    // The record and its status must be written while the run lasted: a status added later (to
    // turn a real failed apply into a success) or a record made before the run is someone else's.
    const start = Date.parse(run.created_at);
    const end = run.status === 'completed' ? Date.parse(run.updated_at) : Infinity;
    for (const [what, at] of [['record', record.created_at], ['status', record.status.created_at]] as const) {
      const t = at ? Date.parse(at) : NaN;
      if (!(t >= start && t <= end)) return `${who}: its ${what} was written at ${at ?? 'an unknown time'}, outside its run ${id} (${run.created_at} to ${run.status === 'completed' ? run.updated_at : 'now'})`;
    }
    return undefined;
  };
}
