// `kwsync fmt`: rewrite list files to the canonical form; `--check` for CI.
// The definition only: fmt-run.ts loads the validator, the yaml writer and the CSV writer.
import type { RegisterCommand } from './command.js';
import type { FmtOptions } from './fmt-run.js';

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('fmt')
    .description('rewrite list files to the canonical form (one term per line, quotes only where needed); --check for CI')
    .option('--dir <folder>', 'the keywords folder', 'keywords')
    .option('--check', 'write nothing; exit 3 listing the files that are not in canonical form', false)
    .addHelpText(
      'after',
      `
The canonical form of a list file: searchTerms as a block sequence, one term per line; a term
plain where every YAML reader reads it as the same text, otherwise in single quotes ('0088',
'[abc]', 'a: b', '#tag', 'yes', '\\bcash\\b'), in double quotes when it holds an apostrophe or a
control character. Only searchTerms is rewritten: its comments and every other line are kept.
A terms CSV gets LF line ends and one term per record, quoted only where CSV needs it. Terms keep
their order, unless kwsync.yaml says:

  fmt:
    sortTerms: true        # sort terms case-folded ("Crypto" beside "crypto")

Lists are validated first: an invalid list is never rewritten (exit 3 with the problems), and a
formatted file always holds exactly the same terms.

Examples:
  kwsync fmt                  rewrite keywords/ in place, listing what changed
  kwsync fmt --check          in CI: exit 3 and name the files to format, writing nothing
  kwsync fmt --dir lists

Exit codes: 0 formatted (or already canonical), 3 files differ (--check) or invalid lists,
1 a file could not be read or written, 64 bad usage.`,
    )
    .action(async (opts: FmtOptions) => {
      const { runFmt } = await import('./fmt-run.js');
      setExitCode(await runFmt(ctx.io, opts));
    });
};
