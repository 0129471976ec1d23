// Bytes to text, refusing invalid UTF-8 instead of silently turning it into U+FFFD (a term with a
// replacement character would be uploaded as such). A leading BOM is dropped.

export type DecodeResult = { ok: true; text: string } | { ok: false; line: number };

export function decodeUtf8(bytes: Uint8Array): DecodeResult {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, line: firstInvalidLine(bytes) };
  }
}

/** Decodes line by line (split on LF, which never occurs inside a UTF-8 sequence) to name the bad line. */
function firstInvalidLine(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue;
    try {
      decoder.decode(bytes.subarray(start, i));
    } catch {
      return line;
    }
    line++;
    start = i + 1;
  }
  return 1;
}
