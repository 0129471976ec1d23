// With statePath, keyword lists survive a restart: saved atomically after each write, loaded at start.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../src/errors.js';
import { startEmulator } from '../../src/emulator/index.js';
import { createList, send, updateList } from './http.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kwsync-emu-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

test('a restart loses no list, revision or delete', async () => {
  const statePath = join(dir, 'nested', 'state.json');
  const first = await startEmulator({ statePath });
  await createList(first, { id: 'kept', name: 'Kept', description: 'd', category: 'word', searchTerms: 'a,b' });
  await updateList(first, 'kept', { category: 'word', searchTerms: 'a,b,c' });
  await createList(first, { id: 'gone', name: 'Gone', category: 'word', searchTerms: 'x' });
  await send(first, 'DELETE', '/moderation/keywords/gone');
  const before = (await send(first, 'GET', '/moderation/keywords')).body.data;
  await first.close();

  expect((await readdir(join(dir, 'nested'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  expect(await readFile(statePath, 'utf8')).not.toContain('emulator-key');

  const second = await startEmulator({ statePath });
  try {
    const after = (await send(second, 'GET', '/moderation/keywords')).body.data;
    expect(after).toEqual(before);
    expect(after.find((l: { id: string }) => l.id === 'kept')).toMatchObject({ searchTerms: ['a', 'b', 'c'], revisionId: expect.stringMatching(/_kept_2$/) });
    expect(after.some((l: { id: string }) => l.id === 'gone')).toBe(false);
    const next = await updateList(second, 'kept', { category: 'word', searchTerms: 'z' });
    expect(next.body.data.revisionId).toMatch(/_kept_3$/);
  } finally {
    await second.close();
  }
});

test('without a state file, the seed lists are served', async () => {
  const emu = await startEmulator({ statePath: join(dir, 'absent.json') });
  try {
    expect((await send(emu, 'GET', '/moderation/keywords')).body.data.map((l: { id: string }) => l.id)).toEqual(['profanity-list']);
  } finally {
    await emu.close();
  }
});

test.each([
  ['not JSON', '{oops', 'is not valid JSON'],
  ['the wrong shape', '{"version":1,"appId":"a","lists":[{"id":1}]}', 'is not a kwsync emulator state'],
])('a state file that is %s is a clear ConfigError', async (_name, content, message) => {
  const statePath = join(dir, 'bad.json');
  await writeFile(statePath, content);
  const err = await startEmulator({ statePath }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ConfigError);
  expect((err as Error).message).toContain(message);
  expect((err as Error).message).toContain(statePath);
});
