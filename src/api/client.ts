// The HTTP client for both CometChat APIs: base URLs, the `apikey` header, one retry policy,
// pacing by the rate headers, response parsing with zod, and errors that never hold the key.
// Endpoint functions (keywords.ts, messages.ts, calls.ts) call `client.send` once each.
import { StringDecoder } from 'node:string_decoder';
import { inspect } from 'node:util';
import { Agent, interceptors, type Dispatcher, type FormData } from 'undici';
import type { z } from 'zod';
import { DEFAULT_MAX_RESPONSE_BYTES, type ListingPaging, type Region, type RuleReferenceFlag, type RuleValueForm } from '../model/config.js';
import { ConfigError } from '../errors.js';
import { termsSettings, type CsvQuoting, type SearchTermsWithFile, type SentenceEncoding, type Separators, type TermsSettings, type TermsTransport } from '../model/terms-encoding.js';
import { resolveBaseUrls, type BaseUrls } from './base-urls.js';
import { ENV_SETTING_NAMES, errorFromNetwork, errorFromResponse, unexpectedResponse, type ExchangeInfo, type SettingNames } from './api-errors.js';
import { DEFAULT_PACING, RateGate, type HeaderBag, type PacingOptions } from './rate-limit.js';
import { attemptLimits } from './attempt-limits.js';
import { wholeAnswer } from './whole-answer.js';
import { issueText } from './lenient.js';
import { DEFAULT_RETRY_POLICY, undiciRetryOptions, type AttemptEvent, type RetryPolicy } from './retry-policy.js';

/** 'auto': terms go in `searchTerms` unless one contains a comma, then as a CSV file; 'file': always a file. */
export type { TermsTransport };
export type QueryValue = string | number | boolean | readonly string[] | undefined;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ClientOptions {
  apiKey: string;
  appId?: string | undefined;
  region?: Region | undefined;
  /** Chat API base, e.g. `http://127.0.0.1:8787/v3`; wins over appId/region. */
  baseUrl?: string | undefined;
  callsBaseUrl?: string | undefined;
  /**
   * A deadline per attempt for connect, headers and body together (default 30 s): a body that
   * trickles in never outlives it. headersTimeoutMs/bodyTimeoutMs are undici's idle timeouts.
   */
  timeoutMs?: number | undefined;
  /** Response bodies larger than this are refused while streaming (default DEFAULT_MAX_RESPONSE_BYTES). */
  maxResponseBytes?: number | undefined;
  headersTimeoutMs?: number | undefined;
  bodyTimeoutMs?: number | undefined;
  retry?: Partial<RetryPolicy> | undefined;
  pacing?: Partial<PacingOptions> | undefined;
  termsTransport?: TermsTransport | undefined;
  csvQuoting?: CsvQuoting | undefined;
  searchTermsWithFile?: SearchTermsWithFile | undefined;
  sentenceEncoding?: SentenceEncoding | undefined;
  separators?: Partial<Separators> | undefined;
  /** kwsync.yaml `service.listingPaging`: how the keyword listing is read past a full page (default none). */
  listingPaging?: ListingPaging | undefined;
  /** Where the key, app and bases came from, so an error's hint names what was read (default: the COMETCHAT_* variables). */
  settingNames?: SettingNames | undefined;
  /** kwsync.yaml `service.ruleReferenceFlag` / `service.ruleValueForm`: how rule writes are shaped (default: the published request schema). */
  ruleWrites?: Partial<RuleWriteSettings> | undefined;
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
  /** A JSON body (sent as application/json); the rules endpoints take JSON, the keyword ones a form. */
  json?: unknown;
  /** Called with the parsed JSON of a 2xx answer before the schema checks it (paging reads the next cursor early). */
  onJson?: (json: unknown) => void;
}

export interface CometChatClient {
  readonly baseUrls: BaseUrls;
  /** Where the key, app and bases came from, as hints name them (ClientOptions.settingNames). */
  readonly settingNames?: SettingNames;
  /** How list writes encode terms (kwsync.yaml `service:`). */
  readonly termsSettings: TermsSettings;
  /** kwsync.yaml `service.listingPaging` (absent: none). */
  readonly listingPaging?: ListingPaging;
  readonly retryPolicy: RetryPolicy;
  /** How rule writes spell the reference flag and send `value` (absent: DEFAULT_RULE_WRITES). */
  readonly ruleWrites?: RuleWriteSettings;
  /** Requests sent, attempts made (retries included) and requests slowed by pacing. */
  readonly stats: { requests: number; attempts: number; paced: number };
  send<S extends z.ZodType>(req: ApiRequest, schema: S): Promise<z.output<S>>;
  /**
   * One attempt, no retries, no parsing: what the service answered, whatever the status.
   * Throws only when no response came (an ApiError from errorFromNetwork).
   */
  probe(req: ApiRequest): Promise<ProbeResult>;
  close(): Promise<void>;
}

