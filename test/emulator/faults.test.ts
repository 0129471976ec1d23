// Fault injection: scripted faults fire exactly `count` times on matching requests; random rates
// come from the seeded PRNG; the request log records every attempt.
import { fetch, FormData } from 'undici';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { createList, send } from './http.js';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.close());
beforeEach(() => {
  emu.setFaults({});
  emu.clearRequests();
});

test.each([
  ['429', 429, 'ERR_TOO_MANY_REQUESTS'],
  ['502', 502, 'ERR_BAD_GATEWAY'],
  ['503', 503, 'ERR_SERVICE_UNAVAILABLE'],
  ['504', 504, 'ERR_GATEWAY_TIMEOUT'],
] as const)('scripted %s fires exactly count times, then requests succeed', async (type, status, code) => {
  emu.injectFaults({ type, count: 2, retryAfterSeconds: 7 });
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await send(emu, 'GET', '/moderation/keywords');
    statuses.push(res.status);
    if (res.status !== 200) {
      expect(res.body.error.code).toBe(code);
      if (status === 429) expect(res.headers.get('retry-after')).toBe('7');
    }
  }
  expect(statuses).toEqual([status, status, 200]);
  expect(emu.requests.map((r) => [r.status, r.fault])).toEqual([[status, type], [status, type], [200, undefined]]);
});

test('method and path narrow a scripted fault; a string path matches with or without /v3 and below it', async () => {
  emu.injectFaults({ type: '503', count: 1, method: 'put', path: '/moderation/keywords' });
  expect((await send(emu, 'GET', '/moderation/keywords/profanity-list')).status).toBe(200);
  expect((await send(emu, 'PUT', '/moderation/keywords/profanity-list', { body: new FormData() })).status).toBe(503);
  emu.injectFaults({ type: '502', count: 1, path: /\/calls\/v3\/calls$/ });
  expect((await send(emu, 'GET', '/groups/cometchat-guid-1/messages')).status).toBe(200);
  expect((await send(emu, 'GET', '/calls', { calls: true })).status).toBe(502);
  expect((await send(emu, 'GET', '/calls', { calls: true })).status).toBe(200);
});

test('drop destroys the connection without a response; the next request works', async () => {
  emu.injectFaults({ type: 'drop', count: 1 });
  await expect(fetch(`${emu.chatBaseUrl}/moderation/keywords`, { headers: { apikey: emu.apiKey } })).rejects.toThrow();
  expect((await send(emu, 'GET', '/moderation/keywords')).status).toBe(200);
  expect(emu.requests.map((r) => r.fault)).toEqual(['drop', undefined]);
});

test('drop-after performs the write, then drops: the list exists but the client saw no answer', async () => {
  emu.injectFaults({ type: 'drop-after', count: 1, method: 'POST' });
  await expect(createList(emu, { id: 'ambiguous', name: 'A', category: 'word', searchTerms: 'a' })).rejects.toThrow();
  const got = await send(emu, 'GET', '/moderation/keywords/ambiguous');
  expect(got.status).toBe(200);
  expect(got.body.data.revisionId).toMatch(/_ambiguous_1$/);
  expect(emu.requests.filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', path: '/v3/moderation/keywords', status: 200, fault: 'drop-after' }]);
  await send(emu, 'DELETE', '/moderation/keywords/ambiguous');
});

test('scripted latency delays the matching request and is logged', async () => {
  emu.injectFaults({ type: 'latency', count: 1, latencyMs: 30 });
  expect((await send(emu, 'GET', '/moderation/keywords')).status).toBe(200);
  expect(emu.requests[0]).toMatchObject({ status: 200, fault: 'latency' });
});

test('responseTimeMs: the work is done at once and the answer is held until the response time has passed', async () => {
  emu.setFaults({ responseTimeMs: 600 });
  let answered = false;
  const pending = createList(emu, { id: 'held', name: 'Held', category: 'word', searchTerms: 'a' }).then((r) => ((answered = true), r));
  while (emu.requests[0]?.status !== 200) await new Promise((r) => setTimeout(r, 5)); // the status is logged when the answer is ready
  expect(answered).toBe(false);
  expect((await pending).status).toBe(200);
  emu.setFaults({});
  expect((await send(emu, 'GET', '/moderation/keywords/held')).status).toBe(200);
  await send(emu, 'DELETE', '/moderation/keywords/held');
});

test('random rates: failRate 1 answers 503, rateLimitRate 1 answers 429 with Retry-After 1, dropRate 1 drops', async () => {
  emu.setFaults({ failRate: 1 });
  expect((await send(emu, 'GET', '/moderation/keywords')).status).toBe(503);
  emu.setFaults({ rateLimitRate: 1 });
  const limited = await send(emu, 'GET', '/moderation/keywords');
  expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1']);
  emu.setFaults({ dropRate: 1 });
  await expect(send(emu, 'GET', '/moderation/keywords')).rejects.toThrow();
  emu.setFaults({});
  expect((await send(emu, 'GET', '/moderation/keywords')).status).toBe(200);
});

test('random rates repeat for the same seed', async () => {
  const run = async () => {
    const e = await startEmulator({ seed: 42, faults: { failRate: 0.5 } });
    try {
      const out: number[] = [];
      for (let i = 0; i < 12; i++) out.push((await send(e, 'GET', '/moderation/keywords')).status);
      return out;
    } finally {
      await e.close();
    }
  };
  const first = await run();
  expect(first).toContain(503);
  expect(first).toContain(200);
  expect(await run()).toEqual(first);
});

test('the log records every request and clearRequests empties it', async () => {
  await send(emu, 'GET', '/moderation/keywords', { key: null });
  await send(emu, 'GET', '/calls', { calls: true });
  expect(emu.requests).toEqual([
    { method: 'GET', path: '/v3/moderation/keywords', status: 401 },
    { method: 'GET', path: '/calls/v3/calls', status: 200 },
  ]);
  emu.clearRequests();
  expect(emu.requests).toEqual([]);
});

test("scripted 'cut-body': the headers promise the whole body, half of it comes, then the connection dies; once only", async () => {
  emu.injectFaults({ type: 'cut-body', count: 1, method: 'GET', path: '/moderation/keywords' });
  const res = await fetch(`${emu.chatBaseUrl}/moderation/keywords`, { headers: { apikey: emu.apiKey } });
  expect(res.status).toBe(200);
  const promised = Number(res.headers.get('content-length'));
  expect(promised).toBeGreaterThan(1);
  await expect(res.text()).rejects.toThrow();
  expect(emu.requests.at(-1)).toMatchObject({ status: 200, fault: 'cut-body' });
  const again = await send(emu, 'GET', '/moderation/keywords');
  expect(again.status).toBe(200);
});
