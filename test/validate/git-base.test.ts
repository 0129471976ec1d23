// `validate --base REF`: repository-wide rules point at the files this change added or edited, a
// small list that loses most of its terms is flagged, and without git (or a known ref) nothing
// changes. Real git repositories in temporary folders; git is asked through execFile, as kwsync does.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateRepo } from '../../src/validate/index.js';
import { kwsync } from '../helpers/cli.js';

const list = (id: string, terms: string[], extra = '') => `id: ${id}\nname: Demo\ncategory: word\nsearchTerms: [${terms.join(', ')}]\n${extra}`;
let dirs: string[] = [];

function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kwsync-base-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'keywords'));
  write(dir, files);
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'base');
  return dir;
}
const write = (dir: string, files: Record<string, string>) => {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'keywords', name), text);
};
const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, stdio: 'pipe' });

afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

describe('too-many-lists with a base', () => {
  const start = { 'kwsync.yaml': 'limits:\n  maxLists: 2\n', 'b.yaml': list('b', ['bee']), 'c.yaml': list('c', ['sea']) };

  it('points at the list this change added, not at the unchanged file past the limit', async () => {
    const dir = repo(start);
    write(dir, { 'a.yaml': list('a', ['ay']) }); // untracked, sorts first
    const without = await validateRepo({ dir: 'keywords', cwd: dir });
    // Issue 20 item 4: without a base, the newest by git history (a.yaml is not committed yet).
    expect(without.diagnostics.filter((d) => d.rule === 'too-many-lists').map((d) => d.file)).toEqual(['keywords/a.yaml']);
    const withBase = await validateRepo({ dir: 'keywords', cwd: dir, base: 'HEAD' });
    expect(withBase.base).toBe('HEAD');
    const hits = withBase.diagnostics.filter((d) => d.rule === 'too-many-lists');
    expect(hits.map((d) => [d.file, d.line])).toEqual([['keywords/a.yaml', 1]]);
    expect(hits[0]!.message).toContain('this change adds this list');
  });

  it('counts a committed change as changed too (git diff against the ref)', async () => {
    const dir = repo(start);
    git(dir, 'branch', 'base');
    write(dir, { 'a.yaml': list('a', ['ay']), 'b.yaml': list('b', ['bee', 'bees']) });
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'change');
    const result = await validateRepo({ dir: 'keywords', cwd: dir, base: 'base' });
    // The added list pushed the count over; the edited b.yaml is not blamed (issue 20 item 4).
    expect(result.diagnostics.filter((d) => d.rule === 'too-many-lists').map((d) => d.file)).toEqual(['keywords/a.yaml']);
  });

  it('works from a subfolder with --dir pointing above it', async () => {
    const dir = repo(start);
    mkdirSync(join(dir, 'sub'));
    write(dir, { 'a.yaml': list('a', ['ay']) });
    const result = await validateRepo({ dir: '../keywords', cwd: join(dir, 'sub'), base: 'HEAD' });
    expect(result.diagnostics.filter((d) => d.rule === 'too-many-lists').map((d) => d.file)).toEqual(['../keywords/a.yaml']);
  });
});

describe('duplicate-id with a base', () => {
  it('is reported on the file this change added, naming the unchanged one', async () => {
    const dir = repo({ 'z.yaml': list('dup', ['zed']) });
    write(dir, { 'a.yaml': list('dup', ['ay']) });
    const without = await validateRepo({ dir: 'keywords', cwd: dir });
    expect(without.diagnostics.find((d) => d.rule === 'duplicate-id')?.file).toBe('keywords/z.yaml');
    const withBase = await validateRepo({ dir: 'keywords', cwd: dir, base: 'HEAD' });
    const hit = withBase.diagnostics.find((d) => d.rule === 'duplicate-id');
    expect(hit).toMatchObject({ file: 'keywords/a.yaml', line: 1 });
    expect(hit!.message).toContain('keywords/z.yaml:1');
  });
});

