// The emulator's modes over raw HTTP: each reading of the service the published description leaves
// open (listing limit, required searchTerms, CSV parsing, error body, rate headers).
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { createList, send, updateList } from './http.js';

async function withEmulator(opts: EmulatorOptions, fn: (emu: RunningEmulator) => Promise<void>): Promise<void> {
  const emu = await startEmulator({ seed: 7, ...opts, data: { keywordLists: [] } });
  try {
    await fn(emu);
  } finally {
    await emu.close();
  }
}

test('keywordListLimit: the first N lists, meta.current {limit: N, count: N}', () =>
  withEmulator({ keywordListLimit: 2 }, async (emu) => {
    for (const id of ['a', 'b', 'c']) expect((await createList(emu, { id, name: id, category: 'word', searchTerms: 'x' })).status).toBe(200);
    const res = await send(emu, 'GET', '/moderation/keywords');
    expect(res.body.data.map((l: { id: string }) => l.id)).toEqual(['a', 'b']);
    expect(res.body.meta).toEqual({ current: { limit: 2, count: 2 } });
  }));

test('by default: limit 100 and count = the lists returned', () =>
  withEmulator({}, async (emu) => {
    await createList(emu, { id: 'a', name: 'a', category: 'word', searchTerms: 'x' });
    expect((await send(emu, 'GET', '/moderation/keywords')).body.meta).toEqual({ current: { limit: 100, count: 1 } });
  }));

describe('requireSearchTerms', () => {
  test('POST and PUT without a searchTerms part are 400; an empty one beside a file is fine', () =>
    withEmulator({ requireSearchTerms: true }, async (emu) => {
      const noPart = await createList(emu, { id: 'f', name: 'f', category: 'word' }, 'a\nb\n');
      expect(noPart.status).toBe(400);
      expect(noPart.body.error).toMatchObject({ code: 'ERR_BAD_REQUEST', message: expect.stringMatching(/searchTerms is required/) });
      const empty = await createList(emu, { id: 'f', name: 'f', category: 'word', searchTerms: '' }, 'a\nb\n');
      expect(empty.body.data).toMatchObject({ isCSV: true, searchTerms: ['a', 'b'] });
      expect((await updateList(emu, 'f', { category: 'word', name: 'g' })).status).toBe(400);
    }));

  test('off (the default): a file alone is accepted', () =>
    withEmulator({}, async (emu) => {
      expect((await createList(emu, { id: 'f', name: 'f', category: 'word' }, 'a\n')).status).toBe(200);
    }));
});

describe('csvParsing', () => {
  const file = '"a,b",c\n"say ""hi"""\n\\d{3,10}\n';
  test.each([
    ['lines', ['"a,b",c', '"say ""hi"""', '\\d{3,10}']],
    ['split-commas', ['"a', 'b"', 'c', '"say ""hi"""', '\\d{3', '10}']],
    ['rfc4180', ['a,b', 'c', 'say "hi"', '\\d{3', '10}']],
  ] as const)('%s', (csvParsing, terms) =>
    withEmulator({ csvParsing }, async (emu) => {
      const res = await createList(emu, { id: 'csv', name: 'c', category: 'pattern', searchTerms: '' }, file);
      expect(res.body.data.searchTerms).toEqual(terms);
    }),
  );

  test('rfc4180: a broken quote is a 400 that says why', () =>
    withEmulator({ csvParsing: 'rfc4180' }, async (emu) => {
      const res = await createList(emu, { id: 'csv', name: 'c', category: 'word' }, '"open\n');
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^The CSV file could not be parsed: /);
    }));
});

describe('errorBody', () => {
  test.each([
    ['envelope', /^application\/json/, (b: unknown) => expect(b).toMatchObject({ error: { code: 'ERR_KEYWORD_NOT_FOUND', source: 'chat-api' } })],
    ['plain', /^text\/plain/, (b: unknown) => expect(b).toBe('No keyword exists with the specified keyword ID "nope".')],
    ['other-json', /^application\/json/, (b: unknown) => expect(b).toEqual({ statusCode: 404, message: 'No keyword exists with the specified keyword ID "nope".', reason: 'ERR_KEYWORD_NOT_FOUND' })],
  ] as const)('%s', (errorBody, type, check) =>
    withEmulator({ errorBody }, async (emu) => {
      const res = await send(emu, 'GET', '/moderation/keywords/nope');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(type);
      check(res.body);
    }),
  );
});

test('rateLimitHeaders none: no rate headers, and the 429 still says Retry-After', () =>
  withEmulator({ rateLimitHeaders: 'none', rateLimitPerMinute: 1, now: () => 1_700_000_000_000 }, async (emu) => {
    const ok = await send(emu, 'GET', '/moderation/keywords');
    expect([...ok.headers.keys()].filter((h) => h.includes('rate'))).toEqual([]);
    const over = await send(emu, 'GET', '/moderation/keywords');
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect([...over.headers.keys()].filter((h) => h.includes('rate'))).toEqual([]);
  }));
