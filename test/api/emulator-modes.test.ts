// Each emulator mode (a reading of the service the published description leaves open), met by the
// real client over HTTP: how kwsync behaves against each, and which client setting fits which.
import { createKeywordList, getKeywordList, listCalls, readKeywordListing, updateKeywordList } from '../../src/api/index.js';
import type { KeywordList } from '../../src/model/keyword-list.js';
import { ApiError } from '../../src/errors.js';
import { createList } from '../emulator/http.js';
import { startFixture, thrown, type Fixture } from './emulator-fixture.js';

const list = (id: string, searchTerms: string[], category: KeywordList['category'] = 'word'): KeywordList => ({
  id,
  name: id,
  description: '',
  category,
  searchTerms,
});

async function withEmulator(opts: Parameters<typeof startFixture>[0], fn: (fx: Fixture) => Promise<void>): Promise<void> {
  const fx = await startFixture(opts);
  try {
    await fn(fx);
  } finally {
    await fx.close();
  }
}

describe('keywordListLimit', () => {
  test('the listing holds the first N lists and says limit N: the client takes it as maybe cut short', () =>
    withEmulator({ keywordListLimit: 3 }, async (fx) => {
      const client = fx.client();
      for (const id of ['a1', 'a2', 'a3', 'a4']) await createKeywordList(client, list(id, ['x'], 'word'));
      const listing = await readKeywordListing(client);
      // The seeded default list and two of the four: defaults are set aside, not in `lists`.
      expect(listing.lists.length + listing.defaults.length).toBe(3);
      expect(listing.mayBeTruncated).toBe(true);
      // A list beyond the limit is still there by id.
      expect((await getKeywordList(client, 'a4')).id).toBe('a4');
    }));

  test('by default the limit is 100 and an ordinary app is not cut short', () =>
    withEmulator({}, async (fx) => {
      const listing = await readKeywordListing(fx.client());
      expect(listing.mayBeTruncated).toBe(false);
      expect(listing.defaults.length).toBeGreaterThan(0);
      expect(listing.unknownCategory).toEqual([]);
    }));
});

describe('requireSearchTerms', () => {
  test('the default client (empty searchTerms beside a file) is accepted; the file wins', () =>
    withEmulator({ requireSearchTerms: true }, async (fx) => {
      const got = await createKeywordList(fx.client(), list('phones', ['\\d{3,10}', 'call me']));
      expect(got).toMatchObject({ isCSV: true, searchTerms: ['\\d{3,10}', 'call me'] });
    }));

  test('searchTermsWithFile: omit is refused with 400 and a located message', () =>
    withEmulator({ requireSearchTerms: true }, async (fx) => {
      const err = (await thrown(() => createKeywordList(fx.client({ searchTermsWithFile: 'omit' }), list('p2', ['\\d{3,10}'])))) as ApiError;
      expect(err).toMatchObject({ status: 400, code: 'ERR_BAD_REQUEST' });
      expect(err.message).toMatch(/searchTerms is required/);
    }));

  test('a non-empty searchTerms beside a file: the file wins', () =>
    withEmulator({}, async (fx) => {
      const res = await createList(fx.emu, { id: 'both', name: 'b', category: 'word', searchTerms: 'ignored,words' }, 'from\nfile\n');
      expect(res.body.data).toMatchObject({ isCSV: true, searchTerms: ['from', 'file'] });
    }));
});

describe('csvParsing', () => {
  const terms = ['\\d{3,10}', 'say "hi"', 'plain'];

  test("'lines' (default): one term per line, quotes kept: the default client round-trips", () =>
    withEmulator({ csvParsing: 'lines' }, async (fx) => {
      const got = await createKeywordList(fx.client({ termsTransport: 'file' }), list('l', terms));
      expect(got.searchTerms).toEqual(terms);
    }));

  test("'split-commas': a comma inside a term splits it; the stored terms show the damage", () =>
    withEmulator({ csvParsing: 'split-commas' }, async (fx) => {
      const got = await createKeywordList(fx.client(), list('s', ['\\d{3,10}', 'x']));
      expect(got.searchTerms).toEqual(['\\d{3', '10}', 'x']);
    }));

  test("'rfc4180': csvQuoting rfc4180 round-trips commas and quotes; unquoted terms lose their quotes", () =>
    withEmulator({ csvParsing: 'rfc4180' }, async (fx) => {
      const quoted = await createKeywordList(fx.client({ csvQuoting: 'rfc4180' }), list('q', terms));
      expect(quoted.searchTerms).toEqual(terms);
      const raw = await updateKeywordList(fx.client({ termsTransport: 'file' }), list('q', ['"a"', 'b']));
      expect(raw.searchTerms).toEqual(['a', 'b']);
    }));
});

