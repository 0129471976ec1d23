// The pure parts of doctor, table-driven: which settings it recommends from what the probe stored,
// how it reads a listing, an error body, rate headers and latency.
import { recommendTermsSettings, settingChanges, termsFindings } from '../../src/doctor/recommend.js';
import { analyseListing, listingItems } from '../../src/doctor/listing-shape.js';
import { errorBodyShape, latencyFinding, median, rateHeaderFamily } from '../../src/doctor/response-traits.js';
import type { VariantResult } from '../../src/doctor/report.js';
import { revisionFinding } from '../../src/doctor/write-findings.js';
import { DEFAULT_TERMS_SETTINGS, type TermsSettings } from '../../src/model/terms-encoding.js';

const DEFAULTS: TermsSettings = { ...DEFAULT_TERMS_SETTINGS, termsTransport: 'auto', csvQuoting: 'none', searchTermsWithFile: 'empty' };
const COMMA = ['\\d{3,10}', 'kwsyncprobe'];
const base = { kind: 'pattern' as const, list: 'kwsync-probe-0123456789', parts: ['file'] };
const ok = (variant: VariantResult['variant'], sent = COMMA): VariantResult => ({ ...base, variant, method: 'PUT', status: 200, sent, stored: sent, matches: true });
const split = (variant: VariantResult['variant']): VariantResult => ({ ...base, variant, method: 'PUT', status: 200, sent: COMMA, stored: ['\\d{3', '10}', 'kwsyncprobe'], matches: false });
const refused = (variant: VariantResult['variant']): VariantResult => ({ ...base, variant, method: 'PUT', status: 400, sent: COMMA, matches: false, error: 'searchTerms is required' });
const st = ok('searchTerms', ['kwsyncprobe']);

describe('recommendTermsSettings', () => {
  it.each([
    ['all works: keep the current settings', DEFAULTS, [st, ok('file-none-empty')], DEFAULTS],
    ['only rfc4180 keeps the comma', DEFAULTS, [st, split('file-none-empty'), split('file-none-omit'), ok('file-rfc4180-empty')], { ...DEFAULTS, csvQuoting: 'rfc4180' }],
    ['omit refused, empty works', { ...DEFAULTS, searchTermsWithFile: 'omit' }, [st, refused('file-none-omit'), ok('file-none-empty')], DEFAULTS],
    ['nothing keeps the comma, empty refused: switch to what is accepted', DEFAULTS, [st, refused('file-none-empty'), split('file-none-omit')], { ...DEFAULTS, searchTermsWithFile: 'omit' }],
    ['nothing keeps the comma: keep the quoting', DEFAULTS, [st, split('file-none-empty'), split('file-none-omit')], DEFAULTS],
    ['searchTerms mangled, files work: always a file', DEFAULTS, [{ ...st, stored: ['x'], matches: false }, ok('file-none-empty')], { ...DEFAULTS, termsTransport: 'file' }],
    ['file configured and working: kept', { ...DEFAULTS, termsTransport: 'file' }, [st, ok('file-none-empty')], { ...DEFAULTS, termsTransport: 'file' }],
  ] as [string, TermsSettings, VariantResult[], TermsSettings][])('%s', (_name, current, variants, expected) => {
    expect(recommendTermsSettings(current, variants)).toEqual(expected);
  });

  it('the findings say what to set, and settingChanges lists exactly the differences', () => {
    const current = { ...DEFAULTS, searchTermsWithFile: 'omit' as const };
    const variants = [st, refused('file-none-omit'), ok('file-none-empty')];
    const recommended = recommendTermsSettings(current, variants);
    const byId = Object.fromEntries(termsFindings(current, recommended, variants).map((f) => [f.id, f]));
    expect(byId['searchterms-beside-file']).toMatchObject({ status: 'differs', hint: 'set service.searchTermsWithFile: empty' });
    expect(byId['searchterms-beside-file']!.detail).toContain('HTTP 400: searchTerms is required');
    expect(byId['terms-in-file']!.status).toBe('ok');
    const kinds = { sentenceEncoding: 'repeated', separators: { word: 'comma', pattern: 'newline', 'sentence-similarity': 'newline' }, listingPaging: 'none', ruleReferenceFlag: 'isKeywordReferencePresent', ruleValueForm: 'string' } as const;
    const changes = settingChanges({ ...current, ...kinds, timeoutMs: 30000 }, { ...recommended, ...kinds, timeoutMs: 30000 });
    expect(changes.map((c) => [c.setting, c.from, c.to])).toEqual([['searchTermsWithFile', 'omit', 'empty']]);
  });
});

