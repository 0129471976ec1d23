// The read-only checks of what no source publishes, against the emulator in the mode that does the
// other thing, over real HTTP: the listing's paging, /calls paging, affix=prepend without id, and
// the call status values. Each finding says what kwsync assumed, what the app did, and the fix.
import { createClient, createKeywordList, type ApiRequest, type CometChatClient, type ProbeResult } from '../../src/api/index.js';
import { callStatusesFinding } from '../../src/doctor/calls-paging.js';
import { judgeStyle } from '../../src/doctor/listing-paging.js';
import { BUSY_GROUP } from '../../src/emulator/index.js';
import { finding, startDoctorHarness, type DoctorHarness } from './doctor-harness.js';

let h: DoctorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function addLists(h: DoctorHarness, n: number): Promise<void> {
  const c = createClient({ apiKey: h.emu.apiKey, baseUrl: h.emu.chatBaseUrl, callsBaseUrl: h.emu.callsBaseUrl });
  for (let i = 0; i < n; i += 1) await createKeywordList(c, { id: `list-${i}`, name: `List ${i}`, description: '', category: 'word', searchTerms: [`w${i}`] });
  await c.close();
  h.emu.clearRequests();
}

describe('paging of the keyword listing', () => {
  it('a listing cut short that pages by page/perPage: doctor finds the style and recommends service.listingPaging, writes nothing, exit 1', async () => {
    h = await startDoctorHarness({ keywordListLimit: 2, keywordListPaging: 'page' });
    await addLists(h, 3);
    const { code, report } = await h.doctorJson();
    expect(code).toBe(1);
    const f = finding(report, 'listing-paging')!;
    expect(f).toMatchObject({ status: 'differs', needsAction: false, fix: 'service.listingPaging: page/perPage' });
    // `page` is taken with any size parameter: per_page moves the page at the service's own size.
    expect(f.detail).toContain('The listing pages with page/perPage and page/per_page (only the page is taken)');
    expect(f.detail).toContain('With service.listingPaging: none, kwsync reads only the first answer');
    expect(f.observed).toMatch(/page\/perPage: first page \[[^\]]+\], second \[[^\]]+\]/);
    expect(f.observed).toContain('limit/offset: ignored');
    expect(f.assumed).toContain('or else by service.listingPaging (now none)');
    expect(report.recommended.listingPaging).toBe('page/perPage');
    expect(report.changes.map((c) => [c.setting, c.from, c.to])).toEqual([['listingPaging', 'none', 'page/perPage']]);
    expect(h.writes()).toEqual([]);
  });

  it('the recommended setting in kwsync.yaml: the same app is ok, nothing to change', async () => {
    h = await startDoctorHarness({ keywordListLimit: 2, keywordListPaging: 'page' }, 'service:\n  listingPaging: page/perPage\n');
    await addLists(h, 3);
    const { report } = await h.doctorJson();
    expect(finding(report, 'listing-paging')).toMatchObject({ status: 'ok', fix: 'none needed' });
    expect(report.changes.filter((c) => c.setting === 'listingPaging')).toEqual([]);
  });

  it('limit/offset paging is found too, and recommended', async () => {
    h = await startDoctorHarness({ keywordListLimit: 2, keywordListPaging: 'offset' });
    await addLists(h, 3);
    const { report } = await h.doctorJson();
    const f = finding(report, 'listing-paging')!;
    expect(f.status).toBe('differs');
    expect(f.detail).toContain('The listing pages with limit/offset');
    expect(f.observed).toContain('page/perPage: ignored');
    expect(report.recommended.listingPaging).toBe('limit/offset');
  });

  it('a listing whose answer carries meta.pagination: followed whatever the setting, nothing to change', async () => {
    h = await startDoctorHarness({ keywordListLimit: 2, keywordListPaging: 'pagination' });
    await addLists(h, 3);
    const { report } = await h.doctorJson();
    expect(finding(report, 'listing-paging')).toMatchObject({ status: 'ok', observed: 'meta.pagination in the first answer' });
    expect(report.recommended.listingPaging).toBe('none');
  });

  it('a whole listing is not paged unless asked; --listing-paging asks, and none moves: ok', async () => {
    h = await startDoctorHarness();
    await addLists(h, 2);
    expect(finding((await h.doctorJson()).report, 'listing-paging')).toBeUndefined();
    const f = finding((await h.doctorJson(['--listing-paging'])).report, 'listing-paging')!;
    expect(f).toMatchObject({ status: 'ok', fix: 'none needed' });
    expect(f.observed).toContain('page/perPage: ignored (3 lists each time)');
  });

  it('judgeStyle: the limit taken without an offset, a refusal, pages', () => {
    const answer = (status: number, ids: string[]): ProbeResult => ({ status, headers: {}, bodyText: '', json: { data: ids.map((id) => ({ id })) }, elapsedMs: 1 });
    expect(judgeStyle('s', 3, answer(200, ['a']), answer(200, ['a'])).outcome).toBe('limit-only');
    expect(judgeStyle('s', 3, answer(200, ['a']), answer(400, [])).outcome).toBe('refused');
    expect(judgeStyle('s', 3, answer(200, ['a']), answer(200, ['b'])).outcome).toBe('pages');
    expect(judgeStyle('s', 3, answer(200, ['a', 'b', 'c']), answer(200, ['a', 'b', 'c'])).outcome).toBe('ignored');
    expect(judgeStyle('s', 4, answer(200, ['a', 'b']), answer(200, ['c', 'd'])).outcome).toBe('page-only');
  });
});

