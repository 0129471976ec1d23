// The service's error body, `{"error":{message, devMessage, source, code}}`, and the one error
// type routes throw to produce it. `source` tells the Chat API from the Calls API.

export const CALLS_PREFIX = '/calls/v3';
export const CHAT_PREFIX = '/v3';

export type ErrorSource = 'chat-api' | 'calls-api';

export class EmulatorHttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly devMessage: string;
  readonly headers: Record<string, string>;
  constructor(status: number, code: string, message: string, opts: { devMessage?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.devMessage = opts.devMessage ?? message;
    this.headers = opts.headers ?? {};
  }
}

export function badRequest(message: string): EmulatorHttpError {
  return new EmulatorHttpError(400, 'ERR_BAD_REQUEST', message);
}

export function sourceOf(path: string): ErrorSource {
  return path === CALLS_PREFIX || path.startsWith(`${CALLS_PREFIX}/`) ? 'calls-api' : 'chat-api';
}

/**
 * No error body is published, so its shape is a mode: 'envelope' (the assumed
 * `{"error":{message, devMessage, source, code}}`), 'plain' (the message as text), or
 * 'other-json' (JSON of another shape), so clients can be tried against each.
 */
export type ErrorBodyMode = 'envelope' | 'plain' | 'other-json';

export function errorBody(err: EmulatorHttpError, path: string) {
  return { error: { message: err.message, devMessage: err.devMessage, source: sourceOf(path), code: err.code } };
}

/** The content type and body of an error response in the given mode. */
export function renderError(err: EmulatorHttpError, path: string, mode: ErrorBodyMode): { contentType: string; body: string } {
  if (mode === 'plain') return { contentType: 'text/plain; charset=utf-8', body: err.message };
  if (mode === 'other-json') {
    return { contentType: 'application/json; charset=utf-8', body: JSON.stringify({ statusCode: err.status, message: err.message, reason: err.code }) };
  }
  return { contentType: 'application/json; charset=utf-8', body: JSON.stringify(errorBody(err, path)) };
}

/** Turns anything a route or the framework threw into the service's error (never a stack trace). */
export function toHttpError(err: unknown): EmulatorHttpError {
  if (err instanceof EmulatorHttpError) return err;
  const e = err as { statusCode?: number; code?: string; message?: string };
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status === 413) {
    return new EmulatorHttpError(413, 'ERR_BAD_REQUEST', 'The request body is too large.', { devMessage: e.message ?? '' });
  }
  if (status >= 400 && status < 500) {
    return new EmulatorHttpError(400, 'ERR_BAD_REQUEST', `The request could not be read: ${e.message ?? 'malformed'}`);
  }
  return new EmulatorHttpError(500, 'ERR_INTERNAL', 'The emulator failed on this request.', { devMessage: e.message ?? String(err) });
}
