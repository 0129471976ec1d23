// A file name in the keywords folder that holds a control character (a newline, tab, escape, DEL,
// a C1 control, a line separator) is refused: such a name could start a line of its own in a log
// or a comment, and no list needs one. The error is located at the file itself.
import { diagnose, fileStart } from '../load/diagnose.js';
import { quote } from '../load/quote-value.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { hasControlCharacter } from '../render/markdown-escape.js';

export const PATH_CONTROL_RULE = 'path-control-character';

/** `paths`: the folder's file names, relative to the working directory. */
export function checkPathCharacters(paths: readonly string[]): Diagnostic[] {
  return paths
    .filter(hasControlCharacter)
    .map((path) => diagnose(fileStart(path), 'error', PATH_CONTROL_RULE, `the file name ${quote(path, 200)} holds a control character; rename the file (list files and their CSV files need plain names)`));
}
