// A fix written as source text: the corrected term in the syntax of the file it lives in (a YAML
// scalar that reads back as exactly that term, or a CSV field), replacing what is written now.
import { stringify } from 'yaml';
import type { Fix } from '../model/diagnostic.js';
import type { TermsSource } from './terms-source.js';

/** How term `i` is written: its whole scalar (quotes included) or CSV line, when it sits on one line. */
export interface RawTerm {
  line: number;
  column: number;
  text: string;
}

/** A YAML scalar for `term`: single quotes when it holds a backslash (kept as written there), else what `yaml` would write. */
export function yamlScalar(term: string): string {
  // eslint-disable-next-line no-control-regex
  if (term.includes('\\') && !/[\u0000-\u001f]/.test(term)) return `'${term.replace(/'/g, "''")}'`;
  return stringify(term, { lineWidth: 0, singleQuote: true }).trimEnd();
}

/** A CSV field for `term`: quoted (quotes doubled) only when it must be. */
export function csvField(term: string): string {
  return /[",\r\n]|^\s|\s$/.test(term) ? `"${term.replace(/"/g, '""')}"` : term;
}

/** The fix replacing term `i` with `terms` (one, or several: a CSV line split into lines). */
export function termFix(source: TermsSource, i: number, fixed: readonly string[]): Fix | undefined {
  const raw = source.raw?.(i);
  if (!raw || fixed.length === 0) return undefined;
  const csv = /\.csv$/i.test(source.file);
  if (!csv && fixed.length !== 1) return undefined;
  const text = csv ? fixed.map(csvField).join('\n') : yamlScalar(fixed[0]!);
  return { line: raw.line, column: raw.column, replace: raw.text, with: text };
}

/** `text` with `fix` applied (tests, and the YAML re-parse that drops errors a fix would also remove). */
export function applyFix(text: string, fix: Fix): string {
  const lines = text.split('\n');
  const line = lines[fix.line - 1];
  if (line === undefined) return text;
  const start = fix.column - 1;
  if (line.slice(start, start + fix.replace.length) !== fix.replace) return text;
  lines[fix.line - 1] = line.slice(0, start) + fix.with + line.slice(start + fix.replace.length);
  return lines.join('\n');
}
