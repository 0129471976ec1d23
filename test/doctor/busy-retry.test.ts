// doctor asks a busy service again with the client's retry policy (429/503 scripted in the
// emulator, over real HTTP), and when it stays busy says "busy, run again", not a finding about the app.
import { afterEach, expect, it } from '@jest/globals';
import { startDoctorHarness, type DoctorHarness } from './doctor-harness.js';

let h: DoctorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const listingGets = (hh: DoctorHarness) => hh.emu.requests.filter((r) => r.method === 'GET' && r.path === '/v3/moderation/keywords');

it('a 429 on the listing is retried (and a 503 on the missing-list read): the report is the same as without them', async () => {
  h = await startDoctorHarness();
  h.emu.injectFaults({ type: '429', count: 1, method: 'GET', path: '/moderation/keywords', retryAfterSeconds: 0 });
  h.emu.injectFaults({ type: '503', count: 1, method: 'GET', path: /kwsync-probe-/ });

  const { report } = await h.doctorJson();
  const connection = report.findings.find((f) => f.id === 'connection');
  expect(connection).toMatchObject({ status: 'ok' });
  expect(listingGets(h).slice(0, 2).map((r) => r.status)).toEqual([429, 200]);
  const missing = h.emu.requests.filter((r) => r.method === 'GET' && r.path.includes('kwsync-probe-'));
  expect(missing.map((r) => r.status)).toEqual([503, 404]);
  expect(JSON.stringify(report)).not.toContain('busy, run again');
}, 60_000);

it('a service that stays busy reads "busy, run again", not a DIFFERS for the maintainers', async () => {
  h = await startDoctorHarness();
  h.emu.injectFaults({ type: '503', count: 1000, method: 'GET', path: '/moderation/keywords' });
  const r = await h.doctor();
  expect(r.stdout).toContain('busy, run again');
  expect(r.stdout).not.toContain('maintainers');
  const json = await h.doctorJson();
  const connection = json.report.findings.find((f) => f.id === 'connection');
  expect(connection).toMatchObject({ status: 'unknown' });
  expect(connection?.detail).toContain('still answered HTTP 503 after the retry policy');
  expect(json.report.findings.some((f) => f.status === 'differs')).toBe(false);
  // The policy's attempts: the first plus maxRetries (4), per run.
  expect(listingGets(h).length).toBe(10);
  expect(r.stdout + r.stderr).not.toContain(h.emu.apiKey);
}, 60_000);

it('a write probe whose create gets one 429 sends it again (a 429 was surely not processed) and goes on', async () => {
  h = await startDoctorHarness();
  h.emu.injectFaults({ type: '429', method: 'POST', count: 1, retryAfterSeconds: 0 });
  const before = await h.lists();
  const r = await h.doctorJson(['--write-probe', '--yes']);
  const posts = h.emu.requests.filter((q) => q.method === 'POST');
  expect(posts.slice(0, 2).map((q) => q.status)).toEqual([429, 200]);
  expect(r.report.findings.find((f) => f.id === 'write-probe')?.detail ?? '').not.toContain('HTTP 429');
  expect(await h.lists()).toEqual(before);
}, 60_000);
