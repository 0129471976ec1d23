// Fault tests: injected 429s, 5xx, dropped connections and timeouts. The client finishes when the
// faults stop and fails clearly when they do not; attempts are counted from the emulator's request
// log and the client's onAttempt hook. A POST is never blindly repeated.
import { ApiError } from '../../src/errors.js';
import {
  createKeywordList,
  getKeywordList,
  listGroupMessages,
  listKeywordLists,
  updateKeywordList,
} from '../../src/api/index.js';
import { BUSY_GROUP } from '../../src/emulator/index.js';
import type { KeywordList } from '../../src/model/keyword-list.js';
import { fixturePerFile, startFixture, thrown } from './emulator-fixture.js';

const fx = fixturePerFile();

const KEYWORDS = '/v3/moderation/keywords';
const list = (id: string): KeywordList => ({ id, name: id, description: '', category: 'word', searchTerms: ['darn'] });

describe('idempotent requests are retried', () => {
  test.each(['503', '502', '504'] as const)('GET through two %ss: three attempts, then success', async (type) => {
    const client = fx.client();
    fx.emu.injectFaults({ type, count: 2, method: 'GET', path: '/moderation/keywords' });
    expect((await listKeywordLists(client)).length).toBeGreaterThan(0);
    expect(fx.hits('GET', KEYWORDS).map((r) => r.status)).toEqual([Number(type), Number(type), 200]);
    expect(fx.attempts.map((a) => [a.attempt, a.status, a.retryInMs !== undefined])).toEqual([
      [1, Number(type), true],
      [2, Number(type), true],
      [3, 200, false],
    ]);
    expect(client.stats).toMatchObject({ requests: 1, attempts: 3 });
  });

  test('429s with Retry-After: 0 are retried at once', async () => {
    const client = fx.client();
    fx.emu.injectFaults({ type: '429', count: 3, path: `/groups/${BUSY_GROUP}/messages`, retryAfterSeconds: 0 });
    const page = await listGroupMessages(client, BUSY_GROUP, { limit: 3 });
    expect(page.data).toHaveLength(3);
    expect(fx.emu.requests.map((r) => r.status)).toEqual([429, 429, 429, 200]);
    expect(fx.attempts.filter((a) => a.status === 429).map((a) => a.retryInMs)).toEqual([0, 0, 0]);
  });

  test('Retry-After is honoured over the backoff (the wait is what the server asked)', async () => {
    const client = fx.client({ retry: { minDelayMs: 1, maxDelayMs: 30_000 } });
    fx.emu.injectFaults({ type: '429', count: 1, path: '/moderation/keywords', retryAfterSeconds: 1 });
    await listKeywordLists(client);
    expect(fx.attempts[0]).toMatchObject({ attempt: 1, status: 429, retryInMs: 1000 });
    expect(fx.hits('GET', KEYWORDS)).toHaveLength(2);
  });

  test('dropped connections are retried', async () => {
    const client = fx.client();
    fx.emu.injectFaults({ type: 'drop', count: 2, path: '/moderation/keywords' });
    expect((await listKeywordLists(client)).length).toBeGreaterThan(0);
    expect(fx.hits('GET', KEYWORDS)).toHaveLength(3);
    expect(fx.attempts.slice(0, 2).map((a) => a.error)).toEqual([expect.stringMatching(/^(UND_ERR_SOCKET|ECONNRESET)$/), expect.any(String)]);
  });

  test('a response slower than the timeout is retried', async () => {
    const client = fx.client({ timeoutMs: 200 });
    fx.emu.injectFaults({ type: 'latency', count: 1, latencyMs: 1500, path: '/moderation/keywords' });
    expect((await listKeywordLists(client)).length).toBeGreaterThan(0);
    // The per-attempt deadline (connect, headers and body together) or undici's headers timeout, whichever fires first.
    expect(fx.attempts[0]).toMatchObject({ attempt: 1, error: expect.stringMatching(/^(KWSYNC_ATTEMPT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT)$/), retryInMs: expect.any(Number) });
    expect(fx.attempts.at(-1)).toMatchObject({ attempt: 2, status: 200 });
  });

  test('a PUT through a 502 is not resent by the client: it may have landed, and apply looks first (src/apply/confirm-write.ts)', async () => {
    const client = fx.client();
    await createKeywordList(client, list('put-retry'));
    fx.emu.clearRequests();
    fx.emu.injectFaults({ type: '502', count: 1, method: 'PUT' });
    const err = await thrown(() => updateKeywordList(client, { ...list('put-retry'), searchTerms: ['heck'] }));
    expect(err).toMatchObject({ status: 502 });
    expect(fx.hits('PUT', `${KEYWORDS}/put-retry`).map((r) => r.status)).toEqual([502]);
  });

  test('a PUT refused with 429 (not processed) is resent by the client and lands once', async () => {
    const client = fx.client();
    const created = await createKeywordList(client, list('put-429'));
    fx.emu.clearRequests();
    fx.emu.injectFaults({ type: '429', count: 1, method: 'PUT', retryAfterSeconds: 0 });
    const updated = await updateKeywordList(client, { ...list('put-429'), searchTerms: ['heck'] });
    expect(fx.hits('PUT', `${KEYWORDS}/put-429`).map((r) => r.status)).toEqual([429, 200]);
    expect(updated.revisionId).toBe(created.revisionId.replace(/_1$/, '_2'));
  });
});

