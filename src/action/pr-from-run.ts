// Stage two of the PR plan runs on `workflow_run`: which pull requests is it for? The event says
// which commit stage one ran on (workflow_run.head_sha) and from which branch and repository, but
// its `pull_requests` is empty for a fork's PR. So the PRs are looked up through the API (by the
// head branch, for a fork), and kept only if GitHub says their head is that very commit and their
// base is this repository. Several PRs may share a head (one branch into two bases): each gets its
// plan. Before any of that, the run itself must be the real plan workflow's, and have completed.
import { ConfigError } from '../errors.js';
import type { GitHubClient, RepoRef } from '../github/client.js';

export interface VerifiedPullRequest {
  number: number;
  headSha: string;
  baseSha: string;
  baseRef: string;
  /** The head branch lives in another repository. */
  fromFork: boolean;
  /** The repository the head branch lives in, and its owner ('' when GitHub reports none: a deleted fork). */
  headRepo: string;
  headOwner: string;
  /** The PR author's login and relation to the repository, as GitHub reports them (never the artifact's word). */
  author: string;
  authorAssociation: string;
  labels: string[];
}

export type PrLookup =
  | { status: 'found'; prs: VerifiedPullRequest[] }
  /** The PR has moved on (a newer push); the run for the newer commit posts the plan. */
  | { status: 'superseded'; number: number; headSha: string }
  | { status: 'none'; reason: string };

export interface RunEvent {
  event?: string;
  status?: string;
  conclusion?: string | null;
  path?: string;
  created_at?: string;
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
  if (!/^[0-9a-f]{40}$/.test(run.head_sha)) throw new ConfigError(`the triggering run's head_sha is not a commit id: ${JSON.stringify(run.head_sha.slice(0, 50))}`);
  return run as RunEvent & { head_sha: string };
}

/**
 * Conclusions stage two acts on. `failure` is stage one finding invalid lists (the check must still
 * say so); `action_required` is a run GitHub holds for a maintainer's approval (a first-time
 * contributor), and acting on it would skip that approval. Anything else did not run to the end.
 */
export const ACTED_ON_CONCLUSIONS = ['success', 'failure'] as const;

/** Why this run must not be acted on, or undefined. `planWorkflow` comes from the default branch's kwsync.yaml. */
export function runRefusal(run: RunEvent, planWorkflow: string): string | undefined {
  if (run.status !== undefined && run.status !== 'completed') return `the triggering run has not completed (status ${run.status})`;
  if (!(ACTED_ON_CONCLUSIONS as readonly (string | null | undefined)[]).includes(run.conclusion)) {
    const why = run.conclusion === 'action_required' ? ' (it awaits a maintainer\'s approval to run)' : '';
    return `the triggering run's conclusion is ${run.conclusion ?? 'missing'}${why}; only a run that completed with ${ACTED_ON_CONCLUSIONS.join(' or ')} is planned`;
  }
  // A pull request can add a workflow with the plan workflow's name; its path is its own.
  const path = (run.path ?? '').replace(/@.*$/, '');
  if (path !== planWorkflow) {
    return `the triggering run is ${path ? `the workflow file ${JSON.stringify(path.slice(0, 200))}` : 'of an unnamed workflow file'}, not ${planWorkflow} (kwsync.yaml pullRequests.planWorkflow on the default branch)`;
  }
  return undefined;
}

export async function findPullRequests(octokit: GitHubClient, repo: RepoRef, event: any, opts: { planWorkflow: string }): Promise<PrLookup> {
  const run = workflowRunOf(event);
  const refusal = runRefusal(run, opts.planWorkflow);
  if (refusal) return { status: 'none', reason: refusal };
  const candidates = new Set<number>();
  for (const p of run.pull_requests ?? []) if (typeof p.number === 'number' && p.head?.sha === run.head_sha) candidates.add(p.number);
  const headOwner = run.head_repository?.owner?.login;
  if (headOwner && run.head_branch) {
    // Also for a same-repository PR: the event may name one PR while another shares its head.
    const pages = octokit.paginate.iterator(octokit.rest.pulls.list, { ...repo, state: 'open', head: `${headOwner}:${run.head_branch}`, per_page: 100 });
    for await (const page of pages) for (const p of page.data) if (p.head.sha === run.head_sha) candidates.add(p.number);
  }
  if (candidates.size === 0) {
    return { status: 'none', reason: `no open pull request of ${repo.owner}/${repo.repo} has ${run.head_sha.slice(0, 7)} as its head` };
  }
  const here = `${repo.owner}/${repo.repo}`.toLowerCase();
  const prs: VerifiedPullRequest[] = [];
  let moved: { number: number; headSha: string } | undefined;
  const reasons: string[] = [];
  for (const number of [...candidates].sort((a, b) => a - b)) {
    const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: number });
    if ((data.base.repo?.full_name ?? '').toLowerCase() !== here) {
      reasons.push(`#${number} is not a pull request into ${here}`);
      continue;
    }
    // The run's event may name a PR that was closed or merged since: it gets no plan.
    if (data.state !== 'open') {
      reasons.push(`#${number} is ${data.merged_at ? 'merged' : 'closed'}`);
      continue;
    }
    if (data.head.sha !== run.head_sha) {
      moved ??= { number, headSha: data.head.sha };
      continue;
    }
    prs.push({
      number,
      headSha: data.head.sha,
      baseSha: data.base.sha,
      baseRef: data.base.ref,
      fromFork: (data.head.repo?.full_name ?? '').toLowerCase() !== here,
      headRepo: data.head.repo?.full_name ?? '',
      headOwner: data.head.repo?.owner?.login ?? '',
      author: data.user?.login ?? '',
      authorAssociation: data.author_association,
      labels: (data.labels ?? []).map((l) => l.name ?? '').filter(Boolean),
    });
  }
  if (prs.length > 0) return { status: 'found', prs };
  if (moved) return { status: 'superseded', ...moved };
  return { status: 'none', reason: reasons.join('; ') };
}
