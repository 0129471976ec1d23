// A character's code point and Unicode name for messages (`U+0441 CYRILLIC SMALL LETTER ES`), from
// unicode-name's table. Its own module because the table is big (~30 MB of memory, ~80 ms to load):
// only validate's look-alike findings name characters, and they load it with the look-alike data.
import { unicodeCorrectName, unicodeReadableName } from 'unicode-name';

/** `U+0441 CYRILLIC SMALL LETTER ES`. */
export function describeChar(ch: string): string {
  const cp = ch.codePointAt(0)!;
  const hex = cp.toString(16).toUpperCase().padStart(4, '0');
  const name = unicodeCorrectName(ch) ?? unicodeReadableName(ch);
  return name ? `U+${hex} ${name}` : `U+${hex}`;
}
