// The listing's envelope over real HTTP: it must be a listing (a `data` array) for anything to be
// read; inside it, no item can sink the rest (test/api/listing-items.test.ts has the items).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, readKeywordListing, type CometChatClient } from '../../src/api/index.js';
import { ApiError } from '../../src/errors.js';
import { thrown } from './emulator-fixture.js';

let server: Server;
let client: CometChatClient;
let answer = '';

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = createClient({ apiKey: 'listing-envelope-test-key', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`, retry: { maxRetries: 0 } });
});
afterAll(async () => {
  await client.close();
  await new Promise((resolve) => server.close(resolve));
});

const list = (id: string) => ({ id, name: id, category: 'word', searchTerms: ['a'], revisionId: `h_${id}_1` });

test.each([
  ['data is an object (as the published schema, not its example, says)', { data: list('a') }, 'data: Invalid input: expected array, received object'],
  ['no data', { meta: {} }, 'data: Invalid input: expected array, received undefined'],
  ['data is null', { data: null }, 'data: Invalid input: expected array, received null'],
])('not a listing: %s', async (_name, body, problem) => {
  answer = JSON.stringify(body);
  const err = (await thrown(() => readKeywordListing(client))) as ApiError;
  expect(err).toBeInstanceOf(ApiError);
  expect(err.message).toBe(`unexpected response from GET /moderation/keywords (HTTP 200): ${problem}`);
});

test('a listing with null meta reads, and a full page with a default list stripped bare is still taken as maybe cut short', async () => {
  answer = JSON.stringify({ data: [list('a'), { id: 'p', default: true }], meta: null });
  const whole = await readKeywordListing(client);
  expect(whole).toMatchObject({ mayBeTruncated: false, defaults: [{ id: 'p' }], unreadable: [], withoutId: 0 });
  expect(whole.lists.map((l) => l.id)).toEqual(['a']);
  // The page limit counts every item the service sent, set aside or not.
  answer = JSON.stringify({ data: [list('a'), { id: 'p', default: true }, { junk: true }], meta: { current: { limit: 3, count: 3 } } });
  const page = await readKeywordListing(client);
  expect(page).toMatchObject({ mayBeTruncated: true, withoutId: 1 });
});
