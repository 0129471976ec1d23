// How the Action gets the sentence model without bundling it (28 MB): action-model/ in the
// Action's repository holds a package.json and package-lock.json pinning only the three model
// packages with their sha512 integrity; when a sentence list is previewed, the Action copies the two
// files into a folder of the job (RUNNER_TEMP) and runs `npm ci` there, which refuses any tarball
// whose hash differs from the lock. Install scripts never run. A folder already holding this exact
// lock's install (a second call in the job) is used as it is, and a call while an install runs waits
// for that one. Returns the folder for loadEmbedder's `modelDir`.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { locateModel, modelResolveBase } from './model-location.js';

export const ACTION_MODEL_FOLDER = 'action-model';
const MARKER = '.kwsync-model-lock-sha256';

export type RunCommand = (command: string, args: readonly string[], cwd: string) => Promise<void>;
/** The hashes the lock must have (tests pass others; the default is the reviewed constant). */
export type ExpectedLock = { lock: string; pkg: string };

export interface InstallActionModelOptions {
  /** The folder to install into, e.g. join(RUNNER_TEMP, 'kwsync-model'). */
  into: string;
  /** The committed action-model/ folder (default: found above this module, in src/ or in the bundle). */
  source?: string;
  /** Runs npm (tests pass a fake). */
  run?: RunCommand;
  expected?: ExpectedLock;
  /** The Action's log: a start line before `npm ci` and an end line with its time (nothing when the folder is already installed). */
  log?: (line: string) => void;
}

export type ActionModelInstall = { ok: true; modelDir: string; installed: boolean } | { ok: false; reason: string };

/** The only registry the model comes from; a lock entry `resolved` anywhere else is refused before npm runs. */
export const MODEL_REGISTRY = 'https://registry.npmjs.org/';
/** Fetches bounded: 30 s a request, two retries at most, 10 s between them at most (npm's own options). */
export const NPM_CI_ARGS = [
  'ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error',
  `--registry=${MODEL_REGISTRY}`, '--fetch-timeout=30000', '--fetch-retries=2', '--fetch-retry-mintimeout=2000', '--fetch-retry-maxtimeout=10000',
] as const;

/**
 * SHA-256 of action-model/package-lock.json and package.json as reviewed. They are in src/, so
 * the bundle proof covers them: a pull request that edits a `resolved`/`integrity` pair in the
 * lock (whose diff reviewers skim) must change this line too, which the proof and CODEOWNERS show.
 * Checked before `npm ci` runs; a mismatch installs nothing.
 */
export const ACTION_MODEL_LOCK_SHA256 = '6a0d7c2d06c7981923121eb7807f544021dfa719eed3563d474f715469831a5b';
export const ACTION_MODEL_PACKAGE_SHA256 = '797688722325f9bfeb2c6d2f5adcf27c0c9c5cd354ba8854ea123539da4a567a';

/** action-model/ of the checkout this module runs from: two levels up from src/similarity/, one from action-dist/. */
export function findActionModelFolder(from = fileURLToPath(import.meta.url)): string | null {
  let dir = dirname(from);
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, ACTION_MODEL_FOLDER, 'package-lock.json'))) return join(dir, ACTION_MODEL_FOLDER);
    dir = dirname(dir);
  }
  return null;
}

/**
 * The install may outlive the preview's deadline (the preview then says "not previewed"), and a
 * running child holds the job open: 90 s bounds that (the three packages are about 9 MB; installed
 * from a warm npm cache in under 2 s here). npm may ignore SIGTERM while it fetches, so the whole
 * process group gets SIGKILL after a grace.
 */
export const NPM_CI_TIMEOUT_MS = 90_000;
export const NPM_CI_KILL_GRACE_MS = 5_000;

/** Runs `command` in its own process group; past `timeoutMs` SIGTERM to the group, SIGKILL `graceMs` later. */
export function runBounded(command: string, args: readonly string[], cwd: string, opts: { timeoutMs: number; graceMs: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { cwd, detached: process.platform !== 'win32', shell: process.platform === 'win32', stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < 1 << 16) stderr += d.toString('utf8');
    });
    const signal = (sig: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, sig);
        else child.kill(sig);
      } catch {
        // already gone
      }
    };
    let timedOut = false;
    let kill: NodeJS.Timeout | undefined;
    const term = setTimeout(() => {
      timedOut = true;
      signal('SIGTERM');
      kill = setTimeout(() => signal('SIGKILL'), opts.graceMs);
    }, opts.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(term);
      clearTimeout(kill);
      reject(new Error(`${command} ${args[0] ?? ''} could not start: ${err.message}`));
    });
    child.on('close', (code, sig) => {
      clearTimeout(term);
      clearTimeout(kill);
      if (timedOut) reject(new Error(`${command} ${args[0] ?? ''} ran past ${opts.timeoutMs} ms and was stopped (${sig ?? `exit ${code}`})`));
      else if (code !== 0) reject(new Error(`${command} ${args.join(' ')} failed: ${stderr.trim().split('\n').slice(-3).join(' ') || `exit ${code ?? sig}`}`));
      else resolve();
    });
  });
}

