// readStatus (src/sync/status.ts) and its renderers with an in-memory reader, in-memory commits and
// fake apps: which commit is compared, the fallbacks (no record, a commit the clone lacks, no key)
// and what each says.
import { ConfigError } from '../../src/errors.js';
import { DEFAULT_CONFIG, type TargetConfig } from '../../src/model/config.js';
import type { DesiredList, KeywordList } from '../../src/model/keyword-list.js';
import { unavailableReader, type FolderLists, type StatusDeps, type StatusRequest } from '../../src/status/read-status.js';
import { readStatus } from '../../src/sync/status.js';
import { renderStatusMarkdown, renderStatusText, timeAgo } from '../../src/status/render-status.js';
import { FakeTarget } from '../helpers/fake-target.js';
import { MemoryReader } from '../status/memory-reader.js';

const list = (id: string, terms: string[]): DesiredList => ({ id, name: id, description: '', category: 'word', searchTerms: terms, source: { file: `keywords/${id}.yaml` } } as unknown as DesiredList);
const folder = (lists: DesiredList[], prune = false): FolderLists => ({ config: { ...DEFAULT_CONFIG, prune }, lists, errorCount: 0 });
const content = (l: DesiredList): KeywordList => ({ id: l.id, name: l.name, description: l.description ?? '', category: l.category, searchTerms: [...l.searchTerms] });

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const NOW = new Date('2026-11-26T10:00:00Z');
const commits = new Map<string, FolderLists>([
  [A, folder([list('mild', ['darn', 'heck']), list('spam', ['buy now'])])],
  [B, folder([list('mild', ['darn', 'heck', 'frick']), list('spam', ['buy now']), list('scam', ['wire money'])])],
]);
const targets: TargetConfig[] = [{ name: 'staging' }, { name: 'production', environment: 'prod', apiKeyEnv: 'COMETCHAT_API_KEY_PROD' }];

function deps(reader: StatusDeps['reader'], apps: Record<string, FakeTarget | undefined>): StatusDeps {
  return {
    reader,
    git: { resolve: async (ref) => (commits.has(ref) ? ref : null), at: async (sha) => commits.get(sha)! },
    connect: (t) => {
      const app = apps[t?.name ?? 'default'];
      if (!app) throw new ConfigError(`not connected to CometChat: set ${t?.apiKeyEnv ?? 'COMETCHAT_API_KEY'} (a REST API key with full-access scope)`);
      return app;
    },
    now: () => NOW,
  };
}
const request = (ts: (TargetConfig | undefined)[] = targets): StatusRequest => ({ targets: ts, ref: { name: 'HEAD', sha: B, folder: commits.get(B)!, source: 'ref' }, repository: 'acme/lists' });

test('applied commit, drift against it, ahead of it; the environment is the target\'s', async () => {
  const reader = new MemoryReader().applied('staging', A, '2026-11-26T07:00:00Z').applied('production', B, '2026-11-25T09:00:00Z', { environment: 'prod' });
  // staging: live as A, but with a term blocked in the dashboard since
  const staging = new FakeTarget([...commits.get(A)!.lists.map(content)]);
  await staging.updateKeywordList({ ...content(list('spam', ['buy now', 'click here'])) });
  // production: live as B exactly
  const production = new FakeTarget(commits.get(B)!.lists.map(content));
  const report = await readStatus(deps(reader, { staging, production }), request());
  expect(reader.asked).toEqual(['staging', 'prod']);
  const [s, p] = report.targets;
  expect(s).toMatchObject({
    target: 'staging',
    environment: 'staging',
    applied: { found: true, sha: A, shortSha: 'aaaaaaa', appliedAt: '2026-11-26T07:00:00Z', runUrl: 'https://github.com/acme/lists/actions/runs/100' },
    comparedWith: { source: 'applied', sha: A },
    drift: { state: 'drift', liveEdits: ['spam'], missing: [], unmanaged: [] },
    ahead: { state: 'ahead', ref: 'HEAD', added: ['scam'], changed: ['mild'], removed: [] },
  });
  expect(p).toMatchObject({ target: 'production', environment: 'prod', drift: { state: 'none' }, ahead: { state: 'none' } });
  expect(report.inSync).toBe(false);

  const text = renderStatusText(report, { now: NOW });
  expect(text).toMatch(/^TARGET +APPLIED +WHEN +RUN +DRIFT +AHEAD \(HEAD\)\n/);
  expect(text).toMatch(/\nstaging +aaaaaaa +2026-11-26 07:00Z \(3 h ago\) +https:\/\/github\.com\/acme\/lists\/actions\/runs\/100 +live edits: spam +\+1 added, ~1 changed\n/);
  expect(text).toMatch(/\nproduction +bbbbbbb +2026-11-25 09:00Z \(25 h ago\) +\S+ +none +none\n/);
  expect(text).toContain('staging: ahead: HEAD has list changes not applied yet: added scam; changed mild.');
  expect(text).toMatch(/1 of 2 targets differs \(drift or ahead\)\.\n$/);
});

