// `kwsync apply`: apply a fresh plan (shown, and confirmed with `yes` on a terminal), or exactly a
// saved one (`--plan`). The definition only: the run (apply-run.ts) loads the client and the planner.
import type { KeywordTarget } from '../../model/target.js';
import type { ServiceEndpoint } from '../../plan/summary.js';
import type { CliIO } from '../io.js';
import type { LoadedRepo } from '../target.js';
import type { RegisterCommand } from './command.js';

export interface ApplyCommandOptions {
  dir: string;
  target?: string;
  plan?: string;
  force?: boolean;
  prune?: boolean;
  /** A git ref whose list files count as managed before (see plan --base). */
  base?: string;
  concurrency?: string;
  format?: string;
  /** Apply without asking (CI, scripts, the demo). */
  autoApprove?: boolean;
  /** Apply a target marked `applyFrom: ci` from outside CI. */
  allowLocalApply?: boolean;
  /** Print the plan before applying it (text format); the demo has just shown it. */
  showPlan?: boolean;
  /** Not a flag: the demo passes the emulator here instead of resolving a target. */
  keywordTarget?: KeywordTarget;
  /** Not a flag: the app, region and host of `keywordTarget`, for the headers. */
  endpoint?: ServiceEndpoint;
  /** Not a flag: a folder the caller already loaded and validated (the demo; fresh plans only). */
  repo?: LoadedRepo;
}

/** What apply needs of the terminal; tests pass their own. */
export interface ApplyTerminal {
  /** A person can answer a question (stdin and stderr are terminals). */
  isInteractive: boolean;
  /** True only when the answer is exactly `yes`. */
  confirm(question: string): Promise<boolean>;
  /** Calls `first` on the first Ctrl-C and `second` on the next, until the returned function is called. */
  onInterrupt(first: () => void, second: () => void): () => void;
}

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
run wrote it is "overwritten", and one that final read could not see is "unconfirmed"; all exit 1
and name the list. Let one writer (CI) apply each target: applyFrom: ci in kwsync.yaml.

Ctrl-C: the first stops starting writes and reports what landed (exit 130); a second quits at once.

Exit codes: 0 done, 1 something failed, was skipped, conflicted, was overwritten or is unconfirmed
(re-run to finish), 3 invalid lists, 4 refused (unsafe without --force, --prune over a listing that
may be cut short, stale or altered plan, applyFrom: ci outside CI), 64 bad usage (also: no terminal
and no --auto-approve), 130 interrupted.`,
    )
    .action(async (opts: ApplyCommandOptions) => {
      setExitCode(await runApply(ctx.io, opts));
    });
};
