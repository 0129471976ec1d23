// Several apps in one emulator: each named app has its own keyword lists (revisions, state file)
// and its own rate-limit budget, at /apps/<appId>/v3 (Calls API /apps/<appId>/calls/v3). The
// default app stays at /v3. Users, groups, messages and calls are read-only, so apps share them.
import { basename, dirname, extname, join } from 'node:path';
import { ConfigError } from '../errors.js';
import type { EmulatorKeys } from './auth.js';
import type { EmulatorContext } from './context.js';
import { EmulatorHttpError } from './http-errors.js';
import type { RateLimiter } from './rate-limit.js';

export const APPS_PREFIX = '/apps';

/** What answers one app's requests: its lists (in `ctx`), its keys and its rate budget. */
export interface ServedApp {
  appId: string;
  ctx: EmulatorContext;
  keys: EmulatorKeys;
  rateLimiter: RateLimiter;
}

/** A named app as the options give it: an id, or an id and a key of its own. */
export type AppSpec = string | { appId: string; apiKey?: string };

const APP_ID = /^[A-Za-z0-9_.-]+$/;

/** The app ids and keys of `apps`, checked: a valid id each, none twice. */
export function parseAppSpecs(apps: readonly AppSpec[], defaultKey: string): { appId: string; apiKey: string }[] {
  const seen = new Set<string>();
  return apps.map((spec) => {
    const { appId, apiKey = defaultKey } = typeof spec === 'string' ? { appId: spec } : spec;
    if (!APP_ID.test(appId)) throw new ConfigError(`emulator app id "${appId}" may contain only letters, digits, "_", "." and "-"`);
    if (seen.has(appId)) throw new ConfigError(`emulator app "${appId}" is named twice`);
    if (apiKey.trim() === '') throw new ConfigError(`emulator app "${appId}" has an empty API key`);
    seen.add(appId);
    return { appId, apiKey };
  });
}

/** `/apps/staging/v3/moderation/keywords` -> app `staging`, rest `/v3/moderation/keywords`; other paths have no app. */
export function splitAppPath(path: string): { appId: string | undefined; rest: string } {
  const m = /^\/apps\/([^/]*)(\/.*)?$/.exec(path);
  if (!m) return { appId: undefined, rest: path };
  return { appId: safeDecode(m[1] as string), rest: m[2] ?? '' };
}

/** The base path of an app's Chat or Calls API. */
export function appBasePath(appId: string, api: 'chat' | 'calls'): string {
  return `${APPS_PREFIX}/${encodeURIComponent(appId)}${api === 'chat' ? '/v3' : '/calls/v3'}`;
}

/** Each app keeps its lists in a file of its own beside the default app's: `state.json` -> `state.staging.json`. */
export function appStatePath(statePath: string, appId: string): string {
  const ext = extname(statePath);
  return join(dirname(statePath), `${basename(statePath, ext)}.${appId}${ext || '.json'}`);
}

/**
 * An app this emulator does not serve. The code is CometChat's published one for an unknown app
 * (ERR_APP_NOT_FOUND, "The App ID does not exist or has been archived", rest-api/management-apis/
 * error-codes.mdx); no status is published: 404, as for an unknown list.
 */
export function unknownApp(appId: string, known: readonly string[]): EmulatorHttpError {
  const shown = appId.length > 100 ? `${appId.slice(0, 100)}…` : appId;
  return new EmulatorHttpError(404, 'ERR_APP_NOT_FOUND', `The App ID "${shown}" does not exist or has been archived.`, {
    devMessage:
      known.length > 0
        ? `This emulator serves the apps: ${known.slice(0, 10).join(', ')}${known.length > 10 ? ` and ${known.length - 10} more` : ''}.`
        : 'This emulator serves no apps under /apps (start it with --apps).',
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
