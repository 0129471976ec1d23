// GET /groups/:guid/messages over real HTTP: cursor paging to the last page, every filter, shapes.
import { startEmulator, BUSY_GROUP, BUSY_GROUP_MESSAGES, type RunningEmulator } from '../../src/emulator/index.js';
import { send } from './http.js';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.close());

type Msg = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const list = async (query: string, headers: Record<string, string> = {}, guid = BUSY_GROUP) =>
  send(emu, 'GET', `/groups/${guid}/messages${query}`, { headers });
const all = async (query: string, headers: Record<string, string> = {}): Promise<Msg[]> =>
  (await list(`?limit=1000${query}`, headers)).body.data;

describe('paging', () => {
  test('append pages of 1000 reach every message, ascending, and the last page has no next', async () => {
    const ids: number[] = [];
    let query = '?limit=1000';
    let pages = 0;
    for (;;) {
      const res = await list(query);
      expect(res.status).toBe(200);
      pages += 1;
      ids.push(...res.body.data.map((m: Msg) => Number(m.id)));
      expect(res.body.meta.current).toEqual({ limit: 1000, count: res.body.data.length });
      const next = res.body.meta.next;
      if (!next) break;
      const last = res.body.data[res.body.data.length - 1];
      expect(next).toEqual({ affix: 'append', sentAt: last.sentAt, id: last.id });
      query = `?limit=1000&affix=append&id=${next.id}`;
    }
    expect(pages).toBe(BUSY_GROUP_MESSAGES / 1000);
    expect(ids).toHaveLength(BUSY_GROUP_MESSAGES);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('default limit is 10; prepend returns the messages before id, ascending', async () => {
    const first = await list('');
    expect(first.body.data).toHaveLength(10);
    expect(first.body.meta.current.limit).toBe(10);
    const before = await list('?affix=prepend&id=100&limit=5');
    expect(before.body.data.map((m: Msg) => m.id)).toEqual(['95', '96', '97', '98', '99']);
    expect(before.body.meta.next).toMatchObject({ affix: 'prepend', id: '95' });
    const start = await list('?affix=prepend&id=3&limit=5');
    expect(start.body.data.map((m: Msg) => m.id)).toEqual(['1', '2']);
    expect(start.body.meta.next).toBeUndefined();
  });

  test.each(['0', '1001', 'ten', '1.5'])('limit=%s is 400 ERR_BAD_REQUEST', async (limit) => {
    const res = await list(`?limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'ERR_BAD_REQUEST', source: 'chat-api' });
    expect(res.body.error.message).toContain('limit');
  });

  test('unknown group is 404 ERR_GUID_NOT_FOUND', async () => {
    const res = await list('', {}, 'no-such-group');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('ERR_GUID_NOT_FOUND');
  });
});

describe('message shape', () => {
  test('a text message has the spec fields, entities and second timestamps', async () => {
    const m = (await all('&types=text')).at(0) as Msg;
    expect(m).toMatchObject({ conversationId: `group_${BUSY_GROUP}`, receiverType: 'group', receiver: BUSY_GROUP, category: 'message', type: 'text' });
    expect(typeof m.id).toBe('string');
    expect(typeof m.data.text).toBe('string');
    expect(m.data.metadata).toEqual({});
    expect(m.data.entities.sender).toMatchObject({ entityType: 'user', entity: { uid: m.sender } });
    expect(Object.keys(m.data.entities.sender.entity).sort()).toEqual(['avatar', 'createdAt', 'name', 'role', 'status', 'uid']);
    expect(m.data.entities.receiver).toMatchObject({ entityType: 'group', entity: { guid: BUSY_GROUP, conversationId: `group_${BUSY_GROUP}` } });
    expect(m.sentAt).toBeLessThan(10_000_000_000); // seconds, not milliseconds
    expect(m.updatedAt).toBeGreaterThanOrEqual(m.sentAt);
  });
});

describe('filters', () => {
  test('fromTimestamp/toTimestamp bound sentAt', async () => {
    const page = await all('');
    const from = page[100]?.sentAt as number;
    const to = page[200]?.sentAt as number;
    const got = await all(`&fromTimestamp=${from}&toTimestamp=${to}`);
    expect(got.length).toBeGreaterThanOrEqual(101);
    expect(got.every((m) => m.sentAt >= from && m.sentAt <= to)).toBe(true);
  });

  test.each<[string, (m: Msg) => boolean]>([
    ['&searchKey=DEPLOY', (m) => String(m.data.text).toLowerCase().includes('deploy')],
    ['&sender=cometchat-uid-3', (m) => m.sender === 'cometchat-uid-3'],
    ['&hideReplies=true', (m) => m.parentId === undefined],
    ['&hasMentions=true', (m) => m.mentionedUsers.length > 0],
    ['&mentionedUids=cometchat-uid-1,cometchat-uid-2', (m) => m.mentionedUsers.some((u: Msg) => ['cometchat-uid-1', 'cometchat-uid-2'].includes(u.uid))],
    ['&hasAttachments=true', (m) => m.data.attachments.length > 0],
    ['&attachmentTypes=image&attachmentTypes=audio', (m) => ['image', 'audio'].includes(m.type)],
    ['&hasLinks=true', (m) => /https?:\/\//.test(m.data.text)],
    ['&hasReactions=true', (m) => m.reactions.length > 0],
    ['&withTags=true&tags=important', (m) => m.tags.includes('important')],
    ['&types=image,video', (m) => ['image', 'video'].includes(m.type)],
    ['&type=file', (m) => m.type === 'file'],
    ['&categories[]=message', (m) => m.category === 'message'],
    ['&category=custom', () => false],
  ])('%s keeps only matching messages', async (query, keep) => {
    const got = await all(query);
    if (query !== '&category=custom') expect(got.length).toBeGreaterThan(0);
    else expect(got).toHaveLength(0);
    expect(got.every(keep)).toBe(true);
  });

  test('myMentionsOnly uses the onBehalfOf header and needs it', async () => {
    const got = await all('&myMentionsOnly=true', { onBehalfOf: 'cometchat-uid-5' });
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((m) => m.mentionedUsers.some((u: Msg) => u.uid === 'cometchat-uid-5'))).toBe(true);
    const missing = await list('?myMentionsOnly=true');
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('onBehalfOf');
  });

  test('unread (approximate) excludes own messages and those read already', async () => {
    const got = await all('&unread=true', { onBehalfOf: 'cometchat-uid-2' });
    expect(got.every((m) => m.sender !== 'cometchat-uid-2')).toBe(true);
    const counted = await list('?unread=true&count=true', { onBehalfOf: 'cometchat-uid-2' });
    expect(counted.body.meta.count).toBeGreaterThan(0);
    expect(counted.body.meta.count).toBeLessThan(BUSY_GROUP_MESSAGES);
  });

  test('count=true adds the total of matching messages', async () => {
    const res = await list('?count=true&hasMentions=true&limit=5');
    expect(res.body.meta.count).toBeGreaterThan(5);
    expect(res.body.data).toHaveLength(5);
  });

  test.each(['undelivered', 'hideMessagesFromBlockedUsers', 'mentionsWithBlockedInfo', 'mentionsWithTagInfo', 'hideQuotedMessages'])(
    '%s (nothing in the world for it) is checked as a boolean and changes nothing',
    async (name) => {
      const plain = await list('?limit=20');
      const flagged = await list(`?limit=20&${name}=true`);
      expect(flagged.status).toBe(200);
      expect(flagged.body.data.map((m: Msg) => m.id)).toEqual(plain.body.data.map((m: Msg) => m.id));
      const bad = await list(`?${name}=maybe`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain(name);
    },
  );

  test('withTags absent leaves tags out; bad booleans are 400', async () => {
    expect((await all('&tags=important'))[0]?.tags).toBeUndefined();
    const bad = await list('?hasLinks=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('hasLinks');
  });
});
