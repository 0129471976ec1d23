// Unit: the retry rule and the pacing rule as pure functions, table-driven.
import { ApiError } from '../../src/errors.js';
import {
  createWithConfirmation,
  DEFAULT_RETRY_POLICY,
  isAmbiguousWriteFailure,
  isRetryable,
  retryDelayMs,
  writeWithConfirmation,
  type RetryPolicy,
} from '../../src/api/retry-policy.js';
import { paceDelayMs, RateGate, readRateBudget, resetToEpochMs } from '../../src/api/rate-limit.js';

const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, minDelayMs: 100, maxDelayMs: 5000, random: () => 1 };
const NOW = 1_718_000_000_000;

describe('retryDelayMs', () => {
  test.each([
    ['backoff 1', { attempt: 1 }, 100],
    ['backoff 2', { attempt: 2 }, 200],
    ['backoff 4', { attempt: 4 }, 800],
    ['capped', { attempt: 20 }, 5000],
    ['Retry-After seconds', { attempt: 1, status: 429, headers: { 'retry-after': '3' } }, 3000],
    ['Retry-After zero', { attempt: 3, status: 503, headers: { 'retry-after': '0' } }, 0],
    ['Retry-After date', { attempt: 1, status: 429, headers: { 'retry-after': new Date(NOW + 2000).toUTCString() } }, 2000],
    ['Retry-After never shortened (a wait past maxDelayMs is refused, see tooLongToWait)', { attempt: 1, status: 429, headers: { 'retry-after': '600' } }, 600_000],
    ['429 at reset', { attempt: 1, status: 429, headers: { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 4) } }, 4000],
    ['429 other spelling', { attempt: 1, status: 429, headers: { 'x-rate-limit': '10', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(NOW / 1000 + 1) } }, 1000],
  ])('%s', (_name, input, expected) => {
    expect(retryDelayMs({ ...input, policy, nowMs: NOW })).toBe(expected);
  });

  test('jitter keeps at least half the backoff', () => {
    expect(retryDelayMs({ attempt: 3, policy: { ...policy, random: () => 0 }, nowMs: NOW })).toBe(200);
    expect(retryDelayMs({ attempt: 3, policy: { ...policy, random: () => 0.5 }, nowMs: NOW })).toBe(300);
  });
});

describe('isRetryable', () => {
  test.each([
    ['GET', 503, undefined, 1, true],
    ['GET', 429, undefined, 4, true],
    ['GET', 429, undefined, 5, false], // retries used up
    ['GET', 500, undefined, 1, false],
    ['GET', 404, undefined, 1, false],
    // A write that may have landed is not resent blind: the caller confirms (writeWithConfirmation).
    ['PUT', 502, undefined, 1, false],
    ['DELETE', 504, undefined, 1, false],
    ['PUT', 429, undefined, 1, true],
    ['DELETE', undefined, 'ECONNREFUSED', 1, true], // never reached the service
    ['PUT', undefined, 'ECONNRESET', 1, false],
    ['PUT', undefined, 'KWSYNC_ATTEMPT_TIMEOUT', 1, false],
    ['GET', undefined, 'KWSYNC_ATTEMPT_TIMEOUT', 1, true],
    ['GET', undefined, 'KWSYNC_BODY_TOO_LARGE', 1, false],
    ['POST', 503, undefined, 1, false], // ambiguous: confirmed by createWithConfirmation instead
    ['POST', 429, undefined, 1, true], // refused before processing
    ['GET', undefined, 'ECONNRESET', 1, true],
    ['GET', undefined, 'UND_ERR_HEADERS_TIMEOUT', 1, true],
    ['GET', undefined, 'ENOTFOUND', 1, false],
    ['POST', undefined, 'UND_ERR_SOCKET', 1, false],
  ] as const)('%s %p %p attempt %p -> %p', (method, status, code, attempt, expected) => {
    expect(isRetryable({ method, status, code, attempt, policy })).toBe(expected);
  });
});

describe('createWithConfirmation', () => {
  const fast = { ...policy, minDelayMs: 1, maxDelayMs: 1 };
  const dropped = () => new ApiError('dropped', { method: 'POST', path: '/p' });

  test('an ambiguous failure that landed: confirmed, not resent', async () => {
    const calls: string[] = [];
    const result = await createWithConfirmation({
      policy: fast,
      send: async () => {
        calls.push('send');
        throw dropped();
      },
      confirm: async () => {
        calls.push('confirm');
        return 'created';
      },
    });
    expect(result).toBe('created');
    expect(calls).toEqual(['send', 'confirm']);
  });

  test('an ambiguous failure that did not land: resent after the check', async () => {
    const calls: string[] = [];
    let first = true;
    const result = await createWithConfirmation({
      policy: fast,
      send: async () => {
        calls.push('send');
        if (first) {
          first = false;
          throw new ApiError('503', { method: 'POST', path: '/p', status: 503 });
        }
        return 'created';
      },
      confirm: async () => {
        calls.push('confirm');
        return undefined;
      },
    });
    expect(result).toBe('created');
    expect(calls).toEqual(['send', 'confirm', 'send']);
  });

  test('a clear refusal (400) is thrown at once; endless ambiguity gives up after maxRetries', async () => {
    const bad = new ApiError('400', { method: 'POST', path: '/p', status: 400 });
    let sends = 0;
    await expect(createWithConfirmation({ policy: fast, send: async () => { sends++; throw bad; }, confirm: async () => 'x' })).rejects.toBe(bad);
    expect(sends).toBe(1);
    sends = 0;
    await expect(
      createWithConfirmation({ policy: { ...fast, maxRetries: 2 }, send: async () => { sends++; throw dropped(); }, confirm: async () => undefined }),
    ).rejects.toThrow('dropped');
    expect(sends).toBe(3);
  });

  test('isAmbiguousWriteFailure', () => {
    expect(isAmbiguousWriteFailure(dropped())).toBe(true);
    expect(isAmbiguousWriteFailure(new ApiError('x', { method: 'POST', path: '/', status: 502 }))).toBe(true);
    expect(isAmbiguousWriteFailure(new ApiError('x', { method: 'POST', path: '/', status: 409 }))).toBe(false);
    expect(isAmbiguousWriteFailure(new Error('x'))).toBe(false);
  });
});

