// Who may see the live side of a pull request's plan. Trust comes from who wrote the PR, as GitHub
// reports it (author_association: OWNER, MEMBER, COLLABORATOR), never from what the PR uploads or
// contains. A maintainer releases an outside PR with a label (kwsync.yaml pullRequests.trustLabel on
// the default branch): labels need triage access, which the author of an outside PR lacks. The label
// releases only commits pushed before it was added, so a later push by the author is withheld
// again until a maintainer adds the label anew (remove it and add it again).
import type { GitHubClient, RepoRef } from '../github/client.js';
import { TRUSTED_ASSOCIATIONS } from '../model/config.js';
import type { VerifiedPullRequest } from './pr-from-run.js';

export type Trust =
  | { trusted: true; why: string; /** Set when a maintainer's label released an outside PR: who added it. */ releasedBy?: string }
  | { trusted: false; why: string; labelTooOld?: boolean };

export async function decideTrust(
  octokit: GitHubClient,
  repo: RepoRef,
  pr: VerifiedPullRequest,
  opts: { trustLabel: string; /** When stage one's run for this head was created (workflow_run.created_at): the push. */ headSeenAt: string | undefined },
): Promise<Trust> {
  if ((TRUSTED_ASSOCIATIONS as readonly string[]).includes(pr.authorAssociation)) {
    return { trusted: true, why: `the author's association with the repository is ${pr.authorAssociation}` };
  }
  const outside = `the author's association with the repository is ${pr.authorAssociation || 'unknown'}`;
  if (!pr.labels.includes(opts.trustLabel)) return { trusted: false, why: outside };
  const labelled = await lastLabelled(octokit, repo, pr.number, opts.trustLabel);
  const seen = opts.headSeenAt ? Date.parse(opts.headSeenAt) : NaN;
  if (labelled && !Number.isNaN(seen) && Date.parse(labelled.at) > seen) {
    return { trusted: true, why: `${labelled.by} added the label \`${opts.trustLabel}\` after this commit was pushed`, releasedBy: labelled.by };
  }
  return { trusted: false, why: `${outside}, and the label \`${opts.trustLabel}\` was added before this commit was pushed`, labelTooOld: true };
}

async function lastLabelled(octokit: GitHubClient, repo: RepoRef, number: number, label: string): Promise<{ at: string; by: string } | undefined> {
  let last: { at: string; by: string } | undefined;
  const pages = octokit.paginate.iterator(octokit.rest.issues.listEvents, { ...repo, issue_number: number, per_page: 100 });
  for await (const page of pages) {
    for (const e of page.data) {
      if (e.event === 'labeled' && (e as { label?: { name?: string } }).label?.name === label) last = { at: e.created_at, by: e.actor?.login ?? 'a maintainer' };
    }
  }
  return last;
}
