// Turns a failed exchange into one ApiError: what the service said (status, code, message, request
// id) plus advice for known codes. Built from the response only, never from the request headers,
// so the API key cannot end up in an error.
import { z } from 'zod';
import { ApiError } from '../errors.js';
import { headerValue, type HeaderBag } from './rate-limit.js';
import { BODY_TOO_LARGE } from './attempt-limits.js';

/**
 * The settings a connection was made from, as a hint names them: the variable the key was read
 * from, and where the app and the two bases came from (a variable, or a kwsync.yaml target's
 * field). A hint names what was read, never a variable the run did not look at.
 */
export interface SettingNames {
  /** The key's variable: COMETCHAT_API_KEY, or a target's apiKeyEnv. */
  key: string;
  /** Where the app id and region came from: `COMETCHAT_APP_ID/COMETCHAT_REGION`, or a target's appId. */
  app: string;
  /** Where the Chat API base came from: COMETCHAT_BASE_URL, or a target's baseUrl. */
  baseUrl: string;
  /** Where the Calls API base came from. */
  callsBaseUrl: string;
}

/** The environment's names: what a client built without a kwsync.yaml target reads. */
export const ENV_SETTING_NAMES: SettingNames = {
  key: 'COMETCHAT_API_KEY',
  app: 'COMETCHAT_APP_ID/COMETCHAT_REGION',
  baseUrl: 'COMETCHAT_BASE_URL',
  callsBaseUrl: 'COMETCHAT_CALLS_BASE_URL',
};

const keyAdvice = (n: SettingNames) => `check ${n.key} and that ${n.app} name${n.app.includes('/') ? '' : 's'} the app the key belongs to`;

/** The advice for known codes, naming the settings `names` says were read. */
export function hintsFor(n: SettingNames): Readonly<Record<string, string>> {
  return {
    AUTH_ERR_EMPTY_APIKEY: `set ${n.key} to a REST API key of the app`,
    AUTH_ERR_APIKEY_NOT_FOUND: keyAdvice(n),
    AUTH_ERR_INVALID_APPID: `check ${n.app}: the service does not know that app`,
    AUTH_ERR_NO_ACCESS: `the key in ${n.key} lacks full-access scope; create a REST API key with full access in the dashboard`,
    ERR_TOO_MANY_REQUESTS: 'the rate limit was hit and retries ran out; wait a minute, or lower apply.concurrency',
    ERR_GUID_NOT_FOUND: `no group has that GUID in this app; check the GUID and ${n.app}`,
    ERR_UID_NOT_FOUND: 'no user has that UID in this app (check --on-behalf-of / --sender)',
    ERR_CALL_SESSION_NOT_FOUND: 'no call has that session id in this app; `kwsync calls list` shows the ids',
    ERR_KEYWORD_NOT_FOUND: 'no keyword list has that id in this app (deleted, or never created); `kwsync plan` shows what is live',
    ERR_RULE_NOT_FOUND: 'no moderation rule has that id in this app (deleted, or never created); `kwsync plan` shows what is live',
    ERR_MESSAGE_ID_NOT_FOUND: 'no blocked message has that id in this app (approved or reviewed already?)',
    ERR_NOT_FOUND: 'it does not exist (any more) in this app',
  };
}

function statusHints(n: SettingNames): Readonly<Record<number, string>> {
  return {
    401: keyAdvice(n),
    403: `the key in ${n.key} lacks full-access scope`,
    429: 'the rate limit was hit and retries ran out; wait a minute, or lower apply.concurrency',
    502: 'the service is having trouble; retries ran out, try again later',
    503: 'the service is unavailable; retries ran out, try again later',
    504: 'the service timed out; retries ran out, try again later',
  };
}

/**
 * Advice for the codes the spec and API notes document, as the environment names its settings;
 * ERR_BAD_REQUEST depends on the endpoint. ERR_KEYWORD_NOT_FOUND is the published code for an
 * unknown list id ([EM] rest-api/moderation-apis/error-codes.mdx); ERR_NOT_FOUND stays for a
 * service answering otherwise.
 */
export const HINTS: Readonly<Record<string, string>> = hintsFor(ENV_SETTING_NAMES);

const errorEnvelope = z.looseObject({
  error: z.looseObject({
    message: z.string().optional(),
    devMessage: z.string().optional(),
    code: z.string().optional(),
  }),
});

export interface ExchangeInfo {
  method: string;
  path: string;
  /** Removes anything secret the service might echo back. */
  scrub: (text: string) => string;
  /** The API base the request went to, and which API it is, for the wrong-address hint. */
  base?: { url: string; api: 'chat' | 'calls' } | undefined;
  /** Where the client's settings came from, for hints (default: the environment's variables). */
  names?: SettingNames | undefined;
}

/** How much of an unknown error body goes into the message. */
export const BODY_EXCERPT_CHARS = 200;

export function errorFromResponse(
  info: ExchangeInfo,
  res: { status: number; headers: HeaderBag; bodyText: string },
): ApiError {
  const requestId = headerValue(res.headers, 'x-request-id');
  // The `{error:{message,code}}` envelope is an assumption (none is published): used when present,
  // otherwise the message shows the start of the body as it came.
  const envelope = readEnvelope(res.bodyText);
  const code = envelope?.code;
  const told = envelope?.message ?? envelope?.devMessage;
  const said = envelope ? (told === undefined ? undefined : showControls(told)) : bodyExcerpt(info.scrub(res.bodyText));
  const parts = [`${info.method} ${info.path} failed: HTTP ${res.status}`];
  if (code) parts.push(code);
  const message = info.scrub(`${parts.join(' ')}${said ? `: ${said}` : ''}${requestId ? ` (request id ${requestId})` : ''}`);
  return new ApiError(message, {
    method: info.method,
    path: info.path,
    status: res.status,
    ...(code ? { code } : {}),
    ...(requestId ? { requestId: info.scrub(requestId) } : {}),
    hint: responseHint(info, res.status, code, said, envelope !== undefined),
  });
}

