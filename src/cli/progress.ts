// One rewritten status line on stderr for long reads ("Reading messages: 3000 of 12000"). Only on a
// terminal and never with --quiet: CI logs and pipes stay clean, and stdout is never touched.
import type { CliIO } from './io.js';

/** Where progress may go: stderr is a terminal and --quiet was not given. */
type ProgressIO = Pick<CliIO, 'stderr' | 'quiet'>;
const showsProgress = (io: ProgressIO): boolean => io.quiet !== true && io.stderr.isTTY === true;

export interface Progress {
  /** Replaces the status line with `text`. */
  update(text: string): void;
  /** Clears the status line, so what follows starts on a clean line. */
  done(): void;
}

const CLEAR_LINE = '\r\u001b[2K';
const SILENT: Progress = { update: () => undefined, done: () => undefined };

export function progressLine(io: ProgressIO): Progress {
  if (!showsProgress(io)) return SILENT;
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

/** Apply's counter, `[done/total] outcome id` on the status line, the last one left standing; undefined when progress is not shown. */
export function progressReporter(io: ProgressIO): ((done: number, total: number, r: { id: string; outcome: string }) => void) | undefined {
  if (!showsProgress(io)) return undefined;
  const line = progressLine(io);
  return (done, total, r) => {
    line.update(`[${done}/${total}] ${r.outcome} ${r.id}`);
    if (done === total) io.stderr.write('\n');
  };
}
