// `kwsync import --list ID`: each named list is read by id from the live app (never taken from
// the listing, which may be cut short) and brought into the file that defines it, or into a new
// `<id>.yaml` when no file does. One list's problem does not stop the others.
import { ApiError, KwsyncError } from '../errors.js';
import type { DesiredList, LiveKeywordList } from '../model/keyword-list.js';
import type { KeywordTarget } from '../model/target.js';
import { listFilesFor } from './list-files.js';
import { assertWritable, mergeLiveList } from './merge-live-list.js';
import { writeListFiles } from './write-list-files.js';

export type ListImportOutcome =
  | { id: string; kind: 'merged' | 'unchanged'; file: string; written: string[]; added: string[]; removed: string[]; fields: string[]; revisionId: string }
  | { id: string; kind: 'created'; written: string[]; revisionId: string }
  | { id: string; kind: 'failed'; message: string; hint?: string };

export async function importListsById(
  target: KeywordTarget,
  desired: readonly DesiredList[],
  ids: readonly string[],
  opts: { dir: string; cwd: string },
): Promise<ListImportOutcome[]> {
  const outcomes: ListImportOutcome[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      outcomes.push(await importOne(target, desired, id, opts));
    } catch (err) {
      // A failing service fails the whole command; a list no file can take, or one whose live answer
      // cannot be read (a 2xx in a shape kwsync refuses, a category it does not know), is reported and skipped.
      if (!(err instanceof KwsyncError) || (err instanceof ApiError && !unreadableAnswer(err))) throw err;
      outcomes.push({ id, kind: 'failed', message: err.message, ...(err.hint ? { hint: err.hint } : {}) });
    }
  }
  return outcomes;
}

function unreadableAnswer(err: ApiError): boolean {
  return err.status !== undefined && err.status >= 200 && err.status < 300;
}

async function importOne(
  target: KeywordTarget,
  desired: readonly DesiredList[],
  id: string,
  opts: { dir: string; cwd: string },
): Promise<ListImportOutcome> {
  const live = await target.getKeywordList(id);
  if (!live || live.id !== id) {
    throw new KwsyncError(`${id} is not on the live app (${target.label})`, {
      hint: 'a list deleted live comes back with kwsync apply; to drop it from the repository, delete its file',
    });
  }
  assertWritable(live);
  const files = desired.filter((l) => l.id === id);
  if (files.length > 1) throw new KwsyncError(`${id} is defined by ${files.length} files (${files.map((f) => f.source.file).join(', ')}); keep one`);
  if (files.length === 1) return merged(live, files[0]!, opts.cwd);
  return created(live, target.label, opts);
}

async function merged(live: LiveKeywordList, file: DesiredList, cwd: string): Promise<ListImportOutcome> {
  const m = await mergeLiveList(live, file, { cwd });
  return { ...m, kind: m.written.length > 0 ? 'merged' : 'unchanged', file: file.source.file, revisionId: live.revisionId };
}

async function created(live: LiveKeywordList, label: string, opts: { dir: string; cwd: string }): Promise<ListImportOutcome> {
  // writeListFiles refuses an existing <id>.yaml that did not load as this list.
  const written = await writeListFiles(listFilesFor([live], label), { dir: opts.dir, cwd: opts.cwd, force: false }).catch((err: unknown) => {
    if (err instanceof KwsyncError) {
      throw new KwsyncError(`${err.message}, which does not define ${live.id}`, { hint: 'fix or rename that file first (kwsync validate shows what is wrong with it)' });
    }
    throw err;
  });
  return { id: live.id, kind: 'created', written, revisionId: live.revisionId };
}
