// Reads one file into a SourceText, or a located diagnostic (unreadable, invalid UTF-8).
import { readFile } from 'node:fs/promises';
import type { Diagnostic } from '../model/diagnostic.js';
import { decodeUtf8 } from './decode-utf8.js';
import { diagnose, fileStart } from './diagnose.js';
import { SourceText } from './source-text.js';

export async function readSource(absPath: string, file: string): Promise<SourceText | Diagnostic> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(absPath);
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
