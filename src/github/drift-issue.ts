// One open issue per target tells the team that live has drifted from the repository. It is found
// again by marker (label first), updated while the drift lasts and closed once live matches.
import type { GitHubClient, RepoRef } from './client.js';
import { DRIFT_LABEL, driftMarker, findOwnMarked } from './markers.js';

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

export interface FoundDriftIssue {
  number: number;
  /** False when it was found without the label (someone removed it); the label is put back. */
  labelled: boolean;
}

/**
 * kwsync's open drift issue for the target: by label first, then among all open issues, so that
 * removing the label never leads to a second issue. Only a bot's issue starting with the marker counts.
 */
export async function findDriftIssue(
  octokit: GitHubClient,
  opts: RepoRef & { target: string },
): Promise<FoundDriftIssue | undefined> {
  const byLabel = await findOpenIssue(octokit, opts, DRIFT_LABEL);
  if (byLabel !== undefined) return { number: byLabel, labelled: true };
  const any = await findOpenIssue(octokit, opts, undefined);
  return any === undefined ? undefined : { number: any, labelled: false };
}

async function findOpenIssue(
  octokit: GitHubClient,
  opts: RepoRef & { target: string },
  label: string | undefined,
): Promise<number | undefined> {
  const marker = driftMarker(opts.target);
  const pages = octokit.paginate.iterator(octokit.rest.issues.listForRepo, {
    owner: opts.owner,
    repo: opts.repo,
    state: 'open',
    ...(label ? { labels: label } : {}),
    per_page: 100,
  });
  const hit = await findOwnMarked(pages, marker, (i) => !i.pull_request);
  return hit?.number;
}

export async function syncDriftIssue(octokit: GitHubClient, opts: DriftIssueSync): Promise<DriftIssueResult> {
  const { owner, repo } = opts;
  const existing = await findDriftIssue(octokit, opts);
  if (opts.driftBody !== null) {
    if (existing !== undefined) {
      const issue_number = existing.number;
      await octokit.rest.issues.update({ owner, repo, issue_number, title: opts.title, body: opts.driftBody });
      if (!existing.labelled) await octokit.rest.issues.addLabels({ owner, repo, issue_number, labels: [DRIFT_LABEL] });
      return { action: 'updated', issueNumber: issue_number };
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
  const issue_number = existing.number;
  await octokit.rest.issues.createComment({ owner, repo, issue_number, body: opts.resolvedComment });
  await octokit.rest.issues.update({ owner, repo, issue_number, state: 'closed', state_reason: 'completed' });
  return { action: 'closed', issueNumber: issue_number };
}
