// Shared by plan, apply, import and demo: load and validate the keywords folder, pick the target
// from kwsync.yaml (or the environment), connect to it, parse common options, report progress.
import { isAbsolute, resolve } from 'node:path';
import { ConfigError, UsageError, ValidationError } from '../errors.js';
import type { KwsyncConfig } from '../model/config.js';
import { resolveTargetConfig } from '../targets/target-config.js';
import type { DesiredList } from '../model/keyword-list.js';
import type { DesiredRule } from '../model/moderation-rule.js';
import type { KeywordTarget, RuleTarget } from '../model/target.js';
import { renderDiagnosticsText, validateRepo } from '../validate/index.js';
import type { CliIO, OutStream } from './io.js';
import type { CometChatClient } from '../api/index.js';
import type { ServiceEndpoint } from '../plan/summary.js';
import { useColor } from './color.js';
import { connectTargetApp, debugOptions, type ServiceSettings } from '../sync/service.js';
import { stat } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { DEFAULT_CONFIG } from '../model/config.js';
import { loadConfig } from '../validate/load-config.js';

export interface LoadedRepo {
  config: KwsyncConfig;
  /** The target's lists (its kwsync.yaml selection and overrides applied): what is sent. */
  lists: DesiredList[];
  /** Every list file's list as written (import: a list file of any target manages its id). */
  folderLists?: DesiredList[];
  /** Every kwsync.yaml target's lists, by name (status compares each target with its own). */
  targetLists?: Record<string, DesiredList[]>;
  /** The rule files (keywords/rules/*.yaml), when the folder has rules/: kwsync manages the app's custom rules. */
  rules?: DesiredRule[];
}

/**
 * Validates the folder and prints its diagnostics to stderr. With `requireValidLists` (plan,
 * apply without --plan) any error stops here: nothing is sent. Otherwise only the config counts.
 * `lists` are the lists of `target` (`--target`; default the only target): what every command sends.
 */
export async function loadRepo(io: CliIO, dir: string, requireValidLists = true, target?: string): Promise<LoadedRepo> {
  const result = await validateRepo({ dir, cwd: io.cwd, ...(target !== undefined ? { target } : { onlyTarget: true }) });
  // A mistyped --target is bad usage (exit 64), said before any finding about the lists; a
  // kwsync.yaml that did not parse (so no targets were read) is reported as such instead.
  const configBroken = result.config.targets === undefined && result.configFile !== null && result.diagnostics.some((d) => d.severity === 'error' && sameFile(io.cwd, d.file, result.configFile!));
  if (target !== undefined && !configBroken) resolveTargetConfig(result.config, target);
  const blocking = requireValidLists
    ? result.diagnostics.filter((d) => d.severity === 'error')
    : result.diagnostics.filter((d) => d.severity === 'error' && result.configFile !== null && sameFile(io.cwd, d.file, result.configFile));
  // --quiet keeps the errors (they say why nothing was sent) and drops the warnings.
  const shown = requireValidLists && !io.quiet ? result.diagnostics : blocking;
  if (shown.length > 0) io.stderr.write(renderDiagnosticsText(shown, { color: useColor(io.stderr, io.env) }));
  if (blocking.length > 0) throw new ValidationError(blocking.length);
  return { config: result.config, lists: result.lists, folderLists: result.folderLists, ...(result.targetLists ? { targetLists: result.targetLists } : {}), ...(result.rulesManaged ? { rules: result.rules ?? [] } : {}) };
}

export interface ConnectedApp {
  client: CometChatClient;
  keywords: KeywordTarget;
  /** The app's moderation rules. */
  rules?: RuleTarget;
  /** Which app, region and host the commands talk to, for headers; never the key. */
  endpoint: ServiceEndpoint;
}

/** The client and keyword target for `--target NAME`, with kwsync.yaml `service` and KWSYNC_DEBUG applied. */
export function connectApp(io: CliIO, config: KwsyncConfig, name: string | undefined): ConnectedApp {
  // The one resolution (src/sync/service.ts): the target's own apiKeyEnv (default COMETCHAT_API_KEY), as `kwsync status` reads it.
  const { client, keywords, rules, settings } = connectTargetApp({ env: io.env, config, target: name, envWins: io.envWins === true, log: debugOptions(io.env, io.stderr).log });
  return { client, keywords, rules, endpoint: endpointOf(settings) };
}

/**
 * kwsync.yaml alone, for the read commands (`messages`, `calls`) that send no list: its targets and
 * `service`. No keywords folder (and no --target) is the environment alone, as before targets.
 */
export async function loadConfigOnly(io: CliIO, dir: string, target: string | undefined): Promise<KwsyncConfig> {
  const keywordsDir = resolvePath(io, dir);
  const rel = (abs: string) => relative(io.cwd, abs).split(sep).join('/') || '.';
  if (!(await isDirectory(keywordsDir))) {
    if (target === undefined) return DEFAULT_CONFIG;
    throw new ConfigError(`keywords folder not found: ${rel(keywordsDir)}, so target "${target}" cannot be read from its kwsync.yaml`, { hint: 'run from the repository root, or pass --dir <folder>' });
  }
  const loaded = await loadConfig(keywordsDir, rel);
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    io.stderr.write(renderDiagnosticsText(errors, { color: useColor(io.stderr, io.env) }));
    throw new ValidationError(errors.length);
  }
  return loaded.config;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** App id, region and full base URL of the settings: what a header names so nobody plans against the wrong app. */
export function endpointOf(settings: ServiceSettings): ServiceEndpoint {
  let host = settings.chatBaseUrl;
  try {
    host = new URL(settings.chatBaseUrl).host;
  } catch {
    // serviceSettingsFromEnv checked the URL; keep the text if it still does not parse.
  }
  return { appId: settings.appId ?? null, region: settings.region, host, baseUrl: settings.chatBaseUrl, ...(settings.envWins.length > 0 ? { envWins: settings.envWins } : {}) };
}

export function connectTarget(io: CliIO, config: KwsyncConfig, name: string | undefined): KeywordTarget {
  return connectApp(io, config, name).keywords;
}

export type OutputFormat = 'text' | 'markdown' | 'json';

export function parseFormat(value: string | undefined): OutputFormat {
  const v = value ?? 'text';
  if (v === 'text' || v === 'markdown' || v === 'json') return v;
  throw new UsageError(`--format must be text, markdown or json (got "${v}")`, { hint: 'e.g. --format json for a stable, versioned object' });
}

export function parseConcurrency(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 16) {
    throw new UsageError(`--concurrency must be a whole number from 1 to 16 (got "${value}")`, {
      hint: 'leave it out to use apply.concurrency of kwsync.yaml (default 4)',
    });
  }
  return n;
}

export { useColor };

export function resolvePath(io: CliIO, path: string): string {
  return isAbsolute(path) ? path : resolve(io.cwd, path);
}

function sameFile(cwd: string, a: string, b: string): boolean {
  return resolve(cwd, a) === resolve(cwd, b);
}
