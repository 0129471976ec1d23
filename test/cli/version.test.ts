// `kwsync --version` names the commit kwsync was built from: the packed record first, then the
// package folder's own checkout, and never the HEAD of a repository kwsync is merely installed in.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeVersion } from '../../src/cli/version.js';

const SHA = '0123456789abcdef0123456789abcdef01234567';
const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'kwsync-version-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' }).trim();

test('dist/build-info.json (written at prepack) names the commit', async () => {
  const pkg = temp();
  mkdirSync(join(pkg, 'dist'));
  writeFileSync(join(pkg, 'dist/build-info.json'), JSON.stringify({ commit: SHA, version: '0.1.0' }));
  expect(await describeVersion('0.1.0', { packageRoot: pkg })).toBe(`0.1.0 (commit ${SHA})`);
});

test('run from its own checkout: HEAD, and whether the tree has uncommitted changes', async () => {
  const pkg = temp();
  git(pkg, 'init', '-q');
  writeFileSync(join(pkg, 'package.json'), '{}\n');
  git(pkg, 'add', '-A');
  git(pkg, 'commit', '-q', '-m', 'one');
  const head = git(pkg, 'rev-parse', 'HEAD');
  expect(await describeVersion('0.1.0', { packageRoot: pkg })).toBe(`0.1.0 (commit ${head})`);
  writeFileSync(join(pkg, 'package.json'), '{ "changed": true }\n');
  expect(await describeVersion('0.1.0', { packageRoot: pkg })).toBe(`0.1.0 (commit ${head}, with uncommitted changes)`);
});

test('installed inside another repository (node_modules/kwsync): that HEAD is not kwsync\'s, so "unknown commit"', async () => {
  const project = temp();
  git(project, 'init', '-q');
  writeFileSync(join(project, 'README'), 'x\n');
  git(project, 'add', '-A');
  git(project, 'commit', '-q', '-m', 'project');
  const pkg = join(project, 'node_modules', 'kwsync');
  mkdirSync(pkg, { recursive: true });
  expect(await describeVersion('0.1.0', { packageRoot: pkg })).toBe('0.1.0 (unknown commit)');
});

test('no record and no git: "unknown commit"', async () => {
  expect(await describeVersion('0.1.0', { packageRoot: temp() })).toBe('0.1.0 (unknown commit)');
});
