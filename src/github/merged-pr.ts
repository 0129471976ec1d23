// The PR a push to the default branch came from, so the apply report lands where it was reviewed.
import type { GitHubClient, RepoRef } from './client.js';

export async function findMergedPullRequest(
  octokit: GitHubClient,
  opts: RepoRef & { sha: string },
): Promise<number | undefined> {
  const res = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
    owner: opts.owner,
    repo: opts.repo,
    commit_sha: opts.sha,
    per_page: 100,
  });
  const merged = res.data.filter((pr) => pr.merged_at);
  // Prefer the PR whose merge produced this very commit; squash and rebase merges also match here.
  const exact = merged.find((pr) => pr.merge_commit_sha === opts.sha);
  return (exact ?? merged[0])?.number;
}
