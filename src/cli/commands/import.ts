// `kwsync import`: bootstrap a repo from an existing app by writing its live lists into files, or
// (`--list ID`) bring the live content of named lists into the files that already hold them.
// The definition only: the client, the merge and the rules load when it runs (import-run.ts).
import type { RegisterCommand } from './command.js';
import type { ImportCommandOptions } from './import-run.js';

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('import')
    .description('write the live lists into list files: all of them to start a repo, or --list ID into the file that holds it')
    .option('--dir <dir>', 'the keywords folder to write into', 'keywords')
    .option('--target <name>', 'a target of kwsync.yaml (default: the only one, or the environment)')
    .option('--list <id>', 'bring this live list into its existing file, changing only what differs (repeatable)', collect)
    .option('--force', 'without --list: overwrite files that hold no list, and refresh a list\'s own <id>.yaml from live (merged)')
    .addHelpText(
      'after',
      `
Without --list: writes <id>.yaml per live list; a list with more than 50 terms, or a term containing
a comma, gets its terms in <id>.csv beside it. Existing files are never overwritten without --force.
A list whose id a file of the folder already defines (under any name) is not written again; with
--force a list's own <id>.yaml is refreshed from live the way --list merges it.

With --list ID (repeatable): reads each named list from the live app and merges it into the file
that defines it. Comments, key order, tests:, the schema hint and the layout stay (inline terms stay
inline, a CSV stays a CSV); only changed terms and fields are written. A list no file defines yet
gets a new <id>.yaml. Afterwards \`kwsync plan\` shows no change for those lists.

Examples:
  kwsync import
  kwsync import --dir keywords --target production --list profanity-en --list contact-info
  kwsync import --dir keywords --target prod --force`,
    )
    .action(async (opts: ImportCommandOptions) => {
      const { runImport } = await import('./import-run.js');
      setExitCode(await runImport(ctx.io, opts));
    });
};
