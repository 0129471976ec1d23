// Settings for talking to the service, from the environment (and optionally one kwsync.yaml
// target), and the connected client. Env wins over the target for appId/region/baseUrl, so a CI job
// can point any target at another app; the key comes from COMETCHAT_API_KEY, or, for commands that
// visit several targets (`kwsync status`), from the variable the target names in `apiKeyEnv`.
import { ConfigError } from '../errors.js';
import { REGIONS, type Region, type ServiceConfig, type TargetConfig } from '../model/config.js';
import type { KeywordTarget } from '../model/target.js';
import { createClient, createKeywordTarget, resolveBaseUrls, type ClientOptions, type CometChatClient } from '../api/index.js';

export interface ServiceSettings {
  /** For messages: the target name, else the app id, else the base URL. Never the key. */
  label: string;
  appId: string | undefined;
  region: Region;
  apiKey: string;
  chatBaseUrl: string;
  callsBaseUrl: string;
}

type Env = Record<string, string | undefined>;

function envValue(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

/** `keyFromTarget`: read the key from the target's `apiKeyEnv` (default COMETCHAT_API_KEY), with no fallback. */
export function serviceSettingsFromEnv(env: Env, target?: TargetConfig, opts: { keyFromTarget?: boolean } = {}): ServiceSettings {
  const keyVar = (opts.keyFromTarget ? target?.apiKeyEnv : undefined) ?? 'COMETCHAT_API_KEY';
  const apiKey = envValue(env, keyVar);
  const appId = envValue(env, 'COMETCHAT_APP_ID') ?? target?.appId;
  const regionText = envValue(env, 'COMETCHAT_REGION');
  if (regionText !== undefined && !(REGIONS as readonly string[]).includes(regionText)) {
    throw new ConfigError(`COMETCHAT_REGION must be one of ${REGIONS.join(', ')} (got "${regionText}")`);
  }
  const region = (regionText as Region | undefined) ?? target?.region ?? 'us';
  // A target's baseUrl (checked by the kwsync.yaml schema) when the environment names none.
  const baseUrl = envValue(env, 'COMETCHAT_BASE_URL') ?? target?.baseUrl;
  const callsBaseUrl = envValue(env, 'COMETCHAT_CALLS_BASE_URL');
  for (const [name, url] of [['COMETCHAT_BASE_URL', baseUrl], ['COMETCHAT_CALLS_BASE_URL', callsBaseUrl]] as const) {
    if (url !== undefined && !/^https?:\/\/[^\s/]+/.test(url)) {
      throw new ConfigError(`${name} must be an http(s) URL such as http://127.0.0.1:8787/v3 (got "${url}")`);
    }
  }
  const bases = resolveBaseUrls({ appId, region, baseUrl, callsBaseUrl });
  // One line naming every variable still missing, so a new user fixes them in one go.
  const missing = [
    ...(bases ? [] : ['COMETCHAT_APP_ID (your app id; or COMETCHAT_BASE_URL for another server, e.g. `kwsync emulator`)']),
    ...(apiKey ? [] : [`${keyVar} (a REST API key with full-access scope)`]),
  ];
  if (!bases || !apiKey) throw new ConfigError(`not connected to CometChat: set ${missing.join(' and ')}`);
  return {
    label: target?.name ?? appId ?? bases.chat,
    appId,
    region,
    apiKey,
    chatBaseUrl: bases.chat,
    callsBaseUrl: bases.calls,
  };
}

export type ConnectOptions = Omit<ClientOptions, 'apiKey' | 'appId' | 'region' | 'baseUrl' | 'callsBaseUrl'>;

export function connectService(
  settings: ServiceSettings,
  opts: ConnectOptions = {},
): { client: CometChatClient; keywords: KeywordTarget } {
  const client = createClient({
    ...opts,
    apiKey: settings.apiKey,
    appId: settings.appId,
    region: settings.region,
    baseUrl: settings.chatBaseUrl,
    callsBaseUrl: settings.callsBaseUrl,
  });
  return { client, keywords: createKeywordTarget(client, settings.label) };
}

/** kwsync.yaml `service` as client options: where the real service may differ from the defaults. */
export function serviceOptions(service: ServiceConfig): ConnectOptions {
  return {
    timeoutMs: service.timeoutMs,
    retry: { maxRetries: service.maxRetries },
    termsTransport: service.termsTransport,
    csvQuoting: service.csvQuoting,
    searchTermsWithFile: service.searchTermsWithFile,
    sentenceEncoding: service.sentenceEncoding,
    separators: service.separators,
    maxResponseBytes: service.maxResponseBytes,
    listingPaging: service.listingPaging,
  };
}

/** Client options every read command shares: request lines on stderr with KWSYNC_DEBUG set. */
export function debugOptions(env: Env, stderr: { write(text: string): unknown }): ConnectOptions {
  return env.KWSYNC_DEBUG ? { log: (line) => stderr.write(`kwsync: ${line}\n`) } : {};
}

/** The client of the app the environment names, for the read commands (`messages`, `calls`), which need no kwsync.yaml. */
export function connectFromEnv(io: { env: Env; stderr: { write(text: string): unknown } }): CometChatClient {
  return connectService(serviceSettingsFromEnv(io.env), debugOptions(io.env, io.stderr)).client;
}

// ---- Shared by the read commands (`messages`, `calls`): option parsing and terminal output. ----

/** An aligned table: header row, then one row per item; the last column is cut to the terminal. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[], columns?: number): string {
  const clean = (cell: string) => cell.replace(/\s+/g, ' ').trim();
  const all = [header, ...rows].map((r) => r.map(clean));
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const lines = all.map((r) =>
    r
      .map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
  if (!columns || columns < 20) return `${lines.join('\n')}\n`;
  return `${lines.map((l) => (l.length > columns ? `${l.slice(0, columns - 1)}…` : l)).join('\n')}\n`;
}

/** UNIX seconds as `2024-06-14 08:40:12Z`; blank when absent. */
export function formatTime(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return '';
  return `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')}Z`;
}

export function printJson(out: { write(text: string): unknown }, value: unknown): void {
  out.write(`${JSON.stringify(value, null, 2)}\n`);
}
