// `kwsync doctor` against the emulator in each of its modes, over real HTTP: what it finds, what it
// recommends, the exit code, and that the write probe writes nothing but its own list.
import { finding, onlyProbeWrites, startDoctorHarness, type DoctorHarness } from './doctor-harness.js';

let h: DoctorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function probe(h: DoctorHarness, argv: string[] = []) {
  const before = await h.lists();
  const r = await h.doctorJson(['--write-probe', '--yes', ...argv]);
  const id = r.report.probeListId!;
  expect(id).toMatch(/^kwsync-probe-[0-9a-f]{10}$/);
  // Nothing but the probe id was written, and the app is left exactly as it was.
  expect(onlyProbeWrites(h.writes(), id)).toBe(true);
  expect(h.writes()).toContain(`DELETE /v3/moderation/keywords/${id}`);
  expect(await h.lists()).toEqual(before);
  return r;
}

describe('kwsync doctor against the default emulator', () => {
  it('read-only: every check passes, only GETs are sent, exit 0', async () => {
    h = await startDoctorHarness();
    const r = await h.doctor();
    expect(r.code).toBe(0);
    expect(h.writes()).toEqual([]);
    // The header names the app, region and full base URL, so nobody probes the wrong app unawares.
    expect(r.stdout).toMatch(/^kwsync doctor for target ".+" \(read-only\)\n {2}app .+, region us, http:\/\/127\.0\.0\.1:\d+\/v3\n/);
    expect(r.stdout).toMatch(/^ok +reach and authenticate$/m);
    expect(r.stdout).toMatch(/^unknown +the key may write$/m);
    expect(r.stdout).toContain('run `kwsync doctor --write-probe`');
    expect(r.stdout).toContain('service:\n  termsTransport: auto\n  csvQuoting: none\n  searchTermsWithFile: empty\n  timeoutMs: 30000\n');
    expect(r.stdout).toContain('Everything checked works with the current settings.');
    expect(r.stdout).not.toContain(h.emu.apiKey);
  });

  it('--write-probe: every transport stores its terms, each probe list is deleted, exit 0', async () => {
    h = await startDoctorHarness();
    const { code, report } = await probe(h);
    expect(code).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.endpoint).toEqual({ appId: null, region: 'us', host: new URL(h.emu.chatBaseUrl).host, baseUrl: h.emu.chatBaseUrl });
    expect(report.changes).toEqual([]);
    // Nothing differs; only what needs a preview group, and a separator the client sent as a file, stays unknown.
    expect(report.findings.filter((f) => f.status === 'differs')).toEqual([]);
    expect(finding(report, 'messages-prepend')!.status).toBe('unknown');
    expect(report.variants.filter((v) => v.kind === 'pattern' && v.variant.startsWith('file-')).map((v) => [v.variant, v.matches])).toEqual([
      ['file-none-empty', true],
      ['file-rfc4180-empty', false],
      ['file-rfc4180-omit', false],
    ]);
    expect(report.variants[0]).toMatchObject({ variant: 'searchTerms', kind: 'pattern', method: 'POST', matches: true });
    // The service keeps CSV quotes literally (the published example), so rfc4180 quoting shows.
    expect(report.variants[2]!.stored).toEqual(['"\\d{3,10}"', 'kwsyncprobe']);
    expect(finding(report, 'probe-cleanup')?.status).toBe('ok');
  });

  it('--write-probe: one list per kind, each on its own id, one at a time; sentences tried with every encoding', async () => {
    h = await startDoctorHarness();
    const { report } = await probe(h);
    const id = report.probeListId!;
    expect([...new Set(report.variants.map((v) => `${v.kind} ${v.list}`))]).toEqual([`pattern ${id}`, `word ${id}-word`, `sentence-similarity ${id}-sentences`]);
    // Each list is deleted before the next one is made: one free slot is enough.
    const order = h.writes().filter((w) => w.startsWith('DELETE') || w.startsWith('POST'));
    expect(order).toEqual([
      'POST /v3/moderation/keywords',
      `DELETE /v3/moderation/keywords/${id}`,
      'POST /v3/moderation/keywords',
      `DELETE /v3/moderation/keywords/${id}-word`,
      'POST /v3/moderation/keywords',
      `DELETE /v3/moderation/keywords/${id}-sentences`,
      // Then the rules probe: its list, a rule made and deleted per reference flag spelling, the
      // rule made again for the value, update and action probes, deleted before its list.
      'POST /v3/moderation/keywords',
      ...[1, 2, 3].flatMap(() => ['POST /v3/moderation/rules', `DELETE /v3/moderation/rules/${id}-rule`]),
      'POST /v3/moderation/rules',
      `DELETE /v3/moderation/rules/${id}-rule`,
      `DELETE /v3/moderation/keywords/${id}-rules`,
    ]);
    const sentences = report.variants.filter((v) => v.variant.startsWith('sentences-'));
    expect(sentences.map((v) => v.variant)).toEqual(['sentences-repeated', 'sentences-brackets', 'sentences-indexed', 'sentences-json', 'sentences-searchTerms']);
    // The sentences hold commas and travel whole; the current encoding creates the list.
    expect(sentences[0]).toMatchObject({ method: 'POST', sent: ["Hello, let's connect on Whatsapp (repeated).", 'Send me your bank details, please (kwsync probe repeated).'], matches: true });
    expect(finding(report, 'sentence-encoding')).toMatchObject({ status: 'ok', fix: 'none needed' });
    expect(finding(report, 'sentence-encoding')!.assumed).toContain('repeated');
    // The word list is created with a file: a POST with a file.
    expect(report.variants.find((v) => v.kind === 'word')).toMatchObject({ variant: 'file', method: 'POST', matches: true });
    expect(report.variants.find((v) => v.kind === 'word')!.parts).toContain('file');
    expect(finding(report, 'post-with-file')).toMatchObject({ status: 'ok' });
    const separatorsTried = (kind: string) => report.variants.filter((v) => v.kind === kind && v.variant.startsWith('separator-')).map((v) => v.variant);
    expect(separatorsTried('word')).toEqual(['separator-comma', 'separator-newline']);
    expect(separatorsTried('pattern')).toEqual(['separator-newline', 'separator-comma']);
    // Sentences in searchTerms are refused (as published): their separator is never used, so not tried.
    expect(separatorsTried('sentence-similarity')).toEqual([]);
    expect(finding(report, 'separators-sentence-similarity')!.detail).toContain('was not tried');
    expect(report.recommended).toMatchObject({ sentenceEncoding: 'repeated', separators: { word: 'comma', pattern: 'newline', 'sentence-similarity': 'newline' } });
  });
});

