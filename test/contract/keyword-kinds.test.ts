// The published oneOf of the keyword list form (KeywordList, discriminated by `category`): one list
// of each kind, sent by the real client, validates against the mock of the published description;
// for every kind a request the published schema refuses is refused. The sentence list with commas
// inside its sentences is also created, updated and read back through the emulator: the same
// request, term for term.
import { FormData } from 'undici';
import { createClient, createKeywordList, getKeywordList, updateKeywordList, type ClientOptions, type CometChatClient } from '../../src/api/index.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import type { KeywordList } from '../../src/model/keyword-list.js';
import { MOCK_API_KEY, startPublishedMock, type PublishedMock } from './published-mock.js';

let mock: PublishedMock;
let emu: RunningEmulator;
const clients: CometChatClient[] = [];
beforeAll(async () => {
  [mock, emu] = await Promise.all([startPublishedMock(), startEmulator({ port: 0 })]);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all([mock.close(), emu.close()]);
});
beforeEach(() => mock.reset());

const toMock = (extra: Partial<ClientOptions> = {}) => {
  const c = createClient({ apiKey: MOCK_API_KEY, baseUrl: mock.chatBaseUrl, callsBaseUrl: mock.callsBaseUrl, ...extra });
  clients.push(c);
  return c;
};
const toEmulator = () => {
  const c = createClient({ apiKey: emu.apiKey, baseUrl: emu.chatBaseUrl, callsBaseUrl: emu.callsBaseUrl });
  clients.push(c);
  return c;
};
const problems = () => mock.failures.map((f) => `${f.method} ${f.url}: ${f.problem}`);
const writes = () => mock.requests.filter((q) => q.method !== 'GET');

const SENTENCES: KeywordList = {
  id: 'scam-sentences',
  name: 'Scam sentences',
  description: 'Sentences holding commas',
  category: 'sentence-similarity',
  searchTerms: ["Hello, let's connect on Whatsapp.", 'Send me your OTP, quickly', 'Pay first, then we talk'],
};
const LISTS: Record<KeywordList['category'], KeywordList> = {
  word: { id: 'greetings', name: 'Greetings', description: '', category: 'word', searchTerms: ['hello', 'hi'] },
  pattern: { id: 'phones', name: 'Phones', description: 'numbers', category: 'pattern', searchTerms: ['\\d{3,10}', 'call me at \\d{4}'] },
  'sentence-similarity': SENTENCES,
};
const SENT_TERMS: Record<KeywordList['category'], Record<string, string | string[]>> = {
  word: { searchTerms: 'hello,hi' },
  // Line breaks travel as CRLF in multipart; the separator is the moderation guide's.
  pattern: { searchTerms: '\\d{3,10}\r\ncall me at \\d{4}' },
  'sentence-similarity': { disallowedSentences: SENTENCES.searchTerms },
};

describe('one list of each kind, as the client sends it, validates against the published oneOf', () => {
  test.each(Object.keys(LISTS) as KeywordList['category'][])('%s: POST and PUT', async (category) => {
    const list = LISTS[category];
    const client = toMock();
    await createKeywordList(client, list);
    await updateKeywordList(client, { ...list, searchTerms: list.searchTerms.slice(0, 1) });
    expect(problems()).toEqual([]);
    const [post, put] = writes();
    expect(post).toMatchObject({ method: 'POST', operationId: 'create-rule-keyword' });
    expect(post!.parts).toEqual({ id: list.id, name: list.name, description: list.description, category, ...SENT_TERMS[category] });
    expect(put).toMatchObject({ method: 'PUT', operationId: 'update-rule-keyword' });
  });

  test('a sentence list of one sentence is still the published array', async () => {
    await createKeywordList(toMock(), { ...SENTENCES, searchTerms: ['Only one, with a comma'] });
    expect(problems()).toEqual([]);
    expect(writes()[0]!.parts!.disallowedSentences).toEqual(['Only one, with a comma']);
  });
});

describe('for every kind, a request the published schema refuses is refused', () => {
  const send = async (parts: [string, string][], file?: string) => {
    const form = new FormData();
    for (const [k, v] of parts) form.append(k, v);
    if (file !== undefined) form.append('file', new Blob([file]), 'terms.csv');
    await fetch(`${mock.chatBaseUrl}/moderation/keywords`, { method: 'POST', headers: { apikey: MOCK_API_KEY }, body: form as never });
    return mock.failures.map((f) => f.problem);
  };

  test.each([
    ['word with no searchTerms and no file', [['id', 'w'], ['category', 'word']], /must have required property 'searchTerms'/],
    ['word with sentences instead of searchTerms', [['id', 'w'], ['category', 'word'], ['disallowedSentences', 'a']], /must have required property 'searchTerms'/],
    ['pattern with no searchTerms and no file', [['id', 'p'], ['category', 'pattern']], /must have required property 'searchTerms'/],
    ['sentence list with searchTerms and no disallowedSentences', [['id', 's'], ['category', 'sentence-similarity'], ['searchTerms', 'Hi, there']], /must have required property 'disallowedSentences'/],
    ['sentence list in brackets parts (not the published name)', [['id', 's'], ['category', 'sentence-similarity'], ['disallowedSentences[]', 'Hi']], /must have required property 'disallowedSentences'/],
    ['a category outside CategoryType', [['id', 'x'], ['category', 'prompt'], ['searchTerms', 'a']], /category must be equal to one of the allowed values/],
    ['no category', [['id', 'x'], ['searchTerms', 'a']], /must have required property 'category'/],
  ] as [string, [string, string][], RegExp][])('%s', async (_name, parts, problem) => {
    const got = await send(parts);
    expect(got).toEqual(expect.arrayContaining([expect.stringMatching(problem)]));
  });

  test('a sentence list as a file alone is refused (disallowedSentences is required, no "if no file" clause)', async () => {
    expect(await send([['id', 's'], ['category', 'sentence-similarity']], 'Hi, there\n')).toEqual(
      expect.arrayContaining([expect.stringMatching(/must have required property 'disallowedSentences'/)]),
    );
  });

  test('and the same refusal from the client: sentenceEncoding searchTerms is outside the published form', async () => {
    await createKeywordList(toMock({ sentenceEncoding: 'searchTerms' }), SENTENCES).catch(() => undefined);
    expect(problems()).toEqual(expect.arrayContaining([expect.stringMatching(/must have required property 'disallowedSentences'/)]));
  });
});

test('the sentence list with commas: valid against the published oneOf, and created, updated and read back term for term by the emulator', async () => {
  const changed = { ...SENTENCES, searchTerms: ['Pay first, then we talk', 'Gift cards, not cash, please'] };
  // The published description: both writes validate, the sentences travel whole.
  const mockClient = toMock();
  await createKeywordList(mockClient, SENTENCES);
  await updateKeywordList(mockClient, changed);
  expect(problems()).toEqual([]);
  expect(writes().map((w) => w.parts?.disallowedSentences)).toEqual([SENTENCES.searchTerms, changed.searchTerms]);
  // The emulator: the same requests, read back.
  const client = toEmulator();
  expect((await createKeywordList(client, SENTENCES)).searchTerms).toEqual(SENTENCES.searchTerms);
  expect((await getKeywordList(client, SENTENCES.id)).searchTerms).toEqual(SENTENCES.searchTerms);
  expect((await updateKeywordList(client, changed)).searchTerms).toEqual(changed.searchTerms);
  expect(await getKeywordList(client, SENTENCES.id)).toMatchObject({ ...changed, default: false, revisionId: expect.stringMatching(/_scam-sentences_2$/) });
});
