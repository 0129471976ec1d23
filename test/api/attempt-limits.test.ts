// timeoutMs is a deadline per attempt for headers and body together, and response bodies have a
// cap counted as they stream: through the client, over real HTTP to the emulator.
import { ApiError } from '../../src/errors.js';
import { getKeywordList, listKeywordLists } from '../../src/api/keywords.js';
import { startFixture, thrown, type Fixture } from './emulator-fixture.js';

let f: Fixture;
beforeEach(async () => {
  f = await startFixture();
});
afterEach(() => f.close());

test('a 200 whose body trickles times out at timeoutMs although every byte comes well within an idle timeout', async () => {
  // Each byte 20 ms after the last: undici's idle body timeout (400 ms here) never trips.
  f.emu.injectFaults({ type: 'trickle', count: 1, method: 'GET', path: '/moderation/keywords', trickleMs: 20 });
  const client = f.client({ timeoutMs: 400, retry: { maxRetries: 0 } });
  const err = await thrown(() => listKeywordLists(client));
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).code).toBe('KWSYNC_ATTEMPT_TIMEOUT');
  expect((err as ApiError).message).toMatch(/no complete response within 400 ms/);
  expect((err as ApiError).hint).toMatch(/service\.timeoutMs/);
});

test('the deadline is per attempt: a read whose first attempt runs past it is retried with a fresh deadline', async () => {
  f.emu.injectFaults({ type: 'latency', count: 1, method: 'GET', path: '/moderation/keywords', latencyMs: 700 });
  const client = f.client({ timeoutMs: 400, retry: { maxRetries: 1 } });
  const lists = await listKeywordLists(client);
  expect(lists.length).toBeGreaterThan(0);
  expect(f.attempts.map((a) => a.error ?? a.status)).toEqual(['KWSYNC_ATTEMPT_TIMEOUT', 200]);
});

test('a body over maxResponseBytes is refused with a clear message and not retried', async () => {
  const client = f.client({ maxResponseBytes: 100 });
  const err = await thrown(() => listKeywordLists(client));
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).code).toBe('KWSYNC_BODY_TOO_LARGE');
  expect((err as ApiError).message).toMatch(/refused the answer of .*larger than 100 bytes \(service\.maxResponseBytes\)/);
  expect((err as ApiError).hint).toMatch(/maxResponseBytes/);
  expect(f.emu.requests.filter((r) => r.path.endsWith('/moderation/keywords'))).toHaveLength(1);
});

test('a body under the cap is read as before', async () => {
  const client = f.client({ maxResponseBytes: 10 * 1024 * 1024 });
  const [first] = await listKeywordLists(client);
  expect(first).toBeDefined();
  expect((await getKeywordList(client, first!.id)).id).toBe(first!.id);
});
