// kwsync.yaml `service:` terms settings: parsed with defaults, mapped to client options, and the
// 1 MB measure equal to the bytes of the body the client sends, for every setting.
import fc from 'fast-check';
import { configSchema, DEFAULT_CONFIG } from '../../src/model/config.js';
import { serviceOptions } from '../../src/sync/service.js';
import { DEFAULT_TERMS_SETTINGS, encodeTerms, termsSettings, uploadBytes, type EncodedTerms, type TermsSettings } from '../../src/model/terms-encoding.js';
import { SENTENCE_ENCODINGS, TERM_SEPARATORS } from '../../src/model/config.js';
import { CATEGORIES } from '../../src/model/keyword-list.js';
import type { FormData } from 'undici';
import { keywordListForm } from '../../src/api/index.js';

describe('kwsync.yaml service:', () => {
  test('defaults: auto transport, unquoted CSV, an empty searchTerms beside a file', () => {
    expect(DEFAULT_CONFIG.service).toMatchObject({ termsTransport: 'auto', csvQuoting: 'none', searchTermsWithFile: 'empty' });
  });

  test('every setting reaches the client options', () => {
    const service = configSchema.parse({
      service: { termsTransport: 'file', csvQuoting: 'rfc4180', searchTermsWithFile: 'omit', maxRetries: 2, timeoutMs: 5000, maxResponseBytes: 4_000_000 },
    }).service;
    expect(serviceOptions(service)).toMatchObject({
      timeoutMs: 5000,
      maxResponseBytes: 4_000_000,
      termsTransport: 'file',
      csvQuoting: 'rfc4180',
      searchTermsWithFile: 'omit',
      retry: { maxRetries: 2 },
    });
  });

  test.each([
    [{ csvQuoting: 'excel' }, ['service', 'csvQuoting']],
    [{ searchTermsWithFile: 'never' }, ['service', 'searchTermsWithFile']],
  ])('%j is refused at its path', (service, path) => {
    const r = configSchema.safeParse({ service });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(path);
  });
});

describe('termsSettings', () => {
  test('a transport alone (the older argument) keeps the other defaults', () => {
    expect(termsSettings('file')).toEqual({ ...DEFAULT_TERMS_SETTINGS, termsTransport: 'file' });
  });

  test('the whole config.service object fits, with the published sentence form and the guide’s separators', () => {
    expect(termsSettings(DEFAULT_CONFIG.service)).toEqual({
      termsTransport: 'auto',
      csvQuoting: 'none',
      searchTermsWithFile: 'empty',
      sentenceEncoding: 'repeated',
      separators: { word: 'comma', pattern: 'newline', 'sentence-similarity': 'newline' },
    });
  });

  test('one separator given keeps the others', () => {
    expect(termsSettings({ separators: { pattern: 'comma' } }).separators).toEqual({ word: 'comma', pattern: 'comma', 'sentence-similarity': 'newline' });
  });
});

/** What the form carries in the parts encodeTerms names, as text. */
async function sentParts(form: FormData, encoded: EncodedTerms): Promise<string | string[]> {
  if (encoded.encoding === 'disallowedSentences') {
    const names = [...new Set(encoded.parts.map((p) => p.name))];
    return names.flatMap((n) => form.getAll(n) as string[]);
  }
  return encoded.encoding === 'file' ? (form.get('file') as File).text() : (form.get('searchTerms') as string);
}

describe('the measure is the bytes sent', () => {
  const settings: TermsSettings[] = (['auto', 'file'] as const).flatMap((termsTransport) =>
    (['none', 'rfc4180'] as const).flatMap((csvQuoting) =>
      SENTENCE_ENCODINGS.flatMap((sentenceEncoding) =>
        TERM_SEPARATORS.map((sep) => ({
          ...DEFAULT_TERMS_SETTINGS,
          termsTransport,
          csvQuoting,
          sentenceEncoding,
          separators: { word: sep, pattern: sep, 'sentence-similarity': sep },
        })),
      ),
    ),
  );
  // Terms as validation allows them: no newline, trimmed, non-empty; commas, quotes and non-ASCII welcome.
  const term = fc
    .string({ unit: fc.constantFrom('a', 'é', ',', '"', ' ', '\\', 'd', '{', '}', '3', '😀'), minLength: 1, maxLength: 12 })
    .map((t) => t.trim())
    .filter((t) => t !== '');

  test.each(settings.map((s) => [`${s.termsTransport} ${s.csvQuoting} ${s.sentenceEncoding} ${s.separators.word}`, s] as const))('%s', async (_name, s) => {
    await fc.assert(
      fc.asyncProperty(fc.array(term, { maxLength: 8 }), fc.constantFrom(...CATEGORIES), async (terms, category) => {
        const encoded = encodeTerms(terms, s, category);
        const { bytes } = uploadBytes(terms, s, category);
        const form = keywordListForm({ id: 'l', name: 'n', description: '', category, searchTerms: terms }, s);
        const sent = await sentParts(form, encoded);
        const sentBytes = Array.isArray(sent) ? sent.reduce((n, v) => n + Buffer.byteLength(v, 'utf8'), 0) : Buffer.byteLength(sent, 'utf8');
        expect(bytes).toBe(sentBytes);
        if (encoded.encoding !== 'disallowedSentences') expect(sent).toBe(encoded.body);
      }),
      { numRuns: 40 },
    );
  });
});
