// A list whose id changed in place (validate's list-renamed, with the PR's base) is said in the PR's
// plan comment, above the plan: the plan alone shows a create and a delete (or an orphan) and
// never the word "rename". The message quotes ids from the files, so it is escaped as text.
import type { Diagnostic } from '../model/diagnostic.js';
import { mdCode, mdText } from '../render/markdown-escape.js';

export function renameNotes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics
    .filter((d) => d.rule === 'list-renamed')
    .map((d) => `> [!WARNING]\n> **List renamed** ${mdCode(`${d.file}:${d.line}`)}: ${mdText(d.message)}`);
}
