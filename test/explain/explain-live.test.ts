// `kwsync explain --live` over real HTTP to the emulator: whether the live lists hold each term,
// a term added live in the dashboard (not in git), and a live list no file describes.
import { execFileSync } from 'node:child_process';
import type { ExplainReport } from '../../src/explain/explain-report.js';
import { startHarness, type Harness } from '../e2e/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.writeList('scams', ['scam', 'gift card']);
  await h.writeList('mild', ['heck']);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: h.root, stdio: 'pipe' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'Add scams and mild (#7)');
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  // Since the apply: someone adds a term in the dashboard, and a list no file describes.
  const target = h.target();
  await target.updateKeywordList({ id: 'scams', name: 'List scams', description: '', category: 'word', searchTerms: ['scam', 'gift card', 'wire transfer'] });
  await target.createKeywordList({ id: 'dashboard-only', name: 'Made live', description: '', category: 'word', searchTerms: ['gift'] });
  // And a term in git that was never applied.
  await h.writeList('mild', ['heck', 'wire']);
});
afterAll(() => h.close());

const MESSAGE = 'heck, a scam: send a gift card by wire transfer';

test('text: per term whether the live list holds it; live-only terms and lists named', async () => {
  const r = await h.run(['explain', MESSAGE, '--live']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/term "scam"  keywords\/scams\.yaml:\d+\n {4}entered [-\d]+ in commit \w+ "Add scams and mild \(#7\)"\n {4}through pull request #7 \(squash-merged\)\n {4}live: the live list holds it too/);
  expect(r.stdout).toMatch(/term "wire"  keywords\/mild\.yaml:\d+\n {4}added in the working tree: not committed yet\n {4}live: the live list does NOT hold it/);
  expect(r.stdout).toContain('Live lists:');
  expect(r.stdout).toMatch(/ {2}scams catches it with "scam", "gift card", "wire transfer"; not in git: "wire transfer" \(added live since the last apply/);
  expect(r.stdout).toContain('  dashboard-only (live only: no list file has this id) catches it with "gift"');
  expect(r.stdout).not.toContain(h.env.COMETCHAT_API_KEY);
});

test('json: the live comparison as data', async () => {
  const r = await h.run(['explain', MESSAGE, '--live', '--format', 'json']);
  expect(r.code).toBe(0);
  const report = JSON.parse(r.stdout) as ExplainReport;
  expect(report.live!.lists).toHaveLength(3);
  expect(report.live!.lists).toEqual(expect.arrayContaining([
    { id: 'dashboard-only', category: 'word', inRepo: false, caught: true, terms: ['gift'], liveOnly: ['gift'] },
    { id: 'mild', category: 'word', inRepo: true, caught: true, terms: ['heck'], liveOnly: [] },
    { id: 'scams', category: 'word', inRepo: true, caught: true, terms: ['scam', 'gift card', 'wire transfer'], liveOnly: ['wire transfer'] },
  ]));
  expect(report.lists.find((l) => l.id === 'mild')!.terms.map((t) => [t.term, t.live])).toEqual([['heck', 'present'], ['wire', 'absent']]);
});

test('--term --live: every list holding it, live and in git', async () => {
  const r = await h.run(['explain', '--term', 'Wire Transfer', '--live']);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('No list in the repository holds this term');
  expect(r.stdout).toMatch(/scams holds it with "wire transfer"; not in git: "wire transfer"/);
});
