// A decoded file and the way from a character offset to a line and column (1-based), so every
// value loaded from it can be traced back to file:line:col.

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
    if (withLine) pos.sourceLine = this.lineText(lo + 1);
    return pos;
  }

  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string {
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
    return { file: this.file, line, column, sourceLine: this.lineText(line) };
  }
}
