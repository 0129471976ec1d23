// `kwsync demo` (what `npm start` runs): the whole loop against the embedded emulator, with no
// settings needed. The definition only: the run (demo-run.ts) loads the emulator and the rest.
import type { CliIO } from '../io.js';
import type { RegisterCommand } from './command.js';

/** Runs the demo; its modules (the emulator among them) load on the first call. */
export async function runDemo(outer: CliIO, opts: { dir: string }): Promise<number> {
  return (await import('./demo-run.js')).runDemo(outer, opts);
}

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('demo')
    .description('run validate, plan, preview, apply and plan again against the embedded emulator (what `npm start` runs)')
    .option('--dir <dir>', 'the keywords folder', 'keywords')
    .addHelpText('after', '\nNo settings needed: the emulator starts in-process on a free port and stops at the end.\n\nExample:\n  npm start')
    .action(async (opts: { dir: string }) => {
      setExitCode(await runDemo(ctx.io, opts));
    });
};
