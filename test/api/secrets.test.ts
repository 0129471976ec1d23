// The API key never appears in an error (message, hint, cause chain, JSON, util.inspect), a log
// line, an attempt event or the client's own printout, even when a server echoes it back.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { createClient, getCall, listGroupMessages, listKeywordLists, type CometChatClient } from '../../src/api/index.js';
import { startFixture, thrown, type Fixture } from './emulator-fixture.js';

const SENTINEL = 'SENTINEL-KEY-do-not-print-1234';

function everyRendering(value: unknown): string {
  const chain: unknown[] = [];
  for (let e: unknown = value; e instanceof Error && chain.length < 10; e = e.cause) chain.push(e);
  return [
    ...chain.map((e) => `${(e as Error).message} ${(e as { hint?: string }).hint ?? ''} ${String(e)}`),
    JSON.stringify(value),
    inspect(value, { depth: 10, showHidden: true }),
  ].join('\n');
}

let fx: Fixture;
let echo: Server;
let echoUrl: string;
const lines: string[] = [];
const events: unknown[] = [];

beforeAll(async () => {
  fx = await startFixture(); // its key is not the sentinel: every call is refused
  // A careless server that repeats the key it was sent, in an error and in a header.
  echo = createServer((req, res) => {
    const key = String(req.headers.apikey);
    if (req.url?.startsWith('/v3/moderation')) {
      res.writeHead(400, { 'content-type': 'application/json', 'x-request-id': key });
      res.end(JSON.stringify({ error: { message: `bad key ${key}`, code: 'ERR_BAD_REQUEST' } }));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: key }));
    }
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v3`;
});
afterAll(async () => {
  await fx.close();
  await new Promise((resolve) => echo.close(resolve));
});

function sentinelClient(extra: Partial<Parameters<typeof createClient>[0]> = {}): CometChatClient {
  return fx.client({ apiKey: SENTINEL, log: (l) => lines.push(l), onAttempt: (e) => events.push(e), ...extra });
}

describe('the sentinel key never shows', () => {
  test('in an auth error from the service', async () => {
    const err = await thrown(() => listKeywordLists(sentinelClient()));
    expect(err).toMatchObject({ code: 'AUTH_ERR_APIKEY_NOT_FOUND' });
    expect(everyRendering(err)).not.toContain(SENTINEL);
  });

  test('in a calls API error', async () => {
    const err = await thrown(() => getCall(sentinelClient(), 'x'));
    expect(everyRendering(err)).not.toContain(SENTINEL);
  });

  test('when a server echoes the key in its error message and request id', async () => {
    const err = await thrown(() => listKeywordLists(sentinelClient({ baseUrl: echoUrl })));
    expect((err as Error).message).toContain('bad key ***');
    expect(everyRendering(err)).not.toContain(SENTINEL);
  });

  test('in an unexpected-response error', async () => {
    const err = await thrown(() => listGroupMessages(sentinelClient({ baseUrl: echoUrl }), 'g'));
    expect((err as Error).message).toMatch(/^unexpected response from GET \/groups\/g\/messages/);
    expect(everyRendering(err)).not.toContain(SENTINEL);
  });

  test('in a network error after retries', async () => {
    const client = sentinelClient({ baseUrl: 'http://127.0.0.1:9/v3', retry: { maxRetries: 1, minDelayMs: 1, maxDelayMs: 1 } });
    const err = await thrown(() => listKeywordLists(client));
    expect((err as Error).cause).toBeInstanceOf(Error);
    expect(everyRendering(err)).not.toContain(SENTINEL);
  });

  test('in the client itself, its log lines and its attempt events', () => {
    const client = sentinelClient();
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(SENTINEL);
    expect(JSON.stringify(client)).not.toContain(SENTINEL);
    expect(Object.values(client).map(String).join(' ')).not.toContain(SENTINEL);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(SENTINEL);
    expect(JSON.stringify(events)).not.toContain(SENTINEL);
  });
});
