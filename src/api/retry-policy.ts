// The one place that decides what is retried, how often and after how long (STYLE 6).
// - GET is a read: undici's RetryHandler repeats it on 429, 502, 503, 504, dropped connections and
//   timeouts, with exponential backoff and jitter, honouring Retry-After and the rate headers.
// - A write (POST, PUT, DELETE) is repeated by undici only when it surely was not processed: a 429,
//   a refused connection, a connect timeout. A write that failed ambiguously (dropped, timed out,
//   5xx) may have landed, and a blind resend would hide that: a landed PUT sent again raises the
//   revision by two, which reads as another writer, and a landed DELETE sent again answers 404. So
//   the caller looks first: `createWithConfirmation` for creates, `writeWithConfirmation` for
//   updates and deletes (apply knows what the list should look like, src/apply/confirm-write.ts).
// - A wait the service asks for (Retry-After, or a 429's rate reset) is never shortened: when it is
//   longer than maxDelayMs the request is not retried at all and the caller sees the 429.
// - A read whose body was cut off or stalled mid-way (BODY_CUT, ATTEMPT_TIMEOUT), whatever its status,
//   is sent again from the start like any dropped read, never resumed with a Range header (the service
//   does not support ranges): answers reach undici's retry handler only whole (whole-answer.ts).
import type { RetryHandler } from 'undici';
import { ApiError } from '../errors.js';
import { ATTEMPT_TIMEOUT, BODY_CUT } from './attempt-limits.js';
import { headerValue, readRateBudget, type HeaderBag, type RateGate } from './rate-limit.js';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  minDelayMs: number;
  maxDelayMs: number;
  factor: number;
  statusCodes: number[];
  errorCodes: string[];
  /** Methods repeated on any status or error code above (reads). */
  idempotentMethods: string[];
  /** Error codes after which a write surely did not reach the service, so undici may repeat it. */
  unsentErrorCodes: string[];
  /** Source of jitter; tests pass a fixed one. */
  random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
  minDelayMs: 250,
  maxDelayMs: 30_000,
  factor: 2,
  statusCodes: [429, 502, 503, 504],
  errorCodes: [
    'ECONNRESET',
    'EPIPE',
    'ECONNREFUSED',
    'ETIMEDOUT',
    'UND_ERR_SOCKET',
    'UND_ERR_CLOSED',
    'UND_ERR_HEADERS_TIMEOUT',
    'UND_ERR_BODY_TIMEOUT',
    'UND_ERR_CONNECT_TIMEOUT',
    ATTEMPT_TIMEOUT,
    BODY_CUT,
  ],
  idempotentMethods: ['GET'],
  unsentErrorCodes: ['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT'],
  random: Math.random,
};

/** What happened on one attempt; `retryInMs` is set when another attempt follows. */
export interface AttemptEvent {
  method: string;
  path: string;
  attempt: number;
  status?: number;
  error?: string;
  retryInMs?: number;
}

/** How long to wait before attempt `attempt + 1`, after attempt `attempt` failed. */
export function retryDelayMs(input: {
  attempt: number;
  status?: number | undefined;
  headers?: HeaderBag | undefined;
  policy: RetryPolicy;
  nowMs: number;
}): number {
  const { attempt, status, headers, policy, nowMs } = input;
  const told = headers ? serverDelayMs(headers, status, nowMs) : undefined;
  // Never sooner than told; a wait past maxDelayMs is refused by the caller (tooLongToWait), not shortened.
  if (told !== undefined) return told;
  const base = Math.min(policy.maxDelayMs, policy.minDelayMs * policy.factor ** Math.max(0, attempt - 1));
  // "Equal jitter": at least half the backoff, so retries never bunch at zero.
  return Math.round(base / 2 + policy.random() * (base / 2));
}

/** True when the service asks for a wait longer than the policy allows: give up rather than retry sooner. */
export function tooLongToWait(headers: HeaderBag | undefined, status: number | undefined, policy: RetryPolicy, nowMs: number): boolean {
  const told = headers ? serverDelayMs(headers, status, nowMs) : undefined;
  return told !== undefined && told > policy.maxDelayMs;
}

/** The wait the server asked for: Retry-After (seconds or a date), else the rate reset on a 429. */
function serverDelayMs(headers: HeaderBag, status: number | undefined, nowMs: number): number | undefined {
  const retryAfter = headerValue(headers, 'retry-after');
  if (retryAfter !== undefined && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, at - nowMs);
  }
  if (status === 429) {
    const budget = readRateBudget(headers, nowMs);
    if (budget && budget.remaining <= 0) return Math.max(0, budget.resetAtMs - nowMs);
  }
  return undefined;
}

