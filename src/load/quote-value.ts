// User text quoted into messages: truncated and escaped, so a message stays one short line, no
// file content flows into it wholesale, and no control character (newline, ANSI escape, bidi
// override) or `::` workflow command can start a line of its own in a log.

const MAX_QUOTED = 60;
/** C1 controls, DEL, line/paragraph separators and bidi overrides: JSON.stringify leaves them as is. */
const UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
const hex = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Cuts `text` to `max` characters (code points), marking the cut with "…". */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max).join('')}…`;
}

/** `"value"`: truncated, then escaped as a JSON string (\n, \t, \u001b ...). */
export function quote(value: unknown, max = MAX_QUOTED): string {
  return JSON.stringify(truncate(String(value), max)).replace(UNSAFE, hex);
}

/** Library text (parser errors) made one escaped line of at most `max` characters. */
export function oneLine(text: string, max = 200): string {
  return JSON.stringify(truncate(text, max)).slice(1, -1).replace(/\\"/g, '"').replace(UNSAFE, hex);
}

/** A source line for display: each control character becomes one visible character, so columns still line up. */
export function displayLine(line: string): string {
  return line.replace(/[\u0000-\u0008\u000a-\u001f]/g, (c) => String.fromCharCode(0x2400 + c.charCodeAt(0))).replace(UNSAFE, '\ufffd');
}

/** Text to copy into a file (a corrected line, a fixed pattern) in backticks: backslashes kept as written, control characters escaped. */
export function code(text: string, max = 120): string {
  return `\`${truncate(text, max).replace(/[\u0000-\u001f]/g, hex).replace(UNSAFE, hex)}\``;
}
