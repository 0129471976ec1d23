// The read commands through the CLI shell, in-process, against the emulator over real HTTP.
import { startEmulator, BUSY_GROUP, type RunningEmulator } from '../../src/emulator/index.js';
import { kwsync } from '../helpers/cli.js';

const SENTINEL = 'SENTINEL-KEY-do-not-print-1234';
let emu: RunningEmulator;
let env: Record<string, string>;
type Msg = { id: string; sentAt: number };

beforeAll(async () => {
  emu = await startEmulator({ port: 0, apiKey: SENTINEL });
  env = { COMETCHAT_API_KEY: SENTINEL, COMETCHAT_BASE_URL: emu.chatBaseUrl, COMETCHAT_CALLS_BASE_URL: emu.callsBaseUrl };
});
afterAll(() => emu.close());

/** The shell masks the key as a last resort; nothing should even need masking. */
function expectNoKey(out: { stdout: string; stderr: string }) {
  for (const text of [out.stdout, out.stderr]) {
    expect(text).not.toContain(SENTINEL);
    expect(text).not.toContain('***');
  }
}

describe('kwsync messages list', () => {
  test('prints an aligned table with a count', async () => {
    const r = await kwsync(['messages', 'list', BUSY_GROUP, '--limit', '5'], env);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^SENT\s+ID\s+SENDER\s+KIND\s+TEXT$/);
    expect(lines).toHaveLength(7);
    expect(lines.at(-1)).toBe('5 messages');
    const idCol = lines[0]!.indexOf('ID');
    for (const row of lines.slice(1, 6)) expect(row.slice(idCol - 2)).toMatch(/^ {2}\d+ {2,}\S/);
    expectNoKey(r);
  });

  test('--all --max --json follows pages and stops at --max', async () => {
    const r = await kwsync(['messages', 'list', BUSY_GROUP, '--all', '--max', '2500', '--limit', '1000', '--json'], env);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout) as { id: string }[];
    expect(data).toHaveLength(2500);
    expect(new Set(data.map((m) => m.id)).size).toBe(2500);
    expectNoKey(r);
  });

  test('one page of many: a note on stderr that more follow; none when the page is all there is', async () => {
    const r = await kwsync(['messages', 'list', BUSY_GROUP, '--limit', '3'], env);
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('3 messages');
    expect(r.stderr).toBe('more messages follow: add --all, or --max N\n');
    const first = (JSON.parse((await kwsync(['messages', 'list', BUSY_GROUP, '--limit', '1', '--json'], env)).stdout) as Msg[])[0]!;
    const only = await kwsync(['messages', 'list', BUSY_GROUP, '--to', String(first.sentAt), '--limit', '1000', '--json'], env);
    expect(JSON.parse(only.stdout)).not.toHaveLength(0);
    expect(only.stderr).toBe('');
    const all = await kwsync(['messages', 'list', BUSY_GROUP, '--max', '3'], env);
    expect(all.stderr).toBe('');
  });

  test('--latest starts from the newest and prints newest first; --max keeps the newest', async () => {
    const three = JSON.parse((await kwsync(['messages', 'list', BUSY_GROUP, '--latest', '--limit', '3', '--json'], env)).stdout) as Msg[];
    expect(three).toHaveLength(3);
    const newest = three[0]!;
    const after = await kwsync(['messages', 'list', BUSY_GROUP, '--from', String(newest.sentAt + 1)], env);
    expect(after.stdout).toBe('no messages\n');
    const many = JSON.parse((await kwsync(['messages', 'list', BUSY_GROUP, '--latest', '--max', '1500', '--limit', '1000', '--json'], env)).stdout) as Msg[];
    expect(many).toHaveLength(1500);
    expect(many.slice(0, 3)).toEqual(three);
    for (let i = 1; i < many.length; i++) expect(Number(many[i - 1]!.id)).toBeGreaterThan(Number(many[i]!.id));
  });

  test('a date alone: --from is the start of that UTC day, --to its end', async () => {
    const first = (JSON.parse((await kwsync(['messages', 'list', BUSY_GROUP, '--limit', '1', '--json'], env)).stdout) as Msg[])[0]!;
    const day = new Date(first.sentAt * 1000).toISOString().slice(0, 10);
    const start = Date.parse(`${day}T00:00:00Z`) / 1000;
    const ids = async (from: string, to: string) =>
      (JSON.parse((await kwsync(['messages', 'list', BUSY_GROUP, '--from', from, '--to', to, '--all', '--json'], env)).stdout) as Msg[]).map((m) => m.id);
    const byDate = await ids(day, day);
    expect(byDate.length).toBeGreaterThan(0);
    expect(byDate).toEqual(await ids(String(start), String(start + 86_399)));
  });

  test('filters reach the service', async () => {
    const first = JSON.parse((await kwsync(['messages', 'list', BUSY_GROUP, '--limit', '1', '--json'], env)).stdout) as { sender: string }[];
    const sender = first[0]!.sender;
    const r = await kwsync(['messages', 'list', BUSY_GROUP, '--sender', sender, '--hide-replies', '--from', '2020-01-01', '--json', '--limit', '50'], env);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout) as { sender: string }[];
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((m) => m.sender === sender)).toBe(true);
  });

  test('an unknown group: one clear line, exit 1', async () => {
    const r = await kwsync(['messages', 'list', 'no-such-group'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^kwsync: GET \/groups\/no-such-group\/messages failed: HTTP 404 ERR_GUID_NOT_FOUND: .*\n {2}hint: .+\n$/);
    expect(r.stdout).toBe('');
    expectNoKey(r);
  });

  test.each([
    [['--limit', '0']],
    [['--limit', '1001']],
    [['--limit', 'ten']],
    [['--from', 'yesterday']],
    [['--max', '-1']],
    [['--from', '2024-06-02', '--to', '2024-06-01']],
  ])('bad option %j: exit 64, nothing sent', async (args) => {
    emu.clearRequests();
    const r = await kwsync(['messages', 'list', BUSY_GROUP, ...args], env);
    expect(r.code).toBe(64);
    expect(r.stderr).toMatch(/limit|from|max|--to/);
    expect(emu.requests).toHaveLength(0);
  });
});

