// A folder's files as they are at one commit, read through GitHub's Git Database API (commit ->
// trees -> blobs) with the workflow's read token. The live PR plan reads the pull request's lists
// this way, at the head commit GitHub confirmed, instead of trusting what the PR's own run
// uploaded. Data only: nothing here is checked out or run. The tree gives every size before any
// content is fetched, so the caps apply first; links and submodules are refused by their mode.
import { RequestError } from 'octokit';
import { ConfigError, KwsyncError } from '../errors.js';
import type { GitHubClient, RepoRef } from './client.js';

export interface FolderLimits {
  maxBytes: number;
  maxFiles: number;
  /** Files read through the API (one request each) rather than from the checkout: what bounds one push's spend. */
  maxFetched?: number;
}

export interface FolderFile {
  /** Relative to the folder, `/`-separated, as git stores it. */
  path: string;
  content: Buffer;
}

export interface FolderAtCommit {
  /** False when the commit has no such folder (the PR deleted it): no files. */
  exists: boolean;
  files: FolderFile[];
  /** Files read from the local object store rather than the API. */
  local: number;
}

const FILE_MODES = new Set(['100644', '100755']);

function refuse(sha: string, why: string): ConfigError {
  return new ConfigError(`the pull request's lists at ${sha.slice(0, 7)} are refused: ${why}`, {
    hint: 'the keywords folder may hold only regular files (no links, no submodules), within the size caps; nothing was planned',
  });
}

function tooLarge(sha: string, why: string, limits: FolderLimits): ConfigError {
  return new ConfigError(`the pull request's lists at ${sha.slice(0, 7)} are too large to plan: ${why}`, {
    hint: `stage two reads at most ${limits.maxFiles} files and ${limits.maxBytes} bytes of the keywords folder from a pull request${limits.maxFetched !== undefined ? ` (at most ${limits.maxFetched} of them changed from the default branch)` : ''}, before any content; split the change into smaller pull requests, or move files that are not lists out of the folder. Nothing was planned`,
  });
}

/**
 * A failed read of the PR's git objects, named by its cause: what it is, why it happens, and the fix.
 * A rate limit (GitHubRateLimitError, already a KwsyncError) passes as it is.
 */
export function unreadableFolder(err: unknown, sha: string, what: string): unknown {
  if (!(err instanceof RequestError) || err instanceof KwsyncError) return err;
  const at = `${what} of ${sha.slice(0, 7)}`;
  if (err.status === 404 || err.status === 422) {
    return new ConfigError(`the pull request's ${at} is not in this repository (GitHub answered ${err.status})`, {
      cause: err,
      hint: 'the commit was force-pushed away, or its fork was deleted, after the plan workflow ran; push to the pull request again (or re-run the plan workflow for its newest commit). Nothing was planned',
    });
  }
  if (err.status === 403 || err.status === 401) {
    return new ConfigError(`the workflow token may not read the pull request's ${at} (GitHub answered ${err.status}: ${err.message})`, {
      cause: err,
      hint: 'give the plan-live workflow `permissions: contents: read` (it reads the files as git data, nothing is checked out). Nothing was planned',
    });
  }
  if (err.status >= 500) {
    return new ConfigError(`GitHub failed reading the pull request's ${at} (${err.status}, after retries)`, {
      cause: err,
      hint: 'a failure on GitHub\'s side: re-run this job (Re-run jobs); see https://www.githubstatus.com if it persists. Nothing was planned',
    });
  }
  return err;
}

async function read<T>(sha: string, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw unreadableFolder(err, sha, what);
  }
}

