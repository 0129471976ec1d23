#!/usr/bin/env node
// Entry point: the only file that touches process.argv, process.env and process.exitCode.
import { EXIT } from '../errors.js';
import { runCli } from './run.js';

// Without a listener a failed write is an unhandled 'error' event: a stack trace and exit 1.
function onOutputError(err: NodeJS.ErrnoException): void {
  // `kwsync … | head`: the reader has what it wanted and left; end quietly, as other CLIs do.
  if (err.code === 'EPIPE') process.exit(EXIT.ok);
  try {
    // The same two lines as every other error (src/cli/errors.ts).
    process.stderr.write(`kwsync: cannot write the output: ${err.code ?? err.message}\n  hint: check where the output goes (a full disk, a file opened read-only)\n`);
  } catch {
    // stderr is gone too: the exit code is all that is left.
  }
  process.exit(EXIT.failure);
}
process.stdout.on('error', onOutputError);
process.stderr.on('error', onOutputError);

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  waitForShutdown: () =>
    new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    }),
});
process.exitCode = code;
