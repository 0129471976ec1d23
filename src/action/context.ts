// What the Action needs to know about the run, taken from the GITHUB_* variables and the event
// payload that main.ts reads, parsed here into one typed object.
import { ConfigError } from '../errors.js';

export interface RunContext {
  owner: string;
  repo: string;
  eventName: string;
  /** The commit the run is for (the merge commit on a PR run, HEAD on a push). */
  sha: string;
  /** The workflow run page; its job summary holds the full plan. */
  runUrl: string;
  /** GITHUB_RUN_ATTEMPT: which attempt of the run this is (1 unless re-run); records name it. */
  runAttempt?: number;
  apiUrl: string;
  workspace: string;
  /** The repository's default branch, from the event payload (push and workflow_dispatch carry it). */
  defaultBranch?: string;
  pullRequest?: { number: number; headSha: string; baseSha: string; baseRef: string };
  /** The event payload as read (plan-live reads workflow_run from it). */
  event?: unknown;
}

type Env = Record<string, string | undefined>;

export function parseRunContext(env: Env, event: any, cwd: string): RunContext {
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  if (!owner || !repo) throw new ConfigError('GITHUB_REPOSITORY is not set: run kwsync-action inside GitHub Actions');
  const serverUrl = env.GITHUB_SERVER_URL ?? 'https://github.com';
  const pr = event?.pull_request;
  const defaultBranch = event?.repository?.default_branch;
  return {
    owner,
    repo,
    eventName: env.GITHUB_EVENT_NAME ?? '',
    sha: env.GITHUB_SHA ?? '',
    runUrl: `${serverUrl}/${owner}/${repo}/actions/runs/${env.GITHUB_RUN_ID ?? ''}`,
    ...(/^[1-9]\d{0,5}$/.test(env.GITHUB_RUN_ATTEMPT ?? '') ? { runAttempt: Number(env.GITHUB_RUN_ATTEMPT) } : {}),
    apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
    workspace: env.GITHUB_WORKSPACE ?? cwd,
    ...(typeof defaultBranch === 'string' && defaultBranch ? { defaultBranch } : {}),
    event,
    ...(pr
      ? { pullRequest: { number: Number(pr.number), headSha: String(pr.head?.sha), baseSha: String(pr.base?.sha), baseRef: String(pr.base?.ref) } }
      : {}),
  };
}
