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
    .option('--rule <id>', 'write only this live custom rule into keywords/rules/<id>.yaml (repeatable)', collect)
    .option('--force', 'without --list: overwrite files that hold no list, refresh a list\'s own <id>.yaml from live (merged), and overwrite existing rule files with the live rules')
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

Rules: every live custom rule is written to rules/<id>.yaml (default rules never); an existing rule
file is left as it is and named, unless --force, which overwrites it with the live rule (its
comments go) and says which files. With --rule ID (repeatable) only those rules are written; a
default rule or an id no live custom rule has fails (exit 1), naming a near miss. The rule files
written are validated: a rule using a list that has no file fails (exit 3) and says which.

Examples:
  kwsync import
  kwsync import --dir keywords --target production --list profanity-en --list contact-info
  kwsync import --dir keywords --target prod --force
  kwsync import --rule block-scams
  kwsync import --rule block-scams --rule flag-links --force`,
    )
    .action(async (opts: ImportCommandOptions) => {
      const { runImport } = await import('./import-run.js');
      setExitCode(await runImport(ctx.io, opts));
    });
};
