// Lists a folder already manages are not imported again: a second file for the same id would be a
// duplicate-id error. Only `--force` re-imports a list, and only into its own `<id>.yaml`.
import type { LiveKeywordList } from '../model/keyword-list.js';

export interface ManagedSkip {
  id: string;
  /** The list files that already define this id, as shown to the user. */
  files: string[];
}

/**
 * Splits the live lists into those to write and those a file already manages. `isOwnFile(id, file)`
 * says whether `file` is the `<id>.yaml` that import itself would write (overwritable with force).
 */
export function splitManaged(
  lists: readonly LiveKeywordList[],
  managed: readonly { id: string; file: string }[],
  opts: { force: boolean; isOwnFile: (id: string, file: string) => boolean },
): { toWrite: LiveKeywordList[]; skipped: ManagedSkip[] } {
  const filesById = new Map<string, string[]>();
  for (const m of managed) filesById.set(m.id, [...(filesById.get(m.id) ?? []), m.file]);
  const toWrite: LiveKeywordList[] = [];
  const skipped: ManagedSkip[] = [];
  for (const l of lists) {
    const files = filesById.get(l.id);
    if (!files || (opts.force && files.every((f) => opts.isOwnFile(l.id, f)))) toWrite.push(l);
    else skipped.push({ id: l.id, files });
  }
  return { toWrite, skipped };
}
