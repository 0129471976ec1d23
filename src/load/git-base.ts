// The base version of the keywords folder (a git ref, e.g. the PR's target branch): which files
// changed and what the base held. Asked of git itself (execFile, no shell); outside a git
// repository, or for a ref git does not know, there is no base and the caller falls back quietly.
import { execFile } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { UsageError } from '../errors.js';

const run = promisify(execFile);
/** Base versions of list files are capped like the files themselves (see READ_LIMIT_FACTOR). */
const MAX_BUFFER = 8 * 1024 * 1024;

export interface GitBase {
  ref: string;
  /** Whether a file (path relative to cwd, forward slashes) was added or changed since the base; untracked files count as added. */
  changed(path: string): boolean;
  /** Whether a file is new since the base (absent there). */
  added(path: string): boolean;
  /** A file's content at the base, or null when the base has no such file. */
  show(path: string): Promise<string | null>;
}

export async function readGitBase(cwd: string, dir: string, ref: string): Promise<GitBase | null> {
  // A ref is never an option: `--output=x` must not reach git diff as one.
  if (ref.startsWith('-')) return null;
  let top: string;
  let commit: string;
  let diff: string;
  let tree: string;
  let realCwd: string;
  try {
    // One git for the repository root and the base commit (a ref git does not know fails it).
    [top = '', commit = ''] = (await run('git', ['rev-parse', '--show-toplevel', '--verify', '--quiet', `${ref}^{commit}`], { cwd, encoding: 'utf8' })).stdout.split('\n');
    const git = (args: string[]) => run('git', args, { cwd: top, maxBuffer: MAX_BUFFER, encoding: 'utf8' });
    let folder: string;
    [realCwd, folder] = await Promise.all([realpath(cwd), realpath(resolve(cwd, dir))]);
    // Paths from the repository root, whatever the working directory: the folder may lie above it (--dir ../keywords).
    folder = fromTop(top, folder);
    [{ stdout: diff }, { stdout: tree }] = await Promise.all([
      git(['diff', '--name-status', '--no-renames', '-z', commit, '--', folder]),
      git(['ls-tree', '-r', '--name-only', '--full-name', '-z', commit, '--', folder]),
    ]);
  } catch {
    return null;
  }
  const fields = diff.split('\0');
  const changed = new Set<string>();
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] !== 'D') changed.add(fields[i + 1]!);
  const inBase = new Set(tree.split('\0').filter(Boolean));
  const key = (path: string) => fromTop(top, resolve(realCwd, path));
  return {
    ref,
    changed: (path) => changed.has(key(path)) || !inBase.has(key(path)),
    added: (path) => !inBase.has(key(path)),
    show: async (path) => {
      if (!inBase.has(key(path))) return null;
      try {
        return (await run('git', ['show', `${commit}:${key(path)}`], { cwd: top, maxBuffer: MAX_BUFFER, encoding: 'utf8' })).stdout;
      } catch {
        return null;
      }
    },
  };
}

function fromTop(top: string, abs: string): string {
  return relative(top, abs).split(sep).join('/');
}

/**
 * `--base` must name a commit git knows: a mistyped ref silently compared with nothing would point
 * the repository-wide rules at the wrong file. Throws a usage error (exit 64) saying what to pass.
 */
export async function requireGitBase(cwd: string, ref: string): Promise<void> {
  if (ref.startsWith('-')) throw new UsageError(`--base ${ref}: a git ref cannot start with "-"`, { hint: 'pass a branch or commit, e.g. --base origin/main' });
  try {
    await run('git', ['rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8' });
  } catch {
    throw new UsageError(`--base ${ref}: not inside a git repository, so there is no base to compare with`, { hint: 'run from a clone of the repository, or drop --base' });
  }
  try {
    await run('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd, encoding: 'utf8' });
  } catch {
    throw new UsageError(`--base ${ref}: git does not know the ref "${ref}"`, {
      hint: 'pass a branch or commit git has, e.g. --base origin/main after `git fetch origin main` (see `git branch -a`)',
    });
  }
}

/**
 * Ranks list files newest first by git history (when each was first committed), for blaming the
 * list past a limit when no base says what changed. A file not committed yet is newest of all.
 * Null outside a git repository (the caller says so and falls back to the order of names).
 */
export async function newestFirst(cwd: string, dir: string): Promise<((path: string) => number) | null> {
  let top: string;
  let log: string;
  let realCwd: string;
  try {
    top = (await run('git', ['rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8' })).stdout.trim();
    realCwd = await realpath(cwd);
    const folder = fromTop(top, await realpath(resolve(cwd, dir)));
    const git = (args: string[]) => run('git', args, { cwd: top, maxBuffer: MAX_BUFFER, encoding: 'utf8' });
    // Newest commit first; a file's first appearance is the commit that (last) added it.
    ({ stdout: log } = await git(['-c', 'core.quotepath=off', 'log', '--format=%x01', '--name-only', '--diff-filter=A', '--no-renames', '--', folder]));
  } catch {
    return null;
  }
  // Rank = the commit's place in the log (1 newest): files added together tie, and the caller breaks ties by name.
  const rank = new Map<string, number>();
  let commit = 0;
  for (const line of log.split('\n')) {
    if (line === '\x01') commit++;
    else if (line && !rank.has(line)) rank.set(line, commit);
  }
  // A file no commit added (untracked or only staged) is newest of all.
  return (path) => rank.get(fromTop(top, resolve(realCwd, path))) ?? 0;
}
