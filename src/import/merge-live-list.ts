// `kwsync import --list ID`: the live content of one list brought into the files that already
// define it. Inline terms stay inline, a CSV stays a CSV; only what differs is written.
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { KwsyncError } from '../errors.js';
import { CATEGORIES, type DesiredList, type LiveKeywordList } from '../model/keyword-list.js';
import { mergeTermsCsvText } from './merge-terms-csv.js';
import { mergeListFileText, type LiveFields } from './merge-list-file.js';

export interface ListMerge {
  id: string;
  /** The files written, as the desired list names them (relative to the working directory). */
  written: string[];
  /** Live terms the file did not have, in live order. */
  added: string[];
  /** File terms live no longer has, in file order. */
  removed: string[];
  /** The fields (name, description, category) that took the live value. */
  fields: string[];
}

/** What would change, without touching a file. */
function diffLiveList(live: LiveKeywordList, desired: DesiredList): Omit<ListMerge, 'written'> {
  const liveTerms = [...new Set(live.searchTerms)];
  const liveSet = new Set(liveTerms);
  const fileSet = new Set(desired.searchTerms);
  const fields = (['name', 'description', 'category'] as const).filter((f) => live[f] !== desired[f]);
  return {
    id: live.id,
    added: liveTerms.filter((t) => !fileSet.has(t)),
    removed: desired.searchTerms.filter((t) => !liveSet.has(t)),
    fields: [...fields],
  };
}

/** Writes the live list into `desired`'s files (paths relative to `cwd`) and says what changed. */
export async function mergeLiveList(live: LiveKeywordList, desired: DesiredList, opts: { cwd: string }): Promise<ListMerge> {
  assertWritable(live);
  const diff = diffLiveList(live, desired);
  const termsChanged = diff.added.length > 0 || diff.removed.length > 0;
  if (!termsChanged && diff.fields.length === 0) return { ...diff, written: [] };
  const liveSet = new Set(live.searchTerms);
  const change = { keep: (t: string) => liveSet.has(t), added: diff.added };
  const fields: LiveFields = { name: live.name, description: live.description, category: live.category };
  const written: string[] = [];

  const listPath = resolve(opts.cwd, desired.source.file);
  const inline = desired.source.termsFile === undefined;
  if (diff.fields.length > 0 || (inline && termsChanged)) {
    const before = await readFile(listPath, 'utf8');
    const after = mergeListFileText(before, fields, inline ? change : null);
    checkMerged(after, live, inline, desired.source.file);
    await writeFile(listPath, after, 'utf8');
    written.push(desired.source.file);
  }
  if (!inline && termsChanged) {
    const csvPath = resolve(opts.cwd, desired.source.termsFile!);
    const after = mergeTermsCsvText(await readFile(csvPath, 'utf8'), desired.searchTerms, change);
    await writeFile(csvPath, after, 'utf8');
    written.push(desired.source.termsFile!);
  }
  return { ...diff, written };
}

/** A live list no file can hold is refused before anything is written. */
export function assertWritable(live: LiveKeywordList): void {
  if (live.default) throw new KwsyncError(`${live.id} is one of the service's default lists, which kwsync never manages`);
  if (live.searchTerms.length === 0) {
    throw new KwsyncError(`${live.id} has no terms on the live app, and a list file needs at least one`, {
      hint: 'delete its file to stop managing it, or add a term live first',
    });
  }
  if (!(CATEGORIES as readonly string[]).includes(live.category)) {
    throw new KwsyncError(`${live.id} has the category "${live.category}", which kwsync does not know (${CATEGORIES.join(', ')})`);
  }
}

// The splices are checked by reading the result back: a merge that would not plan to "no change"
// is refused rather than written.
function checkMerged(text: string, live: LiveKeywordList, inline: boolean, file: string): void {
  const doc = parseYaml(text) as Record<string, unknown>;
  const terms = doc.searchTerms;
  const ok =
    doc.name === live.name &&
    ((doc.description as string | undefined) ?? '') === live.description &&
    doc.category === live.category &&
    (!inline || (Array.isArray(terms) && sameSet(terms, live.searchTerms)));
  if (!ok) {
    throw new KwsyncError(`could not bring ${live.id} into ${file} without rewriting it; the file was left as it was`, {
      hint: 'edit the file by hand, or move it aside and run kwsync import --list again to write a fresh one',
    });
  }
}

function sameSet(a: readonly unknown[], b: readonly string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sb].every((t) => sa.has(t));
}
