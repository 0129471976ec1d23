// The second writer of issue 28's property test: 'delete-before' deletes a list just before a
// request runs (the request's own list, or `editList`), and clearFaults() forgets queued faults.
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { createList, send } from './http.js';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.close());
beforeEach(async () => {
  emu.clearFaults();
  for (const id of ['p', 'q']) {
    await send(emu, 'DELETE', `/moderation/keywords/${id}`);
    expect((await createList(emu, { id, name: id, category: 'word', searchTerms: 'a' })).status).toBe(200);
  }
  emu.clearRequests();
});

test('delete-before on a GET by id: the list is gone before the request runs (404)', async () => {
  emu.injectFaults({ type: 'delete-before', count: 1, method: 'GET', path: '/moderation/keywords/p' });
  expect((await send(emu, 'GET', '/moderation/keywords/p')).status).toBe(404);
  expect(emu.requests.map((r) => r.fault)).toEqual(['delete-before']);
});

test('delete-before with editList on the listing: that list is missing from this very listing', async () => {
  emu.injectFaults({ type: 'delete-before', count: 1, method: 'GET', path: /\/moderation\/keywords$/, editList: 'q' });
  const ids = ((await send(emu, 'GET', '/moderation/keywords')).body.data as { id: string }[]).map((l) => l.id);
  expect(ids).toContain('p');
  expect(ids).not.toContain('q');
});

test('clearFaults: a queued fault never fires', async () => {
  emu.injectFaults({ type: 'delete-before', count: 1, method: 'GET', path: '/moderation/keywords/p' });
  emu.injectFaults({ type: '503', count: 5 });
  emu.clearFaults();
  expect((await send(emu, 'GET', '/moderation/keywords/p')).status).toBe(200);
});