test('no record: drift compares with the ref, says so, and ahead is unknown', async () => {
  const app = new FakeTarget(commits.get(B)!.lists.map(content));
  const report = await readStatus(deps(new MemoryReader(), { default: app }), request([undefined]));
  const [t] = report.targets;
  expect(t).toMatchObject({
    target: 'default',
    applied: { found: false, reason: 'no kwsync deployment in the environment "default" yet' },
    comparedWith: { source: 'ref', sha: B },
    drift: { state: 'none' },
    ahead: { state: 'unknown' },
  });
  expect(t!.comparedWith.note).toBe('no deployment record (no kwsync deployment in the environment "default" yet); compared with HEAD (bbbbbbb)');
  expect(report.inSync).toBe(true);
  expect(renderStatusText(report, { now: NOW })).toMatch(/default +none +- +- +none +unknown\n\n {2}default: drift: no deployment record \(.*\); compared with HEAD \(bbbbbbb\)\.\n/);
});

test('no record, live at A while HEAD is B (a committed change never applied): "differs from HEAD", never "live edit" (issue 28)', async () => {
  const app = new FakeTarget(commits.get(A)!.lists.map(content));
  const report = await readStatus(deps(new MemoryReader(), { default: app }), request([undefined]));
  const [t] = report.targets;
  expect(t!.drift.state).toBe('drift');
  expect(t!.drift.liveEdits).toEqual([]);
  expect(t!.drift.differs!.length).toBeGreaterThan(0);
  expect(t!.drift.differsFrom).toBe('HEAD');
  const text = renderStatusText(report, { now: NOW });
  expect(text).not.toContain('live edits:');
  expect(text).toMatch(/default +none +- +- +differs from HEAD: \S/);
});

test('an applied commit this clone lacks is named with the fetch, and drift compares with the ref instead', async () => {
  const missing = 'c'.repeat(40);
  const reader = new MemoryReader().applied('staging', missing, '2026-11-26T09:58:00Z');
  const staging = new FakeTarget(commits.get(B)!.lists.map(content));
  const report = await readStatus(deps(reader, { staging }), request([targets[0]]));
  const [t] = report.targets;
  expect(t).toMatchObject({ applied: { found: true, shortSha: 'ccccccc' }, comparedWith: { source: 'ref', sha: B }, drift: { state: 'none' }, ahead: { state: 'unknown' } });
  expect(t!.comparedWith.note).toBe(`the applied commit ccccccc is not in this clone (git fetch origin ${missing}); compared with HEAD (bbbbbbb) instead`);
  expect(renderStatusText(report, { now: NOW })).toContain(`staging: ahead unknown: the applied commit ccccccc is not in this clone (git fetch origin ${missing}).`);
});

test('a target without its key is "not checked" naming the variable; the others still run; a failing reader is an error', async () => {
  const reader = new MemoryReader().applied('staging', A, '2026-11-26T07:00:00Z');
  reader.failing.add('prod');
  const staging = new FakeTarget(commits.get(A)!.lists.map(content));
  const report = await readStatus(deps(reader, { staging }), request());
  const [s, p] = report.targets;
  expect(s!.drift.state).toBe('none');
  expect(p!.drift).toMatchObject({ state: 'not-checked', reason: 'set COMETCHAT_API_KEY_PROD (a REST API key with full-access scope)' });
  expect(p!.applied).toMatchObject({ found: false, error: true, reason: 'the deployment records could not be read: GitHub answered 503' });
  expect(report.inSync).toBe(false);
  expect(renderStatusText(report, { now: NOW })).toMatch(/\nproduction +unknown +- +- +not checked: set COMETCHAT_API_KEY_PROD \(a REST API key with full-access scope\) +unknown\n/);
});

