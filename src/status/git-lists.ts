// The keywords folder at commits of this clone, for `kwsync status`: read the way `--base` reads it
// (validateAtRef: a copy at the commit, then the normal validation), but never fetched: status only reads, and says
// "fetch it" when the applied commit is missing. Asked of git itself (execFile, no shell).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { validateAtRef } from '../plan/base-lists.js';
import type { CommitLists, FolderLists } from './read-status.js';

const run = promisify(execFile);

/** The full sha of `ref` when this clone has that commit; null otherwise (or outside git). A ref is never an option. */
export async function commitOf(cwd: string, ref: string): Promise<string | null> {
  if (ref.startsWith('-')) return null;
  try {
    const { stdout } = await run('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd, encoding: 'utf8' });
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

/** Whether `cwd` lies inside a git work tree. */
export async function insideGit(cwd: string): Promise<boolean> {
  try {
    return (await run('git', ['rev-parse', '--is-inside-work-tree'], { cwd, encoding: 'utf8' })).stdout.trim() === 'true';
  } catch {
    return false;
  }
}

/** The folder `dir` at a commit, validated in a temporary copy; `cwd` is where git and `dir` are read from. */
export async function folderAtCommit(cwd: string, dir: string, sha: string): Promise<FolderLists> {
  const v = await validateAtRef(cwd, sha, dir, null);
  return { config: v.config, lists: v.lists, errorCount: v.errorCount, targetLists: v.targetLists };
}

export function localCommitLists(cwd: string, dir: string): CommitLists {
  return { resolve: (ref) => commitOf(cwd, ref), at: (sha) => folderAtCommit(cwd, dir, sha) };
}

/**
 * A commit a shallow clone lacks (a runner's checkout), fetched from origin by its sha; the sha it
 * then has, or null. Only the Action fetches: the CLI says "git fetch" and leaves the clone alone.
 */
export async function fetchCommit(cwd: string, sha: string): Promise<string | null> {
  if (!/^[0-9a-f]{40}$/.test(sha)) return null;
  await run('git', ['fetch', '--no-tags', '--depth=1', 'origin', sha], { cwd, encoding: 'utf8' }).catch(() => undefined);
  return commitOf(cwd, sha);
}
