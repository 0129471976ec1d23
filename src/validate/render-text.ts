// Diagnostics for people: `file:line:col severity rule-id message`, then the source line (already
// clipped around the column) with a caret under the bad spot when the diagnostic carries its line.
import type { Diagnostic } from '../model/diagnostic.js';
import { displayLine } from '../load/quote-value.js';
import { caretIndex } from '../load/source-text.js';

const paint = (on: boolean, code: string, s: string): string => (on ? `\u001b[${code}m${s}\u001b[0m` : s);
/** The runner treats a line starting (after spaces) with `::` as a workflow command; a zero-width space defuses it. */
const noCommand = (line: string): string => line.replace(/^(\s*):(?=:)/, '$1:\u200b');

export function renderDiagnosticsText(diags: Diagnostic[], opts: { color: boolean }): string {
  let out = '';
  for (const d of diags) {
    const severity = paint(opts.color, d.severity === 'error' ? '31' : '33', d.severity);
    out += `${noCommand(displayLine(d.file))}:${d.line}:${d.column} ${severity} ${paint(opts.color, '2', d.rule)} ${d.message}\n`;
    if (d.sourceLine !== undefined && d.sourceLine.length <= 300) {
      // Tabs keep their width in the caret line, so the caret lands under the right character.
      const pad = d.sourceLine.slice(0, Math.max(0, caretIndex(d.sourceLine, d.column))).replace(/[^\t]/g, ' ');
      out += `    ${noCommand(d.sourceLine)}\n    ${pad}${paint(opts.color, '31', '^')}\n`;
    }
  }
  return out;
}

/** "4 lists, 0 errors, 1 warning" */
export function renderSummary(lists: number, errors: number, warnings: number): string {
  const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return `${n(lists, 'list')}, ${n(errors, 'error')}, ${n(warnings, 'warning')}`;
}