describe('analyseListing', () => {
  const item = (extra: object) => ({ id: 'a', name: 'A', category: 'word', searchTerms: ['x'], revisionId: 'h_a_1', createdAt: 1, updatedAt: 1, ...extra });

  it('a full page is possibly cut short; fewer than the limit is whole', () => {
    const full = { data: [item({}), item({ id: 'b' })], meta: { current: { limit: 2, count: 2 } } };
    expect(analyseListing(full, listingItems(full)!).facts).toEqual({ nonDefaultCount: 2, mayBeTruncated: true });
    const whole = { data: [item({})], meta: { current: { limit: 10, count: 1 } } };
    expect(analyseListing(whole, listingItems(whole)!).facts.mayBeTruncated).toBe(false);
  });

  it('judges the limit as kwsync reads it: a limit sent as text counts, no limit means whole', async () => {
    const { readKeywordListing } = await import('../../src/api/keywords.js');
    const textLimit = { data: [item({}), item({ id: 'b' })], meta: { current: { limit: '2', count: '2' } } };
    expect(analyseListing(textLimit, listingItems(textLimit)!).facts.mayBeTruncated).toBe(true);
    const fake = { send: async (_req: unknown, schema: { parse(v: unknown): unknown }) => schema.parse(textLimit) };
    expect((await readKeywordListing(fake as never)).mayBeTruncated).toBe(true);
    const noLimit = { data: [item({})], meta: { current: { count: 1 } } };
    const size = analyseListing(noLimit, listingItems(noLimit)!).findings.find((f) => f.id === 'listing-size')!;
    expect(size.status).toBe('ok');
    expect(size.detail).not.toContain('undefined');
  });

  it('default lists do not count, and `default` absent on ordinary lists is the published shape', () => {
    const json = { data: [item({ default: true, id: 'd' }), item({})], meta: { current: { limit: 10, count: 2 } } };
    const { findings, facts } = analyseListing(json, listingItems(json)!);
    expect(facts.nonDefaultCount).toBe(1);
    expect(findings.find((f) => f.id === 'listing-default-field')!.detail).toContain('absent on the 1 non-default list in the listing');
    expect(findings.find((f) => f.id === 'listing-description-field')!.status).toBe('unknown');
  });

  it('not a listing at all', () => {
    expect(listingItems({ data: {} })).toBeUndefined();
    expect(listingItems('<html>')).toBeUndefined();
  });
});

describe('response traits', () => {
  it.each([
    [{ bodyText: '{"error":{"code":"ERR_NOT_FOUND","message":"no"}}', json: { error: { code: 'ERR_NOT_FOUND', message: 'no' } } }, 'envelope'],
    [{ bodyText: '{"message":"no"}', json: { message: 'no' } }, 'other-json'],
    [{ bodyText: 'Not Found', json: undefined }, 'plain'],
    [{ bodyText: '', json: undefined }, 'empty'],
  ])('error body %j is %s', (res, shape) => {
    expect(errorBodyShape(res).shape).toBe(shape);
  });

  it('rate header families', () => {
    expect(rateHeaderFamily({ 'x-ratelimit-limit': '1' })).toBe('X-RateLimit-*');
    expect(rateHeaderFamily({ 'x-rate-limit-remaining': '1' })).toBe('X-Rate-Limit-*');
    expect(rateHeaderFamily({ 'retry-after': '1' })).toBeUndefined();
  });

  it('latency: the median decides, and a slow app gets a timeout ten round trips long', () => {
    expect(median([5, 1, 9])).toBe(5);
    expect(median([1, 2, 3, 10])).toBe(2.5);
    expect(latencyFinding([20, 30, 25], 30_000)).toMatchObject({ timeoutMs: 30_000, finding: { status: 'ok' } });
    expect(latencyFinding([4000, 5000, 4500], 30_000)).toMatchObject({ timeoutMs: 45_000, finding: { status: 'differs', needsAction: true } });
  });
});

describe('revisionFinding', () => {
  it.each([
    [['h_p_1', 'h_p_2', 'h_p_3'], 'ok'],
    [['h_p_1', 'h_p_3', 'h_p_5'], 'differs'],
    [['h_p_1'], 'unknown'],
    [['abc', 'def'], 'unknown'],
  ])('%j is %s', (revisions, status) => {
    expect(revisionFinding(revisions)).toMatchObject({ id: 'revision-numbers', status, needsAction: false });
  });
});
