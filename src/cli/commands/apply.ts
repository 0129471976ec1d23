// `kwsync apply`: apply a fresh plan (shown, and confirmed with `yes` on a terminal), or exactly a
// saved one (`--plan`). The definition only: the run (apply-run.ts) loads the client and the planner.
import type { CliIO } from '../io.js';
import type { RegisterCommand } from './command.js';
import { collectIds } from './option-parsers.js';
import type { ApplyCommandOptions, ApplyTerminal } from './apply-run.js';

/** Runs `kwsync apply` (the demo calls it too); its modules load on the first call. */
export async function runApply(io: CliIO, opts: ApplyCommandOptions, terminal?: ApplyTerminal): Promise<number> {
  return (await import('./apply-run.js')).runApply(io, opts, terminal);
}

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('apply')
    .description('apply the plan: create, update and (with --prune) delete lists, then verify each write')
    .option('--dir <dir>', 'the keywords folder', 'keywords')
    .option('--target <name>', 'a target of kwsync.yaml (default: the only one, the one a --plan names, or the environment)')
    .option('--plan <file>', 'apply exactly this saved plan, without asking (refused if stale or altered)')
    .option('--list <id>', 'only this list of the target (repeatable, or a,b); a saved plan keeps its own filter', collectIds)
    .option('--auto-approve', 'apply without asking (needed without a terminal: CI, scripts)')
    .option('--allow-local-apply', 'apply a target marked `applyFrom: ci` from outside CI')
    .option('--force', 'apply changes marked unsafe (large removals, deletions, reverting live edits seen with --base)')
    .option('--prune', 'delete live lists that have no file (a saved plan keeps its own setting)')
    .option('--base <ref>', 'git ref, the commit last applied (e.g. origin/main): reverting a live edit made since needs --force; lists whose file was deleted since are checked by id')
    .option('--concurrency <n>', 'writes in flight at once, 1-16 (default: apply.concurrency, 4)')
    .option('--format <format>', 'report as text, markdown or json', 'text')
    .addHelpText(
      'after',
      `
Examples:
  kwsync apply                          # shows the plan, asks for yes
  kwsync apply --auto-approve           # CI and scripts
  kwsync plan --out plan.json && kwsync apply --plan plan.json
  kwsync apply --prune --force --auto-approve    # also delete lists with no file
  kwsync apply --auto-approve --format json > report.json

Another writer: the service has no conditional write. At the end every list is read again: one
another writer changed during the run (unchanged ones too) is "conflict", one replaced after this
run wrote it is "overwritten", and one that final read could not see is "unconfirmed"; with --prune,
a list with no file that final read still shows is "left"; all exit 1 and name the list. Let one writer (CI) apply each target: applyFrom: ci in kwsync.yaml.

Ctrl-C: the first stops starting writes and reports what landed (exit 130); a second quits at once.

Exit codes: 0 done, 1 something failed, was skipped, conflicted, was overwritten, is unconfirmed or
was left (re-run to finish), 3 invalid lists, 4 refused (unsafe without --force, more lists than the app's limit, --prune over a listing that
may be cut short, stale or altered plan, applyFrom: ci outside CI), 64 bad usage (also: no terminal
and no --auto-approve), 130 interrupted.`,
    )
    .action(async (opts: ApplyCommandOptions) => {
      setExitCode(await runApply(ctx.io, opts));
    });
};

export type { ApplyTerminal } from './apply-run.js';
