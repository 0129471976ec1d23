// Issue 28: an idempotent read is sent again from the start after any cut or stalled body, whatever
// its status (a 404 and an error page included), within the one retry policy; a cut body is never
// an error about Range headers. Over real HTTP to the emulator's faults ('cut-body', 'trickle').
import { ApiError } from '../../src/errors.js';
import { findKeywordList, getKeywordList, listKeywordLists } from '../../src/api/index.js';
import { fixturePerFile, thrown } from './emulator-fixture.js';

const fx = fixturePerFile();

const KEYWORDS = '/v3/moderation/keywords';

test('a 404 whose body is cut once is read again: the list is absent, no network error', async () => {
  const client = fx.client();
  fx.emu.injectFaults({ type: 'cut-body', count: 1, method: 'GET', path: '/moderation/keywords/nowhere' });
  expect(await findKeywordList(client, 'nowhere')).toBeUndefined();
  const gets = fx.hits('GET', `${KEYWORDS}/nowhere`);
  expect(gets.map((g) => [g.status, g.fault ?? null])).toEqual([
    [404, 'cut-body'],
    [404, null],
  ]);
});

test('a 404 whose body trickles past the attempt deadline once is read again from the start', async () => {
  const client = fx.client({ timeoutMs: 300 });
  fx.emu.injectFaults({ type: 'trickle', count: 1, method: 'GET', path: '/moderation/keywords/nowhere', trickleMs: 40 });
  expect(await findKeywordList(client, 'nowhere')).toBeUndefined();
  expect(fx.hits('GET', `${KEYWORDS}/nowhere`)).toHaveLength(2);
  // Sent again whole: no Range header on the second attempt (the emulator would ignore it anyway).
  expect(fx.attempts.some((a) => a.error === 'KWSYNC_ATTEMPT_TIMEOUT' && a.retryInMs !== undefined)).toBe(true);
});

test('a 200 that trickles past the attempt deadline once is read again whole, never "range header"', async () => {
  const client = fx.client({ timeoutMs: 300 });
  fx.emu.injectFaults({ type: 'trickle', count: 1, method: 'GET', path: '/moderation/keywords/profanity-list', trickleMs: 20 });
  const got = await getKeywordList(client, 'profanity-list');
  expect(got.id).toBe('profanity-list');
  expect(fx.hits('GET', `${KEYWORDS}/profanity-list`)).toHaveLength(2);
});

test('a read cut every time fails after maxRetries + 1 attempts naming the cut, not a Range header', async () => {
  const client = fx.client({ retry: { minDelayMs: 1, maxDelayMs: 20, maxRetries: 2 } });
  fx.emu.injectFaults({ type: 'cut-body', count: 5, method: 'GET', path: '/moderation/keywords/nowhere' });
  const err = (await thrown(() => findKeywordList(client, 'nowhere'))) as ApiError;
  expect(err).toBeInstanceOf(ApiError);
  expect(err.message).toMatch(/broke off after \d+ bytes/);
  expect(err.message).not.toMatch(/range/i);
  // One policy: maxRetries retries after the first attempt, no second loop on top.
  expect(fx.hits('GET', `${KEYWORDS}/nowhere`)).toHaveLength(3);
});