describe('errorBody', () => {
  test.each(['plain', 'other-json'] as const)("'%s': a refused write still says why, with status", (mode) =>
    withEmulator({ errorBody: mode }, async (fx) => {
      const err = (await thrown(() => createKeywordList(fx.client(), list('bad id!', ['x'])))) as ApiError;
      expect(err).toBeInstanceOf(ApiError);
      expect(err.status).toBe(400);
      expect(err.message).toMatch(/may contain only letters/);
      expect(err.hint).toMatch(/kwsync validate/);
    }));
});

describe('rateLimitHeaders: none', () => {
  test('no rate headers; a 429 carries only Retry-After and the client still retries it', () =>
    withEmulator({ rateLimitHeaders: 'none' }, async (fx) => {
      const client = fx.client();
      const res = await client.probe({ api: 'chat', method: 'GET', path: '/moderation/keywords' });
      expect(Object.keys(res.headers).filter((h) => h.includes('rate'))).toEqual([]);
      fx.emu.injectFaults({ type: '429', count: 1, method: 'GET', path: '/moderation/keywords', retryAfterSeconds: 0 });
      expect((await readKeywordListing(client)).defaults.length).toBeGreaterThan(0);
      expect(fx.attempts.filter((a) => a.status === 429)).toHaveLength(1);
    }));
});

describe('calls paging parameters', () => {
  test('page is sent only after the first page, perPage only when asked', () =>
    withEmulator({}, async (fx) => {
      const lines: string[] = [];
      const client = fx.client({ log: (l) => lines.push(l) });
      await listCalls(client);
      await listCalls(client, { page: 1 });
      await listCalls(client, { page: 2, perPage: 5 });
      expect(lines.map((l) => l.split(' ')[1])).toEqual(['/calls/v3/calls', '/calls/v3/calls', '/calls/v3/calls?perPage=5&page=2']);
    }));
});

describe('sentenceEncoding: the client and the emulator agree only on the same encoding', () => {
  const sentences = list('sentences', ["Hello, let's connect on Whatsapp.", 'Pay first, then we talk'], 'sentence-similarity');
  const ENCODINGS = ['repeated', 'brackets', 'indexed', 'json', 'searchTerms'] as const;
  test.each(ENCODINGS)('emulator %s', (emulatorEncoding) =>
    withEmulator({ sentenceEncoding: emulatorEncoding }, async (fx) => {
      const outcomes: Record<string, string> = {};
      for (const clientEncoding of ENCODINGS) {
        const id = `s-${clientEncoding}`;
        try {
          const got = await createKeywordList(fx.client({ sentenceEncoding: clientEncoding }), { ...sentences, id });
          outcomes[clientEncoding] = JSON.stringify(got.searchTerms) === JSON.stringify(sentences.searchTerms) ? 'round-trips' : 'mis-stored';
        } catch (err) {
          outcomes[clientEncoding] = `HTTP ${(err as ApiError).status}`;
        }
      }
      // Exactly the matching encoding round-trips; every other one fails or stores something else.
      expect(Object.entries(outcomes).filter(([, o]) => o === 'round-trips').map(([e]) => e)).toEqual([emulatorEncoding]);
    }));
});

describe('separators: a mismatch shows as a failed read-back', () => {
  const patterns = list('pats', ['\\d{3,10}', 'ab{1,2}']);
  test('client and emulator both one pattern per line (the default): round trip', () =>
    withEmulator({}, async (fx) => {
      expect((await createKeywordList(fx.client(), { ...patterns, category: 'pattern' })).searchTerms).toEqual(patterns.searchTerms);
    }));
  test('an emulator splitting patterns at commas stores other terms', () =>
    withEmulator({ separators: { pattern: 'comma' } }, async (fx) => {
      const got = await createKeywordList(fx.client(), { ...patterns, category: 'pattern' });
      expect(got.searchTerms).not.toEqual(patterns.searchTerms);
      // The client told the same separator sends the comma patterns as a file, which round-trips.
      const fixed = await createKeywordList(fx.client({ separators: { pattern: 'comma' } }), { ...patterns, id: 'pats2', category: 'pattern' });
      expect(fixed).toMatchObject({ isCSV: true, searchTerms: patterns.searchTerms });
    }));
});
