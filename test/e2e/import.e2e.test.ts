// `kwsync import` writes files that plan back to no changes.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderDriftIssue } from '../../src/github/render-comments.js';
import { renderPlanMarkdown } from '../../src/plan/index.js';
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

test('a list managed by its own <id>.yaml is named without --force and refreshed from live with it, keeping its comments and tests', async () => {
  await h.target().createKeywordList({ id: 'a', name: 'A', description: '', category: 'word', searchTerms: ['live-term'] });
  await mkdir(join(h.root, 'out'));
  const mine = '# mine\nid: a\nname: A\ncategory: word\nsearchTerms: [old]\ntests:\n  shouldNotMatch: [nope]\n';
  await writeFile(join(h.root, 'out/a.yaml'), mine);
  const plain = await h.run(['import', '--dir', 'out']);
  expect(plain.code).toBe(0);
  expect(plain.stdout).toContain('  a: already managed by out/a.yaml\n');
  expect(await readFile(join(h.root, 'out/a.yaml'), 'utf8')).toContain('[old]');
  const forced = await h.run(['import', '--dir', 'out', '--force']);
  expect(forced.code).toBe(0);
  expect(forced.stdout).not.toContain('already managed');
  expect(await readFile(join(h.root, 'out/a.yaml'), 'utf8')).toBe(mine.replace('[old]', '[live-term]'));
});

describe('import --list merges live content into the existing files (the drift issue advice)', () => {
  const shipped = join(process.cwd(), 'keywords');
  const copyShipped = async () => {
    for (const f of await readdir(shipped)) await writeFile(join(h.keywords, f), await readFile(join(shipped, f)));
  };
  const read = (f: string) => readFile(join(h.keywords, f), 'utf8');

  test('the exact command of the drift issue brings live edits in, keeping comments, tests and layout; then plan shows no change', async () => {
    await copyShipped();
    // The shipped kwsync.yaml names real apps: --env-wins lets the harness's COMETCHAT_BASE_URL (the emulator) win (issue 28).
    expect((await h.run(['--env-wins', 'apply', '--auto-approve', '--target', 'production'])).code).toBe(0);
    const before = { profanity: await read('profanity-en.yaml'), slursYaml: await read('slurs-en.yaml'), slursCsv: await read('slurs-en.csv') };
    // Someone edits live in the dashboard: an inline list, a CSV list (terms and description).
    const live = h.target();
    const prof = (await live.getKeywordList('profanity-en'))!;
    await live.updateKeywordList({ ...prof, searchTerms: [...prof.searchTerms.filter((t) => t !== 'crap'), 'blimey'] });
    const slurs = (await live.getKeywordList('slurs-en'))!;
    await live.updateKeywordList({ ...slurs, description: 'Edited live.', searchTerms: [...slurs.searchTerms.filter((t) => t !== 'scallywag'), 'numpty'] });

    const planned = await h.run(['--env-wins', 'plan', '--target', 'production', '--format', 'json']);
    expect(planned.code).toBe(0);
    const plan = JSON.parse(planned.stdout).plan;
    const body = renderDriftIssue(plan, { runUrl: 'https://example.test/run', sha: 'abc', renderPlan: renderPlanMarkdown, now: new Date(0), dir: 'keywords' }).body;
    const command = /```sh\n(.*)\n```/.exec(body)?.[1];
    expect(command).toBe('npx kwsync import --dir keywords --target production --list profanity-en --list slurs-en');

    // Verbatim: the words after `npx kwsync` are the argv (they hold no quotes to interpret).
    const r = await h.run(['--env-wins', ...command!.split(' ').slice(2)]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('profanity-en: updated keywords/profanity-en.yaml to revision');
    expect(r.stdout).toContain('+1 −1 terms; added "blimey"; removed "crap"');
    expect(r.stdout).toContain('slurs-en: updated keywords/slurs-en.yaml and keywords/slurs-en.csv');

    expect(await read('profanity-en.yaml')).toBe(
      // The block sequence kept as it was (one term per line, as `kwsync fmt` writes it): the removed term's line goes, the added one comes last.
      before.profanity.replace('  - crap\n', '').replace('  - son of a gun\n', '  - son of a gun\n  - blimey\n'),
    );
    expect(await read('slurs-en.yaml')).toBe(before.slursYaml.replace(/^description: .*$/m, 'description: Edited live.'));
    expect(await read('slurs-en.csv')).toBe(before.slursCsv.replace('scallywag\n', '') + 'numpty\n');

    const again = await h.run(['--env-wins', 'plan', '--target', 'production', '--detailed-exitcode']);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('0 to update');
  });

  test('a list already matching live is named and left alone; an unknown id fails with a hint; a live list with no file gets one', async () => {
    await h.writeList('a', ['x', 'y']);
    await h.target().createKeywordList({ id: 'a', name: 'List a', description: '', category: 'word', searchTerms: ['y', 'x'] });
    await h.target().createKeywordList({ id: 'fresh', name: 'Fresh', description: '', category: 'word', searchTerms: ['f'] });
    const yamlBefore = await read('a.yaml');
    const r = await h.run(['import', '--list', 'a', '--list', 'nope', '--list', 'fresh']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('a: keywords/a.yaml already matches live');
    expect(r.stdout).toContain('nope: not brought in: nope is not on the live app');
    expect(r.stdout).toContain('fresh: no file defined it; wrote keywords/fresh.yaml');
    expect(await read('a.yaml')).toBe(yamlBefore);
    expect((await h.run(['plan', '--detailed-exitcode'])).code).toBe(0);
    const bad = await h.run(['import', '--list', '../etc']);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('--list takes a list id (letters, digits, - and _); got "../etc"');
    expect(h.emulator.requests.filter((q) => q.path.includes('etc'))).toEqual([]);
  });

  test('a merge that breaks the list\'s own tests is written but reported as invalid (exit 3)', async () => {
    await writeFile(join(h.keywords, 'w.yaml'), 'id: w\nname: W\ncategory: word\nsearchTerms: [heck]\ntests:\n  shouldMatch: ["oh heck"]\n');
    await h.target().createKeywordList({ id: 'w', name: 'W', description: '', category: 'word', searchTerms: ['darn'] });
    const r = await h.run(['import', '--list', 'w']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('test-should-match');
    expect(r.stderr).toContain('fix them before committing');
    expect(await read('w.yaml')).toContain('searchTerms: [darn]');
  });
});
