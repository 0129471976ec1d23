// Contract: list group messages, every filter family, and cursor paging to the last page.
import { ApiError, UsageError } from '../../src/errors.js';
import { iterateGroupMessages, listGroupMessages, type CometChatClient, type Message } from '../../src/api/index.js';
import { BUSY_GROUP, BUSY_GROUP_MESSAGES } from '../../src/emulator/index.js';
import { collect, startFixture, thrown, type Fixture } from './emulator-fixture.js';

let fx: Fixture;
let client: CometChatClient;
beforeAll(async () => {
  fx = await startFixture();
  client = fx.client();
});
afterAll(() => fx.close());
const pathOf = `/v3/groups/${BUSY_GROUP}/messages`;
// Fields beyond the spec's message shape that the emulator adds on request.
const mentionsOf = (m: Message) => ((m.mentionedUsers ?? []) as { uid: string }[]).map((u) => u.uid);
const tagsOf = (m: Message) => (m.tags ?? []) as string[];

describe('listGroupMessages', () => {
  test('one page: typed messages, meta.current and a next cursor', async () => {
    const page = await listGroupMessages(client, BUSY_GROUP, { limit: 5 });
    expect(page.data).toHaveLength(5);
    expect(page.meta?.current).toEqual({ limit: 5, count: 5 });
    expect(page.meta?.next).toEqual({ affix: 'append', sentAt: expect.any(Number), id: page.data[4]!.id });
    for (const m of page.data) expect(m).toMatchObject({ receiverType: 'group', receiver: BUSY_GROUP, id: expect.any(String) });
  });

  test('filters reach the service as it expects them (booleans, arrays, comma lists, timestamps)', async () => {
    const sample = (await listGroupMessages(client, BUSY_GROUP, { limit: 200 })).data;
    const sender = sample[0]!.sender;
    const bySender = await listGroupMessages(client, BUSY_GROUP, { limit: 50, sender, hideReplies: true, hasMentions: false });
    expect(bySender.data.length).toBeGreaterThan(0);
    for (const m of bySender.data) expect(m.sender).toBe(sender);
    expect(bySender.data.some((m) => 'parentId' in m)).toBe(false);

    const from = sample[10]!.sentAt;
    const to = sample[100]!.sentAt;
    const window = await listGroupMessages(client, BUSY_GROUP, { limit: 1000, fromTimestamp: from, toTimestamp: to });
    for (const m of window.data) expect(m.sentAt >= from && m.sentAt <= to).toBe(true);

    const mentioned = await listGroupMessages(client, BUSY_GROUP, { limit: 20, hasMentions: true });
    for (const m of mentioned.data) expect(mentionsOf(m).length).toBeGreaterThan(0);
    const uid = mentionsOf(mentioned.data[0]!)[0]!;
    const mentioning = await listGroupMessages(client, BUSY_GROUP, { limit: 20, mentionedUids: [uid, 'nobody'] });
    for (const m of mentioning.data) {
      expect(mentionsOf(m)).toContain(uid);
    }

    const typed = await listGroupMessages(client, BUSY_GROUP, { limit: 50, categories: ['message'], types: ['text', 'image'] });
    for (const m of typed.data) expect(['text', 'image']).toContain(m.type);

    const tagged = await listGroupMessages(client, BUSY_GROUP, { limit: 1000, withTags: true });
    const tag = tagged.data.flatMap(tagsOf)[0];
    expect(tag).toEqual(expect.any(String));
    const withTag = await listGroupMessages(client, BUSY_GROUP, { limit: 50, tags: [tag!, 'no-such-tag'], withTags: true });
    expect(withTag.data.length).toBeGreaterThan(0);
    for (const m of withTag.data) expect(tagsOf(m)).toContain(tag);
  });

  test('onBehalfOf travels as a header: myMentionsOnly needs it', async () => {
    const err = await thrown(() => listGroupMessages(client, BUSY_GROUP, { myMentionsOnly: true }));
    expect(err).toMatchObject({ status: 400, code: 'ERR_BAD_REQUEST', hint: expect.stringMatching(/check the option values/) });
    expect((err as { hint: string }).hint).not.toMatch(/kwsync validate/);
    const sample = await listGroupMessages(client, BUSY_GROUP, { limit: 20, hasMentions: true });
    const uid = mentionsOf(sample.data[0]!)[0]!;
    const mine = await listGroupMessages(client, BUSY_GROUP, { limit: 20, myMentionsOnly: true, onBehalfOf: uid });
    expect(mine.data.length).toBeGreaterThan(0);
    for (const m of mine.data) expect(mentionsOf(m)).toContain(uid);
  });

  test('an unknown group is ERR_GUID_NOT_FOUND with a hint', async () => {
    const err = await thrown(() => listGroupMessages(client, 'no-such-group', {}));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, code: 'ERR_GUID_NOT_FOUND', hint: expect.stringMatching(/GUID/) });
  });

  test.each([0, 1001, 2.5])('limit %p is refused before anything is sent', async (limit) => {
    fx.emu.clearRequests();
    const err = await thrown(() => listGroupMessages(client, BUSY_GROUP, { limit }));
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(/limit must be a whole number from 1 to 1000/);
    expect(fx.emu.requests).toHaveLength(0);
  });
});

describe('iterateGroupMessages', () => {
  test(`pages through all ${BUSY_GROUP_MESSAGES} messages of the busy group to the last page`, async () => {
    fx.emu.clearRequests();
    const all = await collect(iterateGroupMessages(client, BUSY_GROUP, { limit: 1000 }));
    expect(all).toHaveLength(BUSY_GROUP_MESSAGES);
    expect(new Set(all.map((m) => m.id)).size).toBe(BUSY_GROUP_MESSAGES);
    const ids = all.map((m) => Number(m.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(fx.emu.requests.filter((r) => r.path === pathOf)).toHaveLength(BUSY_GROUP_MESSAGES / 1000);
  });

  test('keeps the filters on every page and stops on the last', async () => {
    const sender = (await listGroupMessages(client, BUSY_GROUP, { limit: 1 })).data[0]!.sender;
    const one = await collect(iterateGroupMessages(client, BUSY_GROUP, { limit: 1000, sender }));
    const small = await collect(iterateGroupMessages(client, BUSY_GROUP, { limit: 37, sender }));
    expect(small.map((m) => m.id)).toEqual(one.map((m) => m.id));
    for (const m of small) expect(m.sender).toBe(sender);
  });

  test('prepend walks backwards from a message id', async () => {
    const page = await listGroupMessages(client, BUSY_GROUP, { limit: 30 });
    const before = await collect(iterateGroupMessages(client, BUSY_GROUP, { limit: 7, affix: 'prepend', id: page.data[29]!.id }));
    expect(new Set(before.map((m) => m.id))).toEqual(new Set(page.data.slice(0, 29).map((m) => m.id)));
  });
});
