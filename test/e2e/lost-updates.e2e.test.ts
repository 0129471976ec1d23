// Every outcome told truthfully when another writer or a lost answer meets `kwsync apply`, through
// the CLI over real HTTP to the emulator's faults.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { liveTerms, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
  for (const id of ['a', 'b']) await h.writeList(id, ['x']);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  for (const id of ['a', 'b']) await h.writeList(id, ['x', `new-${id}`]);
  h.emulator.clearRequests();
});
afterEach(() => h.close());

const puts = (id: string) => h.emulator.requests.filter((r) => r.method === 'PUT' && r.path.endsWith(`/${id}`));

test('an edit between the re-read and the write: conflict, exit 1, naming the list and both revisions', async () => {
  h.emulator.injectFaults({ type: 'edit-before', count: 1, method: 'PUT', path: '/moderation/keywords/b', editTerm: 'theirs' });
  const r = await h.run(['apply', '--auto-approve']);
  expect(r.code).toBe(1);
  expect(r.stdout).toMatch(/✓ applied +a \(update\)/);
  expect(r.stdout).toMatch(/✗ conflict +b \(update\)/);
  expect(r.stdout).toMatch(/another writer wrote "b" during this apply: revision \S+_b_1 was read, and after this write it is \S+_b_3/);
  expect(r.stdout).toContain('Apply: 1 applied, 0 unchanged, 0 skipped, 0 failed, 1 conflict.');
});

test('a PUT whose answer is lost but which landed: applied with a note, exit 0, sent once, no "another writer"', async () => {
  h.emulator.injectFaults({ type: 'drop-after', count: 1, method: 'PUT', path: '/moderation/keywords/b' });
  const r = await h.run(['apply', '--auto-approve']);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/✓ applied +b \(update\) -> \S+_b_2\n +the answer to the write was lost .*so the write landed/);
  expect(r.stdout).not.toMatch(/another writer|✗/);
  expect(puts('b')).toHaveLength(1);
  expect(await liveTerms(h, 'b')).toEqual(['x', 'new-b']);
});

test('a DELETE whose answer is lost and whose list is gone: applied, exit 0', async () => {
  await h.removeList('b');
  h.emulator.injectFaults({ type: 'drop-after', count: 1, method: 'DELETE', path: '/moderation/keywords/b' });
  const r = await h.run(['apply', '--auto-approve', '--prune', '--force']);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/✓ applied +b \(delete\)\n +the answer to the write was lost .*the list is gone, so the delete landed/);
  expect(r.stdout).not.toMatch(/will not help|refused/);
  expect(await liveTerms(h, 'b')).toBeUndefined();
});

test('a write answer that trickles past service.timeoutMs: the look after it finds the write landed', async () => {
  await writeFile(join(h.keywords, 'kwsync.yaml'), 'service:\n  timeoutMs: 500\n');
  h.emulator.injectFaults({ type: 'trickle', count: 1, method: 'PUT', path: '/moderation/keywords/b', trickleMs: 50 });
  const r = await h.run(['apply', '--auto-approve']);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/✓ applied +b \(update\)[^\n]*\n +the answer to the write was lost .*KWSYNC_ATTEMPT_TIMEOUT.*so the write landed/);
  expect(puts('b')).toHaveLength(1);
});

test('a re-read whose answer trickles: failed after the retries, nothing written, exit 1', async () => {
  await writeFile(join(h.keywords, 'kwsync.yaml'), 'service:\n  timeoutMs: 300\n  maxRetries: 0\n');
  h.emulator.injectFaults({ type: 'trickle', count: 1, method: 'GET', path: '/moderation/keywords/b', trickleMs: 50 });
  const r = await h.run(['apply', '--auto-approve']);
  expect(r.code).toBe(1);
  expect(r.stdout).toMatch(/✗ failed +b \(update\)\n +could not re-read the list before writing: .*no complete response within 300 ms/);
  expect(puts('b')).toHaveLength(0);
});

test('another writer replaces the list after this run wrote it: overwritten, exit 1', async () => {
  // The edit lands just before the run's final read of every written list (the second listing).
  h.emulator.injectFaults({ type: 'edit-before', count: 1, method: 'GET', path: /\/moderation\/keywords$/, skip: 1, editList: 'a', editTerm: 'later' });
  const r = await h.run(['apply', '--auto-approve']);
  expect(r.code).toBe(1);
  expect(r.stdout).toMatch(/✗ overwritten +a \(update\)\n +this run wrote revision \S+_a_2, but by the end of the run it now holds other content \(revision \S+_a_3\)/);
  expect(r.stdout).toMatch(/✓ applied +b \(update\)/);
  expect(r.stdout).toContain('1 overwritten.');
});
