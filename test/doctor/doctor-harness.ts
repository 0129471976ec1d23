// One emulator (in a chosen mode) and a temp folder with an optional keywords/kwsync.yaml, and
// `kwsync doctor` run in-process against it over real HTTP.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import type { DoctorReport } from '../../src/doctor/index.js';
import { kwsync } from '../helpers/cli.js';
import { offContract } from '../contract/rules-requests.js';

export interface DoctorHarness {
  emu: RunningEmulator;
  root: string;
  env: Record<string, string>;
  doctor(argv?: string[], env?: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }>;
  /** `doctor --format json` plus argv; the parsed report. */
  doctorJson(argv?: string[], env?: Record<string, string>): Promise<{ code: number; report: DoctorReport; stderr: string }>;
  /** POST, PUT and DELETE requests the emulator received, as `METHOD path`. */
  writes(): string[];
  /** Every list on the emulator with its revision, to prove nothing else changed. */
  lists(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startDoctorHarness(mode: EmulatorOptions = {}, kwsyncYaml?: string): Promise<DoctorHarness> {
  const emu = await startEmulator({ port: 0, ...mode });
  const root = await mkdtemp(join(tmpdir(), 'kwsync-doctor-'));
  if (kwsyncYaml !== undefined) {
    await mkdir(join(root, 'keywords'));
    await writeFile(join(root, 'keywords', 'kwsync.yaml'), kwsyncYaml, 'utf8');
  }
  const env = { COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl, COMETCHAT_CALLS_BASE_URL: emu.callsBaseUrl };
  // The rules probe sends unpublished shapes on purpose (other flag spellings, value as an array).
  const doctor = (argv: string[] = [], extra: Record<string, string> = {}) => offContract(() => kwsync(['doctor', ...argv], { ...env, ...extra }, root));
  return {
    emu,
    root,
    env,
    doctor,
    async doctorJson(argv = [], extra = {}) {
      const r = await doctor(['--format', 'json', ...argv], extra);
      return { code: r.code, report: JSON.parse(r.stdout) as DoctorReport, stderr: r.stderr };
    },
    writes: () => emu.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`),
    async lists() {
      const res = await fetch(`${emu.chatBaseUrl}/moderation/keywords`, { headers: { apikey: emu.apiKey } });
      const body = (await res.json()) as { data: { id: string; revisionId: string }[] };
      return body.data.map((l) => `${l.id}@${l.revisionId}`).sort();
    },
    async close() {
      await emu.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * The writes a write probe may send: POST to the collections, PUT/DELETE of its own ids only (the
 * lists id, -word, -sentences and -rules; the rule id-rule).
 */
export function onlyProbeWrites(writes: string[], probeId: string): boolean {
  const own = [
    ...[probeId, `${probeId}-word`, `${probeId}-sentences`, `${probeId}-rules`].map((id) => `/v3/moderation/keywords/${id}`),
    `/v3/moderation/rules/${probeId}-rule`,
  ];
  return writes.every((w) => w === 'POST /v3/moderation/keywords' || w === 'POST /v3/moderation/rules' || own.some((p) => w === `PUT ${p}` || w === `DELETE ${p}`));
}

export const finding = (report: DoctorReport, id: string) => report.findings.find((f) => f.id === id);
