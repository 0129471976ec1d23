// Contract: authentication errors of both APIs, and the rate headers in both spellings.
import { ApiError } from '../../src/errors.js';
import { getCall, listCalls, listGroupMessages, listKeywordLists } from '../../src/api/index.js';
import { BUSY_GROUP } from '../../src/emulator/index.js';
import { startFixture, thrown, type Fixture } from './emulator-fixture.js';

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture({ readOnlyApiKey: 'read-only-key' });
});
afterAll(() => fx.close());

describe('authentication errors carry the code and advice', () => {
  test('AUTH_ERR_APIKEY_NOT_FOUND on the Chat API', async () => {
    const err = (await thrown(() => listKeywordLists(fx.client({ apiKey: 'wrong-key' })))) as ApiError;
    expect(err).toMatchObject({ status: 401, code: 'AUTH_ERR_APIKEY_NOT_FOUND' });
    expect(err.hint).toBe('check COMETCHAT_API_KEY and that COMETCHAT_APP_ID/COMETCHAT_REGION name the app the key belongs to');
  });

  test('AUTH_ERR_APIKEY_NOT_FOUND on the Calls API', async () => {
    const err = await thrown(() => getCall(fx.client({ apiKey: 'wrong-key' }), 'whatever'));
    expect(err).toMatchObject({ status: 401, code: 'AUTH_ERR_APIKEY_NOT_FOUND' });
  });

  test('AUTH_ERR_EMPTY_APIKEY when the header arrives empty', async () => {
    // HTTP trims header values, so a blank key reaches the service as an empty header.
    const err = await thrown(() => listCalls(fx.client({ apiKey: ' ' })));
    expect(err).toMatchObject({ status: 401, code: 'AUTH_ERR_EMPTY_APIKEY', hint: expect.stringMatching(/COMETCHAT_API_KEY/) });
  });

  test('AUTH_ERR_NO_ACCESS for a key without full-access scope', async () => {
    const err = await thrown(() => listGroupMessages(fx.client({ apiKey: 'read-only-key' }), BUSY_GROUP));
    expect(err).toMatchObject({ status: 403, code: 'AUTH_ERR_NO_ACCESS', hint: expect.stringMatching(/lacks full-access scope/) });
  });

  test('auth failures are not retried', async () => {
    fx.emu.clearRequests();
    await thrown(() => listKeywordLists(fx.client({ apiKey: 'wrong-key' })));
    expect(fx.emu.requests).toHaveLength(1);
  });
});

describe('rate headers', () => {
  test.each(['x-ratelimit', 'x-rate-limit'] as const)('%s headers: the client slows down as the budget runs low', async (style) => {
    // A frozen emulator clock keeps the one-minute window from rolling over mid-test; it starts
    // the next minute, so the reset the client reads is a minute or more away in real time.
    const frozen = Math.floor(Date.now() / 60_000) * 60_000 + 60_000;
    const limited = await startFixture({ rateLimitPerMinute: 20, rateLimitHeaders: style, now: () => frozen });
    try {
      // Pacing starts below a quarter of the budget; waits are capped small to keep the test quick.
      const client = limited.client({ pacing: { lowShare: 0.25, maxWaitMs: 2 } });
      for (let i = 0; i < 18; i++) await listKeywordLists(client);
      expect(client.stats.paced).toBeGreaterThan(0);
      expect(limited.emu.requests.every((r) => r.status === 200)).toBe(true);
    } finally {
      await limited.close();
    }
  });

  test('with plenty of budget nothing is paced', async () => {
    const client = fx.client();
    for (let i = 0; i < 5; i++) await listKeywordLists(client);
    expect(client.stats.paced).toBe(0);
  });

  test('over budget: 429 ERR_TOO_MANY_REQUESTS, not retried sooner than the reset it names (past maxDelayMs)', async () => {
    const frozen = Date.now();
    const limited = await startFixture({ rateLimitPerMinute: 2, now: () => frozen });
    try {
      const client = limited.client({ retry: { maxRetries: 1, minDelayMs: 1, maxDelayMs: 5 }, pacing: { maxWaitMs: 1 } });
      await listKeywordLists(client);
      await listKeywordLists(client);
      const err = await thrown(() => listKeywordLists(client));
      expect(err).toMatchObject({ status: 429, code: 'ERR_TOO_MANY_REQUESTS' });
      // The reset is a minute away and maxDelayMs is 5 ms: retrying after 5 ms would be sooner than told (issue 22).
      expect(limited.emu.requests.map((r) => r.status)).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
