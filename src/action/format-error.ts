// One line (plus a hint) for core.setFailed: what went wrong, never a stack trace or a secret.
import { RequestError } from 'octokit';
import { KwsyncError } from '../errors.js';

export function formatError(err: unknown): string {
  if (err instanceof KwsyncError) return err.hint ? `${err.message}\nhint: ${err.hint}` : err.message;
  if (err instanceof RequestError) {
    const hint =
      err.status === 403 || err.status === 404
        ? '\nhint: check the job\'s `permissions:` (plan: pull-requests and checks write; apply: pull-requests write; drift: issues write)'
        : '';
    return `GitHub API ${err.request.method} ${new URL(err.request.url).pathname} failed with ${err.status}: ${err.message}${hint}`;
  }
  return `unexpected error (a bug in kwsync, please report it): ${err instanceof Error ? err.message : String(err)}`;
}
