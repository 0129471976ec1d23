// Contract: the keyword list endpoints, client against the emulator over real HTTP.
import { ApiError } from '../../src/errors.js';
import {
  createKeywordList,
  createKeywordTarget,
  deleteKeywordList,
  getKeywordList,
  listKeywordLists,
  updateKeywordList,
  type CometChatClient,
} from '../../src/api/index.js';
import type { KeywordList } from '../../src/model/keyword-list.js';
import { startFixture, thrown, type Fixture } from './emulator-fixture.js';

let fx: Fixture;
let client: CometChatClient;
beforeAll(async () => {
  fx = await startFixture();
  client = fx.client();
});
afterAll(() => fx.close());

const words: KeywordList = { id: 'profanity-en', name: 'English profanity', description: 'Whole words.', category: 'word', searchTerms: ['darn', 'heck'] };

describe('keyword lists', () => {
  test('list returns the seeded default list, typed', async () => {
    const lists = await listKeywordLists(client);
    const defaults = lists.filter((l) => l.default);
    expect(defaults.length).toBeGreaterThan(0);
    expect(defaults[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), revisionId: expect.stringMatching(/_\d+$/), isCSV: expect.any(Boolean) }),
    );
  });

  test('create, get, update, delete round-trip the fields and bump the revision', async () => {
    const created = await createKeywordList(client, words);
    expect(created).toMatchObject({ ...words, default: false, active: true });
    expect(created.revisionId).toMatch(/_profanity-en_1$/);

    expect(await getKeywordList(client, words.id)).toEqual(created);

    const updated = await updateKeywordList(client, { ...words, name: 'Profanity', searchTerms: ['darn', 'heck', 'drat'] });
    expect(updated.searchTerms).toEqual(['darn', 'heck', 'drat']);
    expect(updated.name).toBe('Profanity');
    expect(updated.revisionId).toMatch(/_profanity-en_2$/);

    await deleteKeywordList(client, words.id);
    const err = await thrown(() => getKeywordList(client, words.id));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, code: 'ERR_KEYWORD_NOT_FOUND' });
  });

  test('patterns travel one per line in searchTerms: a comma inside one stays inside it', async () => {
    const patterns: KeywordList = { id: 'phone-numbers', name: 'Phones', description: '', category: 'pattern', searchTerms: ['\\d{3,10}', 'call me at \\d{4}'] };
    const created = await createKeywordList(client, patterns);
    expect(created.isCSV).toBe(false);
    expect(created.searchTerms).toEqual(patterns.searchTerms);
    await deleteKeywordList(client, patterns.id);
  });

  test('a word with a comma travels as a CSV file and comes back unchanged', async () => {
    const list: KeywordList = { ...words, id: 'comma-words', searchTerms: ['darn, it', 'heck'] };
    const created = await createKeywordList(client, list);
    expect(created.isCSV).toBe(true);
    expect(created.searchTerms).toEqual(list.searchTerms);
    await deleteKeywordList(client, list.id);
  });

  test('a sentence list with commas inside sentences: created and updated as disallowedSentences, read back term for term', async () => {
    const list: KeywordList = {
      id: 'scam-sentences',
      name: 'Scam sentences',
      description: 'Sentences with commas',
      category: 'sentence-similarity',
      searchTerms: ["Hello, let's connect on Whatsapp.", 'Send me your OTP, quickly', 'Wire the money, then we talk'],
    };
    fx.emu.clearRequests();
    const created = await createKeywordList(client, list);
    expect(created).toMatchObject({ ...list, default: false, isCSV: false });
    expect(await getKeywordList(client, list.id)).toEqual(created);
    const changed = { ...list, searchTerms: ['Wire the money, then we talk', 'Pay, or else, now', 'Gift cards, not cash'] };
    const updated = await updateKeywordList(client, changed);
    expect(updated.searchTerms).toEqual(changed.searchTerms);
    expect((await getKeywordList(client, list.id)).searchTerms).toEqual(changed.searchTerms);
    expect(fx.emu.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['POST 200', 'GET 200', 'PUT 200', 'GET 200']);
    await deleteKeywordList(client, list.id);
  });

  test('a sentence list sent in searchTerms (the pre-published guess) is refused with the service message', async () => {
    const list: KeywordList = { id: 'old-guess', name: 'Old', description: '', category: 'sentence-similarity', searchTerms: ['Hi there'] };
    const err = await thrown(() => createKeywordList(fx.client({ sentenceEncoding: 'searchTerms' }), list));
    expect(err).toMatchObject({ status: 400, code: 'ERR_BAD_REQUEST' });
    expect((err as ApiError).message).toMatch(/has no searchTerms: send the sentences as disallowedSentences/);
  });

  test("termsTransport 'file' sends every list as a file", async () => {
    const fileClient = fx.client({ termsTransport: 'file' });
    const list = { ...words, id: 'as-file' };
    const created = await createKeywordList(fileClient, list);
    expect(created.isCSV).toBe(true);
    expect(created.searchTerms).toEqual(list.searchTerms);
    await deleteKeywordList(fileClient, list.id);
  });

  test('an invalid list is ERR_BAD_REQUEST with the service message and a hint', async () => {
    const err = await thrown(() => createKeywordList(client, { ...words, id: 'bad id with spaces' }));
    expect(err).toMatchObject({ status: 400, code: 'ERR_BAD_REQUEST' });
    expect((err as ApiError).message).toMatch(/^POST \/moderation\/keywords failed: HTTP 400 ERR_BAD_REQUEST: .+/);
    expect((err as ApiError).hint).toMatch(/kwsync validate/);
    expect((err as ApiError).requestId).toEqual(expect.any(String));
  });

  test('a second create of the same id is refused, not duplicated', async () => {
    await createKeywordList(client, { ...words, id: 'twice' });
    const err = await thrown(() => createKeywordList(client, { ...words, id: 'twice' }));
    expect(err).toMatchObject({ status: 400, code: 'ERR_BAD_REQUEST' });
    expect((await listKeywordLists(client)).filter((l) => l.id === 'twice')).toHaveLength(1);
    await deleteKeywordList(client, 'twice');
  });

  test('update and delete of an unknown list are 404 ERR_KEYWORD_NOT_FOUND', async () => {
    expect(await thrown(() => updateKeywordList(client, { ...words, id: 'ghost' }))).toMatchObject({ status: 404, code: 'ERR_KEYWORD_NOT_FOUND' });
    expect(await thrown(() => deleteKeywordList(client, 'ghost'))).toMatchObject({ status: 404, code: 'ERR_KEYWORD_NOT_FOUND' });
  });

  test('a default list cannot be deleted', async () => {
    const def = (await listKeywordLists(client)).find((l) => l.default)!;
    const err = await thrown(() => deleteKeywordList(client, def.id));
    expect(err).toMatchObject({ status: 400, code: 'ERR_BAD_REQUEST' });
    expect((err as ApiError).hint).toMatch(/^it is a default list \(default: true\)/);
    expect((err as ApiError).hint).not.toMatch(/kwsync validate/);
  });
});

describe('createKeywordTarget', () => {
  test('is the KeywordTarget seam: labelled, and getKeywordList is undefined on 404', async () => {
    const target = createKeywordTarget(client, 'staging');
    expect(target.label).toBe('staging');
    expect(await target.getKeywordList('nope')).toBeUndefined();
    const created = await target.createKeywordList({ ...words, id: 'via-target' });
    expect(await target.getKeywordList('via-target')).toEqual(created);
    expect((await target.listKeywordLists()).lists.map((l) => l.id)).toContain('via-target');
    expect((await target.updateKeywordList({ ...words, id: 'via-target', searchTerms: ['x'] })).searchTerms).toEqual(['x']);
    await target.deleteKeywordList('via-target');
    expect(await target.getKeywordList('via-target')).toBeUndefined();
  });
});
