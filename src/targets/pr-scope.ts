// The line a target's PR plan shows when kwsync.yaml targets select lists: how many of the lists
// the pull request changes this target takes, and, with `after:`, which target applies first.
// Pure; names go through markdown-escape (a PR's kwsync.yaml may hold anything).
import type { DesiredList } from '../model/keyword-list.js';
import { mdCode } from '../render/markdown-escape.js';

export interface ScopeSide {
  /** Every list of the folder, as written. */
  folderLists?: readonly DesiredList[];
  /** The target's lists there. */
  lists: readonly DesiredList[];
}

export interface ScopeOptions {
  /** Whether any target selects lists (else each takes every list and the count says nothing). */
  selective: boolean;
  /** The target's `after:` (from the default branch). */
  after?: string;
}

/** Ids of the lists the pull request adds, deletes or edits, in the folder as a whole. */
export function changedListIds(base: readonly DesiredList[], head: readonly DesiredList[]): string[] {
  const before = new Map(base.map((l) => [l.id, content(l)]));
  const after = new Map(head.map((l) => [l.id, content(l)]));
  const ids = new Set([...before.keys(), ...after.keys()]);
  return [...ids].filter((id) => before.get(id) !== after.get(id)).sort();
}

export function targetScopeNote(base: ScopeSide, head: ScopeSide, opts: ScopeOptions): string {
  const parts: string[] = [];
  if (opts.selective && base.folderLists && head.folderLists) {
    const changed = changedListIds(base.folderLists, head.folderLists);
    const taken = new Set([...base.lists, ...head.lists].map((l) => l.id));
    const takes = changed.filter((id) => taken.has(id)).length;
    if (changed.length > 0) {
      const of = `${changed.length} list${changed.length === 1 ? '' : 's'} this pull request changes`;
      const none = changed.length === 1 ? 'This target does not take the list this pull request changes.' : `This target takes none of the ${of}.`;
      parts.push(takes === 0 ? none : takes === changed.length ? `This target takes ${changed.length === 1 ? 'the' : 'all'} ${of}.` : `This target takes ${takes} of the ${of}.`);
    }
  }
  if (opts.after) parts.push(`${parts.length > 0 ? 'It' : 'This target'} applies after ${mdCode(opts.after)}, once that target has applied the same commit.`);
  return parts.join(' ');
}

function content(l: DesiredList): string {
  return JSON.stringify([l.name, l.description, l.category, l.searchTerms]);
}
