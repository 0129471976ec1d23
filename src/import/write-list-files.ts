// Writes imported list files into the keywords folder, refusing to overwrite without --force.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { KwsyncError } from '../errors.js';
import type { ListFileText } from './list-files.js';

export async function writeListFiles(
  files: readonly ListFileText[],
  opts: { dir: string; cwd: string; force: boolean },
): Promise<string[]> {
  const paths = files.map((f) => join(opts.dir, f.name));
  const shown = (p: string) => relative(opts.cwd, p).split('\\').join('/') || p;
  if (!opts.force) {
    const existing = (await Promise.all(paths.map(async (p) => ((await exists(p)) ? shown(p) : null)))).filter(
      (p): p is string => p !== null,
    );
    if (existing.length > 0) {
      throw new KwsyncError(`refusing to overwrite ${existing.length} existing file${existing.length === 1 ? '' : 's'}: ${existing.join(', ')}`, {
        hint: 'run with --force to overwrite them, or import into an empty folder with --dir',
      });
    }
  }
  await mkdir(opts.dir, { recursive: true });
  for (const [i, f] of files.entries()) await writeFile(paths[i]!, f.text, 'utf8');
  return paths.map(shown);
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
