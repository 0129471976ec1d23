// The Calls API over real HTTP: page/perPage paging to the last page, filters, detail, errors.
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { send } from './http.js';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.close());

type Call = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const calls = (query = '', headers: Record<string, string> = {}) => send(emu, 'GET', `/calls${query}`, { calls: true, headers });

test('pages of 100 reach every call once, newest first, with pagination meta', async () => {
  const seen: Call[] = [];
  let page = 1;
  for (;;) {
    const res = await calls(`?page=${page}&perPage=100`);
    expect(res.status).toBe(200);
    const p = res.body.meta.pagination;
    // The published example's pagination: no per_page.
    expect(p).toEqual({ total: 200, count: res.body.data.length, current_page: page, total_pages: 2 });
    seen.push(...res.body.data);
    if (page >= p.total_pages) break;
    page += 1;
  }
  expect(seen).toHaveLength(200);
  expect(new Set(seen.map((c) => c.sessionId)).size).toBe(200);
  const started = seen.map((c) => c.initiatedAt);
  expect([...started].sort((a, b) => b - a)).toEqual(started);
  expect((await calls('?page=3&perPage=100')).body.data).toEqual([]);
});

test('defaults to 25 per page; perPage over 100 or page 0 is 400', async () => {
  expect((await calls()).body.meta.pagination).toMatchObject({ current_page: 1, total_pages: 8, count: 25 });
  for (const q of ['?perPage=101', '?perPage=0', '?page=0']) {
    const res = await calls(q);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'ERR_BAD_REQUEST', source: 'calls-api' });
  }
});

test('a listed call has the spec fields and participant fields', async () => {
  const c = (await calls('?status=ended&perPage=1')).body.data[0] as Call;
  for (const k of ['sessionId', 'type', 'mode', 'receiverType', 'status', 'totalAudioMinutes', 'totalVideoMinutes', 'totalDurationInMinutes',
    'totalDuration', 'totalParticipants', 'hasRecording', 'startedAt', 'endedAt', 'participants', 'initiator', 'receiver', 'initiatedAt', 'mid', 'hasTranscription']) {
    expect(c).toHaveProperty(k);
  }
  expect(c.totalDuration).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  expect(c.totalParticipants).toBe(c.participants.length);
  expect(Object.keys(c.participants[0]).sort()).toEqual(
    ['deviceId', 'isJoined', 'joinedAt', 'leftAt', 'mid', 'state', 'totalAudioMinutes', 'totalDuration', 'totalVideoMinutes', 'uid'].sort(),
  );
  // As published: a participant's totalDuration is a number of minutes, the call's is "HH:MM:SS".
  expect(typeof c.participants[0].totalDuration).toBe('number');
  for (const hidden of ['recordings', 'transcriptions', 'metaData', 'tags']) expect(c).not.toHaveProperty(hidden);
});

test('some participants join from several devices and count once per device', async () => {
  const all = (await calls('?perPage=100')).body.data.concat((await calls('?perPage=100&page=2')).body.data) as Call[];
  const multi = all.find((c) => new Set(c.participants.map((p: Call) => p.uid)).size < c.participants.length);
  expect(multi).toBeDefined();
  expect(multi?.totalParticipants).toBe(multi?.participants.length);
});

test.each<[string, (c: Call) => boolean]>([
  ['type=audio', (c) => c.type === 'audio'],
  ['mode=meet', (c) => c.mode === 'meet'],
  ['status=unanswered', (c) => c.status === 'unanswered'],
  ['receiverType=group', (c) => c.receiverType === 'group'],
  ['uid=cometchat-uid-4', (c) => c.participants.some((p: Call) => p.uid === 'cometchat-uid-4') || c.initiator === 'cometchat-uid-4' || c.receiver === 'cometchat-uid-4'],
  ['startedAt=1718400000', (c) => c.startedAt >= 1_718_400_000],
  ['endedAt=1718400000', (c) => c.endedAt <= 1_718_400_000],
  ['hasRecording=true', (c) => c.hasRecording === true],
  ['hasRecording=false', (c) => c.hasRecording === false],
  ['hasTranscription=true', (c) => c.hasTranscription === true],
  ['participantsCount=2', (c) => c.totalParticipants === 2],
])('filter %s', async (query, keep) => {
  const res = await calls(`?${query}&perPage=100`);
  expect(res.status).toBe(200);
  expect(res.body.data.length).toBeGreaterThan(0);
  expect(res.body.meta.pagination.total).toBeLessThan(200);
  expect(res.body.data.every(keep)).toBe(true);
});

test('onBehalfOf scopes the list to that user', async () => {
  const res = await calls('?perPage=100', { onBehalfOf: 'cometchat-uid-7' });
  expect(res.body.data.length).toBeGreaterThan(0);
  expect(res.body.data.every((c: Call) => c.participants.some((p: Call) => p.uid === 'cometchat-uid-7') || c.receiver === 'cometchat-uid-7')).toBe(true);
});

test('GET /calls/:sessionId adds metaData, tags and recordings; unknown is 404', async () => {
  const listed = (await calls('?hasRecording=true&perPage=1')).body.data[0] as Call;
  const res = await send(emu, 'GET', `/calls/${encodeURIComponent(listed.sessionId)}`, { calls: true });
  expect(res.status).toBe(200);
  expect(res.body.data).toMatchObject({ ...listed, metaData: [], tags: [] });
  expect(res.body.data.recordings[0]).toEqual({
    rid: expect.any(String), duration: expect.any(Number), startTime: expect.any(Number), endTime: expect.any(Number), recording_url: expect.stringMatching(/^https:/),
  });
  const missing = await send(emu, 'GET', '/calls/v1.us.nope', { calls: true });
  expect(missing.status).toBe(404);
  expect(missing.body).toEqual({ error: { message: expect.any(String), devMessage: expect.any(String), source: 'calls-api', code: 'ERR_CALL_SESSION_NOT_FOUND' } });
});

test('bad filter values are 400', async () => {
  const res = await calls('?type=hologram');
  expect(res.status).toBe(400);
  expect(res.body.error.message).toContain('type');
});
