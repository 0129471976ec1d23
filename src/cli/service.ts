// The read commands' (`messages`, `calls`) connection, and their terminal output. Where a command
// goes is decided in src/sync/service.ts (connectTargetApp), as for every command that reaches an app.
import type { CometChatClient } from '../api/index.js';
import type { KwsyncConfig } from '../model/config.js';
import { connectTargetApp, debugOptions } from '../sync/service.js';
import type { CliIO } from './io.js';
import { loadConfigOnly } from './target.js';

/** What a read command's flags say about where it goes: `--target` of kwsync.yaml in `--dir`. */
export interface TargetFlags {
  target?: string | undefined;
  dir?: string | undefined;
}

/**
 * The client of the app `--target` names (its own key variable, kwsync.yaml `service`). Without
 * --target, `messages` and `calls` (`envFirst`) read the app the environment names when it names
 * one (COMETCHAT_APP_ID or COMETCHAT_BASE_URL), as they always have; otherwise the only target,
 * and with several targets they ask which, as plan does.
 */
export async function connectRead(io: CliIO, flags: TargetFlags, config?: KwsyncConfig, envFirst = false): Promise<CometChatClient> {
  const cfg = config ?? (await loadConfigOnly(io, flags.dir ?? 'keywords', flags.target));
  const envNamesApp = ['COMETCHAT_APP_ID', 'COMETCHAT_BASE_URL'].some((v) => (io.env[v]?.trim() ?? '') !== '');
  const chosen = envFirst && flags.target === undefined && envNamesApp ? { ...cfg, targets: undefined } : cfg;
  return connectTargetApp({ env: io.env, config: chosen, target: flags.target, envWins: io.envWins === true, log: debugOptions(io.env, io.stderr).log }).client;
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
