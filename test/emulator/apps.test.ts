// Several apps in one emulator: each its own lists, revisions, rate budget, key and state file, at
// /apps/<app>/v3 and /apps/<app>/calls/v3; an unknown app is ERR_APP_NOT_FOUND; /v3 is unchanged.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveBaseUrls } from '../../src/api/base-urls.js';
import { ConfigError } from '../../src/errors.js';
import { appStatePath, startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { createList, send, updateList } from './http.js';

/** The emulator as seen through one named app's base URLs (and key). */
function asApp(emu: RunningEmulator, appId: string): RunningEmulator {
  const app = emu.apps.find((a) => a.appId === appId);
  if (!app) throw new Error(`no app ${appId}`);
  return { ...emu, chatBaseUrl: app.chatBaseUrl, callsBaseUrl: app.callsBaseUrl, apiKey: app.apiKey };
}

const ids = async (emu: RunningEmulator) => (await send(emu, 'GET', '/moderation/keywords')).body.data.map((l: { id: string }) => l.id);

describe('two named apps beside the default app', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ apps: ['staging', { appId: 'prod-eu', apiKey: 'prod-eu-key' }] });
  });
  afterAll(() => emu.close());

  test('the addresses: /apps/<app>/v3 and the calls base the client derives from it', () => {
    expect(emu.apps.map((a) => a.appId)).toEqual(['staging', 'prod-eu']);
    const staging = emu.apps[0]!;
    expect(staging.chatBaseUrl).toBe(`${emu.url}/apps/staging/v3`);
    expect(staging.callsBaseUrl).toBe(`${emu.url}/apps/staging/calls/v3`);
    expect(staging.apiKey).toBe(emu.apiKey);
    expect(resolveBaseUrls({ baseUrl: staging.chatBaseUrl })).toEqual({ chat: staging.chatBaseUrl, calls: staging.callsBaseUrl });
    expect(emu.chatBaseUrl).toBe(`${emu.url}/v3`); // the default app where it always was
  });

  test('each app has its own lists and revisions; every app starts with the default lists', async () => {
    const staging = asApp(emu, 'staging');
    const prod = asApp(emu, 'prod-eu');
    const created = await createList(staging, { id: 'only-staging', name: 'S', category: 'word', searchTerms: 'a,b' });
    expect(created.status).toBe(200);
    await createList(prod, { id: 'shared-id', name: 'P', category: 'word', searchTerms: 'p' });
    await createList(staging, { id: 'shared-id', name: 'S', category: 'word', searchTerms: 's' });
    await updateList(staging, 'shared-id', { category: 'word', searchTerms: 's,t' });

    expect(await ids(staging)).toEqual(expect.arrayContaining(['profanity-list', 'only-staging', 'shared-id']));
    expect(await ids(prod)).toEqual(['profanity-list', 'shared-id']);
    expect(await ids(emu)).toEqual(['profanity-list']);
    const s = (await send(staging, 'GET', '/moderation/keywords/shared-id')).body.data;
    const p = (await send(prod, 'GET', '/moderation/keywords/shared-id')).body.data;
    expect(s.searchTerms).toEqual(['s', 't']);
    expect(p.searchTerms).toEqual(['p']);
    expect(s.revisionId).toMatch(/_shared-id_2$/);
    expect(p.revisionId).toMatch(/_shared-id_1$/);
    expect(s.revisionId.split('_')[0]).not.toBe(p.revisionId.split('_')[0]); // the app hash differs
    expect((await send(prod, 'GET', '/moderation/keywords/only-staging')).body.error.code).toBe('ERR_KEYWORD_NOT_FOUND');
  });

  test('messages and calls are served under each app', async () => {
    const staging = asApp(emu, 'staging');
    const messages = await send(staging, 'GET', '/groups/cometchat-guid-2/messages?limit=3');
    expect(messages.status).toBe(200);
    expect(messages.body.data).toHaveLength(3);
    const calls = await send(staging, 'GET', '/calls?perPage=2', { calls: true });
    expect(calls.status).toBe(200);
    expect(calls.body.data).toHaveLength(2);
  });

  test('an app with a key of its own refuses the others', async () => {
    const prod = asApp(emu, 'prod-eu');
    expect((await send(prod, 'GET', '/moderation/keywords', { key: emu.apiKey })).body.error.code).toBe('AUTH_ERR_APIKEY_NOT_FOUND');
    expect((await send(asApp(emu, 'staging'), 'GET', '/moderation/keywords', { key: 'prod-eu-key' })).status).toBe(401);
    expect((await send(prod, 'GET', '/moderation/keywords')).status).toBe(200);
  });

  test('an unknown app is 404 ERR_APP_NOT_FOUND in the usual error body, for either API, before the key is checked', async () => {
    const ghost = { ...emu, chatBaseUrl: `${emu.url}/apps/nope/v3`, callsBaseUrl: `${emu.url}/apps/nope/calls/v3` };
    const chat = await send(ghost, 'GET', '/moderation/keywords', { key: null });
    expect(chat.status).toBe(404);
    expect(chat.body).toEqual({
      error: { message: 'The App ID "nope" does not exist or has been archived.', devMessage: 'This emulator serves the apps: staging, prod-eu.', source: 'chat-api', code: 'ERR_APP_NOT_FOUND' },
    });
    const calls = await send(ghost, 'GET', '/calls', { calls: true });
    expect(calls.status).toBe(404);
    expect(calls.body.error).toMatchObject({ source: 'calls-api', code: 'ERR_APP_NOT_FOUND' });
  });

  test('the request log names the app', async () => {
    emu.clearRequests();
    await send(asApp(emu, 'staging'), 'GET', '/moderation/keywords');
    await send(emu, 'GET', '/moderation/keywords');
    expect(emu.requests).toEqual([
      { method: 'GET', path: '/apps/staging/v3/moderation/keywords', status: 200, app: 'staging' },
      { method: 'GET', path: '/v3/moderation/keywords', status: 200 },
    ]);
  });

  test('a scripted fault with an app path hits only that app; one without hits any app', async () => {
    emu.injectFaults({ type: '503', path: '/apps/prod-eu/v3/moderation/keywords', count: 1 });
    expect((await send(asApp(emu, 'staging'), 'GET', '/moderation/keywords')).status).toBe(200);
    expect((await send(asApp(emu, 'prod-eu'), 'GET', '/moderation/keywords')).status).toBe(503);
    emu.injectFaults({ type: '503', path: '/moderation/keywords', count: 1 });
    expect((await send(asApp(emu, 'staging'), 'GET', '/moderation/keywords')).status).toBe(503);
    expect((await send(asApp(emu, 'staging'), 'GET', '/moderation/keywords')).status).toBe(200);
  });
});

