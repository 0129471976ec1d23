// `kwsync targets`: offline, per kwsync.yaml target, the lists it sends (name and term count after
// its overrides and appended terms) and the lists it leaves out, with why. The definition only:
// the run (targets-run.ts) validates the folder and prints.
import type { RegisterCommand } from './command.js';
import type { TargetsCommandOptions } from './targets-run.js';

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('targets')
    .description('per target: the lists it takes (name, term count after overrides) and why it leaves the others out; offline')
    .option('--dir <dir>', 'the keywords folder', 'keywords')
    .option('--target <name>', 'only this target of kwsync.yaml')
    .option('--format <format>', 'text or json', 'text')
    .option('--matrix', 'one table: the lists down, the targets across, each cell what that app receives')
    .addHelpText(
      'after',
      `
Reads the keywords folder (lists in sub-folders too) and kwsync.yaml; no key, no network.
For each target:
  + id  "name"  N terms  path      a list it sends: the name after its override, the terms after
                                   appendTermsFrom ("(renamed, 3 appended)" says what the override did)
  - id  why  path                  a list it leaves out: not included, excluded by id/label/path
                                   (naming the entry that matched), or omitted (overrides: omit: true)

Examples:
  kwsync targets
  kwsync targets --target prod-eu
  kwsync targets --matrix                          # lists × targets: what each app receives
  kwsync targets --format json > targets.json      # schema: kwsync schema --output targets

Exit codes: 0 shown, 3 the folder has errors (the view shows the lists that loaded), 64 bad usage.`,
    )
    .action(async (opts: TargetsCommandOptions) => {
      setExitCode(await (await import('./targets-run.js')).runTargets(ctx.io, opts));
    });
};
