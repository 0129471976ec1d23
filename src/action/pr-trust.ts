// Who may see the live side of a pull request's plan. Trust comes from who wrote the PR and whose
// repository its head lives in, as GitHub reports them, never from what the PR uploads or contains.
// An outsider's plan is released for ONE commit by the reviewers' standing word on it, as GitHub's
// merge gate counts it (each reviewer's latest approving, change-requesting or dismissed review): a
// standing approval whose commit_id is the head, by someone whose repository permission is write or
// admin (asked of GitHub, not read from the review's author_association), and no standing request
// for changes by anyone with write or admin. It is decided in the job that reads with the key, when
// it reads (issue 37): a withdrawn approval withholds from then on. No time is compared: stage one
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
  const word = await reviewersWord(octokit, repo, pr, permissionOf);
  if (word.release) return { trusted: true, why: `${mdCode(word.release.by)} (${word.release.permission} access) approved this very commit, and no reviewer with write access stands on a request for changes`, releasedBy: word.release.by };
  if (word.withheld) return { trusted: false, why: `${outside}; ${word.withheld}`, staleApprovals: word.stale };
  return { trusted: false, why: outside, staleApprovals: word.stale };
}

/** GitHub's page size for reviews, and how many pages a decision reads: past them, nothing is released. */
export const REVIEWS_PER_PAGE = 100;
export const REVIEW_PAGES = 10;
/** How many reviewers' permissions one decision asks GitHub at most (each asked once per job). */
export const PERMISSION_QUESTIONS = 10;
/** The review states that make a reviewer's standing word (a comment changes none; a dismissal ends it). */
const STANDING_STATES = ['APPROVED', 'CHANGES_REQUESTED', 'DISMISSED'];

interface Standing {
  by: string;
  state: string;
  sha: string | null;
  association: string;
}

/**
 * Each reviewer's standing review, as GitHub's merge gate counts them: their latest review that
 * approves, requests changes or was dismissed (a comment leaves the earlier word standing; a
 * dismissed review reads DISMISSED and stands for nothing). The author is never a reviewer here.
 * GitHub lists reviews oldest first with no other order; a request for changes older than what is
 * read could not be ruled out, so a history longer than REVIEW_PAGES pages is `truncated` (after one
 * request, from the `last` link) and releases nothing.
 */
async function standingReviews(octokit: GitHubClient, repo: RepoRef, pr: VerifiedPullRequest): Promise<{ standing: Standing[]; truncated?: number }> {
  const latest = new Map<string, Standing>();
  for (let page = 1; page <= REVIEW_PAGES; page++) {
    const res = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews', { ...repo, pull_number: pr.number, per_page: REVIEWS_PER_PAGE, page });
    const link = String(res.headers.link ?? '');
    const last = /<[^>]*[?&]page=(\d+)[^>]*>;\s*rel="last"/.exec(link);
    if (page === 1 && last && Number(last[1]) > REVIEW_PAGES) return { standing: [], truncated: Number(last[1]) };
    for (const r of res.data) {
      const login = r.user?.login;
      if (!login || login.toLowerCase() === pr.author.toLowerCase() || !STANDING_STATES.includes(r.state)) continue;
      latest.set(login.toLowerCase(), { by: login, state: r.state, sha: typeof r.commit_id === 'string' ? r.commit_id : null, association: r.author_association });
    }
    if (!/rel="next"/.test(link)) return { standing: [...latest.values()] };
  }
  return { standing: [], truncated: REVIEW_PAGES + 1 };
}

/**
 * The reviewers' standing word on the head: released when a standing approval of this very commit
 * is by someone with write or admin access and no one with write or admin access stands on a
 * request for changes (at any commit: GitHub's merge gate holds it until it is dismissed or
 * replaced). Permissions are asked of GitHub: of approvers only when their association can hold
 * write access at all (OWNER, MEMBER, COLLABORATOR: a fork's throw-away account cannot), of every
 * reviewer standing on a request for changes whatever their association (a private member reads
 * CONTRIBUTOR), and at most PERMISSION_QUESTIONS times. Anything unread or unasked withholds.
 */
async function reviewersWord(octokit: GitHubClient, repo: RepoRef, pr: VerifiedPullRequest, permissionOf: Map<string, string>): Promise<{ release?: { by: string; permission: string }; withheld?: string; stale: { by: string; sha: string }[] }> {
  const { standing, truncated } = await standingReviews(octokit, repo, pr);
  if (truncated) {
    return { withheld: `the pull request has more than ${REVIEW_PAGES * REVIEWS_PER_PAGE} reviews (${truncated} pages); kwsync reads at most ${REVIEW_PAGES * REVIEWS_PER_PAGE}, and a request for changes older than those could not be ruled out, so no review releases it`, stale: [] };
  }
  const canWrite = (s: Standing) => (TRUSTED_ASSOCIATIONS as readonly string[]).includes(s.association);
  const approvals = standing.filter((s) => s.state === 'APPROVED' && s.sha === pr.headSha && canWrite(s));
  // A request for changes is weighed whatever its association: a member whose membership is private
  // reads CONTRIBUTOR on their reviews yet holds write access (R2-O18). Asking costs one question per
  // change-requester, within PERMISSION_QUESTIONS; past it, nothing is released.
  const requests = standing.filter((s) => s.state === 'CHANGES_REQUESTED');
  const stale = standing.filter((s): s is Standing & { sha: string } => s.state === 'APPROVED' && s.sha !== null && s.sha !== pr.headSha && canWrite(s)).map(({ by, sha }) => ({ by, sha }));
  let asked = 0;
  const writes = async (s: Standing): Promise<string | undefined> => {
    if (!permissionOf.has(s.by.toLowerCase()) && ++asked > PERMISSION_QUESTIONS) throw new TooManyReviewers();
    const p = await cachedPermission(octokit, repo, s.by, permissionOf);
    return (RELEASING_PERMISSIONS as readonly string[]).includes(p) ? p : undefined;
  };
  try {
    let release: { by: string; permission: string } | undefined;
    for (const a of approvals) {
      const p = await writes(a);
      if (p) {
        release = { by: a.by, permission: p };
        break;
      }
    }
    // Not released: name the standing requests for changes (unasked: a reason shown, never a release).
    if (!release) return { stale, ...(requests.length ? { withheld: `${listed(requests.map((r) => mdCode(r.by)))} requested changes in their latest review` } : {}) };
    for (const r of requests) {
      const p = await writes(r);
      if (p) return { withheld: `${mdCode(r.by)} (${p} access) requested changes${r.sha ? ` on \`${r.sha.slice(0, 7)}\`` : ''} in their latest review, which stands until they approve or it is dismissed`, stale };
    }
    return { release, stale };
  } catch (err) {
    if (!(err instanceof TooManyReviewers)) throw err;
    return { withheld: `more than ${PERMISSION_QUESTIONS} reviewers would have to be asked for their permission; no review releases it`, stale };
  }
}

class TooManyReviewers extends Error {}

function listed(names: string[]): string {
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
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