/** A raw answer for diagnosis; every text in it is scrubbed of the API key. */
export interface ProbeResult {
  status: number;
  /** Response headers, names in lower case, repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body as text, cut to PROBE_BODY_LIMIT characters. */
  bodyText: string;
  /** The whole body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  elapsedMs: number;
}

export const PROBE_BODY_LIMIT = 64 * 1024;

/** How a rule write is shaped where the published sources disagree (kwsync.yaml `service:`). */
export interface RuleWriteSettings {
  referenceFlag: RuleReferenceFlag;
  valueForm: RuleValueForm;
}
/** The published request schema (ModerationRequestBody): the singular flag, `value` a string. */
export const DEFAULT_RULE_WRITES: RuleWriteSettings = { referenceFlag: 'isKeywordReferencePresent', valueForm: 'string' };

export function createClient(opts: ClientOptions): CometChatClient {
  return new HttpClient(opts);
}

class HttpClient implements CometChatClient {
  readonly baseUrls: BaseUrls;
  readonly termsSettings: TermsSettings;
  readonly listingPaging: ListingPaging;
  readonly retryPolicy: RetryPolicy;
  readonly ruleWrites: RuleWriteSettings;
  readonly stats = { requests: 0, attempts: 0, paced: 0 };
  // Private fields stay out of util.inspect, JSON.stringify and Object.keys.
  readonly #apiKey: string;
  readonly #dispatcher: Dispatcher;
  // The same connections without the retry interceptor, for probes.
  readonly #plain: Dispatcher;
  readonly #gate: RateGate;
  readonly #log: (line: string) => void;
  readonly #onAttempt: (event: AttemptEvent) => void;
  readonly #names: SettingNames;
  get settingNames(): SettingNames {
    return this.#names;
  }

