// Every query parameter of "list group messages" (the seed's 28) reaches the service from a
// `kwsync messages list` flag, under the API's name and in the encoding the published description
// declares: checked over real HTTP against the validating mock of the published description (which
// records each request and refuses what the description does not declare), then against the emulator.
import { BUSY_GROUP, startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { MESSAGE_PARAMS, flagOf } from '../../src/cli/commands/messages-params.js';
import { kwsync } from '../helpers/cli.js';
import { MOCK_API_KEY, startPublishedMock, type PublishedMock } from '../contract/published-mock.js';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

/**
 * The seed spec's table, in its order, written out here independently of the flag table: the flag,
 * and what the query must then hold under the API name (a repeated parameter: several values).
 */
const SEED_PARAMS: [api: string, argv: string[], sent: string[]][] = [
  ['searchKey', ['--search-key', 'heck'], ['heck']],
  ['hasAttachments', ['--has-attachments'], ['true']],
  ['attachmentTypes', ['--attachment-types', 'image'], ['image']],
  ['hasMentions', ['--has-mentions'], ['true']],
  ['hasLinks', ['--has-links'], ['true']],
  ['mentionedUids', ['--mentioned-uids', 'alice,bob'], ['alice,bob']],
  ['unread', ['--unread'], ['true']],
  ['undelivered', ['--undelivered'], ['true']],
  ['count', ['--count'], ['true']],
  ['hideMessagesFromBlockedUsers', ['--hide-messages-from-blocked-users'], ['true']],
  ['hideReplies', ['--hide-replies'], ['true']],
  ['affix', ['--affix', 'prepend'], ['prepend']],
  ['id', ['--id', '42'], ['42']],
  ['category', ['--category', 'message'], ['message']],
  ['categories', ['--categories', 'message,custom'], ['message', 'custom']],
  ['type', ['--type', 'text'], ['text']],
  ['types', ['--types', 'text,image'], ['text', 'image']],
  ['myMentionsOnly', ['--my-mentions-only'], ['true']],
  ['hasReactions', ['--has-reactions'], ['true']],
  ['sender', ['--sender', 'cometchat-uid-3'], ['cometchat-uid-3']],
  ['mentionsWithBlockedInfo', ['--mentions-with-blocked-info'], ['true']],
  ['mentionsWithTagInfo', ['--mentions-with-tag-info'], ['true']],
  ['limit', ['--limit', '50'], ['50']],
  ['fromTimestamp', ['--from-timestamp', '2024-06-01'], [String(day('2024-06-01'))]],
  ['toTimestamp', ['--to-timestamp', '2024-06-01'], [String(day('2024-06-01') + 86_399)]],
  ['withTags', ['--with-tags'], ['true']],
  ['tags', ['--tags', 'a,b'], ['a', 'b']],
  ['hideQuotedMessages', ['--hide-quoted-messages'], ['true']],
];

test('the seed has 28 parameters; each has exactly one flag, the kebab-case of its name', () => {
  expect(SEED_PARAMS).toHaveLength(28);
  expect(MESSAGE_PARAMS.map((p) => p.api)).toEqual(SEED_PARAMS.map(([api]) => api));
  for (const [api, argv] of SEED_PARAMS) expect(argv[0]).toBe(flagOf(api));
});

describe('against the published description (validating mock)', () => {
  let mock: PublishedMock;
  let env: Record<string, string>;
  beforeAll(async () => {
    mock = await startPublishedMock();
    env = { COMETCHAT_API_KEY: MOCK_API_KEY, COMETCHAT_BASE_URL: mock.chatBaseUrl, COMETCHAT_CALLS_BASE_URL: mock.callsBaseUrl };
  });
  afterAll(() => mock.close());
  beforeEach(() => mock.reset());

  /** Runs `messages list` and returns the query of the one request it made. */
  async function sent(args: string[]) {
    const r = await kwsync(['messages', 'list', 'cometchat-guid-1', '--on-behalf-of', 'cometchat-uid-3', ...args], env);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(mock.requests).toHaveLength(1);
    const url = new URL(mock.requests[0]!.url, 'http://x');
    expect(url.pathname).toBe('/groups/cometchat-guid-1/messages');
    return { r, query: url.searchParams, failures: mock.failures.map((f) => f.problem) };
  }

  test.each(SEED_PARAMS)('%s: %j sends it under the API name, nothing else', async (api, argv, values) => {
    const { r, query, failures } = await sent(argv);
    expect(r.code).toBe(0);
    expect(query.getAll(api)).toEqual(values);
    expect([...new Set(query.keys())]).toEqual([api]);
    // Declared by the published description, valid under it; hideQuotedMessages is the seed's only.
    if (api === 'hideQuotedMessages') expect(failures).toEqual(['/query must NOT have additional properties ("hideQuotedMessages")']);
    else expect(failures).toEqual([]);
  });

  test('all 28 at once: one request carrying every parameter', async () => {
    const { r, query, failures } = await sent(SEED_PARAMS.flatMap(([, argv]) => argv));
    expect(r.code).toBe(0);
    for (const [api, , values] of SEED_PARAMS) expect({ api, values: query.getAll(api) }).toEqual({ api, values });
    expect(failures).toEqual(['/query must NOT have additional properties ("hideQuotedMessages")']);
  });

  test('--no-<flag> sends false; the flag absent sends nothing', async () => {
    const { query, failures } = await sent(['--no-hide-replies', '--no-with-tags', '--has-links']);
    expect(Object.fromEntries(query)).toEqual({ hideReplies: 'false', withTags: 'false', hasLinks: 'true' });
    expect(failures).toEqual([]);
  });

  test('the earlier flags --search, --from, --to still work and send the same', async () => {
    const old = (await sent(['--search', 'heck', '--from', '2024-06-01', '--to', '2024-06-02'])).query.toString();
    mock.reset();
    const now = (await sent(['--search-key', 'heck', '--from-timestamp', '2024-06-01', '--to-timestamp', '2024-06-02'])).query.toString();
    expect(old).toBe(now);
    expect(now).toBe(`searchKey=heck&fromTimestamp=${day('2024-06-01')}&toTimestamp=${day('2024-06-02') + 86_399}`);
  });

  test('--latest is affix=prepend; it and --affix together, or an alias with its flag, are usage errors', async () => {
    expect(Object.fromEntries((await sent(['--latest'])).query)).toEqual({ affix: 'prepend' });
    mock.reset();
    for (const argv of [
      ['--latest', '--affix', 'append'],
      ['--search', 'a', '--search-key', 'b'],
      ['--attachment-types', 'pdf'],
      ['--from-timestamp', '2024-06-02', '--to-timestamp', '2024-06-01'],
    ]) {
      const r = await kwsync(['messages', 'list', 'g', ...argv], env);
      expect({ argv, code: r.code }).toEqual({ argv, code: 64 });
      expect(r.stderr).toMatch(/^kwsync: .+\n {2}hint: /);
    }
    expect(mock.requests).toHaveLength(0);
  });

  test('--help shows every flag, in groups', async () => {
    const r = await kwsync(['messages', 'list', '--help']);
    for (const [, argv] of SEED_PARAMS) expect(r.stdout).toContain(`  ${argv[0]}`);
    const headings = r.stdout.split('\n').filter((l) => /^[A-Z][^ ].*:$/.test(l));
    expect(headings).toEqual([
      'Arguments:',
      'Paging (which page, how many):',
      'What the messages hold:',
      'Who sent, who is mentioned, who reads:',
      'When (UNIX seconds or an ISO date/time):',
      'Extra information in the answer:',
      'Output and identity:',
      'Options:',
      'Examples:',
    ]);
    expect(r.stdout).not.toContain('--no-hide-replies');
  });
});

describe('against the emulator', () => {
  let emu: RunningEmulator;
  let env: Record<string, string>;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
    env = { COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl, COMETCHAT_CALLS_BASE_URL: emu.callsBaseUrl };
  });
  afterAll(() => emu.close());
  type Msg = { id: string; type: string; sender: string; reactions?: unknown[]; tags?: string[]; mentionedUsers?: { uid: string }[] };
  const list = async (...args: string[]) => {
    const r = await kwsync(['messages', 'list', BUSY_GROUP, '--json', ...args], env);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    return { messages: JSON.parse(r.stdout) as Msg[], stderr: r.stderr };
  };

  test('the filters the world can answer filter', async () => {
    const typed = (await list('--types', 'image,video', '--has-reactions', '--with-tags', '--limit', '200')).messages;
    expect(typed.length).toBeGreaterThan(0);
    for (const m of typed) {
      expect(['image', 'video']).toContain(m.type);
      expect(m.reactions?.length).toBeGreaterThan(0);
      expect(m.tags).toEqual(expect.any(Array));
    }
    const mine = (await list('--my-mentions-only', '--on-behalf-of', 'cometchat-uid-5', '--limit', '50')).messages;
    expect(mine.length).toBeGreaterThan(0);
    for (const m of mine) expect(m.mentionedUsers?.map((u) => u.uid)).toContain('cometchat-uid-5');
    const from = (await list('--limit', '3')).messages;
    const after = (await list('--id', from[0]!.id, '--limit', '2')).messages;
    expect(after.map((m) => m.id)).toEqual(from.slice(1).map((m) => m.id));
    const before = (await list('--id', from[2]!.id, '--affix', 'prepend', '--limit', '2')).messages;
    expect(before.map((m) => m.id)).toEqual(from.slice(0, 2).map((m) => m.id));
  });

  test('--count: the count the service sends is printed on stderr', async () => {
    const { messages, stderr } = await list('--count', '--has-mentions', '--limit', '5');
    expect(messages).toHaveLength(5);
    const n = Number(/the service counts (\d+) matching messages/.exec(stderr)?.[1]);
    expect(n).toBeGreaterThan(5);
  });

  test('the parameters the world has nothing for are accepted and change nothing', async () => {
    const plain = (await list('--limit', '20')).messages.map((m) => m.id);
    const flagged = await list('--limit', '20', '--undelivered', '--hide-messages-from-blocked-users', '--mentions-with-blocked-info', '--mentions-with-tag-info', '--hide-quoted-messages');
    expect(flagged.messages.map((m) => m.id)).toEqual(plain);
  });

  test('the service refusing a combination says so, in one line with a hint', async () => {
    const r = await kwsync(['messages', 'list', BUSY_GROUP, '--unread'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^kwsync: .*onBehalfOf/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
