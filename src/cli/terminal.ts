// The process's terminal for commands that ask before they write (apply, doctor --write-probe) and
// stop cleanly on Ctrl-C. Tests pass their own terminals instead.
import { createInterface } from 'node:readline/promises';

export const EXIT_INTERRUPTED = 130;

/** A person can answer a question: stdin and stderr are terminals. */
export function canAsk(): boolean {
  return process.stdin.isTTY === true && process.stderr.isTTY === true;
}

/** The answer typed on the terminal, trimmed; '' when Ctrl-C or end of input ends the question. */
export async function askLine(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  const stop = new AbortController();
  rl.on('SIGINT', () => stop.abort());
  try {
    return (await rl.question(question, { signal: stop.signal })).trim();
  } catch {
    return '';
  } finally {
    rl.close();
  }
}

/** Calls `first` on the first Ctrl-C; on the next, `second` and exit 130. Returns the way to stop listening. */
export function onSigint(first: () => void, second: () => void): () => void {
  let count = 0;
  const listener = () => {
    count += 1;
    if (count === 1) return first();
    second();
    process.exit(EXIT_INTERRUPTED);
  };
  process.on('SIGINT', listener);
  return () => process.off('SIGINT', listener);
}
