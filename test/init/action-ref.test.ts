// `kwsync init` pins the workflows (which hold the API key) to a full commit SHA: from --ref, or
// from the commit the installed kwsync records (packed into dist/build-info.json by the prepack
// script, or named by the project's package-lock.json for a git install). A tag or branch is
// refused unless --allow-moving-ref, and the refusal says what to do.
import { afterEach, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { runInit, type InitDeps } from '../../src/cli/commands/init-run.js';
import { chooseActionRef, PACKAGE_ROOT, readInstalledCommit, type InstalledCommit } from '../../src/init/index.js';
import { formatError } from '../../src/cli/errors.js';
import { KwsyncError } from '../../src/errors.js';
import { captureIo, kwsync } from '../helpers/cli.js';

const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const OTHER = 'ffffffffffffffffffffffffffffffffffffffff';
const REPO = 'kwsync/kwsync';
const script = join(process.cwd(), 'scripts/record-build-commit.mjs');

const made: string[] = [];
function temp(): string {
  const d = mkdtempSync(join(tmpdir(), 'kwsync-ref-'));
  made.push(d);
  return d;
}
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

const installed: InstalledCommit = { commit: SHA, version: '0.1.0', source: '/pkg/dist/build-info.json' };

describe('chooseActionRef', () => {
  it.each([
    ['a full SHA from --ref', { ref: SHA }, { ok: true, ref: SHA, pinned: true, from: 'option' }],
    ['a full SHA in capitals (lower-cased: GitHub reads only lower-case hex as a commit)', { ref: SHA.toUpperCase() }, { ok: true, ref: SHA, pinned: true }],
    ['--ref wins over the installed commit', { ref: OTHER, installed }, { ok: true, ref: OTHER, from: 'option' }],
    ['the installed commit, with its version', { installed }, { ok: true, ref: SHA, pinned: true, from: 'installed', version: '0.1.0' }],
    ['a tag with --allow-moving-ref', { ref: 'v0', allowMovingRef: true }, { ok: true, ref: 'v0', pinned: false }],
    ['a tag', { ref: 'v0' }, { ok: false, reason: 'moving-ref' }],
    ['a branch', { ref: 'main' }, { ok: false, reason: 'moving-ref' }],
    ['a short SHA (GitHub would read it as a branch or tag name)', { ref: SHA.slice(0, 7) }, { ok: false, reason: 'moving-ref' }],
    ['nothing given and nothing installed', {}, { ok: false, reason: 'unknown-commit' }],
    ['another repository with only the installed commit of kwsync/kwsync', { installed, kwsyncRepo: 'acme/kwsync-fork' }, { ok: false, reason: 'unknown-commit' }],
  ])('%s', (_name, req: any, expected) => {
    const got = chooseActionRef({ allowMovingRef: false, kwsyncRepo: REPO, defaultRepo: REPO, ...req });
    expect(got).toMatchObject(expected);
  });

  it('says what to do when it refuses', () => {
    const moving = chooseActionRef({ ref: 'v0', allowMovingRef: false, kwsyncRepo: REPO, defaultRepo: REPO });
    expect(moving).toMatchObject({
      message: expect.stringContaining('--ref "v0" is not a full commit SHA'),
      hint: expect.stringMatching(/full 40-character commit SHA \(git ls-remote https:\/\/github.com\/kwsync\/kwsync .*--allow-moving-ref/),
    });
    const unknown = chooseActionRef({ allowMovingRef: false, kwsyncRepo: REPO, defaultRepo: REPO });
    expect(unknown).toMatchObject({ hint: expect.stringContaining('pass --ref <full commit SHA> of kwsync/kwsync') });
  });
});

describe('readInstalledCommit', () => {
  const write = (dir: string, file: string, text: string) => {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
  const lock = (resolved: string) => JSON.stringify({ lockfileVersion: 3, packages: { '': {}, 'node_modules/kwsync': { version: '0.1.0', resolved } } });

  it('reads the commit the package was packed from', async () => {
    const pkg = temp();
    write(pkg, 'dist/build-info.json', JSON.stringify({ commit: SHA, version: '0.2.0' }));
    expect(await readInstalledCommit({ packageRoot: pkg, projectRoot: temp() })).toEqual({ commit: SHA, version: '0.2.0', source: join(pkg, 'dist/build-info.json') });
  });

  it.each([
    ['git+ssh://git@github.com/kwsync/kwsync.git#' + SHA, SHA],
    ['git+https://github.com/kwsync/kwsync.git#' + SHA, SHA],
    ['https://registry.npmjs.org/kwsync/-/kwsync-0.1.0.tgz', undefined],
    ['git+ssh://git@github.com/kwsync/kwsync.git#v0', undefined],
  ])('reads a git install from the project\'s package-lock.json: %s', async (resolved, commit) => {
    const project = temp();
    write(project, 'package-lock.json', lock(resolved));
    const got = await readInstalledCommit({ packageRoot: temp(), projectRoot: project });
    expect(got?.commit).toBe(commit);
  });

  it('takes the package\'s record first, and ignores malformed records', async () => {
    const pkg = temp();
    const project = temp();
    write(pkg, 'dist/build-info.json', JSON.stringify({ commit: SHA, version: '0.1.0' }));
    write(project, 'package-lock.json', lock(`git+ssh://git@github.com/kwsync/kwsync.git#${OTHER}`));
    expect((await readInstalledCommit({ packageRoot: pkg, projectRoot: project }))?.commit).toBe(SHA);
    write(pkg, 'dist/build-info.json', JSON.stringify({ commit: 'v0', version: '0.1.0' }));
    expect((await readInstalledCommit({ packageRoot: pkg, projectRoot: project }))?.commit).toBe(OTHER);
    write(pkg, 'dist/build-info.json', '{ not json');
    write(project, 'package-lock.json', '[]');
    expect(await readInstalledCommit({ packageRoot: pkg, projectRoot: project })).toBeUndefined();
  });
});

describe('the prepack script records the commit', () => {
  const git = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe', encoding: 'utf8' }).trim();
  const pack = (dir: string, env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [script], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: dir, ...env } });
  function checkout(): string {
    const dir = temp();
    git(dir, 'init', '-q', '-b', 'main');
    writeFileSync(join(dir, 'package.json'), '{ "name": "kwsync", "version": "9.8.7" }\n');
    writeFileSync(join(dir, '.gitignore'), 'dist/\n');
    git(dir, 'add', '-A');
    git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'c');
    return dir;
  }

  it('from a clean checkout: dist/build-info.json with HEAD and the version, which init then reads', async () => {
    const dir = checkout();
    const r = pack(dir);
    expect(r.status).toBe(0);
    const head = git(dir, 'rev-parse', 'HEAD');
    expect(JSON.parse(readFileSync(join(dir, 'dist/build-info.json'), 'utf8'))).toEqual({ commit: head, version: '9.8.7' });
    expect(r.stderr).toContain(`kwsync 9.8.7 packed from ${head}`);
    expect(await readInstalledCommit({ packageRoot: dir, projectRoot: temp() })).toMatchObject({ commit: head, version: '9.8.7' });
  });

  it('refuses a dirty tree, unless told, and then records nothing (init will ask for --ref)', () => {
    const dir = checkout();
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist/build-info.json'), JSON.stringify({ commit: SHA, version: 'stale' }));
    writeFileSync(join(dir, 'package.json'), '{ "name": "kwsync", "version": "9.9.9" }\n');
    const refused = pack(dir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('the working tree has uncommitted changes');
    expect(refused.stderr).toContain('hint: commit or stash them');
    const allowed = pack(dir, { KWSYNC_PACK_ALLOW_DIRTY: '1' });
    expect(allowed.status).toBe(0);
    expect(existsSync(join(dir, 'dist/build-info.json'))).toBe(false);
  });

  it('outside a git checkout records nothing', () => {
    const dir = temp();
    writeFileSync(join(dir, 'package.json'), '{ "version": "1.0.0" }\n');
    const r = pack(dir, { GIT_CEILING_DIRECTORIES: tmpdir() });
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('not a git checkout');
    expect(existsSync(join(dir, 'dist/build-info.json'))).toBe(false);
  });

  it('is the package\'s prepack script, and dist/ (where it writes) is in the package', () => {
    const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'));
    expect(pkg.scripts.prepack).toBe('node scripts/record-build-commit.mjs');
    expect(pkg.files).toContain('dist/');
  });
});

describe('kwsync init and the reference it writes', () => {
  const deps = (commit?: InstalledCommit): InitDeps => ({ installedCommit: async () => commit });
  const opts = { dir: 'keywords', target: 'production', kwsyncRepo: REPO, branch: 'main' };
  const usesOf = (dir: string) =>
    readdirSync(join(dir, '.github/workflows')).sort().map((f) => readFileSync(join(dir, '.github/workflows', f), 'utf8').match(/^ {4}uses: .*$/m)![0].trim());

  it('pins the workflows to the installed commit, with its version as a comment', async () => {
    const dir = temp();
    const cap = captureIo({}, dir);
    expect(await runInit(cap.io, opts, deps(installed))).toBe(0);
    expect(usesOf(dir)).toEqual(['apply', 'drift', 'plan-live', 'plan'].map((k) => `uses: kwsync/kwsync/.github/workflows/reusable-${k}.yml@${SHA} # v0.1.0`));
    expect(parse(readFileSync(join(dir, '.github/workflows/kwsync-plan.yml'), 'utf8')).jobs.plan.uses).toBe(`kwsync/kwsync/.github/workflows/reusable-plan.yml@${SHA}`);
    expect(cap.stdout()).toContain(`The workflows call kwsync/kwsync at ${SHA}, the commit the installed kwsync 0.1.0 was built from.`);
  });

  it('with nothing recorded and no --ref: exit 64, says what to do, writes nothing', async () => {
    const dir = temp();
    const r = await initWith(dir, deps(undefined));
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('cannot tell which commit of kwsync/kwsync the workflows should call');
    expect(r.stderr).toContain('hint: pass --ref <full commit SHA> of kwsync/kwsync');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a moving --ref (exit 64, nothing written); --allow-moving-ref writes it and warns', async () => {
    const dir = temp();
    const refused = await kwsync(['init', '--ref', 'v0'], {}, dir);
    expect(refused.code).toBe(64);
    expect(refused.stderr).toContain('kwsync: --ref "v0" is not a full commit SHA: a tag or branch can move');
    expect(refused.stderr).toContain('or add --allow-moving-ref');
    expect(readdirSync(dir)).toEqual([]);
    const allowed = await kwsync(['init', '--ref', 'v0', '--allow-moving-ref'], {}, dir);
    expect(allowed.code).toBe(0);
    expect(usesOf(dir)).toContain('uses: kwsync/kwsync/.github/workflows/reusable-plan.yml@v0');
    expect(allowed.stdout).toContain('The workflows call kwsync/kwsync at "v0", which can move (--allow-moving-ref)');
  });

  it('reads the installed commit through the real path (the package\'s record, else the project\'s lock file)', async () => {
    const dir = temp();
    writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ packages: { 'node_modules/kwsync': { version: '0.1.0', resolved: `git+ssh://git@github.com/kwsync/kwsync.git#${OTHER}` } } }));
    const recorded = join(PACKAGE_ROOT, 'dist/build-info.json');
    const expected = existsSync(recorded) ? JSON.parse(readFileSync(recorded, 'utf8')).commit : OTHER;
    const r = await kwsync(['init'], {}, dir);
    expect(r.code).toBe(0);
    expect(usesOf(dir)[0]).toMatch(new RegExp(`@${expected} # v`));
  });

  it('kwsync\'s own repository (--kwsync-repo .) calls its reusable workflows by path and needs no ref', async () => {
    const dir = temp();
    expect(await runInit(captureIo({}, dir).io, { ...opts, kwsyncRepo: '.' }, deps(undefined))).toBe(0);
    expect(usesOf(dir)).toContain('uses: ./.github/workflows/reusable-plan.yml');
  });
});

/** runInit with injected deps, its error printed the way the CLI prints one. */
async function initWith(dir: string, deps: InitDeps) {
  const cap = captureIo({}, dir);
  const opts = { dir: 'keywords', target: 'production', kwsyncRepo: REPO, branch: 'main' };
  const code = await runInit(cap.io, opts, deps).catch((err: unknown) => {
    cap.io.stderr.write(formatError(err, { command: 'kwsync init', debug: false }));
    return err instanceof KwsyncError ? err.exitCode : 1;
  });
  return { code, stdout: cap.stdout(), stderr: cap.stderr() };
}