describe('faults that never stop fail clearly', () => {
  // A separate emulator: the endless faults must not leak into the other tests.
  test('endless 503s: maxRetries + 1 attempts, then an ApiError with what the service said', async () => {
    const broken = await startFixture();
    try {
      const client = broken.client({ retry: { maxRetries: 3, minDelayMs: 1, maxDelayMs: 5 } });
      broken.emu.injectFaults({ type: '503', count: 1000 });
      const err = await thrown(() => listKeywordLists(client));
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 503, code: 'ERR_SERVICE_UNAVAILABLE', hint: expect.stringMatching(/retries ran out/) });
      expect(broken.emu.requests).toHaveLength(4);
    } finally {
      await broken.close();
    }
  });

  test('endless 429s: fails with ERR_TOO_MANY_REQUESTS and advice', async () => {
    const broken = await startFixture();
    try {
      const client = broken.client({ retry: { maxRetries: 2, minDelayMs: 1, maxDelayMs: 5 } });
      broken.emu.injectFaults({ type: '429', count: 1000, retryAfterSeconds: 0 });
      const err = await thrown(() => listGroupMessages(client, BUSY_GROUP));
      expect(err).toMatchObject({ status: 429, code: 'ERR_TOO_MANY_REQUESTS', hint: expect.stringMatching(/rate limit/) });
      expect(broken.emu.requests).toHaveLength(3);
    } finally {
      await broken.close();
    }
  });

  test('endless drops: an ApiError naming the host, with a hint', async () => {
    const client = fx.client({ retry: { maxRetries: 2, minDelayMs: 1, maxDelayMs: 5 } });
    fx.emu.injectFaults({ type: 'drop', count: 3, path: '/moderation/keywords' }); // = every attempt
    const err = (await thrown(() => listKeywordLists(client))) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBeUndefined();
    expect(err.message).toContain(new URL(fx.emu.url).host);
    expect(err.hint).toMatch(/check the network/);
    expect(fx.hits('GET', KEYWORDS)).toHaveLength(3);
  });

  test('a refused connection (nothing listening) fails with the host and a hint', async () => {
    const client = fx.client({ baseUrl: 'http://127.0.0.1:9/v3', retry: { maxRetries: 1, minDelayMs: 1, maxDelayMs: 2 } });
    const err = (await thrown(() => listKeywordLists(client))) as ApiError;
    expect(err.message).toMatch(/no response from 127\.0\.0\.1:9/);
    expect(err.code).toBe('ECONNREFUSED');
    expect(client.stats.attempts).toBe(2);
  });
});

