// The emulator reads each kind as the published oneOf has it, over raw HTTP: a sentence list's
// `disallowedSentences` in the encoding it is told (default: one part per sentence), never
// `searchTerms`; `searchTerms` split per kind by its own separators. A request in another
// encoding or with other separators is refused or stored otherwise, so a round trip shows it.
import { FormData } from 'undici';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { send } from './http.js';

const SENTENCES = ["Hello, let's connect on Whatsapp.", 'Send me your OTP, quickly'];

function form(fields: Record<string, string>, parts: [string, string][] = []): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries({ id: 's', name: 'S', category: 'sentence-similarity', ...fields })) f.append(k, v);
  for (const [k, v] of parts) f.append(k, v);
  return f;
}

async function withEmulator(opts: EmulatorOptions, fn: (emu: RunningEmulator) => Promise<void>): Promise<void> {
  const emu = await startEmulator({ port: 0, ...opts });
  try {
    await fn(emu);
  } finally {
    await emu.close();
  }
}

const post = (emu: RunningEmulator, body: FormData) => send(emu, 'POST', '/moderation/keywords', { body });
const repeated = SENTENCES.map((s) => ['disallowedSentences', s] as [string, string]);

describe('sentence lists, default encoding (repeated)', () => {
  test('one part per sentence: stored whole, commas kept, answered as disallowedSentences', () =>
    withEmulator({}, async (emu) => {
      const res = await post(emu, form({}, repeated));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: 's', category: 'sentence-similarity', isCSV: false, disallowedSentences: SENTENCES });
      expect(res.body.data).not.toHaveProperty('searchTerms');
      const put = await send(emu, 'PUT', '/moderation/keywords/s', { body: form({}, [['disallowedSentences', 'One, two, three']]) });
      expect(put.body.data.disallowedSentences).toEqual(['One, two, three']);
      const listed = await send(emu, 'GET', '/moderation/keywords');
      expect(listed.body.data.find((l: { id: string }) => l.id === 's')).toMatchObject({ disallowedSentences: ['One, two, three'] });
    }));

  test('searchTerms on a sentence list is refused with the service error body', () =>
    withEmulator({}, async (emu) => {
      const res = await post(emu, form({ searchTerms: SENTENCES.join('\n') }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: { message: expect.stringMatching(/has no searchTerms: send the sentences as disallowedSentences/), devMessage: expect.any(String), source: 'chat-api', code: 'ERR_BAD_REQUEST' },
      });
    }));

  test('no sentences at all is refused; a file alone is read one sentence per line', () =>
    withEmulator({}, async (emu) => {
      expect((await post(emu, form({}))).body.error.message).toMatch(/disallowedSentences \(an array of strings\) or file is required/);
      const f = form({});
      f.append('file', new Blob(['A, b\nC\n']), 's.csv');
      expect((await post(emu, f)).body.data).toMatchObject({ isCSV: true, disallowedSentences: ['A, b', 'C'] });
    }));

  test.each([
    ['brackets', SENTENCES.map((s) => ['disallowedSentences[]', s] as [string, string])],
    ['indexed', SENTENCES.map((s, i) => [`disallowedSentences[${i}]`, s] as [string, string])],
  ])('%s parts are not read by a service reading repeated parts: refused', (_name, parts) =>
    withEmulator({}, async (emu) => {
      const res = await post(emu, form({}, parts));
      expect(res.status).toBe(400);
    }));

  test('a JSON array in one part is stored as one sentence (a mis-store the read-back shows)', () =>
    withEmulator({}, async (emu) => {
      const res = await post(emu, form({}, [['disallowedSentences', JSON.stringify(SENTENCES)]]));
      expect(res.body.data.disallowedSentences).toEqual([JSON.stringify(SENTENCES)]);
    }));

  test('disallowedSentences on a word list is refused', () =>
    withEmulator({}, async (emu) => {
      const res = await post(emu, form({ category: 'word', searchTerms: 'a' }, repeated));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/disallowedSentences is a part of sentence-similarity lists only/);
    }));
});

describe('sentence lists, the emulator told another encoding', () => {
  test.each([
    ['json', [['disallowedSentences', JSON.stringify(SENTENCES)]] as [string, string][]],
    ['brackets', SENTENCES.map((s) => ['disallowedSentences[]', s] as [string, string])],
    ['indexed', [...SENTENCES].reverse().map((s, i) => [`disallowedSentences[${1 - i}]`, s] as [string, string])],
  ] as const)('%s: its own form is read; repeated parts are refused', (sentenceEncoding, parts) =>
    withEmulator({ sentenceEncoding }, async (emu) => {
      expect((await post(emu, form({}, parts))).body.data?.disallowedSentences).toEqual(SENTENCES);
      const other = await post(emu, form({ id: 's2' }, repeated));
      expect(other.status).toBe(400);
    }));

  test('searchTerms: the pre-published reading, sentences one per line in searchTerms', () =>
    withEmulator({ sentenceEncoding: 'searchTerms' }, async (emu) => {
      const res = await post(emu, form({ searchTerms: SENTENCES.join('\n') }));
      expect(res.body.data.disallowedSentences).toEqual(SENTENCES);
    }));
});

describe('separators per kind', () => {
  const pattern = (searchTerms: string) => form({ id: 'p', category: 'pattern', searchTerms });
  test('default: words split at commas, patterns one per line', () =>
    withEmulator({}, async (emu) => {
      expect((await post(emu, pattern('\\d{3,10}\nab{1,2}'))).body.data.searchTerms).toEqual(['\\d{3,10}', 'ab{1,2}']);
      expect((await post(emu, form({ id: 'w', category: 'word', searchTerms: 'a, b\nc' }))).body.data.searchTerms).toEqual(['a', 'b\r\nc']); // multipart sends every line break as CRLF
    }));

  test('an emulator splitting patterns at commas stores newline-joined patterns as one entry', () =>
    withEmulator({ separators: { pattern: 'comma' } }, async (emu) => {
      const res = await post(emu, pattern('ab{1,2}\ncd'));
      expect(res.body.data.searchTerms).toEqual(['ab{1', '2}\r\ncd']);
    }));
});
