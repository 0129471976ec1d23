// The faults that make a lost update or a stuck read: 'edit-before' (another writer's edit just
// before a request), 'trickle' (a body one byte at a time) and 'drop-after' (the write lands, the
// answer is lost), over raw HTTP.
import { fetch } from 'undici';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { createList, send, updateList } from './http.js';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator();
  expect((await createList(emu, { id: 'w', name: 'W', category: 'word', searchTerms: 'a,b' })).status).toBe(200);
});
afterAll(() => emu.close());
beforeEach(() => emu.clearRequests());

test('edit-before: another writer adds a term and raises the revision just before the request runs', async () => {
  const before = (await send(emu, 'GET', '/moderation/keywords/w')).body.data;
  emu.injectFaults({ type: 'edit-before', count: 1, method: 'PUT', path: '/moderation/keywords/w', editTerm: 'theirs' });
  const put = await updateList(emu, 'w', { name: 'W', category: 'word', searchTerms: 'a,b,mine' });
  expect(put.status).toBe(200);
  const rev = (id: string) => Number(/_(\d+)$/.exec(id)?.[1]);
  // Their write and ours: up by two, and ours replaced theirs (the lost update kwsync must report).
  expect(rev(put.body.data.revisionId)).toBe(rev(before.revisionId) + 2);
  expect(put.body.data.searchTerms).toEqual(['a', 'b', 'mine']);
  expect(emu.requests.map((r) => r.fault)).toEqual([undefined, 'edit-before']);
  // A GET with the fault shows the edit itself.
  emu.injectFaults({ type: 'edit-before', count: 1, method: 'GET', path: '/moderation/keywords/w', editTerm: 'again' });
  expect((await send(emu, 'GET', '/moderation/keywords/w')).body.data.searchTerms).toEqual(['a', 'b', 'mine', 'again']);
});

test('trickle: the headers come at once, the body one byte per interval, and it is whole at the end', async () => {
  emu.injectFaults({ type: 'trickle', count: 1, method: 'GET', path: '/moderation/keywords/w', trickleMs: 2 });
  const res = await fetch(`${emu.chatBaseUrl}/moderation/keywords/w`, { headers: { apikey: emu.apiKey } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const chunks: number[] = [];
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value.length);
    text += Buffer.from(value).toString('utf8');
  }
  expect(JSON.parse(text).data.id).toBe('w');
  // Many small pieces, not one body: no chunk larger than a few bytes.
  expect(chunks.length).toBeGreaterThan(20);
  expect(Math.max(...chunks)).toBeLessThanOrEqual(4);
  expect(emu.requests.at(-1)).toMatchObject({ status: 200, fault: 'trickle' });
});

test('drop-after on a DELETE: the list is gone, the client sees the connection die', async () => {
  expect((await createList(emu, { id: 'gone', name: 'G', category: 'word', searchTerms: 'x' })).status).toBe(200);
  emu.injectFaults({ type: 'drop-after', count: 1, method: 'DELETE', path: '/moderation/keywords/gone' });
  await expect(fetch(`${emu.chatBaseUrl}/moderation/keywords/gone`, { method: 'DELETE', headers: { apikey: emu.apiKey } })).rejects.toThrow();
  expect((await send(emu, 'GET', '/moderation/keywords/gone')).status).toBe(404);
});
