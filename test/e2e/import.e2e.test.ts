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
