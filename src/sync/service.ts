// Settings for talking to the service: the one place that decides where a command goes (the CLI's
// and the Action's).
// Without a kwsync.yaml target (or with one that names no app or server) the environment decides,
// as DESIGN.md's environment contract says. A target that names its app (appId) or its server
// (baseUrl) owns app id, region and both bases: an environment variable that says otherwise is
// refused naming both values, never silently mixed in (a plan against one app, an apply to another).
// The key comes from COMETCHAT_API_KEY, or with `keyFromTarget` (every CLI command that takes
// --target) from the variable the target names in `apiKeyEnv`, with no fallback.
import { ConfigError } from '../errors.js';
import { REGIONS, type KwsyncConfig, type Region, type ServiceConfig, type TargetConfig } from '../model/config.js';
import type { KeywordTarget, RuleTarget } from '../model/target.js';
import { createRuleTarget } from './rule-target.js';
import { createClient, createKeywordTarget, resolveBaseUrls, type ClientOptions, type CometChatClient, type SettingNames } from '../api/index.js';
import { resolveTargetConfig } from '../targets/target-config.js';

export interface ServiceSettings {
  /** For messages: the target name, else the app id, else the base URL. Never the key. */
  label: string;
  appId: string | undefined;
  region: Region;
  apiKey: string;
  chatBaseUrl: string;
  callsBaseUrl: string;
  /** The variable the key was read from (errors name it; the key itself is never shown). */
  keyVar: string;
  /** Variables that won over the target's own settings (only with `envWins`), so a header can say so. */
  envWins: string[];
  /** Where the key, app and bases came from, as a hint names them (the target's fields, or the variables read). */
  names: SettingNames;
}

export interface SettingsOptions {
  /** Read the key from the target's `apiKeyEnv` (default COMETCHAT_API_KEY), with no fallback. */
  keyFromTarget?: boolean;
  /**
   * Let COMETCHAT_APP_ID / _REGION / _BASE_URL / _CALLS_BASE_URL win over the target's own settings
   * instead of refusing (the global `--env-wins`); the variables that won are listed in `envWins`,
   * and every header names them.
   */
  envWins?: boolean;
}

type Env = Record<string, string | undefined>;

