// Diagnostics for people: `file:line:col severity rule-id message`, then the source line with a
// caret under the bad spot when the diagnostic carries its line.
import type { Diagnostic } from '../model/diagnostic.js';

const paint = (on: boolean, code: string, s: string): string => (on ? `\u001b[${code}m${s}\u001b[0m` : s);

export function renderDiagnosticsText(diags: Diagnostic[], opts: { color: boolean }): string {
  let out = '';
  for (const d of diags) {
    const severity = paint(opts.color, d.severity === 'error' ? '31' : '33', d.severity);
    out += `${d.file}:${d.line}:${d.column} ${severity} ${paint(opts.color, '2', d.rule)} ${d.message}\n`;
    if (d.sourceLine !== undefined && d.sourceLine.length <= 300) {
      // Tabs keep their width in the caret line, so the caret lands under the right character.
      const pad = d.sourceLine.slice(0, Math.max(0, d.column - 1)).replace(/[^\t]/g, ' ');
      out += `    ${d.sourceLine}\n    ${pad}${paint(opts.color, '31', '^')}\n`;
    }
  }
  return out;
}

/** "4 lists, 0 errors, 1 warning" */
export function renderSummary(lists: number, errors: number, warnings: number): string {
  const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return `${n(lists, 'list')}, ${n(errors, 'error')}, ${n(warnings, 'warning')}`;
}