describe('rate budget and pacing', () => {
  const opts = { lowShare: 0.05, maxWaitMs: 60_000 };
  test('reads both spellings, or nothing', () => {
    expect(readRateBudget({ 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '1718000060' }, NOW)).toEqual({
      limit: 100,
      remaining: 7,
      resetAtMs: 1_718_000_060_000,
    });
    expect(readRateBudget({ 'x-rate-limit': '100', 'x-rate-limit-remaining': '7' }, NOW)?.remaining).toBe(7);
    expect(readRateBudget({ 'x-ratelimit-remaining': '7' }, NOW)).toBeUndefined();
    expect(resetToEpochMs(30, NOW)).toBe(NOW + 30_000); // small values: seconds from now
  });

  test.each([
    ['plenty left', 100, 50, 0],
    ['at the threshold', 100, 5, 0],
    ['low: spread the rest of the window', 100, 4, 12_000],
    ['nothing left: wait for the reset', 100, 0, 60_000],
  ])('%s', (_n, limit, remaining, expected) => {
    expect(paceDelayMs({ limit, remaining, resetAtMs: NOW + 60_000 }, NOW, opts)).toBe(expected);
  });

  test('waits are capped, and a passed reset means no wait', () => {
    expect(paceDelayMs({ limit: 100, remaining: 0, resetAtMs: NOW + 60_000 }, NOW, { ...opts, maxWaitMs: 10 })).toBe(10);
    expect(paceDelayMs({ limit: 100, remaining: 0, resetAtMs: NOW - 1 }, NOW, opts)).toBe(0);
  });

  test('the gate counts callers against the budget so concurrent requests spread out', () => {
    const gate = new RateGate(opts, () => NOW);
    gate.update({ 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '6', 'x-ratelimit-reset': String(NOW / 1000 + 60) });
    const delays = [gate.take(), gate.take(), gate.take(), gate.take()];
    expect(delays).toEqual([0, 0, 12_000, 15_000]);
  });
});

describe('writeWithConfirmation', () => {
  const fast = { ...policy, minDelayMs: 1, maxDelayMs: 1, maxRetries: 2 };
  const lost = () => new ApiError('dropped', { method: 'PUT', path: '/p' });
  const sender = (failures: number, calls: string[]) => async () => {
    calls.push('send');
    if (calls.filter((c) => c === 'send').length <= failures) throw lost();
    return 'answered';
  };

  test('answered at once: sent, nothing looked at', async () => {
    const calls: string[] = [];
    const r = await writeWithConfirmation({ policy: fast, send: sender(0, calls), confirm: async () => ({ state: 'untouched' as const }) });
    expect(r).toEqual({ state: 'sent', value: 'answered', lostResponses: 0 });
    expect(calls).toEqual(['send']);
  });

  test('a lost answer whose write landed: landed, never sent again', async () => {
    const calls: string[] = [];
    const r = await writeWithConfirmation({
      policy: fast,
      send: sender(5, calls),
      confirm: async () => {
        calls.push('confirm');
        return { state: 'landed' as const, live: 'ours' };
      },
    });
    expect(r).toMatchObject({ state: 'landed', live: 'ours', lostResponses: 1 });
    expect(calls).toEqual(['send', 'confirm']);
  });

  test('a lost answer and the resource untouched: sent again after the look', async () => {
    const calls: string[] = [];
    const r = await writeWithConfirmation({
      policy: fast,
      send: sender(1, calls),
      confirm: async () => {
        calls.push('confirm');
        return { state: 'untouched' as const };
      },
    });
    expect(r).toEqual({ state: 'sent', value: 'answered', lostResponses: 1 });
    expect(calls).toEqual(['send', 'confirm', 'send']);
  });

  test('another writer moved it: stop, never sent again', async () => {
    const calls: string[] = [];
    const r = await writeWithConfirmation({ policy: fast, send: sender(5, calls), confirm: async () => ({ state: 'elsewhere' as const, live: 'theirs' }) });
    expect(r).toMatchObject({ state: 'elsewhere', live: 'theirs' });
    expect(calls).toEqual(['send']);
  });

  test('untouched every time: maxRetries + 1 sends, then the last error', async () => {
    const calls: string[] = [];
    const err = await writeWithConfirmation({ policy: fast, send: sender(99, calls), confirm: async () => ({ state: 'untouched' as const }) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(calls).toEqual(['send', 'send', 'send']);
  });

  test('a refusal (400) is thrown as it is, with no look', async () => {
    let looked = false;
    const refusal = new ApiError('bad', { method: 'PUT', path: '/p', status: 400 });
    const err = await writeWithConfirmation({
      policy: fast,
      send: async () => {
        throw refusal;
      },
      confirm: async () => {
        looked = true;
        return { state: 'untouched' as const };
      },
    }).catch((e: unknown) => e);
    expect(err).toBe(refusal);
    expect(looked).toBe(false);
  });
});