export async function readFolderAtCommit(
  octokit: GitHubClient,
  opts: RepoRef & {
    sha: string;
    dir: string;
    limits: FolderLimits;
    /** Why a path is refused (control characters, ...), checked on the tree before any content is fetched. */
    pathProblem?: (path: string) => string | null;
    readLocalBlob?: (sha: string) => Promise<Buffer | undefined>;
  },
): Promise<FolderAtCommit> {
  const { owner, repo, sha } = opts;
  const commit = await read(sha, 'commit', () => octokit.rest.git.getCommit({ owner, repo, commit_sha: sha }));
  let tree = commit.data.tree.sha;
  for (const segment of opts.dir.split('/').filter((s) => s && s !== '.')) {
    const level = await read(sha, 'tree', () => octokit.rest.git.getTree({ owner, repo, tree_sha: tree }));
    const entry = level.data.tree.find((e) => e.path === segment);
    if (!entry) return { exists: false, files: [], local: 0 };
    if (entry.type !== 'tree' || !entry.sha) throw refuse(sha, `${opts.dir} is not a folder there (it is a ${entry.type === 'commit' ? 'submodule' : entry.mode === '120000' ? 'symbolic link' : 'file'})`);
    tree = entry.sha;
  }
  const all = await read(sha, `${opts.dir} tree`, () => octokit.rest.git.getTree({ owner, repo, tree_sha: tree, recursive: 'true' }));
  if (all.data.truncated) throw tooLarge(sha, `${opts.dir} holds more entries than GitHub lists in one tree`, opts.limits);
  const blobs: { path: string; sha: string; size: number }[] = [];
  let total = 0;
  for (const e of all.data.tree) {
    const where = `${opts.dir}/${e.path ?? ''}`;
    if (e.type === 'tree') continue;
    if (e.type === 'commit') throw refuse(sha, `${JSON.stringify(where.slice(0, 200))} is a submodule`);
    if (e.mode === '120000') throw refuse(sha, `${JSON.stringify(where.slice(0, 200))} is a symbolic link`);
    if (e.type !== 'blob' || !FILE_MODES.has(e.mode ?? '') || !e.sha || typeof e.path !== 'string') throw refuse(sha, `${JSON.stringify(where.slice(0, 200))} is not a regular file (mode ${e.mode})`);
    const problem = opts.pathProblem?.(e.path);
    if (problem) throw refuse(sha, `the path ${JSON.stringify(where.slice(0, 200))} ${problem}`);
    total += e.size ?? 0;
    blobs.push({ path: e.path, sha: e.sha, size: e.size ?? 0 });
    if (blobs.length > opts.limits.maxFiles) throw tooLarge(sha, `more than ${opts.limits.maxFiles} files`, opts.limits);
    if (total > opts.limits.maxBytes) throw tooLarge(sha, `more than ${opts.limits.maxBytes} bytes of files`, opts.limits);
  }
  // Content-addressed: a blob the checkout already has (a file the PR left alone) is the same bytes.
  const held = new Map<string, Buffer>();
  for (const b of blobs) {
    const here = await opts.readLocalBlob?.(b.sha);
    if (here) held.set(b.sha, here);
  }
  const fetched = new Set(blobs.filter((b) => !held.has(b.sha)).map((b) => b.sha)).size;
  if (opts.limits.maxFetched !== undefined && fetched > opts.limits.maxFetched) throw tooLarge(sha, `${fetched} files changed from the default branch, over the ${opts.limits.maxFetched} read one request each`, opts.limits);
  const files: FolderFile[] = [];
  let local = 0;
  for (const b of blobs) {
    const here = held.get(b.sha);
    if (here) local++;
    const content = here ?? (await read(sha, `file ${JSON.stringify(b.path.slice(0, 200))}`, () => fetchBlob(octokit, { owner, repo }, b.sha)));
    if (content.length !== b.size) throw refuse(sha, `${JSON.stringify(b.path.slice(0, 200))} is ${content.length} bytes, not the ${b.size} its tree entry says`);
    files.push({ path: b.path, content });
  }
  return { exists: true, files, local };
}

async function fetchBlob(octokit: GitHubClient, repo: RepoRef, sha: string): Promise<Buffer> {
  const res = await octokit.rest.git.getBlob({ ...repo, file_sha: sha });
  if (typeof res.data.content !== 'string') throw new Error(`GitHub answered GET git/blobs/${sha} with no content (size ${String(res.data.size)})`);
  if (res.data.encoding !== 'base64') return Buffer.from(res.data.content, 'utf8');
  return Buffer.from(res.data.content, 'base64');
}
