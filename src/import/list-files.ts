// Live lists -> list files (`<id>.yaml`, plus `<id>.csv` for long lists or terms with a comma),
// written so that loading them back gives the same lists: `import` then `plan` shows no change.
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { stringify as stringifyYaml } from 'yaml';
import { KwsyncError } from '../errors.js';
import type { LiveKeywordList } from '../model/keyword-list.js';
import { LIST_ID_PATTERN } from '../model/list-file.js';

/** Lists with more terms than this get a CSV file instead of inline terms. */
export const INLINE_TERMS_MAX = 50;

export interface ListFileText {
  /** File name inside the keywords folder. */
  name: string;
  text: string;
}

export function listFilesFor(lists: readonly LiveKeywordList[], targetLabel: string): ListFileText[] {
  const bad = lists.filter((l) => !LIST_ID_PATTERN.test(l.id));
  if (bad.length > 0) {
    // The id becomes a file name; anything else could escape the folder.
    throw new KwsyncError(`cannot import lists whose id is not letters, digits, - and _: ${bad.map((l) => JSON.stringify(l.id)).join(', ')}`);
  }
  return importable(lists)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .flatMap((l) => filesForList(l, targetLabel));
}

/**
 * Non-default lists with at least one term (an empty list has no valid file form, list-empty) and an
 * id a file may carry: the id names the file written, and comes from the live app, so `../x` or
 * `a/b` must never reach the file system.
 */
export function importable(lists: readonly LiveKeywordList[]): LiveKeywordList[] {
  return lists.filter((l) => !l.default && l.searchTerms.length > 0 && LIST_ID_PATTERN.test(l.id));
}

/** Live lists import leaves out because their id cannot name a list file. */
export function unusableIds(lists: readonly LiveKeywordList[]): string[] {
  return lists.filter((l) => !l.default && !LIST_ID_PATTERN.test(l.id)).map((l) => l.id);
}

export function needsCsv(terms: readonly string[]): boolean {
  return terms.length > INLINE_TERMS_MAX || terms.some((t) => t.includes(','));
}

function filesForList(l: LiveKeywordList, targetLabel: string): ListFileText[] {
  // The service may hold repeats; the files hold each term once (validation refuses duplicates).
  const terms = [...new Set(l.searchTerms)];
  const csv = needsCsv(terms);
  const doc: Record<string, unknown> = { id: l.id, name: l.name };
  if (l.description) doc.description = l.description;
  doc.category = l.category;
  if (csv) doc.file = `${l.id}.csv`;
  else doc.searchTerms = terms;
  const header = `# Imported by \`kwsync import\` from ${targetLabel} (revision ${l.revisionId}).\n`;
  const files: ListFileText[] = [{ name: `${l.id}.yaml`, text: header + stringifyYaml(doc, { lineWidth: 0 }) }];
  // A `term` header keeps a first term that happens to be "term" from being read as the header.
  if (csv) files.push({ name: `${l.id}.csv`, text: stringifyCsv(terms.map((t) => [t]), { header: true, columns: ['term'] }) });
  return files;
}
