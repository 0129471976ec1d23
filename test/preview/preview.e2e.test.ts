// `kwsync preview` over real HTTP: plan against the emulator, then recent messages of a seeded group.
import { startHarness, type Harness } from '../e2e/harness.js';

/** stderr's lines other than progress: in CI a wait over a second prints a start and an end line (docs/commands.md#global-options). */
const notProgress = (stderr: string) => stderr.split('\n').filter(Boolean).filter((l) => !/^kwsync: (Reading messages of \S+|Writing the lists|Sentence model|Loading the sentence model)(\.\.\.|: .+ after \d+\.\d s)$/.test(l));

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

test('counts what a new list would catch in the newest messages of a group', async () => {
  await h.writeList('mild', ['darn', 'heck']);
  const r = await h.run(['preview', '--group', 'cometchat-guid-1', '--messages', '1500', '--format', 'json']);
  expect(notProgress(r.stderr)).toEqual([]);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout) as { messagesScanned: number; lists: Array<{ id: string; before: number; after: number; newlyCaught: number }> };
  // 1,500 across two pages of at most 1,000: the iterator walked back with affix=prepend.
  expect(out.messagesScanned).toBe(1500);
  const gets = h.emulator.requests.filter((q) => q.path.startsWith('/v3/groups/cometchat-guid-1/messages'));
  // Two pages read and used; the read-ahead may have asked for a third before the preview stopped
  // (one page read and dropped, as PagingOptions says), depending on when the answers came: never more.
  expect(gets.length).toBeGreaterThanOrEqual(2);
  expect(gets.length).toBeLessThanOrEqual(3);
  expect(gets.map((q) => (q.query ?? '').replace(/&id=\d+/, '&id=N'))).toEqual(['affix=prepend&limit=1000', ...gets.slice(1).map(() => 'affix=prepend&limit=1000&id=N')]);
  const mild = out.lists.find((l) => l.id === 'mild');
  expect(mild?.before).toBe(0);
  expect(mild?.after).toBeGreaterThan(0);
  expect(mild?.newlyCaught).toBe(mild?.after);
});

test('an unknown group is one clear line and exit 1', async () => {
  const r = await h.run(['preview', '--group', 'no-such-group']);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(/ERR_GUID_NOT_FOUND|not found/i);
  expect(r.stderr).not.toMatch(/\n\s+at /);
});

test('no groups named anywhere is bad usage', async () => {
  const r = await h.run(['preview']);
  expect(r.code).toBe(64);
  expect(r.stderr).toMatch(/--group/);
});

test('--examples N shows up to N caught messages per list with the match marked', async () => {
  await h.writeList('mild', ['darn', 'heck']);
  const r = await h.run(['preview', '--group', 'cometchat-guid-1', '--messages', '500', '--examples', '2']);
  expect(r.code).toBe(0);
  const block = /mild \(create\): catches 0 -> (\d+)[^\n]*\n {4}top terms:[^\n]*\n {4}newly caught \(2 of \1\):\n((?: {6}#\S+ {2}[^\n]*\n){2})/.exec(r.stdout);
  expect(block).not.toBeNull();
  for (const line of block![2]!.trimEnd().split('\n')) expect(line).toMatch(/\[(darn|heck)\]/i);
});

test.each(['markdown', 'json'])('--examples with --format %s is refused before anything is read: message text stays on the terminal', async (format) => {
  const before = h.emulator.requests.length;
  const r = await h.run(['preview', '--group', 'cometchat-guid-1', '--examples', '3', '--format', format]);
  expect(r.code).toBe(64);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^kwsync: --examples .* terminal only.*\n {2}hint: /);
  expect(h.emulator.requests.length).toBe(before);
});

test('--deadline: a pattern that never finishes on real messages stops the preview with the list, its file and the pattern named, exit 1', async () => {
  // No literal for the prefilter to require, so it runs on every message, and backtracks on any word.
  const evil = '(?:(?:(?:\\w?){9}){9}){9}[^\\w\\s]{5}';
  const accepted = { 'pattern-exponential-backtracking': 'testing the deadline', 'pattern-polynomial-backtracking': 'testing the deadline' };
  const { writeFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  await writeFile(join(h.keywords, 'evil.yaml'), JSON.stringify({ id: 'evil', name: 'Evil', category: 'pattern', searchTerms: [evil], accept: accepted }), 'utf8');
  try {
    const r = await h.run(['preview', '--group', 'cometchat-guid-1', '--messages', '200', '--format', 'json', '--deadline', '1']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { stopped?: { reason: string; list: string; file?: string; pattern?: string } };
    expect(out.stopped).toMatchObject({ reason: 'deadline', list: 'evil', file: 'keywords/evil.yaml', pattern: evil });
    expect(r.stderr).toMatch(/^kwsync: the preview ran past its deadline of 1000 ms while list "evil" \(keywords\/evil\.yaml\) was running pattern/);
  } finally {
    await h.removeList('evil');
  }
});
