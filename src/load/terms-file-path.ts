// Resolves a list's `file:` safely: relative to the list file, and never outside the keywords
// folder, whether by `../`, an absolute path or a symlink pointing out (checked with realpath).
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { checkInsideFolder, inside } from './inside-folder.js';
import { quote } from './quote-value.js';

/** `renamed`: the reference with the letter case of the file that exists (a Mac finds it, Linux CI does not). */
export type TermsFilePath = { ok: true; abs: string } | { ok: false; rule: string; message: string; renamed?: string };

export async function resolveTermsFile(keywordsDir: string, listFileAbs: string, ref: string): Promise<TermsFilePath> {
  const outside = { ok: false, rule: 'file-outside-folder', message: `${quote(ref)} is outside the keywords folder; put the CSV inside it and use a relative path` } as const;
  if (ref.trim() === '') return { ok: false, rule: 'file-not-found', message: 'the file name is empty; name a CSV file next to this list' };
  if (isAbsolute(ref) || /^[A-Za-z]:[\\/]/.test(ref) || ref.startsWith('\\')) return outside;
  const abs = resolve(dirname(listFileAbs), ref);
  if (!inside(keywordsDir, abs)) return outside;
  // The same link check as for list files; only the wording names this `file:` reference.
  const where = await checkInsideFolder(keywordsDir, abs);
  if (!where.ok) {
    if (where.rule === 'file-not-found') {
      const other = await sameNameOtherCase(abs);
      if (other) {
        const renamed = ref.slice(0, ref.length - basename(ref).length) + other;
        return { ok: false, rule: 'file-not-found', renamed, message: `${quote(ref)} not found; ${quote(other)} exists: file names are case-sensitive on Linux CI (a Mac or Windows finds it anyway); write file: ${renamed}` };
      }
    }
    return where.rule === 'file-not-found'
      ? { ok: false, rule: 'file-not-found', message: `${quote(ref)} does not exist; create it or fix the name (relative to this list file)` }
      : { ok: false, rule: 'file-outside-folder', message: `${quote(ref)} is a link to a file outside the keywords folder; copy the CSV into the folder instead` };
  }
  const real = where.real;
  if (!(await stat(real)).isFile()) return { ok: false, rule: 'file-not-found', message: `${quote(ref)} is not a file; name a CSV file` };
  if (!/\.csv$/i.test(ref)) return { ok: false, rule: 'file-not-csv', message: `${quote(ref)} is not a .csv file; terms files are CSV, one term per line` };
  return { ok: true, abs };
}

/** A file in the same folder whose name differs from `abs`'s only in letter case. */
async function sameNameOtherCase(abs: string): Promise<string | undefined> {
  const name = basename(abs).toLowerCase();
  try {
    return (await readdir(dirname(abs))).find((n) => n.toLowerCase() === name);
  } catch {
    return undefined;
  }
}
