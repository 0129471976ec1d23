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

/**
 * Apply's lists as they are written: on a terminal the `[done/total]` status line above; elsewhere
 * (CI logs) after a second one start line and one end line with the count and the time. `end()`
 * after the apply, finished or not.
 */
export function applyProgress(io: ProgressIO): { onProgress: ((done: number, total: number, r: { id: string; outcome: string }) => void) | undefined; end(): void } {
  if (io.stderr.isTTY === true) return { onProgress: progressReporter(io), end: () => undefined };
  const wait = startWait(io, 'Writing the lists');
  let written = 0;
  let of = 0;
  return {
    onProgress: (done, total) => {
      written = done;
      of = total;
    },
    end: () => wait.end(`${written} of ${of} lists done`),
  };
}

/**
 * A wait that a terminal already shows on the caller's own status line (preview's reading line):
 * nothing on a terminal, and startWait's start and end lines elsewhere (CI logs).
 */
export function ciWait(io: ProgressIO, label: string): Wait {
  if (io.stderr.isTTY === true) return { update: () => undefined, end: () => undefined };
  return startWait(io, label);
}

/** A wait is shown only once it has lasted this long: shorter ones print nothing. */
export const WAIT_SHOWN_AFTER_MS = 1000;

export interface Wait {
  /** What the wait is at now ("embedded 120 of 480 texts"). */
  update(detail: string): void;
  /** The wait is over; `summary` ends the CI end line. */
  end(summary?: string): void;
}

/**
 * A wait that may take seconds (the sentence model's load, embedding). On a terminal: after a
 * second, a status line `label: detail (Ns)` rewritten as it moves and each second, cleared at the
 * end. Elsewhere (CI logs, pipes): after a second, one start line, and one end line with the time;
 * nothing for a shorter wait, nothing with --quiet. Never on stdout.
 */
export function startWait(io: ProgressIO, label: string, now: () => number = () => performance.now()): Wait {
  if (io.quiet === true) return { update: () => undefined, end: () => undefined };
  const t0 = now();
  const tty = io.stderr.isTTY === true;
  let detail = '';
  let shown = false;
  let over = false;
  const secs = () => ((now() - t0) / 1000).toFixed(0);
  const draw = () => {
    if (over) return;
    if (tty) io.stderr.write(`${CLEAR_LINE}${label}${detail ? `: ${detail}` : ''} (${secs()} s)`);
    else if (!shown) io.stderr.write(`kwsync: ${label}...\n`);
    shown = true;
  };
  const first = setTimeout(() => {
    draw();
    if (tty) tick.refresh();
  }, WAIT_SHOWN_AFTER_MS);
  // On a terminal the seconds move even when the detail does not.
  const tick = setInterval(() => shown && tty && draw(), 1000);
  first.unref();
  tick.unref();
  return {
    update(text) {
      detail = text;
      if (shown && tty) draw();
    },
    end(summary) {
      if (over) return;
      clearTimeout(first);
      clearInterval(tick);
      if (shown) io.stderr.write(tty ? CLEAR_LINE : `kwsync: ${label}: ${summary ?? 'done'} after ${((now() - t0) / 1000).toFixed(1)} s\n`);
      over = true;
    },
  };
}
