// Which GitHub repository holds the deployment records, and the token to read them: `--repo`, else
// GITHUB_REPOSITORY (set in every workflow), else the `origin` remote when it is on github.com.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface GitHubRepo {
  owner: string;
  repo: string;
}

const NAME = /^[A-Za-z0-9_.-]+$/;

/** `owner/name`, or null when it is not one. */
export function parseRepoName(text: string): GitHubRepo | null {
  const [owner, repo, ...rest] = text.trim().split('/');
  if (rest.length > 0 || !owner || !repo || !NAME.test(owner) || !NAME.test(repo)) return null;
  return { owner, repo };
}

/** owner/name of a github.com remote URL (https, ssh, scp-like), or null for any other host. */
export function repoFromRemoteUrl(url: string): GitHubRepo | null {
  const m = /^(?:https?:\/\/(?:[^@/]+@)?github\.com\/|ssh:\/\/git@github\.com(?::\d+)?\/|git@github\.com:)([^/]+)\/([^/]+?)(?:\.git)?\/?$/.exec(url.trim());
  return m ? parseRepoName(`${m[1]}/${m[2]}`) : null;
}

/** The `origin` remote's repository, when it is on github.com. */
export async function repoFromOrigin(cwd: string): Promise<GitHubRepo | null> {
  try {
    const { stdout } = await run('git', ['remote', 'get-url', 'origin'], { cwd, encoding: 'utf8' });
    return repoFromRemoteUrl(stdout);
  } catch {
    return null;
  }
}

/** GITHUB_TOKEN, else GH_TOKEN (what `gh` reads). */
export function githubTokenOf(env: Record<string, string | undefined>): string | undefined {
  return env.GITHUB_TOKEN?.trim() || env.GH_TOKEN?.trim() || undefined;
}

export const TOKEN_ADVICE =
  'set GITHUB_TOKEN to a token that may read deployments: GITHUB_TOKEN=$(gh auth token), or a fine-grained token with "Deployments: read" on the repository';
