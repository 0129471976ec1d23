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
    // Set aside at read by its published id (issue 28), so it is never even planned.
    expect(apply.stdout).toContain('Default lists (never changed): profanity-list');
    expect(deletes('profanity-list')).toEqual([]);
    expect(await liveIds()).toContain('profanity-list');
  });

  test('nothing in any answer says "default": the published id alone keeps it, no DELETE under --prune --force (issue 28)', async () => {
    h.emulator.injectFaults({ type: 'no-default-flag', dropAppId: true, count: 1000, method: 'GET', path: /^\/moderation\/keywords/ });
    const apply = await h.run(['apply', '--auto-approve', '--prune', '--force']);
    expect(deletes('profanity-list')).toEqual([]);
    expect(apply.stdout).toContain('Default lists (never changed): profanity-list');
    expect(apply.code).toBe(0);
    expect(await liveIds()).toContain('profanity-list');
  });
});

test('issue 28: a default list known only by its published name, no flag in any answer, is never deleted', async () => {
  h = await startHarness({ defaultLists: 'all' });
  await h.writeList('mine', ['darn']);
  h.emulator.injectFaults({ type: 'no-default-flag', dropAppId: true, count: 1000, method: 'GET', path: /^\/moderation\/keywords/ });
  const apply = await h.run(['apply', '--auto-approve', '--prune', '--force']);
  // spam-detection: an id nothing publishes, a readable sentence list, named "Spam Detection".
  expect(deletes('spam-detection')).toEqual([]);
  expect(h.emulator.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  expect(apply.code).toBe(0);
  expect(await liveIds()).toContain('spam-detection');
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
