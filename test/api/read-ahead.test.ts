// Reading one page ahead (`readAhead`), over real HTTP: the same messages in the same order as the
// plain walk, and the next page is asked for before the caller has finished with this one.
import { BUSY_GROUP } from '../../src/emulator/index.js';
import { iterateGroupMessagePages, iterateGroupMessages, newestTextMessages } from '../../src/api/index.js';
import { collect, startFixture, type Fixture } from './emulator-fixture.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(() => f.close());
beforeEach(() => f.emu.clearRequests());

const messagePages = () => f.emu.requests.filter((r) => r.path.startsWith(`/v3/groups/${BUSY_GROUP}/messages`));

test('the walk with read-ahead yields exactly the messages of the plain walk, with the same requests', async () => {
  const client = f.client();
  for (const affix of ['append', 'prepend'] as const) {
    const query = { limit: 700, affix, hideReplies: true };
    f.emu.clearRequests();
    const plain = (await collect(iterateGroupMessages(client, BUSY_GROUP, query))).map((m) => m.id);
    const plainRequests = messagePages().map((r) => r.path);
    f.emu.clearRequests();
    const ahead = (await collect(iterateGroupMessages(client, BUSY_GROUP, query, { readAhead: true }))).map((m) => m.id);
    expect(ahead).toEqual(plain);
    expect(messagePages().map((r) => r.path)).toEqual(plainRequests);
    expect(plain.length).toBeGreaterThan(1000);
  }
});

test('with read-ahead the next page is on its way while the caller still holds this one; without, it is not', async () => {
  const client = f.client();
  f.emu.setFaults({ responseTimeMs: 50 });
  try {
    for (const readAhead of [true, false]) {
      f.emu.clearRequests();
      const pages = iterateGroupMessagePages(client, BUSY_GROUP, { limit: 1000 }, { readAhead });
      const first = await pages.next();
      expect(first.value?.data).toHaveLength(1000);
      // Give the next request ample time to reach the emulator (it is held there, answered later).
      for (let i = 0; i < 100 && messagePages().length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(messagePages()).toHaveLength(readAhead ? 2 : 1);
      await pages.return(undefined);
    }
  } finally {
    f.emu.setFaults({});
  }
});

test('an error on the page read ahead is not lost: it reaches the caller when it reads on', async () => {
  const client = f.client({ retry: { maxRetries: 0 } });
  f.emu.injectFaults({ type: '503', count: 1, path: `/groups/${BUSY_GROUP}/messages`, skip: 1 });
  const pages = iterateGroupMessagePages(client, BUSY_GROUP, { limit: 1000 }, { readAhead: true });
  const first = await pages.next();
  expect(first.value?.data).toHaveLength(1000);
  await expect(pages.next()).rejects.toMatchObject({ status: 503 });
});

test('newestTextMessages: the newest `count` text messages, newest first, across pages, as the plain walk gives them', async () => {
  const client = f.client();
  const plain: { id: string; text: string }[] = [];
  for await (const m of iterateGroupMessages(client, BUSY_GROUP, { affix: 'prepend', limit: 1000 })) {
    if (typeof m.data?.text === 'string') plain.push({ id: m.id, text: m.data.text });
    if (plain.length === 1500) break;
  }
  f.emu.clearRequests();
  const newest = await collect(newestTextMessages(client, BUSY_GROUP, 1500));
  expect(newest).toEqual(plain);
  expect(messagePages().length).toBeGreaterThanOrEqual(2);
  expect(await collect(newestTextMessages(client, BUSY_GROUP, 0))).toEqual([]);
});
