// The one place that builds an Octokit. The retry plugin repeats reads and updates after a 5xx;
// a POST (a comment, an issue, a check run) is never re-sent blindly, since the first may have
// landed: its caller looks first (sticky-comment.ts, drift-issue.ts, check-run.ts). Rate limits
// are decided here, once (rate-limit.ts): a short wait is taken, a long one ends the run at once.
import { Octokit, RequestError } from 'octokit';
import { GitHubRateLimitError, MAX_RATE_LIMIT_WAIT_MS, MAX_RATE_LIMIT_WAITS, rateLimitOf } from './rate-limit.js';

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
  /** Where octokit's own warnings and kwsync's rate-limit waits go. */
  warn?: (message: string) => void;
  /** The longest rate-limit wait taken (MAX_RATE_LIMIT_WAIT_MS by default); longer ones end the run. */
  maxRateLimitWaitMs?: number;
  /** Clock and sleep, for tests. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Statuses the retry plugin never repeats: client errors, and the rate limits this module decides. */
const DO_NOT_RETRY = [400, 401, 403, 404, 410, 422, 429, 451];

export function createGitHubClient(opts: GitHubClientOptions): GitHubClient {
  const warn = opts.warn ?? (() => undefined);
  const octokit = new Octokit({
    auth: opts.token,
    ...(opts.baseUrl ? { baseUrl: opts.baseUrl.replace(/\/+$/, '') } : {}),
    // Set on the plugin, not per request: a per-request `retries` would also retry 403/404/422.
    retry: { retries: opts.retries ?? 3, retryAfterBaseValue: opts.retryBaseMs ?? 1000, doNotRetry: DO_NOT_RETRY },
    log: { debug: () => undefined, info: () => undefined, warn, error: warn },
    throttle: {
      enabled: opts.throttle ?? true,
      // The throttling plugin keeps its write pacing; whether to wait out a limit is decided below,
      // for every 403/429 (the plugin misses a 429 whose message does not say "secondary rate").
      onRateLimit: () => false,
      onSecondaryRateLimit: () => false,
    },
  });
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxWait = opts.maxRateLimitWaitMs ?? MAX_RATE_LIMIT_WAIT_MS;
  // A POST is sent once: the retry plugin reads `request.retries` before its own default.
  octokit.hook.before('request', (options) => {
    if (String(options.method).toUpperCase() === 'POST') options.request = { ...options.request, retries: 0 };
  });
  octokit.hook.wrap('request', async (request, options) => {
    for (let waits = 0; ; waits++) {
      try {
        return await request(options);
      } catch (err) {
        if (!(err instanceof RequestError)) throw err;
        const hit = rateLimitOf(err.status, err.response?.headers as Record<string, string>, err.message, now());
        if (!hit) throw err;
        const where = { method: String(options.method), path: pathOf(String(options.url), options as Record<string, unknown>) };
        if (hit.waitMs > maxWait || waits >= MAX_RATE_LIMIT_WAITS) throw new GitHubRateLimitError(hit, where, now(), err, hit.waitMs > maxWait ? 0 : waits);
        warn(`GitHub ${hit.kind} rate limit on ${where.method} ${where.path}: waiting ${Math.ceil(hit.waitMs / 1000)} s (${hit.source}) before trying again`);
        await sleep(hit.waitMs);
      }
    }
  });
  return octokit;
}

/** The route with its parameters filled in, for messages (no query, no token). */
function pathOf(url: string, params: Record<string, unknown>): string {
  return url.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? name))).replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? url;
}
