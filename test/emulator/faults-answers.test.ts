// The faults that rewrite an answer: 'other-list' (the answer names another list) and
// 'no-default-flag' (`default` dropped; a default list keeps only `appId: "default"`, or nothing).
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, defaultLists: 'published' });
});
afterAll(async () => {
  await emu.close();
});

const get = async (path: string) => {
  const res = await fetch(`${emu.chatBaseUrl}${path}`, { headers: { apikey: emu.apiKey } });
  return (await res.json()) as { data: Record<string, unknown> | Record<string, unknown>[] };
};

test('other-list renames the answer, once per count, then answers normally', async () => {
  emu.injectFaults({ type: 'other-list', count: 1, method: 'GET', path: '/moderation/keywords/profanity-list', answerId: 'profanity' });
  expect((await get('/moderation/keywords/profanity-list')).data).toMatchObject({ id: 'profanity', name: 'Profane Words' });
  expect((await get('/moderation/keywords/profanity-list')).data).toMatchObject({ id: 'profanity-list' });
  emu.injectFaults({ type: 'other-list', count: 1, method: 'GET', path: '/moderation/keywords/profanity-list' });
  expect((await get('/moderation/keywords/profanity-list')).data).toMatchObject({ id: 'PROFANITY-LIST' });
});

test('no-default-flag: GET by id keeps only appId "default"; with dropAppId the listing says nothing', async () => {
  const plain = (await get('/moderation/keywords/profanity-list')).data as Record<string, unknown>;
  expect(plain['default']).toBe(true);
  emu.injectFaults({ type: 'no-default-flag', count: 1, method: 'GET', path: '/moderation/keywords/profanity-list' });
  const one = (await get('/moderation/keywords/profanity-list')).data as Record<string, unknown>;
  expect('default' in one).toBe(false);
  expect(one['appId']).toBe('default');
  emu.injectFaults({ type: 'no-default-flag', dropAppId: true, count: 1, method: 'GET', path: /^\/moderation\/keywords$/ });
  const item = ((await get('/moderation/keywords')).data as Record<string, unknown>[]).find((l) => l['id'] === 'profanity-list')!;
  expect('default' in item || 'appId' in item).toBe(false);
});
