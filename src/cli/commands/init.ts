// `kwsync init`: scaffold a repository (keywords/kwsync.yaml with one target, an example list or
// the live app's lists, and the four workflows calling kwsync's reusable ones). Never overwrites.
// The definition only: the scaffold and the client load when it runs (init-run.ts).
import type { RegisterCommand } from './command.js';
import { KWSYNC_REPOSITORY } from '../../init/workflow-templates.js';
import { REGIONS } from './option-parsers.js';
import type { InitCommandOptions } from './init-run.js';

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('init')
    .description('scaffold keywords/ and the GitHub workflows in a repository; never overwrites a file')
    .option('--dir <dir>', 'the keywords folder to create', 'keywords')
    .option('--target <name>', 'the name of the first target (and of its GitHub environment)', 'production')
    .option('--targets <names>', 'several targets instead, comma-separated in apply order (e.g. staging,production); --app-id and --region are the first one\'s')
    .option('--app-id <id>', 'the CometChat app id of that target (default: COMETCHAT_APP_ID, else fill it in later)')
    .option('--region <region>', `the app's region: ${REGIONS.join(', ')} (default: COMETCHAT_REGION, else us)`)
    .option('--import', 'start from the live app\'s lists instead of the example (needs COMETCHAT_API_KEY)')
    .option('--ref <sha>', 'the full commit SHA of kwsync the workflows call (default: the commit the installed kwsync was built from)')
    .option('--allow-moving-ref', 'accept a --ref that can move (a tag such as v0, or a branch): not recommended, the workflows hold the API key')
    .option('--kwsync-repo <owner/name>', 'the repository holding kwsync\'s reusable workflows', KWSYNC_REPOSITORY)
    .option('--branch <name>', 'the default branch, which apply follows', 'main')
    .addHelpText(
      'after',
      `
Writes <dir>/kwsync.yaml (one target, or those --targets names, with a commented example of
include, exclude, overrides and after), one example list with tests (or, with --import, the live
app's lists), .github/workflows/kwsync-{plan,plan-live,apply,drift}.yml calling kwsync's reusable
workflows, and a .gitignore holding node_modules/. A file that already exists is kept and named;
nothing is overwritten. Then prints the next steps (environment, secret, branch protection).

The workflows hold your API key, so they call kwsync at a full commit SHA, which cannot move: the
commit the installed kwsync was built from (recorded in the package when it is packed, or in your
package-lock.json for a git install), or the one --ref gives. A tag or branch (v0, main) is refused
unless --allow-moving-ref is given. Run again with --ref <sha> where the workflows exist, it moves
only their uses: lines that call kwsync's reusable workflows to <sha> and names each file it did not
change, and why.

Examples:
  kwsync init --app-id 2541a6f1c2e3b4d5 --region eu
  kwsync init --targets staging,production
  COMETCHAT_API_KEY=… kwsync init --app-id 2541a6f1c2e3b4d5 --region eu --import
  kwsync init --ref 0123456789abcdef0123456789abcdef01234567
  kwsync init --ref v0 --allow-moving-ref`,
    )
    .action(async (opts: InitCommandOptions) => {
      const { runInit } = await import('./init-run.js');
      // The region follows the app id from the environment, so the target written (and --import) names the app the environment does.
      const env = ctx.io.env;
      setExitCode(await runInit(ctx.io, { ...opts, appId: opts.appId ?? env.COMETCHAT_APP_ID?.trim() ?? undefined, region: opts.region ?? (env.COMETCHAT_REGION?.trim() || undefined) }));
    });
};
