// A fixed one-minute window per app, as the documented "requests per minute" budgets suggest.
// Headers go on every authenticated response; over budget is 429 with Retry-After.
import { EmulatorHttpError } from './http-errors.js';

/**
 * The header family. `x-rate-limit` is the published one ([RL] sdk/javascript/rate-limits.mdx @
 * b151f7e9: X-Rate-Limit, X-Rate-Limit-Remaining, and Retry-After / X-Rate-Limit-Reset on a 429),
 * the default; `x-ratelimit` the common X-RateLimit-* family, and `none` (a 429 then carries only
 * Retry-After), for trying a client against a service that differs.
 */
export type RateLimitHeaderStyle = 'x-ratelimit' | 'x-rate-limit' | 'none';

export interface RateLimiter {
  /** Counts one request; returns the headers to send, or throws the 429 when over budget. */
  take(): Record<string, string>;
}

export function createRateLimiter(opts: { perMinute: number; headers: RateLimitHeaderStyle; now: () => number }): RateLimiter {
  let windowStart = -1;
  let used = 0;
  const names =
    opts.headers === 'x-rate-limit'
      ? { limit: 'x-rate-limit', remaining: 'x-rate-limit-remaining', reset: 'x-rate-limit-reset' }
      : { limit: 'x-ratelimit-limit', remaining: 'x-ratelimit-remaining', reset: 'x-ratelimit-reset' };
  return {
    take() {
      const nowMs = opts.now();
      const start = Math.floor(nowMs / 60_000) * 60_000;
      if (start !== windowStart) {
        windowStart = start;
        used = 0;
      }
      const resetMs = start + 60_000;
      const none = opts.headers === 'none';
      const headers: Record<string, string> = none
        ? {}
        : {
            [names.limit]: String(opts.perMinute),
            [names.remaining]: String(Math.max(0, opts.perMinute - used - 1)),
            [names.reset]: String(Math.floor(resetMs / 1000)),
          };
      if (used >= opts.perMinute) {
        const retryAfter = String(Math.max(1, Math.ceil((resetMs - nowMs) / 1000)));
        throw new EmulatorHttpError(429, 'ERR_TOO_MANY_REQUESTS', 'Too many requests; the per-minute budget is used up.', {
          headers: { ...headers, ...(none ? {} : { [names.remaining]: '0' }), 'retry-after': retryAfter },
        });
      }
      used += 1;
      return headers;
    },
  };
}
