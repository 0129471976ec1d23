// The offline plan compares the PR's lists with the base branch's. This copies the keywords folder
// as it is at a git ref into a temporary directory (only files git tracks there), so the normal
// validation can read it.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { KwsyncError } from '../errors.js';
import type { DesiredList, LiveKeywordList } from '../model/keyword-list.js';
import type { DesiredRule } from '../model/moderation-rule.js';
import type { LiveRuleListing } from '../model/target.js';
import { ruleWrite } from './rules/rule-content.js';
import { validateRepo, type RepoValidation } from '../validate/index.js';

const run = promisify(execFile);

async function git(cwd: string, args: string[]): Promise<Buffer> {
  const { stdout } = await run('git', args, { cwd, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 });
  return stdout;
}

async function hasCommit(cwd: string, ref: string): Promise<boolean> {
  return git(cwd, ['cat-file', '-e', `${ref}^{commit}`]).then(
    () => true,
    () => false,
  );
}

/** Copies `dir` at `ref` into a new temp directory and returns it; fetches the ref when missing. */
export async function copyFolderAtRef(opts: { cwd: string; ref: string; dir: string }): Promise<string> {
  const { cwd, ref, dir } = opts;
  if (!(await hasCommit(cwd, ref))) {
    await git(cwd, ['fetch', '--no-tags', '--depth=1', 'origin', ref]).catch(() => undefined);
    if (!(await hasCommit(cwd, ref))) {
      throw new KwsyncError(`cannot read the base commit ${ref} for the offline plan`, {
        hint: 'check out with fetch-depth: 0 (actions/checkout) so the base branch is available',
      });
    }
  }
  const names = (await git(cwd, ['ls-tree', '-r', '-z', '--name-only', ref, '--', dir]))
    .toString('utf8')
    .split('\0')
    .filter(Boolean);
  const out = await mkdtemp(join(tmpdir(), 'kwsync-base-'));
  for (const name of names) {
    await mkdir(dirname(join(out, name)), { recursive: true });
    await writeFile(join(out, name), await git(cwd, ['show', `${ref}:${name}`]));
  }
  await mkdir(join(out, dir), { recursive: true });
  return out;
}

/** A blob of the repository at `cwd` by its sha, or undefined when it does not have it. */
export async function readLocalBlob(cwd: string, sha: string): Promise<Buffer | undefined> {
  if (!/^[0-9a-f]{40}$/.test(sha)) return undefined;
  return git(cwd, ['cat-file', 'blob', sha]).catch(() => undefined);
}

export async function removeCopy(path: string): Promise<void> {
  await rm(path, { recursive: true, force: true });
}

/**
 * The keywords folder as it is at `ref`, validated in a temporary copy (removed after). `lists` are
 * the named target's, else the only target's, or with `target: null` the folder's as written (every
 * target's set is in `targetLists` either way).
 */
export async function validateAtRef(cwd: string, ref: string, dir: string, target?: string | null): Promise<RepoValidation> {
  const copy = await copyFolderAtRef({ cwd, ref, dir });
  try {
    return await validateRepo({ dir, cwd: copy, ...(target === null ? {} : target !== undefined ? { target } : { onlyTarget: true }) });
  } finally {
    await removeCopy(copy);
  }
}

/** The base branch's lists standing in for live ones in an offline plan. */
export function asBaseLists(lists: readonly DesiredList[]): LiveKeywordList[] {
  return lists.map(({ source: _source, ...list }) => ({
    ...list,
    revisionId: 'base',
    isCSV: false,
    active: true,
    default: false,
    createdAt: 0,
    updatedAt: 0,
  }));
}

/**
 * The base branch's rule files standing in for live rules in an offline plan: each as apply would
 * have written it (its list conditions in the category of the base's list), never a default rule.
 */
export function asBaseRules(rules: readonly DesiredRule[], lists: readonly DesiredList[]): LiveRuleListing {
  const categories = new Map(lists.map((l) => [l.id, l.category]));
  return { rules: rules.map((r) => ({ ...ruleWrite(r, (id) => categories.get(id)), description: r.description, revisionId: 'base', isDefault: false })), complete: true };
}

/**
 * Makes `root` (the PR's files, unpacked from the artifact) a git repository with one commit holding
 * `dir` as `baseCopy` (from copyFolderAtRef) has it, and returns that commit. Validation with it as
 * `base` then sees the PR's changes exactly (repository-wide rules point at changed files; shrinking
 * lists are flagged), without the PR's files ever entering the workspace. The working tree is left as is.
 */
export async function commitBaseUnder(root: string, baseCopy: string, opts: { ref: string; dir: string }): Promise<string> {
  const g = (args: string[]) =>
    git(root, ['-c', 'user.name=kwsync', '-c', 'user.email=kwsync@localhost', '-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null', ...args]);
  await g(['init', '-q']);
  // Stage the base copy's files as the index, commit them, then leave the PR's files as the work tree.
  await g(['--work-tree', baseCopy, 'add', '-A', '--', opts.dir]);
  await g(['commit', '-q', '--allow-empty', '-m', `base ${opts.ref}`]);
  await g(['reset', '-q']);
  return (await g(['rev-parse', 'HEAD'])).toString('utf8').trim();
}
