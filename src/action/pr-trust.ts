// Who may see the live side of a pull request's plan. Trust comes from who wrote the PR and whose
// repository its head lives in, as GitHub reports them, never from what the PR uploads or contains.
// An outsider's plan is released for ONE commit by an act GitHub binds to that commit: an approving
// review whose commit_id is the head, by someone whose repository permission is write or admin
// (asked of GitHub, not read from the review's author_association). No time is compared: stage one
// runs the PR's own workflow, so any time it reports (or that its run lasts) is the PR's to move.
// The author is trusted only with a trusted association AND write or admin permission here: an
// organisation MEMBER with read access could not release another's PR, so not their own either.
import type { GitHubClient, RepoRef } from '../github/client.js';
import { TRUSTED_ASSOCIATIONS } from '../model/config.js';
import { mdCode } from '../render/markdown-escape.js';
import type { VerifiedPullRequest } from './pr-from-run.js';

export type Trust =
  | { trusted: true; why: string; /** Set when a maintainer's approving review released an outside PR: who approved it. */ releasedBy?: string }
  | { trusted: false; why: string; /** Approvals by maintainers at other commits: they release those commits, not this head. */ staleApprovals: { by: string; sha: string }[] };

/** Repository permissions (GitHub's legacy base roles: maintain reads as write) whose approval releases a plan. */
export const RELEASING_PERMISSIONS = ['admin', 'write'] as const;

/** `permissionOf` caches GitHub's permission answers per user: pass one map for every PR of a run. */
export async function decideTrust(octokit: GitHubClient, repo: RepoRef, pr: VerifiedPullRequest, permissionOf = new Map<string, string>()): Promise<Trust> {
  const association = `the author's association with the repository is ${pr.authorAssociation || 'unknown'}`;
  const here = `${repo.owner}/${repo.repo}`.toLowerCase();
  // A member's PR from a branch someone else owns: that someone pushes what the plan reads.
  const headOwned = pr.headRepo.toLowerCase() === here || (pr.headOwner !== '' && pr.headOwner.toLowerCase() === pr.author.toLowerCase());
  let authorPermission: string | undefined;
  if ((TRUSTED_ASSOCIATIONS as readonly string[]).includes(pr.authorAssociation) && headOwned) {
    // Any answer but a permission (rate limit, 5xx) leaves the author untrusted: never released by default.
    authorPermission = await cachedPermission(octokit, repo, pr.author, permissionOf).catch(() => 'unknown');
    if ((RELEASING_PERMISSIONS as readonly string[]).includes(authorPermission)) {
      return { trusted: true, why: `${association} and their permission on it is ${authorPermission}` };
    }
  }
  const outside = !headOwned
    ? `the head branch lives in ${pr.headRepo ? mdCode(pr.headRepo) : 'a deleted repository'}, which belongs to ${pr.headOwner ? mdCode(pr.headOwner) : 'nobody known'}, not to the author ${mdCode(pr.author)}`
    : authorPermission !== undefined
      ? `${association}, but their permission on it is ${authorPermission === 'unknown' ? 'unknown (GitHub did not answer)' : authorPermission}, not write or admin`
      : association;
  const approvals = await maintainerApprovals(octokit, repo, pr, permissionOf);
  const release = approvals.find((a) => a.sha === pr.headSha);
  if (release) return { trusted: true, why: `${mdCode(release.by)} (${release.permission} access) approved this very commit`, releasedBy: release.by };
  return { trusted: false, why: outside, staleApprovals: approvals.map(({ by, sha }) => ({ by, sha })) };
}

/** Approving reviews by people with write access, each with the commit GitHub bound it to (newest last). */
async function maintainerApprovals(octokit: GitHubClient, repo: RepoRef, pr: VerifiedPullRequest, permissionOf: Map<string, string>): Promise<{ by: string; sha: string; permission: string }[]> {
  const approved: { by: string; sha: string }[] = [];
  const pages = octokit.paginate.iterator(octokit.rest.pulls.listReviews, { ...repo, pull_number: pr.number, per_page: 100 });
  for await (const page of pages) {
    for (const r of page.data) {
      // A dismissed approval reads DISMISSED; a review on a vanished commit has commit_id null.
      if (r.state !== 'APPROVED' || !r.user?.login || typeof r.commit_id !== 'string') continue;
      if (r.user.login.toLowerCase() === pr.author.toLowerCase()) continue;
      approved.push({ by: r.user.login, sha: r.commit_id });
    }
  }
  const out: { by: string; sha: string; permission: string }[] = [];
  for (const a of approved) {
    const p = await cachedPermission(octokit, repo, a.by, permissionOf);
    if ((RELEASING_PERMISSIONS as readonly string[]).includes(p)) out.push({ ...a, permission: p });
  }
  return out;
}

/** One question per user while `cache` lives; failures are not cached (they fail this decision only). */
async function cachedPermission(octokit: GitHubClient, repo: RepoRef, username: string, cache: Map<string, string>): Promise<string> {
  const key = username.toLowerCase();
  if (!cache.has(key)) cache.set(key, await permission(octokit, repo, username));
  return cache.get(key)!;
}

async function permission(octokit: GitHubClient, repo: RepoRef, username: string): Promise<string> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username });
    return data.permission;
  } catch (err) {
    // 404: no such user (deleted since the review). Anything else is not an answer: fail closed, loudly.
    if ((err as { status?: number }).status === 404) return 'none';
    throw err;
  }
}

/** What the withheld comment tells a maintainer: which act releases which commit. */
export function releaseInstruction(headSha: string, stale: readonly { by: string; sha: string }[]): string {
  const short = headSha.slice(0, 7);
  const old = stale.filter((a) => a.sha !== headSha);
  const note = old.length === 0 ? '' : ` (${[...new Set(old.map((a) => `${mdCode(a.by)} approved \`${a.sha.slice(0, 7)}\``))].join(', ')}: an approval releases only the commit it was given on, not this head)`;
  return `A maintainer with write access releases them for \`${short}\` only by approving the pull request at that commit (Files changed → Review changes → Approve, with \`${short}\` as the head), then re-running the **kwsync plan (live)** workflow run (Re-run all jobs)${note}. A later push is withheld again.`;
}
