// `kwsync plan`: validate, read the live lists, show what apply would change; optionally save it.
// The definition only: the run (plan-run.ts) loads the client, the validator and the planner.
import type { CliIO } from '../io.js';
import type { RegisterCommand } from './command.js';
import { collectIds } from './option-parsers.js';
import type { PlanCommandOptions } from './plan-run.js';

/** Runs `kwsync plan` (the demo calls it too); its modules load on the first call. */
export async function runPlan(io: CliIO, opts: PlanCommandOptions): Promise<number> {
  if (opts.allTargets) {
    const { parseFormat } = await import('../target.js');
    const format = parseFormat(opts.format);
    return (await import('./plan-all.js')).runPlanAllTargets(io, opts, format);
  }
  return (await import('./plan-run.js')).runPlan(io, opts);
}

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('plan')
    .description('show what apply would change on the live app (desired lists vs live lists)')
    .option('--dir <dir>', 'the keywords folder', 'keywords')
    .option('--target <name>', 'a target of kwsync.yaml (default: the only one, or the environment)')
    .option('--all-targets', 'plan every target of kwsync.yaml, one section each (exit 2 with --detailed-exitcode when any has changes)')
    .option('--list <id>', 'only this list of the target (repeatable, or a,b); a saved plan records the filter', collectIds)
    .option('--format <format>', 'text, markdown or json', 'text')
    .option('--out <file>', 'also save the plan (JSON with a checksum) for `kwsync apply --plan`')
    .option('--detailed-exitcode', 'exit 2 when there are changes, 0 when there are none')
    .option('--prune', 'plan to delete live lists that have no file (default lists are never deleted)')
    .option('--base <ref>', 'git ref, the commit last applied (e.g. origin/main): terms added or removed live since are marked as live edits (apply needs --force to revert them); lists whose file was deleted since are checked by id')
    .addHelpText(
      'after',
      `
Examples:
  kwsync plan
  kwsync plan --format markdown > plan.md
  kwsync plan --out plan.json --detailed-exitcode   # exit 2 if anything would change
  kwsync plan --target staging --prune
  kwsync plan --all-targets --detailed-exitcode   # every app in one run; exit 2 if any would change
  kwsync plan --target staging --list profanity-en --out plan.json   # only that list
  kwsync plan --prune --base origin/main   # deleted files' lists are found even past the listing's page
  kwsync plan --base origin/main           # a term blocked in the dashboard since shows as a live edit

Exit codes: 0 ok (or no changes), 2 changes (with --detailed-exitcode), 1 API error, 3 invalid lists,
4 cannot be applied (more lists than the app's limit: 25 custom lists, default lists not counted), 64 bad usage.`,
    )
    .action(async (opts: PlanCommandOptions) => {
      setExitCode(await runPlan(ctx.io, opts));
    });
};
