// A decoded file and the way from a character offset to a line and column (1-based), so every
// value loaded from it can be traced back to file:line:col.
import { displayLine } from './quote-value.js';

/** A source line is shown as at most this many characters around the column (a one-line 100 KB list would otherwise be copied into every diagnostic). */
export const SOURCE_WINDOW = 160;
const BEFORE = 80;

/** The part of `line` around `column` (1-based) worth showing, "…" marking the cuts, control characters made visible. */
export function clipSourceLine(line: string, column: number): string {
  if (line.length <= SOURCE_WINDOW) return displayLine(line);
  const start = column - 1 > BEFORE ? column - 1 - BEFORE : 0;
  const end = Math.min(line.length, start + SOURCE_WINDOW);
  return `${start > 0 ? '…' : ''}${displayLine(line.slice(start, end))}${end < line.length ? '…' : ''}`;
}

/** Index of the column's character within a clipped source line (for the caret); a line cut at the start keeps BEFORE characters before it. */
export function caretIndex(sourceLine: string, column: number): number {
  return column - 1 > BEFORE && sourceLine.startsWith('…') ? BEFORE + 1 : column - 1;
}

export interface Position {
  /** Relative to the working directory, forward slashes. */
  file: string;
  line: number;
  column: number;
  /** The source line, when a caret under the column helps (patterns, terms). */
  sourceLine?: string;
}

export class SourceText {
  private starts: number[] | undefined;
  constructor(
    readonly file: string,
    readonly text: string,
  ) {}

  private lineStarts(): number[] {
    if (!this.starts) {
      const starts = [0];
      for (let i = this.text.indexOf('\n'); i !== -1; i = this.text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.starts = starts;
    }
    return this.starts;
  }

  /** Position of a character offset; offsets past the end clamp to the last character. */
  at(offset: number, withLine = false): Position {
    const starts = this.lineStarts();
    const off = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= off) lo = mid;
      else hi = mid - 1;
    }
    const pos: Position = { file: this.file, line: lo + 1, column: off - starts[lo]! + 1 };
    if (withLine) pos.sourceLine = clipSourceLine(this.lineText(lo + 1), pos.column);
    return pos;
  }

  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string {
    // The first line needs no table of line starts (a CSV's header check asks for it on every file).
    if (line === 1 && !this.starts) {
      const lf = this.text.indexOf('\n');
      return this.text.slice(0, lf === -1 ? undefined : lf).replace(/\r$/, '');
    }
    const starts = this.lineStarts();
    const start = starts[line - 1];
    if (start === undefined) return '';
    const next = starts[line];
    return this.text.slice(start, next === undefined ? undefined : next - 1).replace(/\r$/, '');
  }

  lineCount(): number {
    return this.lineStarts().length;
  }

  /** Position of a line and column, with the source line attached. */
  lineCol(line: number, column: number): Position {
    return { file: this.file, line, column, sourceLine: clipSourceLine(this.lineText(line), column) };
  }
}
