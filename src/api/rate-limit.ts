// The service's rate budget, read from response headers, and how long to wait before the next
// request so a long job slows down before it hits 429 instead of after.

export type HeaderBag = Record<string, string | string[] | undefined>;

export interface RateBudget {
  limit: number;
  remaining: number;
  /** When the window resets, in epoch milliseconds. */
  resetAtMs: number;
}

export interface PacingOptions {
  /** Start spreading requests when remaining falls below this share of the limit. */
  lowShare: number;
  /** Never wait longer than this before one request. */
  maxWaitMs: number;
}

export const DEFAULT_PACING: PacingOptions = { lowShare: 0.05, maxWaitMs: 60_000 };

// The published names are X-Rate-Limit, X-Rate-Limit-Remaining and, on a 429, X-Rate-Limit-Reset
// with Retry-After ([RL] sdk/javascript/rate-limits.mdx @ b151f7e9); the common X-RateLimit-*
// spelling is read too, for a proxy or service version that sends it.
const SPELLINGS = {
  limit: ['x-ratelimit-limit', 'x-rate-limit', 'x-rate-limit-limit'],
  remaining: ['x-ratelimit-remaining', 'x-rate-limit-remaining'],
  reset: ['x-ratelimit-reset', 'x-rate-limit-reset'],
} as const;

export function headerValue(headers: HeaderBag, name: string): string | undefined {
  const v = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

function firstNumber(headers: HeaderBag, names: readonly string[]): number | undefined {
  for (const name of names) {
    const raw = headerValue(headers, name);
    if (raw === undefined || raw.trim() === '') continue;
    const n = Number(raw);
    if (Number.isFinite(n)) return n;
  }
  return undefined;
}

/** The budget the headers announce, or undefined when they announce none. */
export function readRateBudget(headers: HeaderBag, nowMs: number): RateBudget | undefined {
  const limit = firstNumber(headers, SPELLINGS.limit);
  const remaining = firstNumber(headers, SPELLINGS.remaining);
  if (limit === undefined || remaining === undefined || limit <= 0) return undefined;
  const reset = firstNumber(headers, SPELLINGS.reset);
  return { limit, remaining, resetAtMs: resetToEpochMs(reset, nowMs) };
}

/** Reset is documented as UNIX seconds; small values are taken as seconds from now. */
export function resetToEpochMs(reset: number | undefined, nowMs: number): number {
  if (reset === undefined) return nowMs + 60_000;
  return reset > 1e9 ? reset * 1000 : nowMs + reset * 1000;
}

/**
 * Milliseconds to wait before the next request. Plenty left: none. Running low: spread the rest of
 * the window evenly over what remains. Nothing left: wait for the reset.
 */
export function paceDelayMs(budget: RateBudget | undefined, nowMs: number, opts: PacingOptions): number {
  if (!budget) return 0;
  const untilReset = Math.max(0, budget.resetAtMs - nowMs);
  if (untilReset === 0 || budget.remaining >= budget.limit * opts.lowShare) return 0;
  const wait = budget.remaining <= 0 ? untilReset : untilReset / (budget.remaining + 1);
  return Math.min(Math.ceil(wait), opts.maxWaitMs);
}

/** Remembers the latest budget the service announced, shared by every request of one client. */
export class RateGate {
  private budget: RateBudget | undefined;
  constructor(
    private readonly opts: PacingOptions,
    private readonly now: () => number = Date.now,
  ) {}

  update(headers: HeaderBag): void {
    const next = readRateBudget(headers, this.now());
    if (next) this.budget = next;
  }

  delayMs(): number {
    return paceDelayMs(this.budget, this.now(), this.opts);
  }

  /** Takes a turn: how long to wait first; counts itself so concurrent callers spread out too. */
  take(): number {
    const ms = this.delayMs();
    if (this.budget) this.budget = { ...this.budget, remaining: this.budget.remaining - 1 };
    return ms;
  }

  /** Takes a turn and waits it out; returns the milliseconds waited. */
  async wait(): Promise<number> {
    const ms = this.take();
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    return ms;
  }
}
