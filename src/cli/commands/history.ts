// `kwsync history --target T`: the applies of a target, newest first: those made from this machine
// (.git/kwsync/, src/status/local-applies.ts) and the last one its GitHub deployment records count.
// The definition only: history-run.ts reads git and GitHub.
import { Option } from 'commander';
import type { RegisterCommand } from './command.js';
import { TARGET_HELP } from './option-parsers.js';

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('history')
    .description('the applies of a target, newest first: from this machine (.git/kwsync/) and its GitHub deployment record')
    .option('--dir <dir>', 'the keywords folder', 'keywords')
    .option('--target <name>', TARGET_HELP)
    .option('--repo <owner/name>', 'the GitHub repository of the deployment records (default: GITHUB_REPOSITORY, else the origin remote)')
    .addOption(new Option('--format <format>', 'text or json').choices(['text', 'json']).default('text'))
    .addHelpText(
      'after',
      `
Each \`kwsync apply\` that wrote something leaves a record in .git/kwsync/ of this checkout: the
commit, whether the keywords folder had uncommitted changes, when, and each list's revision after.
It is never committed and never read by the Action (which trusts only GitHub deployment records).
The GitHub line is the target's last apply the records count (needs GITHUB_TOKEN or GH_TOKEN).

Examples:
  kwsync history --target staging
  kwsync history --target staging --format json

Exit codes: 0 listed (also when empty), 1 runtime error, 64 bad usage.`,
    )
    .action(async (opts: { dir: string; target?: string; repo?: string; format: 'text' | 'json' }) => {
      const { runHistory } = await import('./history-run.js');
      setExitCode(await runHistory(ctx.io, opts));
    });
};