describe('list-shrunk', () => {
  const six = ['one', 'two', 'three', 'four', 'five', 'six'];

  it('warns when a small list loses most of its terms, at its terms', async () => {
    const dir = repo({ 'w.yaml': list('w', six) });
    write(dir, { 'w.yaml': list('w', ['one', 'two']) });
    const result = await validateRepo({ dir: 'keywords', cwd: dir, base: 'HEAD' });
    expect(result.diagnostics).toMatchObject([{ rule: 'list-shrunk', severity: 'warning', file: 'keywords/w.yaml', line: 4 }]);
    expect(result.diagnostics[0]!.message).toMatch(/^this list goes from 6 terms at HEAD to 2 \(4 removed\)/);
  });

  it('reads a CSV list at the base too, when only the CSV changed', async () => {
    const dir = repo({ 'w.yaml': 'id: w\nname: W\ncategory: word\nfile: w.csv\n', 'w.csv': `${six.join('\n')}\n` });
    write(dir, { 'w.csv': 'one\n' });
    const result = await validateRepo({ dir: 'keywords', cwd: dir, base: 'HEAD' });
    expect(result.diagnostics.map((d) => [d.rule, d.file])).toEqual([['list-shrunk', 'keywords/w.yaml']]);
  });

  it('is quiet for a list that keeps most terms, a list big enough for apply to guard, and an accepted shrink', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `t${i}`);
    const dir = repo({ 'keep.yaml': list('keep', six), 'big.yaml': list('big', twelve), 'ok.yaml': list('ok', six) });
    write(dir, {
      'keep.yaml': list('keep', six.slice(0, 4)),
      'big.yaml': list('big', twelve.slice(0, 2)),
      'ok.yaml': list('ok', ['one'], 'accept:\n  list-shrunk: "merged into profanity-en"\n'),
    });
    const result = await validateRepo({ dir: 'keywords', cwd: dir, base: 'HEAD' });
    expect(result.diagnostics).toEqual([]);
  });
});

describe('falling back quietly', () => {
  it('outside a git repository, or with a ref git does not know, validates as without --base', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kwsync-nogit-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'keywords'));
    write(dir, { 'w.yaml': list('w', ['one']) });
    const outside = await validateRepo({ dir: 'keywords', cwd: dir, base: 'main' });
    expect(outside).toMatchObject({ errorCount: 0, diagnostics: [] });
    expect(outside.base).toBeUndefined();
    const inRepo = repo({ 'w.yaml': list('w', ['one']) });
    const unknown = await validateRepo({ dir: 'keywords', cwd: inRepo, base: 'no-such-ref' });
    expect(unknown.base).toBeUndefined();
    expect(unknown.errorCount).toBe(0);
    const option = await validateRepo({ dir: 'keywords', cwd: inRepo, base: '--output=written-by-git' });
    expect(option.base).toBeUndefined();
    expect(existsSync(join(inRepo, 'written-by-git'))).toBe(false);
  });

  it('kwsync validate --base REF through the CLI', async () => {
    const dir = repo({ 'w.yaml': list('w', ['one', 'two', 'three']) });
    write(dir, { 'w.yaml': list('w', ['one']) });
    const r = await kwsync(['validate', '--base', 'HEAD'], {}, dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^keywords\/w\.yaml:4:14 warning list-shrunk this list goes from 3 terms at HEAD to 1/m);
    expect((await kwsync(['validate', '--base', 'HEAD', '--strict'], {}, dir)).code).toBe(3);
    const json = JSON.parse((await kwsync(['validate', '--base', 'HEAD', '--format', 'json'], {}, dir)).stdout);
    expect(json).toMatchObject({ version: 1, base: 'HEAD', warningCount: 1, diagnostics: [{ rule: 'list-shrunk' }] });
    expect(JSON.parse((await kwsync(['validate', '--format', 'json'], {}, dir)).stdout)).not.toHaveProperty('base');
  });
});
