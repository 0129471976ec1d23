// A live list of a category kwsync does not know: the listing still reads (the list is set aside,
// never planned, written or pruned); asking for that list by id stops with a clear error.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, createKeywordTarget, findKeywordList, readKeywordListing, type CometChatClient } from '../../src/api/index.js';
import { readLiveLists } from '../../src/plan/read-live.js';
import { ApiError } from '../../src/errors.js';
import { thrown } from './emulator-fixture.js';
import { example } from './published-examples.js';

let server: Server;
let client: CometChatClient;

beforeAll(async () => {
  const listing = example('list-rule-keywords');
  listing.data.push({ ...listing.data[0], id: 'images', name: 'Images', category: 'image-similarity', revisionId: 'h_images_1' });
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url === '/v3/moderation/keywords') res.end(JSON.stringify(listing));
    else if (req.url === '/v3/moderation/keywords/images') res.end(JSON.stringify({ data: listing.data[2] }));
    else res.end(JSON.stringify({ data: listing.data[0] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = createClient({ apiKey: 'k', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3` });
});
afterAll(async () => {
  await client.close();
  await new Promise((resolve) => server.close(resolve));
});

test('the listing reads; the unknown list is set aside and named', async () => {
  const listing = await readKeywordListing(client);
  expect(listing.lists.map((l) => l.id)).toEqual(['profane-word-list-1']);
  expect(listing.defaults.map((l) => l.id)).toEqual(['profanity-list']);
  expect(listing.unknownCategory).toEqual([{ id: 'images', name: 'Images', category: 'image-similarity' }]);
});

test('a file claiming that id fails that list alone with a clear problem, never an overwrite', async () => {
  const live = await readLiveLists(createKeywordTarget(client, 't'), ['images', 'profane-word-list-1']);
  expect(live.lists.map((l) => l.id)).toEqual(['profane-word-list-1']);
  expect(live.unreadable).toEqual([
    { id: 'images', problems: ['category: "image-similarity" is a category kwsync does not know (it knows word, pattern, sentence-similarity)'], wanted: true },
  ]);
  const err = (await thrown(() => findKeywordList(client, 'images'))) as ApiError;
  expect(err).toBeInstanceOf(ApiError);
  expect(err.message).toBe('GET /moderation/keywords/images: the live list "images" has category "image-similarity", which kwsync does not know');
  expect(err.hint).toMatch(/leaves other lists alone/);
});
