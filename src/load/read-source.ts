// Reads one file into a SourceText, or a located diagnostic (unreadable, too large, invalid UTF-8).
// The size is checked before reading, so a huge file is refused without being loaded or parsed.
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
    const handle = await open(absPath, 'r');
    try {
      const { size } = await handle.stat();
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

/** Files are refused unread above this multiple of the upload limit (comments and quoting add some size, not this much). */
export const READ_LIMIT_FACTOR = 4;
