// The emulator answers in the shapes of CometChat's published examples (test/api/fixtures): the same
// field names per resource, `default` only on default lists, the published DELETE message and the
// calls pagination without per_page. Raw HTTP, so nothing on the client side smooths it over.
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { example } from '../api/published-examples.js';
import { createList, send } from './http.js';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.close());

const keys = (o: object) => Object.keys(o).sort();

describe('keyword lists', () => {
  test('POST answers the published fields: no `default`, no database fields', async () => {
    const res = await createList(emu, { id: 'shape-1', name: 'n', description: 'd', category: 'word', searchTerms: 'a' });
    expect(keys(res.body.data)).toEqual(keys(example('create-rule-keyword').data));
  });

  test('listing items: an ordinary list as the first published item, a default list as the second', async () => {
    const res = await send(emu, 'GET', '/moderation/keywords');
    const [ordinaryExample, defaultExample] = example('list-rule-keywords').data;
    const ordinary = res.body.data.find((l: { id: string }) => l.id === 'shape-1');
    const fallback = res.body.data.find((l: { default?: boolean }) => l.default === true);
    expect(keys(ordinary)).toEqual(keys(ordinaryExample));
    expect(keys(fallback)).toEqual(keys(defaultExample)); // the seed's default list has no description, like the example
    expect(fallback.appId).toBe('default');
    expect(ordinary.appId).toMatch(/^[0-9a-f]{16}$/);
    expect(ordinary.revisionId.startsWith(`${ordinary.appId}_`)).toBe(true);
    expect(keys(res.body.meta.current)).toEqual(['count', 'limit']);
  });

  test('GET one of a default list: the published fields', async () => {
    const res = await send(emu, 'GET', '/moderation/keywords/profanity-list');
    expect(keys(res.body.data)).toEqual(keys(example('get-rule-keyword').data));
  });

  test('DELETE answers the published message', async () => {
    const res = await send(emu, 'DELETE', '/moderation/keywords/shape-1');
    expect(res.body).toEqual({ data: { success: true, message: 'Keyword with id shape-1 has been deleted successfully.' } });
  });
});

describe('calls', () => {
  test('the listing: published call fields, participant fields and pagination', async () => {
    const res = await send(emu, 'GET', '/calls?perPage=100', { calls: true });
    const published = example('list-calls');
    expect(keys(res.body.meta.pagination)).toEqual(keys(published.meta.pagination));
    const ended = res.body.data.find((c: { status: string; participants: { isJoined: boolean }[] }) => c.status === 'ended' && c.participants.every((p) => p.isJoined));
    expect(keys(ended)).toEqual(keys(published.data[0]));
    expect(keys(ended.participants[0])).toEqual(keys(published.data[0].participants[0]));
    expect(typeof ended.participants[0].totalDuration).toBe('number');
    expect(ended.totalDuration).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });

  test('the seed holds only published statuses: the enum and `unanswered`', async () => {
    const statuses = new Set<string>();
    for (let page = 1; page <= 2; page++) {
      const res = await send(emu, 'GET', `/calls?perPage=100&page=${page}`, { calls: true });
      for (const c of res.body.data) statuses.add(c.status);
    }
    expect([...statuses].sort()).toEqual(['ended', 'ongoing', 'rejected', 'unanswered']);
  });

  test('the status filter still takes the six seed statuses on input', async () => {
    for (const status of ['initiated', 'ongoing', 'ended', 'unanswered', 'rejected', 'canceled']) {
      expect((await send(emu, 'GET', `/calls?status=${status}`, { calls: true })).status).toBe(200);
    }
    expect((await send(emu, 'GET', '/calls?status=busy', { calls: true })).status).toBe(400);
  });

  test('one call: the published fields; recordings (an assumption) and transcriptions when it has them', async () => {
    const all = (await send(emu, 'GET', '/calls?perPage=100', { calls: true })).body.data as { sessionId: string; status: string; hasTranscription: boolean; hasRecording: boolean }[];
    const plain = all.find((c) => !c.hasRecording && c.status !== 'ongoing');
    const got = (await send(emu, 'GET', `/calls/${plain?.sessionId}`, { calls: true })).body.data;
    expect(keys(got)).toEqual(keys(example('retrieve-call-details').data));
    expect(got).toMatchObject({ metaData: [], tags: [] });
    const transcribed = all.find((c) => c.hasTranscription);
    const withText = (await send(emu, 'GET', `/calls/${transcribed?.sessionId}`, { calls: true })).body.data;
    expect(withText.transcriptions[0]).toMatchObject({ tid: expect.any(String), transcriptUrl: expect.any(String), startTime: expect.any(Number) });
    expect(withText.recordings[0]).toMatchObject({ rid: expect.any(String), recording_url: expect.any(String) }); // transcribed calls are recorded
  });
});