const npmRun: RunCommand = (command, args, cwd) => runBounded(command, args, cwd, { timeoutMs: NPM_CI_TIMEOUT_MS, graceMs: NPM_CI_KILL_GRACE_MS });

/** Why the committed lock may not be installed: not the reviewed bytes, or an entry fetched from outside the registry. */
export function lockProblem(lock: Buffer, pkg: Buffer, expected = { lock: ACTION_MODEL_LOCK_SHA256, pkg: ACTION_MODEL_PACKAGE_SHA256 }): string | undefined {
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  if (sha(lock) !== expected.lock) return `${ACTION_MODEL_FOLDER}/package-lock.json is not the lock this bundle was built to install (sha256 ${sha(lock).slice(0, 12)}…, expected ${expected.lock.slice(0, 12)}…)`;
  if (sha(pkg) !== expected.pkg) return `${ACTION_MODEL_FOLDER}/package.json is not the one this bundle was built to install`;
  let parsed: { packages?: Record<string, { resolved?: unknown; integrity?: unknown; link?: unknown }> };
  try {
    parsed = JSON.parse(lock.toString('utf8'));
  } catch {
    return `${ACTION_MODEL_FOLDER}/package-lock.json is not JSON`;
  }
  for (const [path, entry] of Object.entries(parsed.packages ?? {})) {
    if (path === '') continue;
    if (entry.link !== undefined) return `${path} is a link, not a registry package`;
    if (entry.resolved !== undefined && !(typeof entry.resolved === 'string' && entry.resolved.startsWith(MODEL_REGISTRY))) return `${path} resolves outside ${MODEL_REGISTRY}: ${JSON.stringify(String(entry.resolved).slice(0, 120))}`;
    if (typeof entry.integrity !== 'string' || !entry.integrity.startsWith('sha512-')) return `${path} has no sha512 integrity`;
  }
  return undefined;
}

/** Installs under way, by folder: a second call while one runs (the next pull request, after the first one's deadline gave up waiting) shares it, since two `npm ci` in one folder delete each other's node_modules. */
const installing = new Map<string, Promise<ActionModelInstall>>();

export function installActionModel(options: InstallActionModelOptions): Promise<ActionModelInstall> {
  const key = resolve(options.into);
  const running = installing.get(key);
  if (running) return running;
  const install = installOnce(options).finally(() => installing.delete(key));
  installing.set(key, install);
  return install;
}

async function installOnce(options: InstallActionModelOptions): Promise<ActionModelInstall> {
  const source = options.source ?? findActionModelFolder();
  if (!source) return { ok: false, reason: `the Action's ${ACTION_MODEL_FOLDER}/ folder (package.json and package-lock.json) is missing` };
  const lock = await readFile(join(source, 'package-lock.json'));
  const pkg = await readFile(join(source, 'package.json'));
  const refused = lockProblem(lock, pkg, options.expected);
  if (refused) return { ok: false, reason: `the sentence model was not installed: ${refused}` };
  const lockHash = createHash('sha256').update(lock).digest('hex');
  const marker = join(options.into, MARKER);
  const installedHash = await readFile(marker, 'utf8').catch(() => '');
  if (installedHash === lockHash && locateModel(modelResolveBase(options.into)).ok) return { ok: true, modelDir: options.into, installed: false };
  await mkdir(options.into, { recursive: true });
  // The very bytes checked above, not a second read.
  await writeFile(join(options.into, 'package.json'), pkg);
  await writeFile(join(options.into, 'package-lock.json'), lock);
  const t0 = performance.now();
  const took = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  options.log?.('kwsync: Installing the sentence model (npm ci, about 9 MB)...');
  try {
    await (options.run ?? npmRun)(process.platform === 'win32' ? 'npm.cmd' : 'npm', NPM_CI_ARGS, options.into);
  } catch (e) {
    options.log?.(`kwsync: Installing the sentence model: failed after ${took()}`);
    return { ok: false, reason: `installing the sentence model failed (${(e as Error).message})` };
  }
  options.log?.(`kwsync: Installing the sentence model: done after ${took()}`);
  const where = locateModel(modelResolveBase(options.into));
  if (!where.ok) return { ok: false, reason: where.reason };
  await writeFile(marker, lockHash);
  return { ok: true, modelDir: options.into, installed: true };
}