test('a reader that cannot read (no token) says why for each target', async () => {
  const app = new FakeTarget(commits.get(B)!.lists.map(content));
  const report = await readStatus(deps(unavailableReader('no GitHub token to read it'), { staging: app, production: app }), request());
  expect(report.targets.map((t) => t.comparedWith.note)).toEqual([
    'no deployment record (no GitHub token to read it); compared with HEAD (bbbbbbb)',
    'no deployment record (no GitHub token to read it); compared with HEAD (bbbbbbb)',
  ]);
  expect(report.targets.every((t) => t.applied.error === undefined)).toBe(true);
});

test('per-target lists (listsFor) decide what each target is compared with', async () => {
  const reader = new MemoryReader().applied('staging', A, '2026-11-26T07:00:00Z');
  const staging = new FakeTarget([content(list('mild', ['darn', 'heck']))]);
  const only = (id: string) => (f: FolderLists) => f.lists.filter((l) => l.id === id);
  const report = await readStatus({ ...deps(reader, { staging }), listsFor: only('mild') }, request([targets[0]]));
  expect(report.targets[0]).toMatchObject({ drift: { state: 'none', missing: [] }, ahead: { state: 'ahead', added: [], changed: ['mild'], removed: [] } });
});

test('the job summary escapes what comes from files and services', async () => {
  const reader = new MemoryReader().applied('staging', A, '2026-11-26T07:00:00Z', { runUrl: 'javascript:alert(1)' });
  const staging = new FakeTarget([...commits.get(A)!.lists.map(content), content(list('x|@team <b>', ['q']))]);
  const report = await readStatus(deps(reader, { staging }), request([targets[0]]));
  const md = renderStatusMarkdown(report, { now: NOW });
  expect(md).toContain('| target | applied | when | run | drift | ahead of HEAD |');
  expect(md).toMatch(/\| staging \| `aaaaaaa` \| 2026-11-26 07:00Z \(3 h ago\) \| – \|/);
  expect(md).not.toContain('javascript:');
  expect(md).not.toContain('<b>');
  expect(md).toContain('x\\|@&#8203;team \\<b\\>');
});

test.each([
  ['2026-11-26T09:59:40Z', 'just now'],
  ['2026-11-26T09:15:00Z', '45 min ago'],
  ['2026-11-26T07:00:00Z', '3 h ago'],
  ['2026-11-24T09:00:00Z', '2 d ago'],
  ['2026-11-24T11:00:00Z', '47 h ago'],
  ['2026-11-20T10:00:00Z', '6 d ago'],
  ['2026-11-26T11:00:00Z', 'in the future'],
])('timeAgo(%s) is %s', (iso, text) => {
  expect(timeAgo(iso, NOW)).toBe(text);
});

test('the terminal table shows control characters from outside (a live list id, a run link) as escapes', async () => {
  const reader = new MemoryReader().applied('staging', A, '2026-11-26T07:00:00Z', { runUrl: 'https://x/\u001b[31mred' });
  const staging = new FakeTarget([...commits.get(A)!.lists.map(content), content(list('evil\u001b]0;title\u0007', ['q']))]);
  const text = renderStatusText(await readStatus(deps(reader, { staging }), request([targets[0]])), { now: NOW });
  expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  expect(text).toContain('https://x/\\u001b[31mred');
  expect(text).toContain('evil\\u001b]0;title\\u0007');
});

test('lists at the applied commit that cannot be read fail that target alone', async () => {
  const reader = new MemoryReader().applied('staging', A, '2026-11-26T07:00:00Z').applied('production', B, '2026-11-26T07:00:00Z', { environment: 'prod' });
  const app = new FakeTarget(commits.get(B)!.lists.map(content));
  const d = deps(reader, { staging: app, production: app });
  const report = await readStatus({ ...d, git: { ...d.git, at: async (sha) => { if (sha === A) throw new Error('git show failed'); return commits.get(sha)!; } } }, request());
  expect(report.targets[0]).toMatchObject({ drift: { state: 'error', reason: 'the lists at the applied commit aaaaaaa could not be read: git show failed' }, ahead: { state: 'unknown' } });
  expect(report.targets[1]).toMatchObject({ drift: { state: 'none' }, ahead: { state: 'none' } });
});
