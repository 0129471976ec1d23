// One comment per marker, edited in place: the PR shows the latest plan, never a trail of them.
import type { GitHubClient, RepoRef } from './client.js';
import { ownLogin } from './identity.js';
import { findOwnMarked } from './markers.js';
import { createOnce } from './create-once.js';
import { fitText, GITHUB_LIMITS } from './fit-markdown.js';

export interface StickyCommentOptions extends RepoRef {
  issueNumber: number;
  /** A hidden HTML comment that identifies the comment, e.g. `<!-- kwsync:plan target=prod -->`. */
  marker: string;
  /** The comment body; the marker is prepended when it does not start with it. */
  body: string;
}

export interface StickyCommentResult {
  action: 'created' | 'updated';
  commentId: number;
  url: string;
}

/** kwsync's comment for `marker`: the first by kwsync's own login whose body starts with it, searching every page. */
export async function findMarkedComment(
  octokit: GitHubClient,
  opts: RepoRef & { issueNumber: number; marker: string },
): Promise<{ id: number; url: string; body: string } | undefined> {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner: opts.owner,
    repo: opts.repo,
    issue_number: opts.issueNumber,
    per_page: 100,
  });
  const hit = await findOwnMarked(pages, opts.marker, await ownLogin(octokit));
  return hit ? { id: hit.id, url: hit.html_url, body: hit.body ?? '' } : undefined;
}

export async function upsertStickyComment(
  octokit: GitHubClient,
  opts: StickyCommentOptions,
): Promise<StickyCommentResult> {
  // The renderers fit their bodies; this is the last guard, so no caller can post past GitHub's limit.
  const body = fitText(opts.body.startsWith(opts.marker) ? opts.body : `${opts.marker}\n${opts.body}`, GITHUB_LIMITS.comment);
  const existing = await findMarkedComment(octokit, opts);
  if (existing) {
    const res = await octokit.rest.issues.updateComment({
      owner: opts.owner,
      repo: opts.repo,
      comment_id: existing.id,
      body,
    });
    return { action: 'updated', commentId: res.data.id, url: res.data.html_url };
  }
  // A 5xx after GitHub saved the comment must not leave two: look for it before sending again.
  return createOnce<StickyCommentResult>({
    send: async () => {
      const res = await octokit.rest.issues.createComment({ owner: opts.owner, repo: opts.repo, issue_number: opts.issueNumber, body });
      return { action: 'created', commentId: res.data.id, url: res.data.html_url };
    },
    find: async () => {
      const landed = await findMarkedComment(octokit, opts);
      if (!landed) return undefined;
      if (landed.body !== body) await octokit.rest.issues.updateComment({ owner: opts.owner, repo: opts.repo, comment_id: landed.id, body });
      return { action: 'created', commentId: landed.id, url: landed.url };
    },
  });
}