describe('POST (create) is never blindly repeated', () => {
  test('drop-after: the list was created; one POST, then a GET finds it; no second POST', async () => {
    const client = fx.client();
    fx.emu.injectFaults({ type: 'drop-after', count: 1, method: 'POST' });
    const created = await createKeywordList(client, list('ambiguous'));
    expect(created.id).toBe('ambiguous');
    const writes = fx.emu.requests.filter((r) => r.method !== 'GET' || r.path.startsWith(KEYWORDS));
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${KEYWORDS}`, `GET ${KEYWORDS}/ambiguous`]);
    expect((await listKeywordLists(client)).filter((l) => l.id === 'ambiguous')).toHaveLength(1);
    expect((await getKeywordList(client, 'ambiguous')).revisionId).toMatch(/_1$/);
  });

  test('a 503 on POST: GET shows it did not land, so it is sent again once', async () => {
    const client = fx.client();
    fx.emu.injectFaults({ type: '503', count: 1, method: 'POST' });
    await createKeywordList(client, list('after-503'));
    expect(fx.emu.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['POST 503', 'GET 404', 'POST 200']);
    expect((await listKeywordLists(client)).filter((l) => l.id === 'after-503')).toHaveLength(1);
  });

  test('a 429 on POST was not processed, so it is resent without a check', async () => {
    const client = fx.client();
    fx.emu.injectFaults({ type: '429', count: 1, method: 'POST', retryAfterSeconds: 0 });
    await createKeywordList(client, list('after-429'));
    expect(fx.emu.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['POST 429', 'POST 200']);
  });

  test('a 400 on POST is final: one request', async () => {
    const client = fx.client();
    const err = await thrown(() => createKeywordList(client, { ...list('x'), id: 'bad id' }));
    expect(err).toMatchObject({ status: 400 });
    expect(fx.emu.requests).toHaveLength(1);
  });
});

describe('issue 22: a body cut off mid-way, and waits never shortened', () => {
  test('a read whose body breaks off half-way is sent again from the start (no Range resume)', async () => {
    const client = fx.client();
    fx.emu.injectFaults({ type: 'cut-body', count: 1, method: 'GET', path: '/moderation/keywords' });
    expect((await listKeywordLists(client)).length).toBeGreaterThan(0);
    const gets = fx.hits('GET', KEYWORDS);
    expect(gets).toHaveLength(2);
    expect(gets[0]!.fault).toBe('cut-body');
    expect(fx.attempts.some((a) => a.error === 'KWSYNC_BODY_CUT' && a.retryInMs !== undefined)).toBe(true);
  });

  test('a read cut off every time fails naming the cut, not a Range header', async () => {
    const client = fx.client({ retry: { ...{ minDelayMs: 1, maxDelayMs: 20 }, maxRetries: 2 } });
    fx.emu.injectFaults({ type: 'cut-body', count: 3, method: 'GET', path: '/moderation/keywords' });
    const err = (await thrown(() => listKeywordLists(client))) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toMatch(/broke off after \d+ bytes/);
    expect(err.message).not.toMatch(/range header/);
    expect(fx.hits('GET', KEYWORDS)).toHaveLength(3);
  });

  test('a create whose answer is cut off is confirmed, never sent twice', async () => {
    const client = fx.client();
    fx.emu.injectFaults({ type: 'cut-body', count: 1, method: 'POST', path: '/moderation/keywords' });
    const created = await createKeywordList(client, list('cut-create'));
    expect(created.id).toBe('cut-create');
    expect(fx.hits('POST', KEYWORDS)).toHaveLength(1);
    expect((await listKeywordLists(client)).filter((l) => l.id === 'cut-create')).toHaveLength(1);
  });

  test('a Retry-After longer than the policy allows is not shortened: no retry, the 429 is told', async () => {
    const client = fx.client({ retry: { minDelayMs: 1, maxDelayMs: 500 } });
    fx.emu.injectFaults({ type: '429', count: 1, path: '/moderation/keywords', retryAfterSeconds: 6 });
    const err = (await thrown(() => listKeywordLists(client))) as ApiError;
    expect(err.status).toBe(429);
    expect(fx.hits('GET', KEYWORDS)).toHaveLength(1);
  });
});