export function isRetryable(input: {
  method: string;
  status?: number | undefined;
  code?: string | undefined;
  attempt: number;
  policy: RetryPolicy;
}): boolean {
  const { method, status, code, attempt, policy } = input;
  if (attempt > policy.maxRetries) return false;
  const read = policy.idempotentMethods.includes(method);
  if (status !== undefined) {
    // A 429 was refused before processing, so even a write may go again.
    if (!read) return status === 429;
    return policy.statusCodes.includes(status);
  }
  if (code === undefined) return false;
  return read ? policy.errorCodes.includes(code) : policy.unsentErrorCodes.includes(code);
}

/** Per-request state the client reads after the request settles. */
export interface AttemptTracker {
  retries: number;
}

/** undici RetryHandler options for one request, with our decision and the pacing gate wired in. */
export function undiciRetryOptions(ctx: {
  method: string;
  path: string;
  policy: RetryPolicy;
  gate: RateGate;
  tracker: AttemptTracker;
  onAttempt: (event: AttemptEvent) => void;
}): RetryHandler.RetryOptions {
  const { method, path, policy, gate, tracker, onAttempt } = ctx;
  return {
    // Hand the last failed response to the caller, so the error shows what the service said.
    throwOnError: false,
    maxRetries: policy.maxRetries,
    methods: [...new Set([...policy.idempotentMethods, 'POST', 'PUT', 'PATCH', 'DELETE'])],
    statusCodes: policy.statusCodes,
    errorCodes: [...new Set([...policy.errorCodes, ...policy.unsentErrorCodes])],
    retry(err, { state }, callback) {
      const failure = err as Error & { statusCode?: number; code?: string; headers?: HeaderBag };
      const status = failure.code === 'UND_ERR_REQ_RETRY' ? failure.statusCode : undefined;
      if (failure.headers) gate.update(failure.headers);
      const attempt = state.counter;
      if (!isRetryable({ method, status, code: failure.code, attempt, policy }) || tooLongToWait(failure.headers, status, policy, Date.now())) {
        callback(err);
        return;
      }
      const delay = Math.max(
        retryDelayMs({ attempt, status, headers: failure.headers, policy, nowMs: Date.now() }),
        gate.delayMs(),
      );
      tracker.retries += 1;
      onAttempt({ method, path, attempt, ...(status ? { status } : { error: failure.code }), retryInMs: delay });
      setTimeout(() => callback(null), delay);
    },
  };
}

/** A failure after which a write may or may not have been applied. */
export function isAmbiguousWriteFailure(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.status === undefined || err.status >= 500;
}

/**
 * Creates without ever creating twice: on an ambiguous failure, look for the resource first; if it
 * is there the create landed, otherwise send again (up to the policy's retries).
 */
export async function createWithConfirmation<T>(opts: {
  send: () => Promise<T>;
  confirm: () => Promise<T | undefined>;
  policy: RetryPolicy;
  onRecheck?: (attempt: number, err: ApiError) => void;
}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await opts.send();
    } catch (err) {
      if (!isAmbiguousWriteFailure(err) || attempt > opts.policy.maxRetries) throw err;
      opts.onRecheck?.(attempt, err as ApiError);
      const landed = await opts.confirm();
      if (landed !== undefined) return landed;
      const delay = retryDelayMs({ attempt, policy: opts.policy, nowMs: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** What a look at the resource after an ambiguous write failure found. */
export type WriteCheck<L> =
  | { state: 'landed'; live: L }
  | { state: 'untouched' }
  | { state: 'elsewhere'; live: L | undefined };

/** How a confirmed write ended: sent and answered, or settled by a look after the answer was lost. */
export type ConfirmedWrite<T, L> =
  | { state: 'sent'; value: T; lostResponses: number }
  | { state: 'landed'; live: L; lostResponses: number; error: ApiError }
  | { state: 'elsewhere'; live: L | undefined; lostResponses: number; error: ApiError };

/**
 * An update or delete that never hides a landed write behind a resend: after an ambiguous failure,
 * `confirm` looks at the resource. Landed: done. Untouched (still at the revision it was sent
 * against): send again, up to the policy's retries. Elsewhere (another writer moved it): stop, the
 * caller reports it. Non-ambiguous failures (a 400, a 404) are thrown as they are.
 */
export async function writeWithConfirmation<T, L>(opts: {
  send: () => Promise<T>;
  confirm: () => Promise<WriteCheck<L>>;
  policy: RetryPolicy;
  signal?: AbortSignal | undefined;
}): Promise<ConfirmedWrite<T, L>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { state: 'sent', value: await opts.send(), lostResponses: attempt - 1 };
    } catch (err) {
      if (!isAmbiguousWriteFailure(err)) throw err;
      const error = err as ApiError;
      const check = await opts.confirm();
      if (check.state === 'landed') return { state: 'landed', live: check.live, lostResponses: attempt, error };
      if (check.state === 'elsewhere') return { state: 'elsewhere', live: check.live, lostResponses: attempt, error };
      // Untouched: a resend is safe, unless retries are used up or the run is being stopped.
      if (attempt > opts.policy.maxRetries || opts.signal?.aborted) throw err;
      const delay = retryDelayMs({ attempt, status: error.status, policy: opts.policy, nowMs: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
