// Stage two of the PR plan runs on `workflow_run`: which pull request is it for? The event says
// which commit stage one ran on (workflow_run.head_sha) and from which branch and repository, but
// its `pull_requests` is empty for a fork's PR. So the PR is looked up through the API (by the
// head branch, for a fork), and kept only if GitHub says its head is that very commit and its base
// is this repository. The artifact's own claim is never used to pick the PR.
import { ConfigError } from '../errors.js';
import type { GitHubClient, RepoRef } from '../github/client.js';

export interface VerifiedPullRequest {
  number: number;
  headSha: string;
  baseSha: string;
  baseRef: string;
  /** The head branch lives in another repository. */
  fromFork: boolean;
}

export type PrLookup =
  | { status: 'found'; pr: VerifiedPullRequest }
  /** The PR has moved on (a newer push); the run for the newer commit posts the plan. */
  | { status: 'superseded'; number: number; headSha: string }
  | { status: 'none'; reason: string };

interface RunEvent {
  event?: string;
  head_sha?: string;
  head_branch?: string;
  head_repository?: { full_name?: string; owner?: { login?: string } };
  pull_requests?: { number?: number; head?: { sha?: string } }[];
}

/** The triggering run from a workflow_run payload; refuses anything else. */
export function workflowRunOf(event: any): RunEvent & { head_sha: string } {
  const run = event?.workflow_run as RunEvent | undefined;
  if (!run || typeof run.head_sha !== 'string') {
    throw new ConfigError('the live PR plan runs on workflow_run (after the pull_request workflow that uploads the lists), and this event has no workflow_run', {
      hint: 'call the reusable-plan-live workflow from a workflow with `on: workflow_run`',
    });
  }
  if (run.event !== 'pull_request') {
    throw new ConfigError(`the triggering run was started by "${run.event ?? 'unknown'}", not pull_request; there is no pull request to plan`);
  }
  return run as RunEvent & { head_sha: string };
}

export async function findPullRequest(octokit: GitHubClient, repo: RepoRef, event: any): Promise<PrLookup> {
  const run = workflowRunOf(event);
  const candidates = new Set<number>();
  for (const p of run.pull_requests ?? []) if (typeof p.number === 'number' && p.head?.sha === run.head_sha) candidates.add(p.number);
  const headOwner = run.head_repository?.owner?.login;
  if (candidates.size === 0 && headOwner && run.head_branch) {
    const pages = octokit.paginate.iterator(octokit.rest.pulls.list, { ...repo, state: 'open', head: `${headOwner}:${run.head_branch}`, per_page: 100 });
    for await (const page of pages) for (const p of page.data) if (p.head.sha === run.head_sha) candidates.add(p.number);
  }
  if (candidates.size === 0) {
    return { status: 'none', reason: `no open pull request of ${repo.owner}/${repo.repo} has ${run.head_sha.slice(0, 7)} as its head` };
  }
  if (candidates.size > 1) {
    return { status: 'none', reason: `several open pull requests have ${run.head_sha.slice(0, 7)} as their head (#${[...candidates].join(', #')}); none is picked` };
  }
  const number = [...candidates][0]!;
  const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: number });
  const here = `${repo.owner}/${repo.repo}`.toLowerCase();
  if ((data.base.repo?.full_name ?? '').toLowerCase() !== here) return { status: 'none', reason: `#${number} is not a pull request into ${here}` };
  if (data.head.sha !== run.head_sha) return { status: 'superseded', number, headSha: data.head.sha };
  return {
    status: 'found',
    pr: { number, headSha: data.head.sha, baseSha: data.base.sha, baseRef: data.base.ref, fromFork: (data.head.repo?.full_name ?? '').toLowerCase() !== here },
  };
}
