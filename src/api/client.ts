// The HTTP client for both CometChat APIs: base URLs, the `apikey` header, one retry policy,
// pacing by the rate headers, response parsing with zod, and errors that never hold the key.
// Endpoint functions (keywords.ts, messages.ts, calls.ts) call `client.send` once each.
import { inspect } from 'node:util';
import { Agent, interceptors, type Dispatcher, type FormData } from 'undici';
import type { z } from 'zod';
import type { Region } from '../model/config.js';
import { ConfigError } from '../errors.js';
import type { TermsTransport } from '../model/terms-encoding.js';
import { resolveBaseUrls, type BaseUrls } from './base-urls.js';
import { errorFromNetwork, errorFromResponse, unexpectedResponse, type ExchangeInfo } from './api-errors.js';
import { DEFAULT_PACING, RateGate, type HeaderBag, type PacingOptions } from './rate-limit.js';
import { DEFAULT_RETRY_POLICY, undiciRetryOptions, type AttemptEvent, type RetryPolicy } from './retry-policy.js';

/** 'auto': terms go in `searchTerms` unless one contains a comma, then as a CSV file; 'file': always a file. */
export type { TermsTransport };
export type QueryValue = string | number | boolean | readonly string[] | undefined;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ClientOptions {
  apiKey: string;
  appId?: string | undefined;
  region?: Region | undefined;
  /** Chat API base, e.g. `http://127.0.0.1:8787/v3`; wins over appId/region. */
  baseUrl?: string | undefined;
  callsBaseUrl?: string | undefined;
  /** Both the headers and the body timeout, per attempt (default 30 s). */
  timeoutMs?: number | undefined;
  headersTimeoutMs?: number | undefined;
  bodyTimeoutMs?: number | undefined;
  retry?: Partial<RetryPolicy> | undefined;
  pacing?: Partial<PacingOptions> | undefined;
  termsTransport?: TermsTransport | undefined;
  /** One line per request (method, path, status, attempt). Never headers. */
  log?: ((line: string) => void) | undefined;
  onAttempt?: ((event: AttemptEvent) => void) | undefined;
}

export interface ApiRequest {
  api: 'chat' | 'calls';
  method: HttpMethod;
  /** Relative to the API base, segments already encoded: `/groups/g1/messages`. */
  path: string;
  query?: Record<string, QueryValue>;
  onBehalfOf?: string | undefined;
  body?: FormData;
}

export interface CometChatClient {
  readonly baseUrls: BaseUrls;
  readonly termsTransport: TermsTransport;
  readonly retryPolicy: RetryPolicy;
  /** Requests sent, attempts made (retries included) and requests slowed by pacing. */
  readonly stats: { requests: number; attempts: number; paced: number };
  send<S extends z.ZodType>(req: ApiRequest, schema: S): Promise<z.output<S>>;
  close(): Promise<void>;
}

export function createClient(opts: ClientOptions): CometChatClient {
  return new HttpClient(opts);
}

class HttpClient implements CometChatClient {
  readonly baseUrls: BaseUrls;
  readonly termsTransport: TermsTransport;
  readonly retryPolicy: RetryPolicy;
  readonly stats = { requests: 0, attempts: 0, paced: 0 };
  // Private fields stay out of util.inspect, JSON.stringify and Object.keys.
  readonly #apiKey: string;
  readonly #dispatcher: Dispatcher;
  readonly #gate: RateGate;
  readonly #log: (line: string) => void;
  readonly #onAttempt: (event: AttemptEvent) => void;

  constructor(opts: ClientOptions) {
    const baseUrls = resolveBaseUrls(opts);
    if (!baseUrls) throw new ConfigError('no CometChat app id or base URL given', { hint: 'set COMETCHAT_APP_ID' });
    if (!opts.apiKey) throw new ConfigError('no CometChat API key given', { hint: 'set COMETCHAT_API_KEY' });
    this.baseUrls = baseUrls;
    this.termsTransport = opts.termsTransport ?? 'auto';
    this.retryPolicy = { ...DEFAULT_RETRY_POLICY, ...opts.retry };
    this.#apiKey = opts.apiKey;
    const timeout = opts.timeoutMs ?? 30_000;
    this.#dispatcher = new Agent({
      headersTimeout: opts.headersTimeoutMs ?? timeout,
      bodyTimeout: opts.bodyTimeoutMs ?? timeout,
      connect: { timeout },
    }).compose(interceptors.retry({}));
    this.#gate = new RateGate({ ...DEFAULT_PACING, ...opts.pacing });
    this.#log = opts.log ?? (() => {});
    this.#onAttempt = opts.onAttempt ?? (() => {});
  }

  async send<S extends z.ZodType>(req: ApiRequest, schema: S): Promise<z.output<S>> {
    const url = new URL(`${req.api === 'chat' ? this.baseUrls.chat : this.baseUrls.calls}${req.path}${queryString(req.query)}`);
    const info: ExchangeInfo = { method: req.method, path: req.path, scrub: (t) => this.scrub(t) };
    const tracker = { retries: 0 };
    const headers: Record<string, string> = { apikey: this.#apiKey, accept: 'application/json' };
    if (req.onBehalfOf) headers.onBehalfOf = req.onBehalfOf;
    if ((await this.#gate.wait()) > 0) this.stats.paced += 1;
    this.stats.requests += 1;
    const report = (event: Omit<AttemptEvent, 'method' | 'path' | 'attempt'>) => {
      const attempt = tracker.retries + 1;
      this.stats.attempts += attempt;
      this.#onAttempt({ method: req.method, path: req.path, attempt, ...event });
      this.#log(`${req.method} ${url.pathname}${url.search} -> ${event.status ?? event.error} (attempt ${attempt})`);
    };
    let status: number;
    let resHeaders: HeaderBag;
    let bodyText: string;
    try {
      const res = await this.#dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: req.method,
        headers,
        body: req.body ?? null,
        retryOptions: undiciRetryOptions({
          method: req.method,
          path: req.path,
          policy: this.retryPolicy,
          gate: this.#gate,
          tracker,
          onAttempt: (e) => this.#onAttempt(e),
        }),
      } as Dispatcher.RequestOptions);
      status = res.statusCode;
      resHeaders = res.headers;
      bodyText = await res.body.text();
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'ERROR';
      report({ error: code });
      throw errorFromNetwork(info, url.host, err);
    }
    this.#gate.update(resHeaders);
    report({ status });
    if (status < 200 || status >= 300) throw errorFromResponse(info, { status, headers: resHeaders, bodyText });
    return parseBody(info, status, bodyText, schema);
  }

  async close(): Promise<void> {
    await this.#dispatcher.close();
  }

  private scrub(text: string): string {
    return text.split(this.#apiKey).join('***');
  }

  toJSON() {
    return { baseUrls: this.baseUrls, termsTransport: this.termsTransport, stats: this.stats };
  }

  [inspect.custom]() {
    return `CometChatClient ${inspect(this.toJSON())}`;
  }
}

function parseBody<S extends z.ZodType>(info: ExchangeInfo, status: number, bodyText: string, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    throw unexpectedResponse(info, status, 'the body is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw unexpectedResponse(info, status, `${where}${issue?.message ?? 'does not fit'}`);
}

/** Booleans as true/false, arrays as repeated keys, undefined left out. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value as readonly string[]) params.append(key, v);
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}
