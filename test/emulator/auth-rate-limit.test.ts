// Auth on every route, the exact error body, request ids, and the per-minute rate limit.
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { listForm, send } from './http.js';

const routes: Array<[string, string, boolean]> = [
  ['GET', '/moderation/keywords', false],
  ['POST', '/moderation/keywords', false],
  ['GET', '/moderation/keywords/profanity-list', false],
  ['PUT', '/moderation/keywords/profanity-list', false],
  ['DELETE', '/moderation/keywords/profanity-list', false],
  ['GET', '/groups/cometchat-guid-1/messages', false],
  ['GET', '/calls', true],
  ['GET', '/calls/some-session', true],
];

describe('auth', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ readOnlyApiKey: 'read-only-key' });
  });
  afterAll(() => emu.close());

  const body = (method: string) => (method === 'POST' || method === 'PUT' ? listForm({ category: 'word', searchTerms: 'x' }) : undefined);

  test.each(routes)('%s %s: no key 401, wrong key 401, read-only key 403', async (method, path, calls) => {
    const source = calls ? 'calls-api' : 'chat-api';
    const cases: Array<[string | null, number, string]> = [
      [null, 401, 'AUTH_ERR_EMPTY_APIKEY'],
      ['wrong-key', 401, 'AUTH_ERR_APIKEY_NOT_FOUND'],
      ['read-only-key', 403, 'AUTH_ERR_NO_ACCESS'],
    ];
    for (const [key, status, code] of cases) {
      const res = await send(emu, method, path, { calls, key, body: body(method) });
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error: { message: expect.any(String), devMessage: expect.any(String), source, code } });
      expect(JSON.stringify(res.body)).not.toContain('wrong-key');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  test('every response carries a distinct x-request-id', async () => {
    const a = await send(emu, 'GET', '/moderation/keywords');
    const b = await send(emu, 'GET', '/moderation/keywords');
    expect(a.headers.get('x-request-id')).toBeTruthy();
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });
});

describe('rate limit', () => {
  test('a per-minute budget with X-RateLimit-* headers (when asked), then 429 with Retry-After until the window resets', async () => {
    let now = 1_718_000_010_000; // 10 s into a minute
    const emu = await startEmulator({ rateLimitPerMinute: 3, now: () => now, rateLimitHeaders: 'x-ratelimit' });
    try {
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await send(emu, 'GET', '/moderation/keywords');
        expect(res.status).toBe(200);
        expect(res.headers.get('x-ratelimit-limit')).toBe('3');
        expect(res.headers.get('x-ratelimit-reset')).toBe('1718000040');
        remaining.push(res.headers.get('x-ratelimit-remaining') ?? '');
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const limited = await send(emu, 'GET', '/calls', { calls: true });
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatchObject({ code: 'ERR_TOO_MANY_REQUESTS', source: 'calls-api' });
      expect(limited.headers.get('retry-after')).toBe('30');
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
      now += 30_000;
      expect((await send(emu, 'GET', '/moderation/keywords')).status).toBe(200);
    } finally {
      await emu.close();
    }
  });

  test('by default the published headers: X-Rate-Limit, X-Rate-Limit-Remaining, X-Rate-Limit-Reset ([RL])', async () => {
    const emu = await startEmulator({});
    try {
      const res = await send(emu, 'GET', '/moderation/keywords');
      expect(res.headers.get('x-rate-limit')).toBe('10000');
      expect(res.headers.get('x-rate-limit-remaining')).toBe('9999');
      expect(res.headers.get('x-rate-limit-reset')).toMatch(/^\d{10}$/);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    } finally {
      await emu.close();
    }
  });
});
