// client.probe: one raw attempt for diagnosis. It reports any status instead of throwing, makes
// no retries, reads headers and a non-JSON body, and scrubs the key from all of it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROBE_BODY_LIMIT } from '../../src/api/client.js';
import { ApiError } from '../../src/errors.js';
import { startFixture, thrown, type Fixture } from './emulator-fixture.js';

const SENTINEL = 'SENTINEL-probe-key-5678';

let fx: Fixture;
let odd: Server;
let oddUrl: string;
let oddHits = 0;

beforeAll(async () => {
  fx = await startFixture();
  // A server that echoes the key, answers HTML or a huge body, and 503 on /busy.
  odd = createServer((req, res) => {
    oddHits += 1;
    const key = String(req.headers.apikey);
    if (req.url?.startsWith('/v3/busy')) {
      res.writeHead(503, { 'content-type': 'text/plain', 'X-Echo': key });
      res.end(`busy, ${key}`);
    } else if (req.url?.startsWith('/v3/big')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: 'x'.repeat(PROBE_BODY_LIMIT * 2) }));
    } else {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html>Not Found</html>');
    }
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  oddUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}/v3`;
});
afterAll(async () => {
  await fx.close();
  await new Promise((resolve) => odd.close(resolve));
});

describe('client.probe', () => {
  test('a 200 from the emulator: status, lower-case headers, text and parsed JSON', async () => {
    const res = await fx.client().probe({ api: 'chat', method: 'GET', path: '/moderation/keywords' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(Object.keys(res.headers).every((k) => k === k.toLowerCase())).toBe(true);
    expect(JSON.parse(res.bodyText)).toEqual(res.json);
    expect(Array.isArray((res.json as { data: unknown }).data)).toBe(true);
    expect(res.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  test('an auth failure is returned, not thrown', async () => {
    const res = await fx.client({ apiKey: 'wrong-key' }).probe({ api: 'chat', method: 'GET', path: '/moderation/keywords' });
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.json)).toContain('AUTH_ERR_APIKEY_NOT_FOUND');
  });

  test('a 503 is tried once only, and the echoed key is scrubbed from headers and body', async () => {
    const before = oddHits;
    const client = fx.client({ apiKey: SENTINEL, baseUrl: `${oddUrl}` });
    const res = await client.probe({ api: 'chat', method: 'GET', path: '/busy' });
    expect(oddHits - before).toBe(1);
    expect(res.status).toBe(503);
    expect(res.json).toBeUndefined();
    expect(res.bodyText).toBe('busy, ***');
    expect(res.headers['x-echo']).toBe('***');
    expect(JSON.stringify(res)).not.toContain(SENTINEL);
    expect(client.stats).toMatchObject({ requests: 1, attempts: 1 });
  });

  test('an HTML 404 comes back as text with json undefined', async () => {
    const res = await fx.client({ baseUrl: oddUrl }).probe({ api: 'chat', method: 'GET', path: '/nothing' });
    expect(res).toMatchObject({ status: 404, bodyText: '<html>Not Found</html>', json: undefined });
  });

  test('a long body is cut to the limit, yet parsed whole', async () => {
    const res = await fx.client({ baseUrl: oddUrl }).probe({ api: 'chat', method: 'GET', path: '/big' });
    expect(res.bodyText.length).toBe(PROBE_BODY_LIMIT);
    expect((res.json as { data: string }).data.length).toBe(PROBE_BODY_LIMIT * 2);
  });

  test('no response at all is an ApiError without the key', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await thrown(() =>
      fx.client({ apiKey: SENTINEL, baseUrl: `http://127.0.0.1:${port}/v3` }).probe({ api: 'chat', method: 'GET', path: '/x' }),
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBeUndefined();
    expect(`${(err as Error).message} ${(err as ApiError).hint}`).not.toContain(SENTINEL);
  });
});
