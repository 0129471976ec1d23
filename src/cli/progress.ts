// One rewritten status line on stderr for long reads ("Reading messages: 3000 of 12000"). Only on a
// terminal and never with --quiet: CI logs and pipes stay clean, and stdout is never touched.
import type { CliIO } from './io.js';

export interface Progress {
  /** Replaces the status line with `text`. */
  update(text: string): void;
  /** Clears the status line, so what follows starts on a clean line. */
  done(): void;
}

const CLEAR_LINE = '\r\u001b[2K';
const SILENT: Progress = { update: () => undefined, done: () => undefined };

export function progressLine(io: CliIO): Progress {
  if (io.quiet || io.stderr.isTTY !== true) return SILENT;
  let shown = false;
  return {
    update(text) {
      io.stderr.write(`${CLEAR_LINE}${text}`);
      shown = true;
    },
    done() {
      if (shown) io.stderr.write(CLEAR_LINE);
      shown = false;
    },
  };
}