test('each app has its own rate budget', async () => {
  const emu = await startEmulator({ apps: ['a', 'b'], rateLimitPerMinute: 2 });
  try {
    const a = asApp(emu, 'a');
    expect((await send(a, 'GET', '/moderation/keywords')).status).toBe(200);
    expect((await send(a, 'GET', '/moderation/keywords')).status).toBe(200);
    const limited = await send(a, 'GET', '/moderation/keywords');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await send(asApp(emu, 'b'), 'GET', '/moderation/keywords')).status).toBe(200);
    expect((await send(emu, 'GET', '/moderation/keywords')).status).toBe(200);
  } finally {
    await emu.close();
  }
});

test('without named apps, /apps/<x>/v3 is ERR_APP_NOT_FOUND and nothing else changes', async () => {
  const emu = await startEmulator();
  try {
    expect(emu.apps).toEqual([]);
    const res = await send({ ...emu, chatBaseUrl: `${emu.url}/apps/kwsync-demo/v3` }, 'GET', '/moderation/keywords');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('ERR_APP_NOT_FOUND');
    expect(res.body.error.devMessage).toContain('--apps');
  } finally {
    await emu.close();
  }
});

test('naming the default app serves its lists under /apps too', async () => {
  const emu = await startEmulator({ appId: 'main', apps: ['main', 'other'] });
  try {
    await createList(emu, { id: 'x', name: 'X', category: 'word', searchTerms: 'x' });
    expect(await ids(asApp(emu, 'main'))).toEqual(['profanity-list', 'x']);
    expect(await ids(asApp(emu, 'other'))).toEqual(['profanity-list']);
  } finally {
    await emu.close();
  }
  await expect(startEmulator({ appId: 'main', apps: [{ appId: 'main', apiKey: 'another' }] })).rejects.toThrow(ConfigError);
});

test.each([
  [['a', 'a'], 'emulator app "a" is named twice'],
  [['a b'], 'may contain only letters'],
  [[{ appId: 'a', apiKey: ' ' }], 'has an empty API key'],
])('bad apps %j are a ConfigError', async (apps, message) => {
  await expect(startEmulator({ apps })).rejects.toThrow(message);
});

test('with a state file, each app keeps its lists in its own file across a restart', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kwsync-apps-'));
  try {
    const statePath = join(dir, 'state.json');
    expect(appStatePath(statePath, 'staging')).toBe(join(dir, 'state.staging.json'));
    const first = await startEmulator({ statePath, apps: ['staging', 'prod'] });
    await createList(asApp(first, 'staging'), { id: 'kept', name: 'K', category: 'word', searchTerms: 'a' });
    await first.close();
    expect(JSON.parse(await readFile(join(dir, 'state.staging.json'), 'utf8'))).toMatchObject({ appId: 'staging', lists: expect.arrayContaining([expect.objectContaining({ id: 'kept' })]) });

    const second = await startEmulator({ statePath, apps: ['staging', 'prod'] });
    try {
      expect(await ids(asApp(second, 'staging'))).toEqual(['profanity-list', 'kept']);
      expect(await ids(asApp(second, 'prod'))).toEqual(['profanity-list']);
      expect(await ids(second)).toEqual(['profanity-list']);
    } finally {
      await second.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
