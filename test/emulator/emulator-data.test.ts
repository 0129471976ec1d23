// The seed is deterministic and sized as documented; `data`/`dataFile` replace it and are checked.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../src/errors.js';
import { generateSeedData, startEmulator, type EmulatorData } from '../../src/emulator/index.js';
import { send } from './http.js';

test('the seed: same seed, same world; 20 users, 5 groups and the marketplace, 12,000 messages in cometchat-guid-1, 200 calls', () => {
  const a = generateSeedData(1);
  expect(generateSeedData(1)).toEqual(a);
  expect(generateSeedData(2)).not.toEqual(a);
  expect(a.users).toHaveLength(20);
  expect(a.groups.map((g) => g.guid)).toEqual(['cometchat-guid-1', 'cometchat-guid-2', 'cometchat-guid-3', 'cometchat-guid-4', 'cometchat-guid-5', 'marketplace']);
  expect(a.messages.filter((m) => m.guid === 'marketplace')).toHaveLength(196);
  expect(a.messages.filter((m) => m.guid === 'cometchat-guid-1')).toHaveLength(12_000);
  expect(a.calls).toHaveLength(200);
  const kinds = new Set(a.messages.flatMap((m) => m.attachments.map((x) => x.type)));
  expect([...kinds].sort()).toEqual(['audio', 'file', 'image', 'video']);
  for (const has of [(m: (typeof a.messages)[0]) => m.parentId !== undefined, (m: (typeof a.messages)[0]) => m.tags.length > 0, (m: (typeof a.messages)[0]) => m.reactions.length > 0, (m: (typeof a.messages)[0]) => m.mentions.length > 0]) {
    expect(a.messages.some(has)).toBe(true);
  }
  expect(a.calls.some((c) => c.recordings.length > 0)).toBe(true);
});

const tiny: EmulatorData = {
  users: [{ uid: 'u1', name: 'One' }],
  groups: [{ guid: 'g1', name: 'G' }],
  messages: [
    { id: 2, guid: 'g1', sender: 'u1', text: 'second', sentAt: 20 },
    { id: 1, guid: 'g1', sender: 'u1', text: 'first', sentAt: 10 },
  ],
  keywordLists: [{ id: 'mine', name: 'Mine', category: 'word', searchTerms: ['a'], default: true }],
};

test('data replaces the seed (messages served ascending by id)', async () => {
  const emu = await startEmulator({ data: tiny });
  try {
    const msgs = await send(emu, 'GET', '/groups/g1/messages');
    expect(msgs.body.data.map((m: { data: { text: string } }) => m.data.text)).toEqual(['first', 'second']);
    expect((await send(emu, 'GET', '/groups/cometchat-guid-1/messages')).status).toBe(404);
    expect((await send(emu, 'GET', '/calls', { calls: true })).body.meta.pagination.total).toBe(0);
    expect((await send(emu, 'GET', '/moderation/keywords')).body.data.map((l: { id: string }) => l.id)).toEqual(['mine']);
  } finally {
    await emu.close();
  }
});

test('invalid data lists every problem with its place', async () => {
  const bad = { users: [{ uid: 'u1', name: 'One' }], groups: [], messages: [{ id: 1, guid: 'nope', sender: 'who', sentAt: 1 }], extra: 1 };
  const err1 = await startEmulator({ data: bad as unknown as EmulatorData }).catch((e: unknown) => e);
  expect(err1).toBeInstanceOf(ConfigError);
  expect((err1 as Error).message).toContain('extra');
  const { extra: _extra, ...withoutExtra } = bad;
  const err2 = await startEmulator({ data: withoutExtra as unknown as EmulatorData }).catch((e: unknown) => e);
  expect((err2 as Error).message).toContain('messages[0].guid: unknown group "nope"');
  expect((err2 as Error).message).toContain('messages[0].sender: unknown user "who"');
  const err3 = await startEmulator({ data: { calls: [{ sessionId: 's' }] } as unknown as EmulatorData }).catch((e: unknown) => e);
  expect((err3 as Error).message).toMatch(/calls\[0\]\.type: /);
});

test('dataFile: read, parsed and checked with the file named in errors', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kwsync-data-'));
  try {
    const good = join(dir, 'world.json');
    await writeFile(good, JSON.stringify(tiny));
    const emu = await startEmulator({ dataFile: good });
    expect((await send(emu, 'GET', '/groups/g1/messages')).body.data).toHaveLength(2);
    await emu.close();
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{');
    await expect(startEmulator({ dataFile: broken })).rejects.toThrow(`the emulator data file ${broken} is not valid JSON`);
    await expect(startEmulator({ dataFile: join(dir, 'missing.json') })).rejects.toThrow('ENOENT');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
