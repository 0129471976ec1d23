// Ids that were managed at a base (a git ref: the PR's base branch, origin/main) and have no file
// now: the lists whose file was deleted. With a listing that may be cut short, those lists may be
// live and unseen, so the plan asks each by id (readLiveLists `formerIds`) before it says anything:
// prune then deletes them, and without prune they show as unmanaged instead of passing unseen.
import { copyFolderAtRef, removeCopy } from './base-lists.js';
import { KwsyncError } from '../errors.js';
import type { DesiredList } from '../model/keyword-list.js';
import { lacksTarget, validateRepo } from '../validate/index.js';

/** `target`: the kwsync.yaml target whose lists count at the base (its selection there); default the only one. */
export interface BaseListsOptions {
  cwd: string;
  dir: string;
  ref: string;
  currentIds: Iterable<string>;
  target?: string;
}

export async function formerListIds(opts: BaseListsOptions): Promise<string[]> {
  return (await readBaseLists(opts))?.formerIds ?? [];
}

/** The lists at the base (for the three-way: live edits since the last apply) and the ids with no file now. */
/** Undefined when the base's kwsync.yaml lacks the target: nothing was applied for it from there. */
export async function readBaseLists(opts: BaseListsOptions): Promise<{ lists: DesiredList[]; formerIds: string[] } | undefined> {
  let copy: string | undefined;
  try {
    copy = await copyFolderAtRef({ cwd: opts.cwd, ref: opts.ref, dir: opts.dir });
    const base = await validateRepo({ cwd: copy, dir: opts.dir, ...(opts.target !== undefined ? { target: opts.target } : { onlyTarget: true }) });
    if (lacksTarget(base)) return undefined;
    const now = new Set(opts.currentIds);
    // Lists that loaded at the base count even when the base had errors elsewhere: an id is all that is asked.
    return { lists: base.lists, formerIds: [...new Set(base.lists.map((l) => l.id))].filter((id) => !now.has(id)).sort() };
  } catch (err) {
    throw new KwsyncError(`cannot read the list files at --base ${opts.ref}: ${err instanceof Error ? err.message : String(err)}`, {
      hint: 'give a commit, branch or tag git knows here (e.g. origin/main after git fetch), and run from the repository root',
    });
  } finally {
    if (copy) await removeCopy(copy);
  }
}
