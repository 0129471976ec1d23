// Builds a Diagnostic from a Position: the one way loaders and rules report a problem.
import type { Diagnostic, Severity } from '../model/diagnostic.js';
import type { Position } from './source-text.js';

export function diagnose(pos: Position, severity: Severity, rule: string, message: string): Diagnostic {
  const d: Diagnostic = { file: pos.file, line: pos.line, column: pos.column, severity, rule, message };
  if (pos.sourceLine !== undefined) d.sourceLine = pos.sourceLine;
  return d;
}

export const fileStart = (file: string): Position => ({ file, line: 1, column: 1 });
