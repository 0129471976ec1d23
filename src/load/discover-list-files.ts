// Which files of the keywords folder are read: list files (`*.yaml`/`*.yml`) and CSV files, found
// recursively, so teams can keep `keywords/es/`, `keywords/brand-a/`. Pure apart from reading the
// folder; every entry left out is returned with its reason, so a rule can name files never read.
import { readdir, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { CONFIG_FILES } from './config-files.js';
import { RULES_FOLDER } from '../model/moderation-rule.js';
/** Folders deeper than this are not read (a bound on what a pull request's tree can make us walk). */
export const MAX_FOLDER_DEPTH = 16;

export type SkipReason = 'hidden' | 'editor-file' | 'linked-folder' | 'nested-config' | 'too-deep' | 'unreadable';

export interface SkippedEntry {
  /** Relative to the keywords folder, forward slashes; a folder ends with `/`. */
  path: string;
  reason: SkipReason;
  /** One sentence a reader can act on. */
  why: string;
}

export interface Discovery {
  /** List files, relative to the keywords folder, forward slashes, sorted. */
  lists: string[];
  /** Rule files (YAML under `rules/`): moderation rules, not lists. Same form. */
  rules: string[];
  /** CSV files (terms files), same form. */
  csv: string[];
  /** Every file that was looked at (lists, CSV and others), same form: for checks on file names. */
  files: string[];
  skipped: SkippedEntry[];
}

/** Dotfiles, Emacs locks and autosaves (`.#a.yaml`, `#a.yaml#`) and backups (`a.yaml~`) are not lists. */
export function isHiddenOrEditorFile(name: string): boolean {
  return name.startsWith('.') || name.startsWith('#') || name.endsWith('~');
}

/** A YAML file under `rules/` of the keywords folder is a moderation rule, not a list. */
export function isRulePath(path: string): boolean {
  return path.startsWith(`${RULES_FOLDER}/`);
}

export function isListFileName(name: string): boolean {
  return /\.ya?ml$/i.test(name);
}

/** Every file kwsync reads under `keywordsDir`, and every entry it leaves out with why. */
export async function discoverListFiles(keywordsDir: string, opts: { maxDepth?: number; termsFiles?: readonly string[] } = {}): Promise<Discovery> {
  const maxDepth = opts.maxDepth ?? MAX_FOLDER_DEPTH;
  // YAML files kwsync.yaml appends terms from (`appendTermsFrom`) hold terms only: read there, not as lists.
  const termsFiles = new Set((opts.termsFiles ?? []).map((p) => posix.normalize(p.replace(/^\.\//, ''))));
  const out: Discovery = { lists: [], rules: [], csv: [], files: [], skipped: [] };
  const skip = (path: string, reason: SkipReason, why: string) => out.skipped.push({ path, reason, why });
  const walk = async (abs: string, rel: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await readdir(abs, { withFileTypes: true });
    } catch (err) {
      if (depth === 0) throw err; // the folder itself: the caller says it is missing
      skip(`${rel}/`, 'unreadable', `the folder ${rel}/ cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}), so no list in it is read`);
      return;
    }
    for (const e of entries) {
      const path = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name.startsWith('.')) skip(`${path}/`, 'hidden', `the hidden folder ${path}/ is not read; rename it without the leading dot to use its lists`);
        else if (depth + 1 > maxDepth) skip(`${path}/`, 'too-deep', `${path}/ is more than ${maxDepth} folders deep and is not read; move its lists up`);
        else await walk(join(abs, e.name), path, depth + 1);
        continue;
      }
      if (isHiddenOrEditorFile(e.name)) {
        skip(path, e.name.startsWith('.') ? 'hidden' : 'editor-file', `${path} is ${e.name.startsWith('.') ? 'a hidden file' : 'an editor backup or lock file'} and is not read`);
        continue;
      }
      // A link to a folder is not followed (it could lead anywhere); a linked file is read and checked like any other.
      if (e.isSymbolicLink() && (await isFolder(join(abs, e.name)))) {
        skip(`${path}/`, 'linked-folder', `${path} is a link to a folder, which is not followed; move the lists into the keywords folder`);
        continue;
      }
      if (depth === 0 && CONFIG_FILES.includes(e.name)) continue;
      if (depth > 0 && CONFIG_FILES.includes(e.name)) {
        skip(path, 'nested-config', `${path} is not read: kwsync.yaml is read from the top of the keywords folder only; move its settings there`);
        continue;
      }
      out.files.push(path);
      if (isListFileName(e.name) && isRulePath(path)) out.rules.push(path);
      else if (isListFileName(e.name) && !termsFiles.has(path)) out.lists.push(path);
      else if (/\.csv$/i.test(e.name)) out.csv.push(path);
    }
  };
  await walk(keywordsDir, '', 0);
  for (const key of ['lists', 'rules', 'csv', 'files'] as const) out[key].sort(byPath);
  out.skipped.sort((a, b) => byPath(a.path, b.path));
  return out;
}

function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

async function isFolder(abs: string): Promise<boolean> {
  try {
    return (await stat(abs)).isDirectory();
  } catch {
    return false;
  }
}
