// One line (plus a hint) for core.setFailed: what went wrong, never a stack trace or a secret.
import { RequestError } from 'octokit';
import { KwsyncError } from '../errors.js';
import { rateLimitHint, rateLimitOf } from '../github/rate-limit.js';

export const PERMISSIONS_HINT =
  "check the job's `permissions:` (plan: pull-requests and checks write; apply: pull-requests write; drift: issues write), and for a fork's pull request that the token may write at all";

export function formatError(err: unknown, nowMs = Date.now()): string {
  if (err instanceof KwsyncError) return err.hint ? `${err.message}\nhint: ${err.hint}` : err.message;
  if (err instanceof RequestError) {
    const where = `GitHub API ${err.request.method} ${new URL(err.request.url).pathname} failed with ${err.status}: ${err.message}`;
    // A 403 is a rate limit when GitHub's headers or message say so; only otherwise is it a permission problem.
    const limit = rateLimitOf(err.status, err.response?.headers as Record<string, string> | undefined, err.message, nowMs);
    if (limit) return `${where} (a ${limit.kind} rate limit, lifting at ${new Date(limit.untilMs).toISOString()})\nhint: ${rateLimitHint(limit)}`;
    const hint = err.status === 403 || err.status === 404 ? `\nhint: ${PERMISSIONS_HINT}` : err.status >= 500 ? '\nhint: GitHub failed on its side; re-run the job (Re-run jobs), and see https://www.githubstatus.com if it persists' : '';
    return `${where}${hint}`;
  }
  return `unexpected error (a bug in kwsync, please report it): ${err instanceof Error ? err.message : String(err)}`;
}
