// The default lists the emulator seeds (`defaultLists`): none, the published default word list, or
// everything a real app has in every shape, served over raw HTTP; the client reads one default
// sentence list whichever name carries its sentences.
import { createClient, getKeywordList, updateKeywordList } from '../../src/api/index.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { ApiError } from '../../src/errors.js';
import { createList, send, updateList } from './http.js';

type Item = Record<string, unknown> & { id: string };

async function withEmulator(opts: EmulatorOptions, fn: (emu: RunningEmulator) => Promise<void>): Promise<void> {
  const emu = await startEmulator({ port: 0, ...opts });
  try {
    await fn(emu);
  } finally {
    await emu.close();
  }
}
const listing = async (emu: RunningEmulator): Promise<Item[]> => (await send(emu, 'GET', '/moderation/keywords')).body.data;

test('published (the default): the one default word list of the published example', () =>
  withEmulator({}, async (emu) => {
    const items = await listing(emu);
    expect(items.map((i) => [i.id, i.name, i.category, i.default])).toEqual([['profanity-list', 'Profane Words', 'word', true]]);
  }));

test('none: no default list at all', () =>
  withEmulator({ defaultLists: 'none' }, async (emu) => {
    expect(await listing(emu)).toEqual([]);
  }));

describe('all', () => {
  let emu: RunningEmulator;
  let items: Item[];
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, defaultLists: 'all' });
    items = await listing(emu);
  });
  afterAll(() => emu.close());

  test('the four text lists the guide names, and fifteen "... Prompt" lists', () => {
    const names = items.map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['Profane Words', 'Platform Circumvention', 'Spam Detection', 'Scam Detection']));
    const prompts = items.filter((i) => /Prompt$/.test(String(i.name ?? '')) || /-prompt$/.test(i.id));
    expect(prompts).toHaveLength(15);
  });

  test.each([
    ['sentences in disallowedSentences', (i: Item) => Array.isArray(i.disallowedSentences) && i.category === 'sentence-similarity'],
    ['a sentence list with searchTerms', (i: Item) => Array.isArray(i.searchTerms) && i.category === 'sentence-similarity'],
    ['a sentence list with neither', (i: Item) => i.category === 'sentence-similarity' && i.searchTerms === undefined && i.disallowedSentences === undefined],
    ['default absent', (i: Item) => !('default' in i)],
    ['default null', (i: Item) => i.default === null],
    ['name missing', (i: Item) => !('name' in i)],
    ['an unknown category', (i: Item) => typeof i.category === 'string' && !['word', 'pattern', 'sentence-similarity'].includes(i.category)],
    ['no category', (i: Item) => !('category' in i)],
    ['searchTerms not an array', (i: Item) => 'searchTerms' in i && !Array.isArray(i.searchTerms)],
    ['no revisionId', (i: Item) => !('revisionId' in i) || i.revisionId === null],
  ] as [string, (i: Item) => boolean][])('a shape: %s', (_name, has) => {
    expect(items.filter(has).length).toBeGreaterThan(0);
  });

  test('GET one answers a default list as it is; PUT, DELETE and a POST of its id are refused', async () => {
    const one = await send(emu, 'GET', '/moderation/keywords/impersonation-prompt');
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(items.find((i) => i.id === 'impersonation-prompt'));
    const put = await updateList(emu, 'spam-detection', { category: 'sentence-similarity', searchTerms: 'x' });
    expect(put).toMatchObject({ status: 400, body: { error: { code: 'ERR_BAD_REQUEST', message: expect.stringMatching(/is a default list/) } } });
    expect((await send(emu, 'DELETE', '/moderation/keywords/terrorism-image-prompt')).status).toBe(400);
    expect((await createList(emu, { id: 'spam-detection', name: 'mine', category: 'word', searchTerms: 'a' })).status).toBe(400);
    expect((await send(emu, 'GET', '/moderation/keywords/not-there')).body.error.code).toBe('ERR_KEYWORD_NOT_FOUND');
  });

  test('the client reads a default sentence list whichever name carries its sentences', async () => {
    const client = createClient({ apiKey: emu.apiKey, baseUrl: emu.chatBaseUrl, callsBaseUrl: emu.callsBaseUrl });
    try {
      expect((await getKeywordList(client, 'platform-circumvention')).searchTerms).toContain("Hello, let's connect on Whatsapp.");
      expect(await getKeywordList(client, 'spam-detection')).toMatchObject({ default: true, searchTerms: ['Buy now, limited offer', 'Click this link to win'] });
      expect(await getKeywordList(client, 'scam-detection')).toMatchObject({ default: true, description: '', searchTerms: ['Send me your credit card details', 'Share your OTP with me'] });
      // A list with no terms at all cannot be read as a list: a located error, never a crash.
      const err = await getKeywordList(client, 'self-harm-content-prompt').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).message).toMatch(/neither searchTerms nor disallowedSentences/);
      const refused = await updateKeywordList(client, { id: 'scam-detection', name: 'x', description: '', category: 'sentence-similarity', searchTerms: ['a'] }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ status: 400, code: 'ERR_BAD_REQUEST' });
    } finally {
      await client.close();
    }
  });
});
