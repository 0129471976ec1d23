// kwsync.yaml `service:` terms settings: parsed with defaults, mapped to client options, and the
// 1 MB measure equal to the bytes of the body the client sends, for every setting.
import fc from 'fast-check';
import { configSchema, DEFAULT_CONFIG } from '../../src/model/config.js';
import { serviceOptions } from '../../src/cli/service.js';
import { encodeTerms, termsSettings, uploadBytes, type TermsSettings } from '../../src/model/terms-encoding.js';
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
    expect(termsSettings('file')).toEqual({ termsTransport: 'file', csvQuoting: 'none', searchTermsWithFile: 'empty' });
  });

  test('the whole config.service object fits', () => {
    expect(termsSettings(DEFAULT_CONFIG.service)).toEqual({ termsTransport: 'auto', csvQuoting: 'none', searchTermsWithFile: 'empty' });
  });
});

describe('the measure is the bytes sent', () => {
  const settings: TermsSettings[] = (['auto', 'file'] as const).flatMap((termsTransport) =>
    (['none', 'rfc4180'] as const).map((csvQuoting) => ({ termsTransport, csvQuoting, searchTermsWithFile: 'empty' as const })),
  );
  // Terms as validation allows them: no newline, trimmed, non-empty; commas, quotes and non-ASCII welcome.
  const term = fc
    .string({ unit: fc.constantFrom('a', 'é', ',', '"', ' ', '\\', 'd', '{', '}', '3', '😀'), minLength: 1, maxLength: 12 })
    .map((t) => t.trim())
    .filter((t) => t !== '');

  test.each(settings)('%j', async (s) => {
    await fc.assert(
      fc.asyncProperty(fc.array(term, { maxLength: 8 }), async (terms) => {
        const { encoding, body } = encodeTerms(terms, s);
        expect(uploadBytes(terms, s)).toEqual({ encoding, bytes: Buffer.byteLength(body, 'utf8') });
        const form = keywordListForm({ id: 'l', name: 'n', description: '', category: 'pattern', searchTerms: terms }, s);
        const sent = encoding === 'file' ? await (form.get('file') as File).text() : (form.get('searchTerms') as string);
        expect(sent).toBe(body);
      }),
      { numRuns: 150 },
    );
  });
});
