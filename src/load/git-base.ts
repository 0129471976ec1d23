// The base version of the keywords folder (a git ref, e.g. the PR's target branch): which files
// changed and what the base held. Asked of git itself (execFile, no shell); outside a git
// repository, or for a ref git does not know, there is no base and the caller falls back quietly.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** Base versions of list files are capped like the files themselves (see READ_LIMIT_FACTOR). */
const MAX_BUFFER = 8 * 1024 * 1024;

export interface GitBase {
  ref: string;
  /** Whether a file (path relative to cwd, forward slashes) was added or changed since the base; untracked files count as added. */
  changed(path: string): boolean;
  /** A file's content at the base, or null when the base has no such file. */
  show(path: string): Promise<string | null>;
}

export async function readGitBase(cwd: string, dir: string, ref: string): Promise<GitBase | null> {
  const git = (args: string[]) => run('git', args, { cwd, maxBuffer: MAX_BUFFER, encoding: 'utf8' });
  let diff: string;
  let tree: string;
  try {
    await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    // --relative: paths relative to cwd, like every path kwsync reports.
    ({ stdout: diff } = await git(['diff', '--name-status', '--no-renames', '--relative', '-z', ref, '--', dir]));
    ({ stdout: tree } = await git(['ls-tree', '-r', '--name-only', '-z', ref, '--', dir]));
  } catch {
    return null;
  }
  const fields = diff.split('\0');
  const changed = new Set<string>();
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] !== 'D') changed.add(fields[i + 1]!);
  const inBase = new Set(tree.split('\0').filter(Boolean));
  return {
    ref,
    changed: (path) => changed.has(path) || !inBase.has(path),
    show: async (path) => {
      if (!inBase.has(path)) return null;
      try {
        return (await git(['show', `${ref}:./${path}`])).stdout;
      } catch {
        return null;
      }
    },
  };
}
