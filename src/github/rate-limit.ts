// GitHub's rate limits, told rather than slept through. GitHub's rule ("Rate limits for the REST
// API", docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api#exceeding-the-rate-limit):
// a 403 or 429 with `x-ratelimit-remaining: 0` is the primary limit (wait until
// `x-ratelimit-reset`); one whose message names a secondary rate limit, or that carries
// `retry-after`, is a secondary limit (wait `retry-after` seconds, else at least a minute). Any
// other 403 is a permission problem and is not retried. A job waits only when the wait is short
// (MAX_RATE_LIMIT_WAIT_MS); a reset an hour away ends the run at once with the time and the fix.
import { KwsyncError } from '../errors.js';

/** Waits up to this long are taken (GitHub's "at least one minute" for a secondary limit fits). */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000;
/** Waits per request before giving up (GitHub: "throw an error after a specific number of retries"). */
export const MAX_RATE_LIMIT_WAITS = 2;

export type HeaderMap = Record<string, string | number | undefined>;

export interface RateLimitHit {
  kind: 'primary' | 'secondary';
  status: number;
  /** How long GitHub asks to wait, in ms. */
  waitMs: number;
  /** When the wait ends, epoch ms. */
  untilMs: number;
  /** Where the wait came from, for the message. */
  source: 'retry-after' | 'x-ratelimit-reset' | 'one minute (no header)';
}

function header(headers: HeaderMap | undefined, name: string): string | undefined {
  const v = headers?.[name] ?? headers?.[name.toLowerCase()];
  return v === undefined ? undefined : String(v);
}

/** The rate limit a 403/429 answer reports, or undefined (then a 403 is a permission problem). */
export function rateLimitOf(status: number, headers: HeaderMap | undefined, message: string, nowMs: number): RateLimitHit | undefined {
  if (status !== 403 && status !== 429) return undefined;
  const retryAfter = Number(header(headers, 'retry-after'));
  const hasRetryAfter = header(headers, 'retry-after') !== undefined && Number.isFinite(retryAfter);
  const remaining = header(headers, 'x-ratelimit-remaining');
  const reset = Number(header(headers, 'x-ratelimit-reset'));
  const secondaryText = /secondary rate|abuse/i.test(message);
  if (hasRetryAfter) {
    const waitMs = Math.max(0, retryAfter * 1000);
    return { kind: secondaryText || remaining !== '0' ? 'secondary' : 'primary', status, waitMs, untilMs: nowMs + waitMs, source: 'retry-after' };
  }
  if (remaining === '0' && Number.isFinite(reset)) {
    // One second past the reset, so the retry lands after it.
    const untilMs = reset * 1000 + 1000;
    return { kind: 'primary', status, waitMs: Math.max(0, untilMs - nowMs), untilMs, source: 'x-ratelimit-reset' };
  }
  if (secondaryText || status === 429) return { kind: 'secondary', status, waitMs: 60_000, untilMs: nowMs + 60_000, source: 'one minute (no header)' };
  return undefined;
}

/** A rate limit whose wait does not fit in the job: the run ends, saying when to run it again. */
export class GitHubRateLimitError extends KwsyncError {
  readonly hit: RateLimitHit;
  constructor(hit: RateLimitHit, request: { method: string; path: string }, nowMs: number, cause?: unknown, waited = 0) {
    super(rateLimitMessage(hit, request, nowMs, waited), { hint: rateLimitHint(hit), cause });
    this.hit = hit;
  }
}

/** `waited`: how many waits this request already took; when they ran out the stop says so, not the time bound. */
export function rateLimitMessage(hit: RateLimitHit, request: { method: string; path: string }, nowMs: number, waited = 0): string {
  const minutes = Math.max(1, Math.ceil((hit.untilMs - nowMs) / 60_000));
  const at = new Date(hit.untilMs).toISOString().replace(/\.\d{3}Z$/, '').replace('T', ' ');
  const which = hit.kind === 'primary' ? "GitHub's primary rate limit for this token is used up" : "GitHub's secondary rate limit (too many requests in a short time) was hit";
  return `${which} (${hit.status} on ${request.method} ${request.path}); it lifts at ${at} UTC, in ${minutes} minute${minutes === 1 ? '' : 's'} (from ${hit.source}). ${why(hit, waited)}`;
}

function why(hit: RateLimitHit, waited: number): string {
  if (waited >= MAX_RATE_LIMIT_WAITS && hit.waitMs <= MAX_RATE_LIMIT_WAIT_MS) {
    return `kwsync already waited ${waited} time${waited === 1 ? '' : 's'} for this request, the most it waits for one, and GitHub still refused, so it stopped here.`;
  }
  return `kwsync waits at most ${MAX_RATE_LIMIT_WAIT_MS / 1000} s for a rate limit, so it stopped here instead of waiting out the job's timeout.`;
}

export function rateLimitHint(hit: RateLimitHit): string {
  return hit.kind === 'primary'
    ? 'Re-run the job after that time (Re-run jobs). The workflow token (GITHUB_TOKEN) has 1,000 requests an hour per repository, shared by every workflow of the repository: if other workflows use it up, give kwsync a GitHub App token (github-token input), whose limit is higher.'
    : 'Re-run the job in a few minutes (Re-run jobs). A secondary limit comes from bursts: many workflows writing comments or checks at once; stagger them (concurrency: in the workflow).';
}
