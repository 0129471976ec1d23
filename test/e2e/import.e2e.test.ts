// `kwsync import` writes files that plan back to no changes.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { range, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

test('import round trip: inline, CSV for long lists and comma terms; then plan shows no changes', async () => {
  const live = h.target();
  await live.createKeywordList({ id: 'short', name: 'Short: list', description: 'with "quotes"', category: 'word', searchTerms: ['heck', 'darn'] });
  await live.createKeywordList({ id: 'long', name: 'Long', description: '', category: 'word', searchTerms: range(60) });
  await live.createKeywordList({ id: 'phones', name: 'Phones', description: '', category: 'pattern', searchTerms: ['\\d{3,10}', 'call me'] });

  const r = await h.run(['import', '--dir', 'imported']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('Imported 3 lists from kwsync-demo into imported (1 default list left out)');
  const files = (await readdir(join(h.root, 'imported'))).sort();
  expect(files).toEqual(['long.csv', 'long.yaml', 'phones.csv', 'phones.yaml', 'short.yaml']);
  expect(await readFile(join(h.root, 'imported/phones.csv'), 'utf8')).toBe('term\n"\\d{3,10}"\ncall me\n');

  const plan = await h.run(['plan', '--dir', 'imported', '--detailed-exitcode']);
  expect(plan.stderr).toBe('');
  expect(plan.code).toBe(0);
  expect(plan.stdout).toContain('Plan: 0 to create, 0 to update, 0 to delete, 3 unchanged.');
});

test('import refuses to overwrite existing files without --force', async () => {
  await h.target().createKeywordList({ id: 'a', name: 'A', description: '', category: 'word', searchTerms: ['x'] });
  await mkdir(join(h.root, 'out'));
  await writeFile(join(h.root, 'out/a.yaml'), 'mine\n');
  const refused = await h.run(['import', '--dir', 'out']);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('refusing to overwrite 1 existing file: out/a.yaml');
  expect(await readFile(join(h.root, 'out/a.yaml'), 'utf8')).toBe('mine\n');
  const forced = await h.run(['import', '--dir', 'out', '--force']);
  expect(forced.code).toBe(0);
  expect(await readFile(join(h.root, 'out/a.yaml'), 'utf8')).toContain('id: a');
});

test('a list a file already manages (under any name) is not written again, and the output names the file', async () => {
  const live = h.target();
  await live.createKeywordList({ id: 'big', name: 'Big', description: '', category: 'word', searchTerms: ['t08'] });
  await live.createKeywordList({ id: 'fresh', name: 'Fresh', description: '', category: 'word', searchTerms: ['f'] });
  await mkdir(join(h.root, 'imp'));
  const mine = 'id: big\nname: Big list\ncategory: word\nsearchTerms: [t08]\n';
  await writeFile(join(h.root, 'imp/my-big-list.yaml'), mine);

  for (const force of [false, true]) {
    const r = await h.run(['import', '--dir', 'imp', ...(force ? ['--force'] : [])]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Imported 1 list from kwsync-demo into imp');
    expect(r.stdout).toContain('  big: already managed by imp/my-big-list.yaml\n');
    expect((await readdir(join(h.root, 'imp'))).sort()).toEqual(['fresh.yaml', 'my-big-list.yaml']);
    expect(await readFile(join(h.root, 'imp/my-big-list.yaml'), 'utf8')).toBe(mine);
  }
  expect((await h.run(['validate', '--dir', 'imp'])).code).toBe(0);
});

test('a list managed by its own <id>.yaml is named without --force and refreshed from live with it', async () => {
  await h.target().createKeywordList({ id: 'a', name: 'A', description: '', category: 'word', searchTerms: ['live-term'] });
  await mkdir(join(h.root, 'out'));
  await writeFile(join(h.root, 'out/a.yaml'), 'id: a\nname: A\ncategory: word\nsearchTerms: [old]\n');
  const plain = await h.run(['import', '--dir', 'out']);
  expect(plain.code).toBe(0);
  expect(plain.stdout).toContain('  a: already managed by out/a.yaml\n');
  expect(await readFile(join(h.root, 'out/a.yaml'), 'utf8')).toContain('[old]');
  const forced = await h.run(['import', '--dir', 'out', '--force']);
  expect(forced.code).toBe(0);
  expect(forced.stdout).not.toContain('already managed');
  expect(await readFile(join(h.root, 'out/a.yaml'), 'utf8')).toContain('live-term');
});
