// Where the two APIs live. The spec builds both from the app id and region; overrides point the
// client at another server (the embedded emulator, a proxy).
import type { Region } from '../model/config.js';

export interface BaseUrls {
  chat: string;
  calls: string;
}

export function chatBaseUrl(appId: string, region: Region): string {
  return `https://${encodeURIComponent(appId)}.api-${region}.cometchat.io/v3`;
}

export function callsBaseUrl(appId: string, region: Region): string {
  return `https://${encodeURIComponent(appId)}.call-${region}.cometchat.io/v3`;
}

/**
 * Resolves both bases. An override wins; with only a chat override, the calls base follows the
 * emulator's layout (`…/v3` -> `…/calls/v3`) rather than silently reaching the real service.
 */
export function resolveBaseUrls(opts: {
  appId?: string | undefined;
  region?: Region | undefined;
  baseUrl?: string | undefined;
  callsBaseUrl?: string | undefined;
}): BaseUrls | undefined {
  const region = opts.region ?? 'us';
  const chat = opts.baseUrl ?? (opts.appId ? chatBaseUrl(opts.appId, region) : undefined);
  if (!chat) return undefined;
  const calls =
    opts.callsBaseUrl ??
    (opts.baseUrl ? deriveCallsBase(opts.baseUrl) : opts.appId ? callsBaseUrl(opts.appId, region) : undefined);
  if (!calls) return undefined;
  return { chat: trimSlash(chat), calls: trimSlash(calls) };
}

function deriveCallsBase(chat: string): string {
  const base = trimSlash(chat);
  return base.endsWith('/v3') ? `${base.slice(0, -3)}/calls/v3` : `${base}/calls`;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
