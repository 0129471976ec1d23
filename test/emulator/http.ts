// Raw HTTP against a started emulator (undici fetch), so tests see exactly what a client would.
import { fetch, FormData } from 'undici';
import type { RunningEmulator } from '../../src/emulator/index.js';

export interface Sent {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON as received
}

export async function send(
  emu: RunningEmulator,
  method: string,
  path: string,
  opts: { calls?: boolean; key?: string | null; body?: FormData | string | Buffer; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const base = opts.calls ? emu.callsBaseUrl : emu.chatBaseUrl;
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key !== null) headers.apikey = opts.key ?? emu.apiKey;
  const res = await fetch(`${base}${path}`, { method, headers, body: opts.body });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text so the assertion shows it
  }
  return { status: res.status, headers: res.headers as unknown as Headers, body };
}

export function listForm(fields: Record<string, string>, file?: string | Buffer): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file !== undefined) form.set('file', new Blob([file]), 'terms.csv');
  return form;
}

export const createList = (emu: RunningEmulator, fields: Record<string, string>, file?: string | Buffer) =>
  send(emu, 'POST', '/moderation/keywords', { body: listForm(fields, file) });

export const updateList = (emu: RunningEmulator, id: string, fields: Record<string, string>, file?: string | Buffer) =>
  send(emu, 'PUT', `/moderation/keywords/${id}`, { body: listForm(fields, file) });
