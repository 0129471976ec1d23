// Contract: the Calls API (list with filters and paging, get one call with recordings).
import { ApiError } from '../../src/errors.js';
import { getCall, iterateCalls, listCalls, type CometChatClient } from '../../src/api/index.js';
import { collect, startFixture, thrown, type Fixture } from './emulator-fixture.js';

let fx: Fixture;
let client: CometChatClient;
beforeAll(async () => {
  fx = await startFixture();
  client = fx.client();
});
afterAll(() => fx.close());

describe('listCalls', () => {
  test('one page with meta.pagination', async () => {
    const page = await listCalls(client, { page: 2, perPage: 10 });
    expect(page.data).toHaveLength(10);
    const p = page.meta?.pagination;
    expect(p).toMatchObject({ current_page: 2, count: 10, total: expect.any(Number) });
    expect(p?.total_pages).toBe(Math.ceil((p?.total ?? 0) / 10));
  });

  test('filters: type, mode, status, receiverType, uid, times, recording, transcription', async () => {
    const ended = await collect(iterateCalls(client, { status: 'ended', type: 'video', perPage: 100 }));
    expect(ended.length).toBeGreaterThan(0);
    for (const c of ended) expect([c.status, c.type]).toEqual(['ended', 'video']);

    const groupMeet = await listCalls(client, { receiverType: 'group', mode: 'meet', perPage: 100 });
    for (const c of groupMeet.data) expect([c.receiverType, c.mode]).toEqual(['group', 'meet']);

    const recorded = await listCalls(client, { hasRecording: true, hasTranscription: false, perPage: 100 });
    expect(recorded.data.length).toBeGreaterThan(0);
    for (const c of recorded.data) expect([c.hasRecording, c.hasTranscription]).toEqual([true, false]);

    const uid = recorded.data[0]!.initiator!;
    const mine = await listCalls(client, { uid, perPage: 100 });
    for (const c of mine.data) expect([c.initiator, c.receiver, ...(c.participants ?? []).map((p) => p.uid)]).toContain(uid);

    const t = recorded.data[0]!.startedAt!;
    const later = await collect(iterateCalls(client, { startedAt: t, perPage: 100 }));
    for (const c of later) expect(c.startedAt!).toBeGreaterThanOrEqual(t);
    const endedBy = await listCalls(client, { endedAt: t, perPage: 100 });
    for (const c of endedBy.data) expect(c.endedAt!).toBeLessThanOrEqual(t);
  });

  test('onBehalfOf scopes the list to that user', async () => {
    const first = (await listCalls(client, { perPage: 1 })).data[0]!;
    const scoped = await listCalls(client, { onBehalfOf: first.initiator!, perPage: 100 });
    const all = await listCalls(client, { perPage: 100 });
    expect(scoped.meta?.pagination?.total).toBeLessThan(all.meta!.pagination!.total!);
    expect(scoped.data.map((c) => c.sessionId)).toContain(first.sessionId);
  });

  test('a bad page number is refused before sending', async () => {
    fx.emu.clearRequests();
    await expect(listCalls(client, { page: 0 })).rejects.toThrow(/page must be a whole number/);
    expect(fx.emu.requests).toHaveLength(0);
  });
});

describe('iterateCalls', () => {
  test('pages to the last page, each call once', async () => {
    const first = await listCalls(client, { perPage: 17 });
    fx.emu.clearRequests();
    const all = await collect(iterateCalls(client, { perPage: 17 }));
    expect(all).toHaveLength(first.meta!.pagination!.total!);
    expect(new Set(all.map((c) => c.sessionId)).size).toBe(all.length);
    expect(fx.emu.requests).toHaveLength(first.meta!.pagination!.total_pages!);
  });

  test('a filter matching nothing gives one request and no calls', async () => {
    fx.emu.clearRequests();
    expect(await collect(iterateCalls(client, { uid: 'nobody-at-all' }))).toEqual([]);
    expect(fx.emu.requests).toHaveLength(1);
  });
});

describe('a service that ignores the undeclared `page` (emulator callsIgnorePage)', () => {
  test('page 2 answers current_page 1; iterateCalls stops with an error after page 1, never repeats it', async () => {
    const ignoring = await startFixture({ callsIgnorePage: true });
    try {
      const c = ignoring.client();
      const [one, two] = [await listCalls(c, { perPage: 5 }), await listCalls(c, { perPage: 5, page: 2 })];
      expect(two.meta?.pagination?.current_page).toBe(1);
      expect(two.data.map((x) => x.sessionId)).toEqual(one.data.map((x) => x.sessionId));
      const got: string[] = [];
      const err = await thrown(async () => {
        for await (const call of iterateCalls(c, { perPage: 5 })) got.push(call.sessionId);
      });
      expect(got).toEqual(one.data.map((x) => x.sessionId));
      expect((err as Error).message).toMatch(/^GET \/calls ignored page=2: it answered current_page 1/);
      expect(ignoring.emu.requests.map((r) => r.path).slice(-2)).toEqual(['/calls/v3/calls', '/calls/v3/calls']);
    } finally {
      await ignoring.close();
    }
  });
});

describe('getCall', () => {
  test('returns one call with participants and recordings', async () => {
    const recorded = (await listCalls(client, { hasRecording: true, perPage: 1 })).data[0]!;
    expect(recorded.recordings).toBeUndefined();
    const call = await getCall(client, recorded.sessionId);
    expect(call.sessionId).toBe(recorded.sessionId);
    expect(call.participants?.length).toBeGreaterThan(0);
    expect(call.recordings?.length).toBeGreaterThan(0);
    expect(call.recordings![0]).toEqual(
      expect.objectContaining({ rid: expect.any(String), duration: expect.any(Number), recording_url: expect.stringMatching(/^https?:/) }),
    );
  });

  test('an unknown session is ERR_CALL_SESSION_NOT_FOUND', async () => {
    const err = await thrown(() => getCall(client, 'v1.us.nope'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, code: 'ERR_CALL_SESSION_NOT_FOUND', path: '/calls/v1.us.nope' });
    expect((err as ApiError).hint).toMatch(/kwsync calls list/);
  });
});