describe('kwsync calls', () => {
  test('list prints a table and the page footer', async () => {
    const r = await kwsync(['calls', 'list', '--per-page', '5', '--status', 'ended'], env);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^SESSION\s+TYPE\s+MODE\s+STATUS\s+RECEIVER\s+STARTED\s+DURATION\s+PEOPLE\s+REC$/);
    expect(lines.slice(1, 6).every((l) => /\sended\s/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^page 1 of \d+ \(\d+ calls; --all for every page\)$/);
    expectNoKey(r);
  });

  test('list --all --json returns every call', async () => {
    const one = JSON.parse((await kwsync(['calls', 'list', '--all', '--json', '--per-page', '100'], env)).stdout) as unknown[];
    const small = JSON.parse((await kwsync(['calls', 'list', '--all', '--json', '--per-page', '30'], env)).stdout) as unknown[];
    expect(one.length).toBeGreaterThan(100);
    expect(small).toEqual(one);
  });

  test('get shows the call, participants and recordings', async () => {
    const listed = JSON.parse((await kwsync(['calls', 'list', '--has-recording', 'true', '--per-page', '1', '--json'], env)).stdout) as {
      sessionId: string;
    }[];
    const id = listed[0]!.sessionId;
    const r = await kwsync(['calls', 'get', id], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^session\\s+${id.replace(/\./g, '\\.')}\\n`));
    expect(r.stdout).toMatch(/\nparticipants \(\d+\)\nUID\s+STATE/);
    expect(r.stdout).toMatch(/\nrecordings \([1-9]\d*\)\nRID\s+MINUTES\s+STARTED\s+URL\n/);
    const json = JSON.parse((await kwsync(['calls', 'get', id, '--json'], env)).stdout) as { recordings: unknown[] };
    expect(json.recordings.length).toBeGreaterThan(0);
    expectNoKey(r);
  });

  test('a value the service refuses (--per-page 101): its message and a hint about options, not validate', async () => {
    const r = await kwsync(['calls', 'list', '--per-page', '101'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^kwsync: GET \/calls\S* failed: HTTP 400 ERR_BAD_REQUEST: .*perPage.*\n {2}hint: .*check the option values.*\n$/);
    expect(r.stderr).not.toContain('kwsync validate');
  });

  test('get of an unknown id: one clear line, exit 1', async () => {
    const r = await kwsync(['calls', 'get', 'v1.nope'], env);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(/^kwsync: GET \/calls\/v1\.nope failed: HTTP 404 ERR_CALL_SESSION_NOT_FOUND/);
    expectNoKey(r);
  });

  test('--status outside the published filter (canceled) is never sent: kwsync picks the calls out itself', async () => {
    const call = (sessionId: string, status: 'canceled' | 'ended', initiatedAt: number) => ({
      sessionId, type: 'audio' as const, mode: 'call' as const, receiverType: 'user' as const, initiator: 'a', receiver: 'b', status,
      totalAudioMinutes: 0, totalVideoMinutes: 0, totalDurationInMinutes: 0, totalDuration: '00:00:00', totalParticipants: 0,
      hasRecording: false, initiatedAt, startedAt: initiatedAt, participants: [],
    });
    const small = await startEmulator({
      port: 0,
      apiKey: SENTINEL,
      data: { users: [{ uid: 'a', name: 'A' }, { uid: 'b', name: 'B' }], calls: [call('c1', 'canceled', 3), call('c2', 'ended', 2), call('c3', 'canceled', 1)] },
    });
    try {
      const smallEnv = { ...env, COMETCHAT_CALLS_BASE_URL: small.callsBaseUrl, KWSYNC_DEBUG: '1' };
      const r = await kwsync(['calls', 'list', '--status', 'canceled', '--json'], smallEnv);
      expect(r.code).toBe(0);
      expect((JSON.parse(r.stdout) as { sessionId: string }[]).map((c) => c.sessionId)).toEqual(['c1', 'c3']);
      expect(r.stderr).toContain('--status canceled is not a filter the service publishes: kwsync picked those calls out of this page');
      expect(r.stderr).toMatch(/GET \/calls\/v3\/calls -> 200/);
      expect(r.stderr).not.toContain('status=');
      // A published value goes to the service as a filter.
      const sent = await kwsync(['calls', 'list', '--status', 'ended', '--json'], smallEnv);
      expect(sent.stderr).toContain('/calls/v3/calls?status=ended -> 200');
      expect((JSON.parse(sent.stdout) as { sessionId: string }[]).map((c) => c.sessionId)).toEqual(['c2']);
    } finally {
      await small.close();
    }
  });

  test.each([[['list', '--type', 'hologram']], [['list', '--page', '0']], [['list', '--has-recording', 'maybe']], [['get']]])(
    'bad usage %j: exit 64',
    async (args) => {
      const r = await kwsync(['calls', ...args], env);
      expect(r.code).toBe(64);
    },
  );
});

describe('settings and secrets', () => {
  test('a missing key is one error with its hint and exit 1, before anything is sent', async () => {
    emu.clearRequests();
    const r = await kwsync(['calls', 'list'], { COMETCHAT_BASE_URL: emu.chatBaseUrl });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'kwsync: not connected to CometChat: set COMETCHAT_API_KEY (a REST API key with full-access scope)\n  hint: `kwsync --help` lists the environment variables\n',
    );
    expect(emu.requests).toHaveLength(0);
  });

  test('a wrong key: the advice, and the sentinel key shows nowhere, debug log included', async () => {
    const other = await startEmulator({ port: 0 });
    try {
      const wrong = { COMETCHAT_API_KEY: SENTINEL, COMETCHAT_BASE_URL: other.chatBaseUrl, KWSYNC_DEBUG: '1' };
      for (const args of [['messages', 'list', BUSY_GROUP], ['calls', 'list'], ['calls', 'get', 'x']]) {
        const r = await kwsync(args, wrong);
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(/AUTH_ERR_APIKEY_NOT_FOUND[\s\S]*hint: check COMETCHAT_API_KEY/);
        expect(r.stderr).toMatch(/kwsync: GET \/.* -> 401 \(attempt 1\)/);
        expectNoKey(r);
      }
    } finally {
      await other.close();
    }
  });

  test('--help shows examples', async () => {
    for (const args of [['messages', 'list', '--help'], ['calls', 'list', '--help'], ['calls', 'get', '--help']]) {
      const r = await kwsync(args, {});
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Examples:\n {2}kwsync (messages|calls) /);
    }
  });
});
