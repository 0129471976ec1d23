// The one place that builds an Octokit: the `octokit` package already carries the retry and
// throttling plugins, so rate limits and transient 5xx are handled there, not by hand.
import { Octokit } from 'octokit';

export type GitHubClient = InstanceType<typeof Octokit>;

export interface RepoRef {
  owner: string;
  repo: string;
}

export interface GitHubClientOptions {
  token: string;
  /** REST API root; `https://api.github.com` by default, a local fake in tests, GHES in the wild. */
  baseUrl?: string;
  /** Retries of failed requests (retry plugin); 3 by default. */
  retries?: number;
  /** Base of the retry back-off in ms (waits base * attempt²); 1000 by default, small in tests. */
  retryBaseMs?: number;
  /** Throttle writes (one per second, GitHub's advice for content creation); tests switch it off. */
  throttle?: boolean;
  /** Where octokit's own warnings go (rate-limit notices). */
  warn?: (message: string) => void;
}

export function createGitHubClient(opts: GitHubClientOptions): GitHubClient {
  const warn = opts.warn ?? (() => undefined);
  return new Octokit({
    auth: opts.token,
    ...(opts.baseUrl ? { baseUrl: opts.baseUrl.replace(/\/+$/, '') } : {}),
    // Set on the plugin, not per request: a per-request `retries` would also retry 403/404/422.
    retry: { retries: opts.retries ?? 3, retryAfterBaseValue: opts.retryBaseMs ?? 1000 },
    log: { debug: () => undefined, info: () => undefined, warn, error: warn },
    throttle: {
      enabled: opts.throttle ?? true,
      // Retry a rate-limited request twice, then let the error surface with GitHub's message.
      onRateLimit: (_after: number, _options: unknown, _o: unknown, retryCount: number) => retryCount < 2,
      onSecondaryRateLimit: (_after: number, _options: unknown, _o: unknown, retryCount: number) =>
        retryCount < 2,
    },
  });
}
