// Doctor's probes go through the client's retry policy (src/api/retry-policy.ts): a 429, a 502/503/504
// or a dropped connection is the service being busy, not a trait of the app, so it is asked again
// after the policy's wait. A read is repeated on any of those; a write only on a 429, the one answer
// that surely was not processed (a 5xx write may have landed: the write probe looks for itself).
// What stays busy after the policy's attempts is reported as "busy, run again", never as a finding.
import type { CometChatClient, ProbeResult } from '../api/index.js';
import { retryDelayMs, tooLongToWait, type RetryPolicy } from '../api/retry-policy.js';
import { ApiError } from '../errors.js';

type ApiRequest = Parameters<CometChatClient['probe']>[0];

export interface BusyRecord {
  /** The last busy answer (`HTTP 429`, `ECONNRESET`) after every attempt the policy allows. */
  last?: string;
  attempts: number;
}

export function isBusyStatus(status: number, policy: RetryPolicy): boolean {
  return policy.statusCodes.includes(status);
}

/** The same client with a `probe` that retries busy answers; `busy` says whether one stayed busy. */
export function withProbeRetries<C extends Pick<CometChatClient, 'probe' | 'retryPolicy'>>(
  client: C,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): C & { busy: BusyRecord } {
  const policy = client.retryPolicy;
  const busy: BusyRecord = { attempts: 0 };
  const probe = async (req: ApiRequest): Promise<ProbeResult> => {
    const read = policy.idempotentMethods.includes(req.method);
    for (let attempt = 1; ; attempt += 1) {
      let res: ProbeResult | undefined;
      let code: string | undefined;
      try {
        res = await client.probe(req);
      } catch (err) {
        code = err instanceof ApiError ? err.code : undefined;
        const retryable = code !== undefined && policy.errorCodes.includes(code) && (read || policy.unsentErrorCodes.includes(code));
        if (!retryable || attempt > policy.maxRetries) {
          if (retryable) Object.assign(busy, { last: code, attempts: attempt });
          throw err;
        }
      }
      if (res) {
        const retryable = isBusyStatus(res.status, policy) && (read || res.status === 429);
        if (!retryable) return res;
        if (attempt > policy.maxRetries || tooLongToWait(res.headers, res.status, policy, Date.now())) {
          Object.assign(busy, { last: `HTTP ${res.status}`, attempts: attempt });
          return res;
        }
      }
      await sleep(retryDelayMs({ attempt, status: res?.status, headers: res?.headers, policy, nowMs: Date.now() }));
    }
  };
  // A proxy, not a copy: the client's other methods keep their own `this` (private fields).
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'probe') return probe;
      if (prop === 'busy') return busy;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  }) as C & { busy: BusyRecord };
}
