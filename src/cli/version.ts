// What `kwsync --version` prints: the version and the commit kwsync was built from, so a bug report
// or a pinned workflow names exact code. The commit comes from dist/build-info.json (written when
// the package is packed; read by src/init's reader), else from git when kwsync runs from its own
// checkout, else it is said to be unknown. Loaded only when --version is asked for.
import { execFile } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface VersionDeps {
  packageRoot: string;
  /** A project folder whose package-lock.json may name a git-installed kwsync (see src/init). */
  projectRoot: string;
}

export async function describeVersion(version: string, deps?: Partial<VersionDeps>): Promise<string> {
  const { PACKAGE_ROOT, readInstalledCommit } = await import('../init/installed-commit.js');
  const packageRoot = deps?.packageRoot ?? PACKAGE_ROOT;
  // Only build-info describes this package; a project's lock file describes a kwsync it installed, maybe not this one.
  const recorded = await readInstalledCommit({ packageRoot, projectRoot: deps?.projectRoot ?? packageRoot });
  if (recorded) return `${version} (commit ${recorded.commit})`;
  const checkout = await checkoutCommit(packageRoot);
  return checkout ? `${version} (commit ${checkout})` : `${version} (unknown commit)`;
}

/**
 * HEAD of the package folder, only when that folder is the top of its own git checkout: an
 * installed kwsync sits inside the adopter's repository, whose HEAD says nothing about kwsync.
 */
async function checkoutCommit(packageRoot: string): Promise<string | undefined> {
  try {
    const git = (args: string[]) => run('git', args, { cwd: packageRoot, encoding: 'utf8', timeout: 5000 });
    const [top = '', head = ''] = (await git(['rev-parse', '--show-toplevel', '--verify', '--quiet', 'HEAD^{commit}'])).stdout.split('\n');
    const [realTop, realRoot] = await Promise.all([realpath(top), realpath(packageRoot)]);
    if (realTop !== realRoot || !/^[0-9a-f]{40}$/.test(head)) return undefined;
    const dirty = (await git(['status', '--porcelain', '--untracked-files=no'])).stdout.trim() !== '';
    return dirty ? `${head}, with uncommitted changes` : head;
  } catch {
    return undefined;
  }
}
