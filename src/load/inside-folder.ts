// Files of the keywords folder must really be in it: a symlink pointing out (to /proc/self/environ,
// ../secret) is refused before anything reads it, so its content can never reach a message.
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';

export function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

export type FolderCheck = { ok: true; real: string } | { ok: false; rule: 'file-outside-folder' | 'file-not-found'; message: string };

/** Whether `abs` (a list file or kwsync.yaml) resolves, through any links, inside `keywordsDir`. */
export async function checkInsideFolder(keywordsDir: string, abs: string): Promise<FolderCheck> {
  let real: string;
  try {
    real = await realpath(abs);
  } catch {
    return { ok: false, rule: 'file-not-found', message: 'this file is a link to nothing; remove the link or point it at a file in the keywords folder' };
  }
  if (!inside(await realpath(keywordsDir), real)) {
    return { ok: false, rule: 'file-outside-folder', message: 'this file is a link to a file outside the keywords folder, so it was not read; copy the file into the folder instead' };
  }
  return { ok: true, real };
}
