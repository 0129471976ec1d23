// `kwsync calls list`: participantsCount reaches the service under its API name (checked against
// the validating mock of the published description), and `--all` against a service that ignores
// the undeclared `page` stops with an error instead of returning page 1 as if it were all.
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { kwsync } from '../helpers/cli.js';
import { MOCK_API_KEY, startPublishedMock } from '../contract/published-mock.js';

const ONE_ERROR = /^kwsync: [^\n]+\n {2}hint: [^\n]+\n$/;
const envOf = (e: { chatBaseUrl: string; callsBaseUrl: string }, apiKey: string) => ({
  COMETCHAT_API_KEY: apiKey,
  COMETCHAT_BASE_URL: e.chatBaseUrl,
  COMETCHAT_CALLS_BASE_URL: e.callsBaseUrl,
});

test('--participants-count is sent as participantsCount, valid under the published description', async () => {
  const mock = await startPublishedMock();
  try {
    const r = await kwsync(['calls', 'list', '--participants-count', '3'], envOf(mock, MOCK_API_KEY));
    expect(r.code).toBe(0);
    expect(mock.requests.map((q) => q.url)).toEqual(['/calls?participantsCount=3']);
    expect(mock.failures).toEqual([]);
    const bad = await kwsync(['calls', 'list', '--participants-count', 'two'], envOf(mock, MOCK_API_KEY));
    expect(bad.code).toBe(64);
    expect(bad.stderr).toMatch(ONE_ERROR);
  } finally {
    await mock.close();
  }
});

describe('against the emulator', () => {
  let emu: RunningEmulator;
  let ignoring: RunningEmulator;
  beforeAll(async () => {
    [emu, ignoring] = await Promise.all([startEmulator({ port: 0 }), startEmulator({ port: 0, callsIgnorePage: true })]);
  });
  afterAll(() => Promise.all([emu.close(), ignoring.close()]));
  type Call = { sessionId: string; totalParticipants: number };

  test('--participants-count keeps the calls with exactly that many participants', async () => {
    const all = JSON.parse((await kwsync(['calls', 'list', '--all', '--per-page', '100', '--json'], envOf(emu, emu.apiKey))).stdout) as Call[];
    const n = all[0]!.totalParticipants;
    const r = await kwsync(['calls', 'list', '--all', '--per-page', '100', '--participants-count', String(n), '--json'], envOf(emu, emu.apiKey));
    expect(r.code).toBe(0);
    const got = JSON.parse(r.stdout) as Call[];
    expect(got.map((c) => c.sessionId)).toEqual(all.filter((c) => c.totalParticipants === n).map((c) => c.sessionId));
    expect(got.length).toBeLessThan(all.length);
  });

  test('a service that ignores `page`: --all stops with an error that says what happened and what to do', async () => {
    const r = await kwsync(['calls', 'list', '--all', '--per-page', '5', '--json'], envOf(ignoring, ignoring.apiKey));
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(ONE_ERROR);
    expect(r.stderr).toMatch(/^kwsync: GET \/calls ignored page=2: it answered current_page 1, so following the pages would repeat what was read \(5 calls\)/);
    expect(r.stderr).toMatch(/hint: .*without --all.*kwsync doctor/);
    // The same walk on a service that pages: every call, once.
    const ok = await kwsync(['calls', 'list', '--all', '--per-page', '5', '--json'], envOf(emu, emu.apiKey));
    expect(ok.code).toBe(0);
    expect((JSON.parse(ok.stdout) as Call[]).length).toBeGreaterThan(5);
  });

  test('a service that ignores `page`: one page that holds everything is no false alarm; --page 2 gets a note', async () => {
    const whole = await kwsync(['calls', 'list', '--all', '--receiver-type', 'group', '--per-page', '100', '--json'], envOf(ignoring, ignoring.apiKey));
    expect(whole.code).toBe(0);
    const calls = JSON.parse(whole.stdout) as Call[];
    expect(calls.length).toBeGreaterThan(5);
    expect(new Set(calls.map((c) => c.sessionId)).size).toBe(calls.length);
    const second = await kwsync(['calls', 'list', '--page', '2', '--per-page', '5'], envOf(ignoring, ignoring.apiKey));
    expect(second.code).toBe(0);
    expect(second.stderr).toContain('asked for page 2, the service answered page 1: it may not take `page` on /calls');
    expect(second.stdout).toMatch(/page 1 of \d+/);
  });
});
