// plan and apply through the CLI against the emulator over real HTTP.
import { liveTerms, range, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

test('create, then noop, then update; unmanaged lists stay until prune, which needs --force', async () => {
  await h.writeList('greetings', ['hello', 'hi']);
  await h.writeList('phones', ['\\d{3,10}', 'call me'], { category: 'pattern' });

  const plan = await h.run(['plan', '--detailed-exitcode']);
  expect(plan.stderr).toBe('');
  expect(plan.code).toBe(2);
  expect(plan.stdout).toContain('+ create greetings');
  expect(plan.stdout).toContain('Plan: 2 to create, 0 to update, 0 to delete, 0 unchanged.');
  expect(plan.stdout).toContain('Default lists (never changed): profanity-list');

  const apply = await h.run(['apply', '--auto-approve']);
  expect(apply.code).toBe(0);
  expect(apply.stdout).toContain('Apply: 2 applied, 0 unchanged, 0 skipped, 0 failed.');
  expect(await liveTerms(h, 'phones')).toEqual(['\\d{3,10}', 'call me']); // a comma survives the trip

  const again = await h.run(['plan', '--detailed-exitcode']);
  expect(again.code).toBe(0);
  expect(again.stdout).toContain('No changes');

  await h.writeList('greetings', ['hello', 'hey']);
  await h.removeList('phones');
  const update = await h.run(['apply', '--auto-approve']);
  expect(update.code).toBe(0);
  expect(update.stdout).toMatch(/~ update greetings[^\n]*revision \w+_greetings_1\n    \+ hey\n    - hi/);
  expect(update.stdout).toContain('Unmanaged (live lists with no file, left alone; --prune deletes them): phones');
  expect(update.stdout).toMatch(/✓ applied +greetings \(update\) -> \w+_greetings_2/);
  expect(await liveTerms(h, 'greetings')).toEqual(['hello', 'hey']);
  expect(await liveTerms(h, 'phones')).toBeDefined();

  const refused = await h.run(['apply', '--auto-approve', '--prune']);
  expect(refused.code).toBe(4);
  expect(refused.stderr).toContain('refusing 1 unsafe change without --force: phones: deletes the list and its 2 terms');
  expect(await liveTerms(h, 'phones')).toBeDefined();

  const pruned = await h.run(['apply', '--auto-approve', '--prune', '--force']);
  expect(pruned.code).toBe(0);
  expect(pruned.stdout).toContain('✓ applied   phones (delete)');
  expect(await liveTerms(h, 'phones')).toBeUndefined();
  expect(await liveTerms(h, 'profanity-list')).toBeDefined(); // default lists are never pruned
});

test('one write request per changed list, none for unchanged ones', async () => {
  for (const id of ['a', 'b', 'c']) await h.writeList(id, ['x']);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  await h.writeList('b', ['x', 'y']);
  h.emulator.clearRequests();
  expect((await h.run(['apply', '--auto-approve', '--format', 'json'])).code).toBe(0);
  const writes = h.emulator.requests.filter((r) => r.method !== 'GET');
  expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([expect.stringMatching(/^PUT .*\/moderation\/keywords\/b$/)]);
});

test('an unsafe removal is refused, then applied with --force', async () => {
  await h.writeList('big', range(20));
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  await h.writeList('big', range(5));
  const plan = await h.run(['plan']);
  expect(plan.stdout).toContain('! needs --force: removes 15 of 20 terms (75%), more than safety.maxRemovedShare (30%)');
  const refused = await h.run(['apply', '--auto-approve']);
  expect(refused.code).toBe(4);
  expect(refused.stderr).toContain('big: removes 15 of 20 terms');
  expect(await liveTerms(h, 'big')).toHaveLength(20);
  const forced = await h.run(['apply', '--auto-approve', '--force']);
  expect(forced.code).toBe(0);
  expect(await liveTerms(h, 'big')).toEqual(range(5));
});

test('invalid lists: diagnostics on stderr, exit 3, nothing sent', async () => {
  await h.writeList('ok', ['x']);
  await h.writeList('bad', ['x', 'x']); // duplicate term
  h.emulator.clearRequests();
  for (const cmd of [['plan'], ['apply', '--auto-approve']]) {
    const r = await h.run(cmd);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/keywords\/bad\.yaml:\d+:\d+/);
    expect(r.stdout).toBe('');
  }
  expect(h.emulator.requests).toEqual([]);
});

test('markdown and json formats; the API key never appears in any output', async () => {
  await h.writeList('a', ['x']);
  const md = await h.run(['plan', '--format', 'markdown']);
  expect(md.stdout).toContain('| `a` | ➕ create | +1 −0 |');
  const applied = await h.run(['apply', '--auto-approve', '--format', 'json']);
  const report = JSON.parse(applied.stdout) as { results: { id: string; outcome: string }[] };
  expect(report.results).toEqual([expect.objectContaining({ id: 'a', outcome: 'applied' })]);
  for (const out of [md.stdout, md.stderr, applied.stdout, applied.stderr]) expect(out).not.toContain(h.env.COMETCHAT_API_KEY);
});

test('an unknown --target lists the known ones (64)', async () => {
  await h.writeList('a', ['x']);
  const { writeFile } = await import('node:fs/promises');
  await writeFile(`${h.keywords}/kwsync.yaml`, 'targets:\n  - name: prod\n  - name: staging\n');
  const r = await h.run(['plan', '--target', 'prdo']);
  expect(r.code).toBe(64);
  expect(r.stderr).toContain('unknown target "prdo"; kwsync.yaml defines: prod, staging');
  const named = await h.run(['plan', '--target', 'staging']);
  expect(named.stdout).toContain('Plan for target "staging"');
});

test.each(['0', '17', 'four'])('apply --concurrency %s is bad usage (64), with no request sent', async (value) => {
  await h.writeList('a', ['x']);
  const r = await h.run(['apply', '--auto-approve', '--concurrency', value]);
  expect(r.code).toBe(64);
  expect(r.stderr).toContain(`--concurrency must be a whole number from 1 to 16 (got "${value}")`);
  expect(h.emulator.requests).toHaveLength(0);
});

test('apply --concurrency 1 overrides apply.concurrency and still applies every list', async () => {
  await h.writeList('a', ['x']);
  await h.writeList('b', ['y']);
  const r = await h.run(['apply', '--auto-approve', '--concurrency', '1']);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('Apply: 2 applied, 0 unchanged, 0 skipped, 0 failed.');
});
