// Files in the keywords folder that kwsync will never read or send are named, never skipped in
// silence: a list saved with another extension (`slurs.txt`, `profanity.yaml.txt`), a merge tool's
// leftover (`a.yaml.orig`), a list file or CSV in a sub-folder the discovery does not read. The rule
// takes what discovery found and what is on disk, so it holds whatever discovery reads (top level
// today, sub-folders once discovery is recursive). The walk is bounded in depth and entries.
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { diagnose, fileStart } from '../../load/diagnose.js';
import { code, quote } from '../../load/quote-value.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { SourceText } from '../../load/source-text.js';

export const NEVER_READ_RULE = 'file-never-read';

/** A keywords folder is small; past these the rest is not looked at (a stray node_modules is not listed). */
const MAX_DEPTH = 4;
const MAX_ENTRIES = 5000;

/** Names people keep beside lists on purpose: docs, licences, git and editor files. */
const KEPT = /^(?:readme|license|licence|changelog|codeowners|notes?)(?:\.[a-z]+)?$|\.(?:md|markdown|rst|adoc)$|^\.|^#|~$/i;
const SKIPPED_DIRS = new Set(['node_modules', '.git']);
const MERGE_LEFTOVER = /\.(?:orig|rej|bak|backup|swp)$|_(?:BASE|LOCAL|REMOTE|BACKUP)_\d+\.[^.]+$/i;
const LIST_LIKE = /\.(?:txt|json|tsv|xlsx?|ods|numbers|list|ya?ml\.[a-z]+)$/i;

/** Every file under `dir` (absolute paths), hidden entries and skipped folders left out; bounded. */
export async function presentFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  let seen = 0;
  const walk = async (at: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await readdir(at, { withFileTypes: true });
    } catch {
      return; // unreadable folders are file-discovery's to report
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (++seen > MAX_ENTRIES) return;
      if (e.name.startsWith('.') || SKIPPED_DIRS.has(e.name)) continue;
      const abs = join(at, e.name);
      if (e.isDirectory()) {
        if (depth < MAX_DEPTH) await walk(abs, depth + 1);
      } else out.push(abs);
    }
  };
  await walk(dir, 0);
  return out;
}

export interface NeverReadInput {
  keywordsDir: string;
  /** Every file on disk under the folder (presentFiles). */
  present: readonly string[];
  /** The list files discovery read, and every file something reads (CSV `file:`, `appendTermsFrom`, kwsync.yaml): absolute paths. */
  read: ReadonlySet<string>;
  /** Path relative to the working directory, forward slashes. */
  relative(abs: string): string;
}

/** One warning per file that nothing reads, saying what it is taken for and what to do. */
export function checkNeverRead(input: NeverReadInput): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const abs of input.present) {
    if (input.read.has(abs)) continue;
    const inFolder = relative(input.keywordsDir, abs).split(sep).join('/');
    const name = inFolder.slice(inFolder.lastIndexOf('/') + 1);
    const sub = inFolder.includes('/') ? inFolder.slice(0, inFolder.lastIndexOf('/') + 1) : '';
    if (KEPT.test(name)) continue;
    const message = reason(name, sub);
    if (message) out.push(diagnose(fileStart(input.relative(abs)), 'warning', NEVER_READ_RULE, message));
  }
  return out;
}

function reason(name: string, sub: string): string | null {
  const isList = /\.ya?ml$/i.test(name);
  const isCsv = /\.csv$/i.test(name);
  if (MERGE_LEFTOVER.test(name)) {
    return `${quote(name)} looks like a merge or editor leftover, and kwsync never reads it; compare it with the list it was copied from, bring over any term it alone holds, then delete it`;
  }
  if (sub !== '' && isList) {
    return `this list file is in the sub-folder ${code(sub)}, which kwsync does not read here, so none of its terms is checked or sent; move it to the top of the keywords folder (or, if it is a file of extra terms, name it in a target's \`appendTermsFrom\`)`;
  }
  if (sub !== '' && isCsv) {
    return `no list file uses this CSV in ${code(sub)}, so its terms are never checked or sent; name it from a list file with ${code(`file: ${sub}${name}`)}, or delete it`;
  }
  if (isList || isCsv) return null; // top-level lists are read; a top-level CSV nothing uses is orphan-terms-file's
  if (LIST_LIKE.test(name)) {
    const base = name.replace(/\.[^.]+$/, '');
    const hint = /\.ya?ml\.[a-z]+$/i.test(name)
      ? `rename it to ${code(base)} if it is a list`
      : `if it holds terms, save it as ${code(`${base}.csv`)} (one term a line) and name it with \`file:\` from a list file, or delete it`;
    return `kwsync reads only \`*.yaml\`/\`*.yml\` list files and the CSV files they name, so ${quote(name)} is never read or sent; ${hint}`;
  }
  return `kwsync reads only \`*.yaml\`/\`*.yml\` list files and the CSV files they name, so ${quote(name)} is never read or sent; move it out of the keywords folder if it is not a list`;
}

/**
 * A list file with a YAML error is not read at all: name what that leaves unchecked after the last
 * error (its terms are easy to believe checked), at the first entry after it. Null when nothing follows.
 */
export function notReadAfterError(source: SourceText, errorLines: readonly number[]): Diagnostic | null {
  if (errorLines.length === 0) return null;
  const last = Math.max(...errorLines);
  let first: number | undefined;
  const items: string[] = [];
  for (let l = last + 1; l <= source.lineCount(); l++) {
    const text = source.lineText(l);
    if (text.trim() === '' || text.trim().startsWith('#')) continue;
    first ??= l;
    const item = /^\s*-\s+(.*?)\s*$/.exec(text);
    if (item) items.push(item[1]!);
  }
  if (first === undefined) return null;
  const named = items.length > 0 ? ` (${items.length} ${items.length === 1 ? 'entry' : 'entries'} after it, from ${code(items[0]!.slice(0, 40))})` : '';
  return diagnose(
    source.lineCol(first, Math.max(1, source.lineText(first).search(/\S/) + 1)),
    'warning',
    'yaml-not-read',
    `because of the YAML error on line ${last}, this list file was not read: nothing in it is checked or sent${named}; fix that error, then validate again to check the rest`,
  );
}
