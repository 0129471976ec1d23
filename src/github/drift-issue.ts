// One open issue per target tells the team that live has drifted from the repository. It is found
// again by label + marker, updated while the drift lasts and closed once live matches.
import type { GitHubClient, RepoRef } from './client.js';
import { DRIFT_LABEL, driftMarker } from './markers.js';

export interface DriftIssueSync extends RepoRef {
  target: string;
  /** The issue body when live differs from the repository; null when they match. */
  driftBody: string | null;
  title: string;
  /** Comment left when the issue is closed. */
  resolvedComment: string;
}

export interface DriftIssueResult {
  action: 'opened' | 'updated' | 'closed' | 'none';
  issueNumber: number | null;
}

export async function findDriftIssue(
  octokit: GitHubClient,
  opts: RepoRef & { target: string },
): Promise<number | undefined> {
  const marker = driftMarker(opts.target);
  const pages = octokit.paginate.iterator(octokit.rest.issues.listForRepo, {
    owner: opts.owner,
    repo: opts.repo,
    state: 'open',
    labels: DRIFT_LABEL,
    per_page: 100,
  });
  for await (const page of pages) {
    const hit = page.data.find((i) => !i.pull_request && (i.body ?? '').includes(marker));
    if (hit) return hit.number;
  }
  return undefined;
}

export async function syncDriftIssue(octokit: GitHubClient, opts: DriftIssueSync): Promise<DriftIssueResult> {
  const { owner, repo } = opts;
  const existing = await findDriftIssue(octokit, opts);
  if (opts.driftBody !== null) {
    if (existing !== undefined) {
      await octokit.rest.issues.update({ owner, repo, issue_number: existing, title: opts.title, body: opts.driftBody });
      return { action: 'updated', issueNumber: existing };
    }
    const res = await octokit.rest.issues.create({
      owner,
      repo,
      title: opts.title,
      body: opts.driftBody,
      labels: [DRIFT_LABEL],
    });
    return { action: 'opened', issueNumber: res.data.number };
  }
  if (existing === undefined) return { action: 'none', issueNumber: null };
  await octokit.rest.issues.createComment({ owner, repo, issue_number: existing, body: opts.resolvedComment });
  await octokit.rest.issues.update({ owner, repo, issue_number: existing, state: 'closed', state_reason: 'completed' });
  return { action: 'closed', issueNumber: existing };
}