function envValue(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** One field a target owns, and what the environment says instead. */
interface Conflict {
  variable: string;
  envText: string;
  targetText: string;
}

/** What the target alone says about where it goes, or undefined when it names no app or server. */
function targetLocation(target: TargetConfig | undefined) {
  if (!target || (target.appId === undefined && target.baseUrl === undefined)) return undefined;
  const region = target.region ?? 'us';
  const bases = resolveBaseUrls({ appId: target.appId, region, baseUrl: target.baseUrl })!;
  return { appId: target.appId, region, chat: bases.chat, calls: bases.calls };
}

export function serviceSettingsFromEnv(env: Env, target?: TargetConfig, opts: SettingsOptions = {}): ServiceSettings {
  const keyVar = (opts.keyFromTarget ? target?.apiKeyEnv : undefined) ?? 'COMETCHAT_API_KEY';
  const apiKey = envValue(env, keyVar);
  const regionText = envValue(env, 'COMETCHAT_REGION');
  if (regionText !== undefined && !(REGIONS as readonly string[]).includes(regionText)) {
    throw new ConfigError(`COMETCHAT_REGION must be one of ${REGIONS.join(', ')} (got "${regionText}")`);
  }
  const envBase = envValue(env, 'COMETCHAT_BASE_URL');
  const envCalls = envValue(env, 'COMETCHAT_CALLS_BASE_URL');
  for (const [name, url] of [['COMETCHAT_BASE_URL', envBase], ['COMETCHAT_CALLS_BASE_URL', envCalls]] as const) {
    if (url !== undefined && !/^https?:\/\/[^\s/]+/.test(url)) {
      throw new ConfigError(`${name} must be an http(s) URL such as http://127.0.0.1:8787/v3 (got "${url}")`);
    }
  }
  const envApp = envValue(env, 'COMETCHAT_APP_ID');
  const envRegion = regionText as Region | undefined;
  const own = targetLocation(target);
  const where = (t: TargetConfig) => (t.baseUrl !== undefined ? 'its baseUrl' : 'its appId and region');

  // Each field the target owns is compared with its variable; a variable the target leaves open fills it.
  const conflicts: Conflict[] = [];
  const wins: string[] = [];
  const check = (variable: string, envText: string | undefined, targetValue: string | undefined, targetText: string, same = (a: string, b: string) => a === b) => {
    if (envText === undefined) return;
    if (targetValue !== undefined && same(envText, targetValue)) return;
    if (opts.envWins) wins.push(variable);
    else conflicts.push({ variable, envText, targetText });
  };
  const sameUrl = (a: string, b: string) => trimSlash(a) === trimSlash(b);
  if (own && target) {
    check('COMETCHAT_APP_ID', envApp, own.appId, own.appId !== undefined ? `app id "${own.appId}"` : `no app id (it connects by its baseUrl)`);
    check('COMETCHAT_REGION', envRegion, own.region, target.region !== undefined ? `region ${own.region}` : `region ${own.region} (the default)`);
    check('COMETCHAT_BASE_URL', envBase, own.chat, `base URL ${own.chat} (${where(target)})`, sameUrl);
    check('COMETCHAT_CALLS_BASE_URL', envCalls, own.calls, `Calls base URL ${own.calls} (derived from ${where(target)})`, sameUrl);
  } else if (target?.region !== undefined) {
    check('COMETCHAT_REGION', envRegion, target.region, `region ${target.region}`);
  }
  if (conflicts.length > 0) {
    const name = target!.name;
    throw new ConfigError(
      `refusing to guess where target "${name}" goes: ${conflicts
        .map((c) => `${c.variable} is ${quoteEnv(c.envText)}, but kwsync.yaml gives target "${name}" ${c.targetText}`)
        .join('; ')}`,
      {
        hint: `kwsync.yaml decides where a target goes: unset ${conflicts.map((c) => c.variable).join(' and ')}, or change target "${name}" in kwsync.yaml (or add a target for the other app); --env-wins lets the environment win, and the header then says so`,
      },
    );
  }

  const useEnv = !own || opts.envWins;
  const appId = useEnv ? (envApp ?? own?.appId) : own!.appId;
  const region: Region = (useEnv ? envRegion : undefined) ?? own?.region ?? target?.region ?? envRegion ?? 'us';
  const bases = own && !opts.envWins
    ? { chat: own.chat, calls: own.calls }
    : resolveBaseUrls({ appId, region, baseUrl: envBase ?? (own ? target?.baseUrl : undefined), callsBaseUrl: envCalls });
  // One line naming every variable still missing, so a new user fixes them in one go.
  const missing = [
    ...(bases ? [] : ['COMETCHAT_APP_ID (your app id; or COMETCHAT_BASE_URL for another server, e.g. `kwsync emulator`)']),
    ...(apiKey ? [] : [`${keyVar} (a REST API key with full-access scope${keyVar !== 'COMETCHAT_API_KEY' ? `; the apiKeyEnv of target "${target?.name}"` : ''})`]),
  ];
  if (!bases || !apiKey) {
    const other = keyVar !== 'COMETCHAT_API_KEY' && !apiKey && envValue(env, 'COMETCHAT_API_KEY') ? ' (COMETCHAT_API_KEY is set but is not read for this target: a key is never sent to another target\'s app)' : '';
    throw new ConfigError(`not connected to CometChat: set ${missing.join(' and ')}${other}`, {
      hint: !apiKey && keyVar !== 'COMETCHAT_API_KEY' ? `export ${keyVar}=<a REST API key of ${appId !== undefined ? `app ${appId}` : 'the app'}> in this shell (only this target reads it)` : '`kwsync --help` lists the environment variables',
    });
  }
  const names = settingNames(target, keyVar, { own: own !== undefined && !opts.envWins, envBase: envBase !== undefined, envCalls: envCalls !== undefined, envApp: envApp !== undefined });
  return {
    names,
    label: target?.name ?? appId ?? bases.chat,
    appId,
    region,
    apiKey,
    chatBaseUrl: bases.chat,
    callsBaseUrl: bases.calls,
    keyVar,
    envWins: wins,
  };
}

/** How hints name the settings read: a target's own fields when it owns its place, else the variables. */
function settingNames(target: TargetConfig | undefined, keyVar: string, read: { own: boolean; envBase: boolean; envCalls: boolean; envApp: boolean }): SettingNames {
  const key = keyVar === 'COMETCHAT_API_KEY' || !target ? keyVar : `${keyVar} (the apiKeyEnv of target "${target.name}")`;
  if (read.own && target) {
    const of = (field: string) => `${field} of target "${target.name}" in kwsync.yaml`;
    const app = target.appId !== undefined ? `${of(target.region !== undefined ? 'appId and region' : 'appId')} (app ${target.appId})` : of('baseUrl');
    const baseUrl = target.baseUrl !== undefined ? of('baseUrl') : app;
    return { key, app, baseUrl, callsBaseUrl: baseUrl };
  }
  const app = read.envApp || !read.envBase ? 'COMETCHAT_APP_ID/COMETCHAT_REGION' : 'COMETCHAT_BASE_URL';
  return {
    key,
    app,
    baseUrl: read.envBase ? 'COMETCHAT_BASE_URL' : app,
    callsBaseUrl: read.envCalls ? 'COMETCHAT_CALLS_BASE_URL' : read.envBase ? 'COMETCHAT_BASE_URL' : app,
  };
}

/** A variable's value as a message shows it: the text, quoted, cut to keep the line short. */
function quoteEnv(text: string): string {
  // A URL's user:password part is never shown.
  const bare = text.replace(/^(https?:\/\/)[^/@\s]*@/, '$1…@');
  const shown = bare.length > 200 ? `${bare.slice(0, 200)}…` : bare;
  return `"${shown.replace(/[\u0000-\u001f\u007f]/g, '?')}"`;
}

export type ConnectOptions = Omit<ClientOptions, 'apiKey' | 'appId' | 'region' | 'baseUrl' | 'callsBaseUrl'>;

export function connectService(
  settings: ServiceSettings,
  opts: ConnectOptions = {},
): { client: CometChatClient; keywords: KeywordTarget; rules: RuleTarget } {
  const client = createClient({
    ...opts,
    apiKey: settings.apiKey,
    appId: settings.appId,
    region: settings.region,
    baseUrl: settings.chatBaseUrl,
    callsBaseUrl: settings.callsBaseUrl,
    settingNames: settings.names,
  });
  return { client, keywords: createKeywordTarget(client, settings.label), rules: createRuleTarget(client) };
}

/** What a command that reaches an app asks for: its kwsync.yaml, the target named (if any), the environment. */
export interface TargetRequest {
  env: Env;
  config: KwsyncConfig;
  /** `--target NAME`; undefined: the only target of kwsync.yaml, else the environment (several targets: asks which). */
  target: string | undefined;
  /** The global --env-wins. */
  envWins?: boolean | undefined;
  /** How the "choose one" message names the option (the Action says its input). */
  optionName?: string | undefined;
  /** KWSYNC_DEBUG's request lines. */
  log?: ((line: string) => void) | undefined;
}

/**
 * The one resolution every command that reaches an app goes through: the kwsync.yaml target (the
 * one named, else the only one, else the environment), its own key variable, kwsync.yaml
 * `service`, and the connection. A mistyped name is bad usage; a missing key a ConfigError naming
 * the variable the target reads.
 */
export function connectTargetApp(req: TargetRequest): { client: CometChatClient; keywords: KeywordTarget; rules: RuleTarget; settings: ServiceSettings; target: TargetConfig | undefined } {
  const target = resolveTargetConfig(req.config, req.target, req.optionName);
  const settings = serviceSettingsFromEnv(req.env, target, { keyFromTarget: true, envWins: req.envWins === true });
  const connected = connectService(settings, { ...serviceOptions(req.config.service), ...(req.log ? { log: req.log } : {}) });
  return { ...connected, settings, target };
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
    ruleWrites: { referenceFlag: service.ruleReferenceFlag, valueForm: service.ruleValueForm },
  };
}

/** Client options every read command shares: request lines on stderr with KWSYNC_DEBUG set. */
export function debugOptions(env: Env, stderr: { write(text: string): unknown }): ConnectOptions {
  return env.KWSYNC_DEBUG ? { log: (line) => stderr.write(`kwsync: ${line}\n`) } : {};
}