function responseHint(info: ExchangeInfo, status: number, code: string | undefined, said: string | undefined, enveloped: boolean): string | undefined {
  const address = status === 404 ? wrongAddressHint(info, enveloped) : undefined;
  if (address) return address;
  const names = info.names ?? ENV_SETTING_NAMES;
  const hints = hintsFor(names);
  if (code && hints[code]) return hints[code];
  if (code === 'ERR_BAD_REQUEST' || status === 400) return badRequestHint(info, said);
  return statusHints(names)[status];
}

function readEnvelope(bodyText: string): { code?: string; message?: string; devMessage?: string } | undefined {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return undefined; // not JSON: a proxy's HTML page, plain text, nothing
  }
  const parsed = errorEnvelope.safeParse(json);
  return parsed.success ? parsed.data.error : undefined;
}

/** The start of a body for a message: one line, control characters shown as escapes. */
export function bodyExcerpt(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return showControls(trimmed.length > BODY_EXCERPT_CHARS ? `${trimmed.slice(0, BODY_EXCERPT_CHARS)}...` : trimmed);
}

/** Control characters as escapes (`\n`, `\u001b`), so service text never drives the terminal. */
export function showControls(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * A 404 that is not the service speaking, or a base URL without `/v3`, most likely means kwsync
 * is talking to the wrong address rather than asking for something that is gone.
 */
export function wrongAddressHint(info: Pick<ExchangeInfo, 'base' | 'names'>, enveloped: boolean): string | undefined {
  if (!info.base) return undefined;
  const names = info.names ?? ENV_SETTING_NAMES;
  const variable = info.base.api === 'calls' ? names.callsBaseUrl : names.baseUrl;
  let path = '';
  try {
    path = new URL(info.base.url).pathname.replace(/\/+$/, '');
  } catch {
    // an unparsable base never got this far; say nothing
  }
  if (!path.endsWith('/v3')) return `${variable} should end in /v3 (got ${info.base.url})`;
  if (enveloped) return undefined;
  return `the answer did not come from the CometChat ${info.base.api} API (no error body of its own): check ${variable} (now ${info.base.url})${names.app === variable ? '' : `, or ${names.app}`}`;
}

const KEYWORD_LIST_PATH = /^\/moderation\/keywords(\/[^/?]+)?$/;

/**
 * A 400 means different things per endpoint: only a keyword-list write can be caught by
 * `kwsync validate`; a refused delete is most often a default list; elsewhere the options are wrong.
 */
export function badRequestHint(info: Pick<ExchangeInfo, 'method' | 'path'>, said: string | undefined): string {
  const path = info.path.split('?')[0] ?? '';
  if (KEYWORD_LIST_PATH.test(path) && (info.method === 'POST' || info.method === 'PUT')) {
    return 'the service refused the list; check the message above and run `kwsync validate`';
  }
  if (KEYWORD_LIST_PATH.test(path) && info.method === 'DELETE') {
    return said && /\bdefault\b/i.test(said)
      ? 'it is a default list (default: true): the service does not delete default lists; leave it alone'
      : 'the service refused to delete the list; default lists (default: true) cannot be deleted';
  }
  return 'the service refused the request as invalid; check the option values against the message above';
}

/** A request that got no usable response: refused, dropped, timed out. */
export function errorFromNetwork(info: ExchangeInfo, host: string, err: unknown): ApiError {
  const code = (err as { code?: unknown })?.code;
  const codeText = typeof code === 'string' ? code : undefined;
  const detail = info.scrub(err instanceof Error ? err.message : String(err));
  const timedOut = codeText?.includes('TIMEOUT') ?? false;
  const tooLarge = codeText === BODY_TOO_LARGE;
  const names = info.names ?? ENV_SETTING_NAMES;
  const address = names.app === names.baseUrl ? names.baseUrl : `${names.app} or ${names.baseUrl}`;
  // A fresh cause with only the message and code: undici errors can carry socket details.
  const cause = Object.assign(new Error(detail), codeText ? { code: codeText } : {});
  const what = tooLarge ? `refused the answer of ${host}` : `no response from ${host}`;
  return new ApiError(`${info.method} ${info.path}: ${what}: ${detail}${codeText ? ` (${codeText})` : ''}`, {
    method: info.method,
    path: info.path,
    ...(codeText ? { code: codeText } : {}),
    hint: tooLarge
      ? `no legal answer is that large: check ${names.baseUrl} points at the service; raise service.maxResponseBytes in kwsync.yaml only if you are sure`
      : timedOut
        ? `${host} did not answer in time; retries ran out. Try again, check the network, or raise service.timeoutMs`
        : `could not reach ${host}; check the network, ${address}`,
    cause,
  });
}

/** A 2xx response whose body does not have the shape kwsync relies on. */
export function unexpectedResponse(info: ExchangeInfo, status: number, problem: string): ApiError {
  return new ApiError(info.scrub(`unexpected response from ${info.method} ${info.path} (HTTP ${status}): ${problem}`), {
    method: info.method,
    path: info.path,
    status,
    hint:
      wrongAddressHint(info, true) ??
      `the service answered in a shape kwsync does not know; ${(info.names ?? ENV_SETTING_NAMES).baseUrl} may point at the wrong server`,
  });
}
