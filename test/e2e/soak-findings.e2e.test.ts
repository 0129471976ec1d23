// Issue 22, the soak findings over real HTTP: a list either read marks as default is never sent a
// DELETE, and a service refusal to delete one is named as that; an answer naming another list is a
// conflict (exit 1), never "already deleted".
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
afterEach(async () => {
  await h.close();
});

const LISTING = /^\/moderation\/keywords$/;
const deletes = (id: string) => h.emulator.requests.filter((r) => r.method === 'DELETE' && r.path.endsWith(`/moderation/keywords/${id}`));

async function liveIds(): Promise<string[]> {
  const res = await fetch(`${h.emulator.chatBaseUrl}/moderation/keywords`, { headers: { apikey: h.emulator.apiKey } });
  return ((await res.json()) as { data: { id: string }[] }).data.map((l) => l.id).sort();
}

describe('default lists', () => {
  beforeEach(async () => {
    h = await startHarness({ defaultLists: 'published' });
    await h.writeList('mine', ['darn']);
  });

  test('the listing lacks `default` and `appId`, GET by id says only `appId: "default"`: no DELETE under --prune --force', async () => {
    h.emulator.injectFaults({ type: 'no-default-flag', dropAppId: true, count: 1000, method: 'GET', path: LISTING });
    h.emulator.injectFaults({ type: 'no-default-flag', count: 1000, method: 'GET', path: '/moderation/keywords/profanity-list' });
    const apply = await h.run(['apply', '--auto-approve', '--prune', '--force']);
    expect(apply.stdout).toMatch(/profanity-list[^\n]*\n?[^\n]*default list of the app/);
    expect(deletes('profanity-list')).toEqual([]);
    expect(await liveIds()).toContain('profanity-list');
  });

  test('nothing says "default" and the service refuses the DELETE: the refusal is named as a default list, not the key', async () => {
    h.emulator.injectFaults({ type: 'no-default-flag', dropAppId: true, count: 1000, method: 'GET', path: /^\/moderation\/keywords/ });
    const apply = await h.run(['apply', '--auto-approve', '--prune', '--force']);
    expect(deletes('profanity-list').length).toBe(1);
    expect(apply.stdout).toContain('delete refused by the service because it is a default list of the app');
    expect(apply.stdout).not.toContain('COMETCHAT_API_KEY');
    expect(apply.code).toBe(1);
    expect(await liveIds()).toContain('profanity-list');
  });
});

test('GET by id answers with another list: the prune is a conflict (exit 1), the list stays, nothing is "already deleted"', async () => {
  h = await startHarness({ defaultLists: 'none' });
  await h.writeList('a', ['x']);
  await h.writeList('b', ['y']);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  await h.removeList('b');
  h.emulator.injectFaults({ type: 'other-list', count: 1000, method: 'GET', path: '/moderation/keywords/b' });
  const apply = await h.run(['apply', '--auto-approve', '--prune', '--force']);
  expect(apply.stdout).not.toContain('already deleted');
  expect(apply.stdout).toContain('answered with another list, "B", not "b"');
  expect(apply.code).toBe(1);
  expect(deletes('b')).toEqual([]);
  expect(await liveIds()).toEqual(['a', 'b']);
});
