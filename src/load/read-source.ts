// Reads one file into a SourceText, or a located diagnostic (unreadable, too large, invalid UTF-8).
// The size is checked before reading, so a huge file is refused without being loaded or parsed.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Diagnostic } from '../model/diagnostic.js';
import { decodeUtf8 } from './decode-utf8.js';
import { diagnose, fileStart } from './diagnose.js';
import { SourceText } from './source-text.js';

export interface SizeLimit {
  maxBytes: number;
  /** The diagnostic for a file of `bytes` bytes, over the limit. */
  tooLarge(bytes: number): Diagnostic;
}

export async function readSource(absPath: string, file: string, limit?: SizeLimit): Promise<SourceText | Diagnostic> {
  let bytes: Uint8Array;
  try {
    // Non-blocking open: a FIFO named like a list file opens at once (and is refused below) instead of hanging.
    const handle = await open(absPath, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) return notRegular(file, stats);
      const { size } = stats;
      if (limit && size > limit.maxBytes) return limit.tooLarge(size);
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    return diagnose(fileStart(file), 'error', 'file-unreadable', `cannot read this file (${code}); check that it exists and is readable`);
  }
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) {
    return diagnose({ file, line: decoded.line, column: 1 }, 'error', 'invalid-utf8', 'this line is not valid UTF-8; save the file as UTF-8');
  }
  return new SourceText(file, decoded.text);
}

function notRegular(file: string, stats: { isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean; isDirectory(): boolean }): Diagnostic {
  const kind = stats.isFIFO() ? 'a named pipe (FIFO)' : stats.isCharacterDevice() || stats.isBlockDevice() ? 'a device' : stats.isSocket() ? 'a socket' : stats.isDirectory() ? 'a folder' : 'not a regular file';
  return diagnose(fileStart(file), 'error', 'file-not-regular', `this is ${kind}, not a regular file, so it was not read; replace it with a plain file or rename it`);
}

/** Files are refused unread above this multiple of the upload limit (comments and quoting add some size, not this much). */
export const READ_LIMIT_FACTOR = 4;
