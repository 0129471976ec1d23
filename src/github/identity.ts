// Who kwsync posts as. Its own comments and issues are recognised by their author's login, never by
// the marker alone: a marker is text anyone (another bot, a workflow echoing PR text) can write.
// A personal or user token answers GET /user with its login; the workflow's GITHUB_TOKEN (an
// installation token) may not call it (403) and always posts as github-actions[bot].
import { RequestError } from 'octokit';
import type { GitHubClient } from './client.js';

export const WORKFLOW_BOT_LOGIN = 'github-actions[bot]';

const cache = new WeakMap<GitHubClient, Promise<string>>();

/** The login the token posts as (looked up once per client). */
export function ownLogin(octokit: GitHubClient): Promise<string> {
  let login = cache.get(octokit);
  if (!login) {
    login = octokit.rest.users.getAuthenticated().then(
      (res) => res.data.login,
      (err: unknown) => {
        // An installation token (GITHUB_TOKEN) is refused here: it is the Actions bot.
        if (err instanceof RequestError && (err.status === 401 || err.status === 403)) return WORKFLOW_BOT_LOGIN;
        throw err;
      },
    );
    cache.set(octokit, login);
    login.catch(() => cache.delete(octokit));
  }
  return login;
}