describe('/calls paging', () => {
  it('the default emulator: page=2 moves, ok', async () => {
    h = await startDoctorHarness();
    const f = finding((await h.doctorJson()).report, 'calls-paging')!;
    expect(f).toMatchObject({ status: 'ok' });
    expect(f.observed).toMatch(/page=2 answered \S+ \(current_page 2\)/);
  });

  it('a service that ignores page: reported with what --all does there, exit 0 (no setting fixes it)', async () => {
    h = await startDoctorHarness({ callsIgnorePage: true });
    const { code, report } = await h.doctorJson();
    expect(code).toBe(0);
    const f = finding(report, 'calls-paging')!;
    expect(f).toMatchObject({ status: 'differs', needsAction: false });
    expect(f.detail).toContain('ignores `page`');
    expect(f.observed).toContain('(current_page 1)');
    expect(f.fix).toContain('--started-at');
  });
});

describe('affix=prepend without id', () => {
  const yaml = `preview:\n  groups: [${BUSY_GROUP}]\n`;

  it('starts at the newest message on the default emulator: ok', async () => {
    h = await startDoctorHarness({}, yaml);
    const f = finding((await h.doctorJson()).report, 'messages-prepend')!;
    expect(f).toMatchObject({ status: 'ok' });
    expect(f.detail).toContain(BUSY_GROUP);
  });

  it('a service whose prepend reads from the oldest: differs, says what preview then counts', async () => {
    h = await startDoctorHarness({ prependWithoutId: 'oldest' }, yaml);
    const { code, report } = await h.doctorJson();
    expect(code).toBe(0);
    const f = finding(report, 'messages-prepend')!;
    expect(f).toMatchObject({ status: 'differs', needsAction: false });
    expect(f.detail).toContain('oldest messages');
    expect(f.observed).toMatch(/^prepend \(limit 10\): ids 1, 2, /);
  });

  it('no preview group configured: unknown, and says how to settle it', async () => {
    h = await startDoctorHarness();
    expect(finding((await h.doctorJson()).report, 'messages-prepend')).toMatchObject({ status: 'unknown' });
  });
});

describe('call status values', () => {
  it('the emulator accepts each published and seed value', async () => {
    h = await startDoctorHarness();
    const f = finding((await h.doctorJson()).report, 'call-statuses')!;
    expect(f).toMatchObject({ status: 'ok' });
    for (const s of ['rejected', 'ongoing', 'ended', 'unanswered', 'initiated', 'canceled']) expect(f.observed).toContain(`${s}: accepted`);
  });

  it('a service that refuses some: names them, one GET per value with a limit of 1', async () => {
    const sent: ApiRequest[] = [];
    const client = {
      baseUrls: { chat: 'http://x/v3', calls: 'http://x/calls/v3' },
      probe: async (req: ApiRequest): Promise<ProbeResult> => {
        sent.push(req);
        const refused = ['initiated', 'canceled'].includes(String(req.query?.status));
        const json = refused ? { error: { code: 'ERR_BAD_REQUEST', message: 'bad status' } } : { data: [], meta: { pagination: { total: 0 } } };
        return { status: refused ? 400 : 200, headers: {}, bodyText: JSON.stringify(json), json, elapsedMs: 1 };
      },
    } as unknown as CometChatClient;
    const f = await callStatusesFinding(client);
    expect(sent.map((r) => r.query)).toEqual(['rejected', 'ongoing', 'ended', 'unanswered', 'initiated', 'canceled'].map((status) => ({ status, perPage: 1 })));
    expect(f).toMatchObject({ status: 'differs', needsAction: false });
    expect(f.detail).toContain('refuses status initiated, canceled');
    expect(f.observed).toContain('initiated: refused (HTTP 400 ERR_BAD_REQUEST)');
    expect(f.fix).toContain('initiated or canceled');
  });
});
