// Replace a file in one step: write a temporary file beside it, then rename over it, so a reader
// (or a crash) sees the old file or the new one, never half of each. The file's mode is kept.
import { randomBytes } from 'node:crypto';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export async function writeFileAtomic(abs: string, text: string): Promise<void> {
  const temp = join(dirname(abs), `.${basename(abs)}.kwsync-fmt-${randomBytes(6).toString('hex')}`);
  const { mode } = await stat(abs);
  try {
    await writeFile(temp, text, { encoding: 'utf8', mode, flag: 'wx' });
    await rename(temp, abs);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
