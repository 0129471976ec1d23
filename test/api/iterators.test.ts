// Unit: the paging iterators against a fake client (no HTTP), for the edge cases a real server
// rarely produces: a repeated cursor, an empty page with a cursor, a stale current_page.
import { iterateCalls, iterateGroupMessages, type CometChatClient } from '../../src/api/index.js';
import type { ApiRequest } from '../../src/api/client.js';
import { DEFAULT_TERMS_SETTINGS } from '../../src/model/terms-encoding.js';
import { collect, thrown } from './emulator-fixture.js';
import { KwsyncError } from '../../src/errors.js';

function fakeClient(pages: unknown[]): CometChatClient & { sent: ApiRequest[] } {
  const sent: ApiRequest[] = [];
  return {
    sent,
    baseUrls: { chat: 'http://fake/v3', calls: 'http://fake/calls/v3' },
    termsSettings: DEFAULT_TERMS_SETTINGS,
    retryPolicy: {} as CometChatClient['retryPolicy'],
    stats: { requests: 0, attempts: 0, paced: 0 },
    async send(req, schema) {
      sent.push(req);
      const body = pages[Math.min(sent.length - 1, pages.length - 1)];
      req.onJson?.(body);
      return schema.parse(body);
    },
    async probe() {
      throw new Error('the iterators never probe');
    },
    async close() {},
  };
}

const msg = (id: string) => ({ id, sender: 'u', receiverType: 'group', receiver: 'g', category: 'message', type: 'text', sentAt: 1 });

describe.each([false, true])('iterateGroupMessages (readAhead %s)', (readAhead) => {
  test('follows meta.next with affix and id, keeping the filters', async () => {
    const client = fakeClient([
      { data: [msg('1'), msg('2')], meta: { next: { affix: 'append', sentAt: 1, id: '2' } } },
      { data: [msg('3')], meta: {} },
    ]);
    const all = await collect(iterateGroupMessages(client, 'g', { limit: 2, sender: 'u' }, { readAhead }));
    expect(all.map((m) => m.id)).toEqual(['1', '2', '3']);
    expect(client.sent.map((r) => r.query)).toEqual([
      expect.objectContaining({ limit: 2, sender: 'u' }),
      expect.objectContaining({ limit: 2, sender: 'u', affix: 'append', id: '2' }),
    ]);
  });

  test('a repeated cursor stops the walk instead of looping', async () => {
    const client = fakeClient([{ data: [msg('1')], meta: { next: { affix: 'append', sentAt: 1, id: '1' } } }]);
    expect(await collect(iterateGroupMessages(client, 'g', {}, { readAhead }))).toHaveLength(2);
    expect(client.sent).toHaveLength(2);
  });

  test('an empty page stops even with a cursor', async () => {
    const client = fakeClient([{ data: [], meta: { next: { affix: 'append', sentAt: 1, id: '9' } } }]);
    expect(await collect(iterateGroupMessages(client, 'g', {}, { readAhead }))).toEqual([]);
    expect(client.sent).toHaveLength(1);
  });
});

test('read-ahead stays one page ahead of the caller, however many pages follow', async () => {
  const pages = Array.from({ length: 6 }, (_, i) => ({ data: [msg(String(i))], meta: { next: { affix: 'append', sentAt: 1, id: String(i) } } }));
  const client = fakeClient(pages);
  const it = iterateGroupMessages(client, 'g', {}, { readAhead: true });
  expect((await it.next()).value?.id).toBe('0');
  await new Promise((r) => setTimeout(r, 20));
  expect(client.sent).toHaveLength(2); // page 1 held by the caller, page 2 asked for, no more
  expect((await it.next()).value?.id).toBe('1');
  await new Promise((r) => setTimeout(r, 20));
  expect(client.sent).toHaveLength(3);
  await it.return(undefined);
});

describe('iterateCalls', () => {
  const call = (sessionId: string) => ({ sessionId, type: 'audio', mode: 'call', receiverType: 'user', status: 'ended' });
  const meta = (current_page: number, total_pages: number) => ({ pagination: { total: 3, count: 1, per_page: 1, current_page, total_pages } });

  test('asks for each page in turn up to total_pages', async () => {
    const client = fakeClient([
      { data: [call('a')], meta: meta(1, 3) },
      { data: [call('b')], meta: meta(2, 3) },
      { data: [call('c')], meta: meta(3, 3) },
    ]);
    expect((await collect(iterateCalls(client, { perPage: 1 }))).map((c) => c.sessionId)).toEqual(['a', 'b', 'c']);
    // /calls declares no `page`: the first request goes without it.
    expect(client.sent.map((r) => r.query?.page)).toEqual([undefined, 2, 3]);
  });

  test('without meta.pagination one page is all there is', async () => {
    const client = fakeClient([{ data: [call('a'), call('b')] }, { data: [call('c')] }]);
    expect((await collect(iterateCalls(client))).map((c) => c.sessionId)).toEqual(['a', 'b']);
    expect(client.sent).toHaveLength(1);
  });

  // `page` is not declared on /calls: a service that ignores it must not pass page 1 off as all.
  test.each([
    ['a stale current_page', [{ data: [call('a')], meta: meta(1, 3) }, { data: [call('b')], meta: meta(1, 3) }], /it answered current_page 1/],
    ['the same first call again', [{ data: [call('a')], meta: { pagination: { total: 9, count: 1 } } }], /it started with the same call \(a\) as page 1/],
  ])('a server that ignores `page` (%s) stops the walk with an error', async (_, pages, said) => {
    const client = fakeClient(pages);
    const got: string[] = [];
    const err = await thrown(async () => {
      for await (const c of iterateCalls(client)) got.push(c.sessionId);
    });
    expect(got).toEqual(['a']);
    expect(client.sent).toHaveLength(2);
    expect(err).toBeInstanceOf(KwsyncError);
    expect((err as KwsyncError).message).toMatch(/^GET \/calls ignored page=2: /);
    expect((err as KwsyncError).message).toMatch(said);
    expect((err as KwsyncError).hint).toContain('kwsync doctor');
  });

  test('total_pages absent: pages follow until `total` calls are seen', async () => {
    const pg = { pagination: { total: 2, count: 1 } };
    const client = fakeClient([{ data: [call('a')], meta: pg }, { data: [call('b')], meta: pg }, { data: [call('z')], meta: pg }]);
    expect((await collect(iterateCalls(client))).map((c) => c.sessionId)).toEqual(['a', 'b']);
  });
});