describe('kwsync doctor --write-probe in the emulator modes', () => {
  it('requireSearchTerms with searchTermsWithFile: omit configured: recommends empty, exit 1', async () => {
    h = await startDoctorHarness({ requireSearchTerms: true }, 'service:\n  searchTermsWithFile: omit\n');
    const { code, report } = await probe(h);
    expect(code).toBe(1);
    expect(report.current.searchTermsWithFile).toBe('omit');
    expect(report.recommended.searchTermsWithFile).toBe('empty');
    expect(report.changes).toEqual([expect.objectContaining({ setting: 'searchTermsWithFile', from: 'omit', to: 'empty' })]);
    expect(report.variants.find((v) => v.variant === 'file-none-omit')?.status).toBe(400);
    expect(finding(report, 'searchterms-beside-file')).toMatchObject({ status: 'differs', needsAction: true, hint: 'set service.searchTermsWithFile: empty' });
  });

  it('the same in text: the service block marks the changed setting', async () => {
    h = await startDoctorHarness({ requireSearchTerms: true }, 'service:\n  searchTermsWithFile: omit\n');
    const r = await h.doctor(['--write-probe', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^ {2}searchTermsWithFile: empty +# was omit: /m);
    expect(r.stdout).toContain('1 setting should change');
  });

  it('csvParsing split-commas: no layout keeps \\d{3,10} whole; says how to rewrite such patterns, exit 1', async () => {
    h = await startDoctorHarness({ csvParsing: 'split-commas' });
    const { code, report } = await probe(h);
    expect(code).toBe(1);
    expect(report.variants.filter((v) => v.variant.startsWith('file-')).every((v) => !v.matches)).toBe(true);
    const f = finding(report, 'terms-in-file')!;
    expect(f).toMatchObject({ status: 'differs', needsAction: true });
    expect(f.detail).toContain('Terms with a comma cannot be stored on this app');
    expect(f.detail).toContain('\\d{3}\\d?\\d?\\d?\\d?\\d?\\d?\\d?');
    // No setting fixes it, so none is recommended.
    expect(report.changes).toEqual([]);
  });

  it('csvParsing rfc4180: recommends csvQuoting rfc4180 when the current setting is none, exit 1', async () => {
    h = await startDoctorHarness({ csvParsing: 'rfc4180' });
    const { code, report } = await probe(h);
    expect(code).toBe(1);
    expect(report.changes).toEqual([expect.objectContaining({ setting: 'csvQuoting', from: 'none', to: 'rfc4180' })]);
    expect(report.variants.find((v) => v.variant === 'file-rfc4180-empty')).toMatchObject({ matches: true, stored: ['\\d{3,10}', 'kwsyncprobe'] });
  });

  it('csvParsing rfc4180 with csvQuoting rfc4180 already set: nothing to change, exit 0', async () => {
    h = await startDoctorHarness({ csvParsing: 'rfc4180' }, 'service:\n  csvQuoting: rfc4180\n');
    const { code, report } = await probe(h);
    expect(code).toBe(0);
    expect(report.variants[1]).toMatchObject({ variant: 'file-rfc4180-empty', matches: true });
  });
});

describe('kwsync doctor --write-probe: sentence encodings and separators per kind', () => {
  it('sentenceEncoding json: each other encoding is refused, json round-trips (commas kept); recommends it, exit 1', async () => {
    h = await startDoctorHarness({ sentenceEncoding: 'json' });
    const { code, report } = await probe(h);
    expect(code).toBe(1);
    const tried = report.variants.filter((v) => v.variant.startsWith('sentences-'));
    expect(tried.map((v) => [v.variant, v.method, v.matches])).toEqual([
      ['sentences-repeated', 'POST', false],
      ['sentences-brackets', 'POST', false],
      ['sentences-indexed', 'POST', false],
      ['sentences-json', 'POST', true],
      ['sentences-searchTerms', 'PUT', false],
    ]);
    expect(tried[3]!.stored).toEqual(["Hello, let's connect on Whatsapp (json).", 'Send me your bank details, please (kwsync probe json).']);
    expect(report.changes).toEqual([expect.objectContaining({ setting: 'sentenceEncoding', from: 'repeated', to: 'json' })]);
    const f = finding(report, 'sentence-encoding')!;
    expect(f).toMatchObject({ status: 'differs', needsAction: true, fix: 'service.sentenceEncoding: json', hint: 'set service.sentenceEncoding: json' });
    expect(f.observed).toContain('json (disallowedSentences): stored as sent');
  });

  it('patterns split by comma: recommends separators.pattern comma (not a file), exit 1', async () => {
    h = await startDoctorHarness({ separators: { pattern: 'comma' } });
    const { code, report } = await probe(h);
    expect(code).toBe(1);
    expect(report.changes.map((c) => [c.setting, c.from, c.to])).toEqual([['separators.pattern', 'newline', 'comma']]);
    expect(finding(report, 'separators-pattern')).toMatchObject({ status: 'differs', fix: 'service.separators.pattern: comma' });
    expect(finding(report, 'separators-pattern')!.observed).toContain('newline-separated ["\\\\d{3,10}","kwsyncprobenewline"]: stored as ["\\\\d{3","10}');
    expect(finding(report, 'terms-in-searchterms')).toMatchObject({ status: 'differs', hint: 'set service.separators.pattern: comma' });
    expect(finding(report, 'separators-word')!.status).toBe('ok');
  });

  it('words split by line: recommends separators.word newline, exit 1', async () => {
    h = await startDoctorHarness({ separators: { word: 'newline' } });
    const { code, report } = await probe(h);
    expect(code).toBe(1);
    expect(report.changes.map((c) => [c.setting, c.to])).toEqual([['separators.word', 'newline']]);
  });

  it('sentences only in searchTerms, split by comma: recommends sentenceEncoding searchTerms and the comma, exit 1', async () => {
    h = await startDoctorHarness({ sentenceEncoding: 'searchTerms', separators: { 'sentence-similarity': 'comma' } });
    const { code, report } = await probe(h);
    expect(code).toBe(1);
    expect(report.changes.map((c) => [c.setting, c.to])).toEqual([
      ['sentenceEncoding', 'searchTerms'],
      ['separators.sentence-similarity', 'comma'],
    ]);
    expect(report.variants.filter((v) => v.kind === 'sentence-similarity' && v.variant.startsWith('separator-')).map((v) => [v.variant, v.matches])).toEqual([
      ['separator-newline', false],
      ['separator-comma', true],
    ]);
  });
});

describe('kwsync doctor, read-only, in the emulator modes', () => {
  it('keywordListLimit: the listing may be cut short; reported, no setting changes, exit 0', async () => {
    h = await startDoctorHarness({ keywordListLimit: 1 });
    const { code, report } = await h.doctorJson();
    expect(code).toBe(0);
    const f = finding(report, 'listing-size')!;
    expect(f.status).toBe('differs');
    expect(f.detail).toContain('may be cut short');
    expect(f.detail).toContain('number of lists on the app is unknown');
  });

  it('errorBody plain: the missing-list answer is a 404 without the envelope; reported, exit 0', async () => {
    h = await startDoctorHarness({ errorBody: 'plain' });
    const { code, report } = await h.doctorJson();
    expect(code).toBe(0);
    expect(finding(report, 'missing-list-error')).toMatchObject({ status: 'differs', needsAction: false });
    expect(finding(report, 'missing-list-error')!.detail).toContain('HTTP 404 with a body that is not JSON');
  });

  it('errorBody envelope (default): ok with the service code', async () => {
    h = await startDoctorHarness();
    const { report } = await h.doctorJson();
    expect(finding(report, 'missing-list-error')).toMatchObject({ status: 'ok' });
    expect(finding(report, 'missing-list-error')!.detail).toContain('HTTP 404 ERR_KEYWORD_NOT_FOUND');
  });

  it('rate headers: names the family seen, or says there are none', async () => {
    h = await startDoctorHarness({ rateLimitHeaders: 'x-rate-limit' });
    expect(finding((await h.doctorJson()).report, 'rate-limit-headers')!.detail).toContain('X-Rate-Limit-*');
    await h.close();
    h = await startDoctorHarness({ rateLimitHeaders: 'none' });
    expect(finding((await h.doctorJson()).report, 'rate-limit-headers')).toMatchObject({ status: 'differs', needsAction: false });
  });

  it('the Calls API: reports the pagination keys of one page', async () => {
    h = await startDoctorHarness();
    const f = finding((await h.doctorJson()).report, 'calls-api')!;
    expect(f.status).toBe('ok');
    expect(f.detail).toMatch(/meta\.pagination \{[^}]*current_page/);
  });
});

describe('kwsync doctor and the key', () => {
  // The emulator's read-only key gets 403 AUTH_ERR_NO_ACCESS on every request, reads included.
  it('a read-only key: doctor says the key lacks full-access scope, writes nothing, exit 1', async () => {
    h = await startDoctorHarness({ readOnlyApiKey: 'read-only-key-123' });
    const before = await h.lists();
    for (const argv of [[], ['--write-probe', '--yes']]) {
      const r = await h.doctorJson(argv, { COMETCHAT_API_KEY: 'read-only-key-123' });
      expect(r.code).toBe(1);
      expect(finding(r.report, 'connection')).toMatchObject({ status: 'differs', needsAction: true });
      expect(finding(r.report, 'connection')!.detail).toContain('HTTP 403 AUTH_ERR_NO_ACCESS');
      expect(r.stderr).toContain('full-access scope');
      expect(r.report.writeProbe).toBe(false);
      expect(JSON.stringify(r)).not.toContain('read-only-key-123');
    }
    expect(h.writes()).toEqual([]);
    expect(await h.lists()).toEqual(before);
  });

  it('a wrong key: cannot authenticate, exit 1 with a hint, the key never printed', async () => {
    h = await startDoctorHarness();
    const r = await h.doctor([], { COMETCHAT_API_KEY: 'wrong-key-456' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^DIFFERS +reach and authenticate$/m);
    expect(r.stdout).toContain('HTTP 401');
    expect(r.stdout).toContain('hint: check COMETCHAT_API_KEY');
    expect(r.stdout).toContain('Nothing else was checked');
    expect(r.stdout).not.toContain('service:');
    expect(r.stdout + r.stderr).not.toContain('wrong-key-456');
  });

  it('an unreachable app: exit 1 with a hint', async () => {
    h = await startDoctorHarness();
    const url = h.emu.chatBaseUrl;
    await h.emu.close();
    const r = await h.doctorJson([], { COMETCHAT_BASE_URL: url });
    expect(r.code).toBe(1);
    expect(finding(r.report, 'connection')).toMatchObject({ status: 'differs', needsAction: true });
    expect(r.stderr).toContain('hint:');
    h.emu.close = async () => {};
  });
});
