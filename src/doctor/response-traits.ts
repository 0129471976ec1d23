// How the app answers, where no source says: the body of an error (the notes' envelope, other JSON,
// plain text) and the names of its rate-limit headers. Pure: takes raw answers, returns findings.
import type { ProbeResult } from '../api/index.js';
import type { Finding } from './report.js';

export type ErrorBodyShape = 'envelope' | 'other-json' | 'plain' | 'empty';

/** A JSON object (not null, not an array). */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The notes' assumed envelope is `{"error":{message, devMessage, source, code}}`. */
export function errorBodyShape(res: Pick<ProbeResult, 'bodyText' | 'json'>): { shape: ErrorBodyShape; code?: string; message?: string } {
  if (res.bodyText.trim() === '') return { shape: 'empty' };
  if (res.json === undefined) return { shape: 'plain' };
  const error = isObject(res.json) ? res.json.error : undefined;
  if (isObject(error) && (typeof error.code === 'string' || typeof error.message === 'string')) {
    return {
      shape: 'envelope',
      ...(typeof error.code === 'string' ? { code: error.code } : {}),
      ...(typeof error.message === 'string' ? { message: error.message } : {}),
    };
  }
  return { shape: 'other-json' };
}

/** GET of a list id that cannot exist: kwsync tells "missing" from "failed" by this answer. */
export function missingListFinding(res: Pick<ProbeResult, 'status' | 'bodyText' | 'json'>, id: string): Finding {
  const body = errorBodyShape(res);
  const title = 'the answer for a missing list';
  const said = `GET of the unknown list ${id} answered HTTP ${res.status}${body.code ? ` ${body.code}` : ''}`;
  if (res.status !== 404) {
    return {
      id: 'missing-list-error',
      status: 'differs',
      title,
      detail: `${said}, not 404. kwsync recognises a list that does not exist only by a 404, so creating a list may fail here.`,
      needsAction: true,
      hint: 'report this to the kwsync maintainers with the output of `kwsync doctor --format json`',
    };
  }
  if (body.shape === 'envelope') {
    return {
      id: 'missing-list-error',
      status: 'ok',
      title,
      detail: `${said} with the error body {"error":{…,"code"}}; kwsync shows the service's message and code in its errors.`,
      needsAction: false,
    };
  }
  const what = { 'other-json': 'a JSON body without the {"error":{…}} envelope', plain: 'a body that is not JSON', empty: 'an empty body' }[body.shape];
  return {
    id: 'missing-list-error',
    status: 'differs',
    title,
    detail: `${said} with ${what}. kwsync still takes 404 as "does not exist"; its errors show the HTTP status and advice, without a service code or message.`,
    needsAction: false,
  };
}

export type RateHeaderFamily = 'X-RateLimit-*' | 'X-Rate-Limit-*';

export function rateHeaderFamily(headers: Record<string, string>): RateHeaderFamily | undefined {
  const names = Object.keys(headers);
  if (names.some((n) => n.startsWith('x-ratelimit-'))) return 'X-RateLimit-*';
  if (names.some((n) => n.startsWith('x-rate-limit'))) return 'X-Rate-Limit-*';
  return undefined;
}

export function rateHeadersFinding(answers: readonly Pick<ProbeResult, 'headers'>[]): Finding {
  const families = new Set(answers.map((a) => rateHeaderFamily(a.headers)).filter((f) => f !== undefined));
  const title = 'rate-limit headers';
  if (families.size === 0) {
    return {
      id: 'rate-limit-headers',
      status: 'differs',
      title,
      detail:
        'No X-RateLimit-* or X-Rate-Limit-* headers came back. kwsync cannot slow down before the limit; it backs off when it gets a 429 (waiting for Retry-After when sent).',
      needsAction: false,
    };
  }
  const sample = answers.find((a) => rateHeaderFamily(a.headers) !== undefined)?.headers ?? {};
  const limit = sample['x-ratelimit-limit'] ?? sample['x-rate-limit-limit'] ?? sample['x-rate-limit'];
  return {
    id: 'rate-limit-headers',
    status: 'ok',
    title,
    detail: `The ${[...families].join(' and ')} headers came back${limit ? ` (limit ${limit})` : ''}; kwsync reads both spellings and slows down before the budget runs out.`,
    needsAction: false,
  };
}

/** The middle value, or the mean of the two middle ones. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A per-attempt timeout under ten round trips is too tight for a list write of 1 MB. */
export function latencyFinding(samples: readonly number[], timeoutMs: number): { finding: Finding; timeoutMs: number } {
  const mid = Math.round(median(samples));
  const title = 'latency';
  const base = `The median of ${samples.length} GETs was ${mid} ms`;
  if (mid * 10 <= timeoutMs) {
    return { finding: { id: 'latency', status: 'ok', title, detail: `${base}, well under service.timeoutMs (${timeoutMs} ms).`, needsAction: false }, timeoutMs };
  }
  const suggested = Math.min(600_000, Math.ceil((mid * 10) / 1000) * 1000);
  return {
    finding: {
      id: 'latency',
      status: 'differs',
      title,
      detail: `${base}; service.timeoutMs (${timeoutMs} ms) leaves room for fewer than ten such round trips, and a large list write takes longer than a GET.`,
      needsAction: true,
      hint: `set service.timeoutMs: ${suggested} in kwsync.yaml`,
    },
    timeoutMs: suggested,
  };
}