  constructor(opts: ClientOptions) {
    const baseUrls = resolveBaseUrls(opts);
    const names = opts.settingNames ?? ENV_SETTING_NAMES;
    if (!baseUrls) throw new ConfigError('no CometChat app id or base URL given', { hint: `set ${names.app}` });
    if (!opts.apiKey) throw new ConfigError('no CometChat API key given', { hint: `set ${names.key}` });
    this.#names = names;
    this.baseUrls = baseUrls;
    this.termsSettings = termsSettings({
      termsTransport: opts.termsTransport,
      csvQuoting: opts.csvQuoting,
      searchTermsWithFile: opts.searchTermsWithFile,
      sentenceEncoding: opts.sentenceEncoding,
      separators: opts.separators,
    });
    this.listingPaging = opts.listingPaging ?? 'none';
    this.ruleWrites = { ...DEFAULT_RULE_WRITES, ...opts.ruleWrites };
    this.retryPolicy = { ...DEFAULT_RETRY_POLICY, ...opts.retry };
    this.#apiKey = opts.apiKey;
    const timeout = opts.timeoutMs ?? 30_000;
    this.#plain = new Agent({
      headersTimeout: opts.headersTimeoutMs ?? timeout,
      bodyTimeout: opts.bodyTimeoutMs ?? timeout,
      connect: { timeout },
    }).compose(attemptLimits({ deadlineMs: timeout, maxBodyBytes: opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES }));
    // The limits sit below the retry interceptor, so each attempt has its own deadline; an answer is
    // handed up only when whole, so undici retries a cut or stalled body from the start (whole-answer.ts).
    this.#dispatcher = this.#plain.compose(wholeAnswer(), interceptors.retry({}));
    this.#gate = new RateGate({ ...DEFAULT_PACING, ...opts.pacing });
    this.#log = opts.log ?? (() => {});
    this.#onAttempt = opts.onAttempt ?? (() => {});
  }

  async send<S extends z.ZodType>(req: ApiRequest, schema: S): Promise<z.output<S>> {
    const url = this.urlOf(req);
    const info = this.infoOf(req);
    const tracker = { retries: 0 };
    if ((await this.#gate.wait()) > 0) this.stats.paced += 1;
    this.stats.requests += 1;
    const report = (event: Omit<AttemptEvent, 'method' | 'path' | 'attempt'>) => {
      const attempt = tracker.retries + 1;
      this.stats.attempts += attempt;
      this.#onAttempt({ method: req.method, path: req.path, attempt, ...event });
      this.#log(`${req.method} ${url.pathname}${url.search} -> ${event.status ?? event.error} (attempt ${attempt})`);
    };
    const retryOptions = undiciRetryOptions({
      method: req.method,
      path: req.path,
      policy: this.retryPolicy,
      gate: this.#gate,
      tracker,
      onAttempt: (e) => this.#onAttempt(e),
    });
    const { status, headers: resHeaders, bodyText } = await this.exchange(this.#dispatcher, req, url, info, { retryOptions }, (code) => report({ error: code }));
    report({ status });
    if (status < 200 || status >= 300) throw errorFromResponse(info, { status, headers: resHeaders, bodyText });
    return parseBody(info, status, bodyText, schema, req.onJson);
  }

  async probe(req: ApiRequest): Promise<ProbeResult> {
    const url = this.urlOf(req);
    const info = this.infoOf(req);
    this.stats.requests += 1;
    this.stats.attempts += 1;
    const started = performance.now();
    const { status, headers: resHeaders, bodyText: raw } = await this.exchange(this.#plain, req, url, info, {}, (code) => {
      this.#onAttempt({ method: req.method, path: req.path, attempt: 1, error: code });
      this.#log(`${req.method} ${url.pathname}${url.search} -> ${code} (probe)`);
    });
    const elapsedMs = performance.now() - started;
    this.#onAttempt({ method: req.method, path: req.path, attempt: 1, status });
    this.#log(`${req.method} ${url.pathname}${url.search} -> ${status} (probe)`);
    const text = this.scrub(raw);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(resHeaders)) {
      if (value === undefined) continue;
      headers[name.toLowerCase()] = this.scrub(Array.isArray(value) ? value.join(', ') : value);
    }
    return { status, headers, bodyText: text.slice(0, PROBE_BODY_LIMIT), json, elapsedMs };
  }

  async close(): Promise<void> {
    await this.#dispatcher.close();
  }

  /**
   * One request through `dispatcher` and its whole body; the rate gate learns from the answer. When
   * no answer comes, `noAnswer` reports the error code and the ApiError from errorFromNetwork is thrown.
   */
  private async exchange(
    dispatcher: Dispatcher,
    req: ApiRequest,
    url: URL,
    info: ExchangeInfo,
    extra: { retryOptions?: unknown },
    noAnswer: (code: string) => void,
  ): Promise<{ status: number; headers: HeaderBag; bodyText: string }> {
    let answer: { status: number; headers: HeaderBag; bodyText: string };
    try {
      const res = await dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: req.method,
        headers: this.headersOf(req),
        body: req.json !== undefined ? JSON.stringify(req.json) : (req.body ?? null),
        ...extra,
      } as Dispatcher.RequestOptions);
      answer = { status: res.statusCode, headers: res.headers, bodyText: await readBodyText(res.body) };
    } catch (err) {
      noAnswer((err as { code?: string }).code ?? 'ERROR');
      throw errorFromNetwork(info, url.host, err);
    }
    this.#gate.update(answer.headers);
    return answer;
  }

  private urlOf(req: ApiRequest): URL {
    return new URL(`${req.api === 'chat' ? this.baseUrls.chat : this.baseUrls.calls}${req.path}${queryString(req.query)}`);
  }

  private infoOf(req: ApiRequest): ExchangeInfo {
    const base = { url: req.api === 'chat' ? this.baseUrls.chat : this.baseUrls.calls, api: req.api };
    return { method: req.method, path: req.path, scrub: (t) => this.scrub(t), base, names: this.#names };
  }

  private headersOf(req: ApiRequest): Record<string, string> {
    const headers: Record<string, string> = { apikey: this.#apiKey, accept: 'application/json' };
    if (req.onBehalfOf) headers.onBehalfOf = req.onBehalfOf;
    if (req.json !== undefined) headers['content-type'] = 'application/json';
    return headers;
  }

  private scrub(text: string): string {
    return text.split(this.#apiKey).join('***');
  }

  toJSON() {
    return { baseUrls: this.baseUrls, termsSettings: this.termsSettings, stats: this.stats };
  }

  [inspect.custom]() {
    return `CometChatClient ${inspect(this.toJSON())}`;
  }
}

/**
 * The body as text, as undici's `body.text()` reads it (UTF-8, a leading BOM dropped), decoded chunk
 * by chunk: `text()` holds every chunk, then their concatenation, then the string, at once; a 25 MB
 * listing (25 lists of 1 MB) then costs ~75 MB before JSON.parse even starts. Here each chunk is
 * freed once decoded (test/api/body-text.property.test.ts holds it to text()'s answers). Node's
 * StringDecoder decodes with the same utf8Slice as text() and keeps a split character for the next
 * chunk; a streaming TextDecoder goes through ICU, about 1.5x slower on a 25 MB listing.
 */
export async function readBodyText(body: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new StringDecoder('utf8');
  const parts: string[] = [];
  for await (const chunk of body) parts.push(decoder.write(chunk as Buffer));
  parts.push(decoder.end());
  const text = parts.join('');
  // U+FEFF comes only from the bytes EF BB BF, so at the start it is the BOM text() skips.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function parseBody<S extends z.ZodType>(info: ExchangeInfo, status: number, bodyText: string, schema: S, onJson?: (json: unknown) => void): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    throw unexpectedResponse(info, status, 'the body is not JSON');
  }
  onJson?.(json);
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw unexpectedResponse(info, status, issueText(parsed.error));
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
