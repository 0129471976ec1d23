// Errors whatever the body: the `{error:{...}}` envelope is an assumption, so a plain or other JSON
// body still gives a message (status and the start of the body, shown safely, key scrubbed), and a
// 404 that did not come from the service, or a base URL without /v3, says the address is wrong.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BODY_EXCERPT_CHARS, bodyExcerpt, errorFromResponse, wrongAddressHint } from '../../src/api/api-errors.js';
import { getCall, getKeywordList, listKeywordLists } from '../../src/api/index.js';
import { ApiError } from '../../src/errors.js';
import { startFixture, thrown, type Fixture } from './emulator-fixture.js';

const KEY = 'SENTINEL-error-body-key-42';
const info = { method: 'GET', path: '/moderation/keywords/x', scrub: (t: string) => t.split(KEY).join('***') };
const fail = (status: number, bodyText: string, base = { url: 'https://app.api-us.cometchat.io/v3', api: 'chat' as const }) =>
  errorFromResponse({ ...info, base }, { status, headers: {}, bodyText });

describe('bodyExcerpt', () => {
  test('control characters are shown as escapes, never sent to the terminal', () => {
    expect(bodyExcerpt('a\nb\r\tc\u001b[31mred\u0007')).toBe('a\\nb\\r\\tc\\u001b[31mred\\u0007');
  });

  test(`a long body is cut at ${BODY_EXCERPT_CHARS} characters`, () => {
    const cut = bodyExcerpt('x'.repeat(5000)) ?? '';
    expect(cut).toBe(`${'x'.repeat(BODY_EXCERPT_CHARS)}...`);
  });

  test('an empty body adds nothing', () => {
    expect(bodyExcerpt('  \n ')).toBeUndefined();
  });
});

describe('errorFromResponse without the envelope', () => {
  test('plain text: status plus the text', () => {
    const err = fail(500, 'upstream exploded');
    expect(err.message).toBe('GET /moderation/keywords/x failed: HTTP 500: upstream exploded');
    expect(err.code).toBeUndefined();
  });

  test('JSON of another shape: shown as it came', () => {
    const err = fail(422, JSON.stringify({ statusCode: 422, message: 'nope', reason: 'X' }));
    expect(err.message).toBe('GET /moderation/keywords/x failed: HTTP 422: {"statusCode":422,"message":"nope","reason":"X"}');
  });

  test('an echoed key is scrubbed from the excerpt', () => {
    const err = fail(400, `bad key ${KEY}\n`);
    expect(err.message).toContain('bad key ***');
    expect(err.message).not.toContain(KEY);
  });

  test('an envelope message is shown whole, its control characters escaped', () => {
    const long = `${'why '.repeat(80)}\u001b[2J`;
    const err = fail(400, JSON.stringify({ error: { code: 'ERR_BAD_REQUEST', message: long } }));
    expect(err.message).toBe(`GET /moderation/keywords/x failed: HTTP 400 ERR_BAD_REQUEST: ${'why '.repeat(80)}\\u001b[2J`);
  });

  test('the envelope, when present, still gives code and message', () => {
    const err = fail(401, JSON.stringify({ error: { code: 'AUTH_ERR_APIKEY_NOT_FOUND', message: 'The provided API key is invalid.' } }));
    expect(err).toMatchObject({ code: 'AUTH_ERR_APIKEY_NOT_FOUND', message: expect.stringMatching(/HTTP 401 AUTH_ERR_APIKEY_NOT_FOUND: The provided/) });
  });
});

describe('the wrong-address hint', () => {
  test('a base URL without /v3 is named, whatever the body', () => {
    expect(fail(404, 'Not Found', { url: 'http://host:8787', api: 'chat' }).hint).toBe('COMETCHAT_BASE_URL should end in /v3 (got http://host:8787)');
    expect(wrongAddressHint({ base: { url: 'http://host:8787/calls', api: 'calls' } }, true)).toBe(
      'COMETCHAT_CALLS_BASE_URL should end in /v3 (got http://host:8787/calls)',
    );
  });

  test('a 404 without the service error body: the address is suspect, not the list', () => {
    const hint = fail(404, '<html>Not Found</html>').hint ?? '';
    expect(hint).toMatch(/did not come from the CometChat chat API/);
    expect(hint).toContain('COMETCHAT_BASE_URL');
    expect(hint).not.toMatch(/does not exist/);
  });

  test('a 404 in the envelope keeps the advice for its code', () => {
    const hint = fail(404, JSON.stringify({ error: { code: 'ERR_NOT_FOUND', message: 'gone' } })).hint;
    expect(hint).toBe('it does not exist (any more) in this app');
  });
});

describe('over HTTP', () => {
  let fx: Fixture;
  let plain: Server;
  let plainUrl: string;
  beforeAll(async () => {
    fx = await startFixture({ errorBody: 'plain' });
    // A web server that is not CometChat: every path is an HTML 404.
    plain = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body>\n<h1>Not Found</h1></body></html>');
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await fx.close();
    await new Promise((resolve) => plain.close(resolve));
  });

  test('a base URL missing /v3 against a web server: the hint says so', async () => {
    const err = (await thrown(() => listKeywordLists(fx.client({ baseUrl: plainUrl })))) as ApiError;
    expect(err.message).toBe('GET /moderation/keywords failed: HTTP 404: <html><body>\\n<h1>Not Found</h1></body></html>');
    expect(err.hint).toBe(`COMETCHAT_BASE_URL should end in /v3 (got ${plainUrl})`);
  });

  test('a 200 in an unknown shape from a base URL missing /v3: the same hint', async () => {
    const page = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>welcome</html>');
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}/api`;
    try {
      const err = (await thrown(() => listKeywordLists(fx.client({ baseUrl: url })))) as ApiError;
      expect(err.message).toBe('unexpected response from GET /moderation/keywords (HTTP 200): the body is not JSON');
      expect(err.hint).toBe(`COMETCHAT_BASE_URL should end in /v3 (got ${url})`);
    } finally {
      await new Promise((resolve) => page.close(resolve));
    }
  });

  test('the emulator with plain-text errors: message from the text, status kept', async () => {
    const err = (await thrown(() => getKeywordList(fx.client(), 'no-such-list'))) as ApiError;
    expect(err).toMatchObject({ status: 404, code: undefined });
    expect(err.message).toMatch(/^GET \/moderation\/keywords\/no-such-list failed: HTTP 404: No keyword exists with the specified keyword ID "no-such-list"\. \(request id [\w-]+\)$/);
  });

  test('plain-text auth failure still gets the key advice by status', async () => {
    const err = (await thrown(() => getCall(fx.client({ apiKey: KEY }), 'x'))) as ApiError;
    expect(err.status).toBe(401);
    expect(err.hint).toMatch(/COMETCHAT_API_KEY/);
    expect(`${err.message} ${err.hint}`).not.toContain(KEY);
  });
});
