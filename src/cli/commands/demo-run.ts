// `kwsync demo`, the run (demo.ts holds the definition only): the whole loop against the embedded emulator, with no
// settings needed: validate, plan, preview (when kwsync.yaml names groups), apply, plan again.
// The emulator's key stays inside this file.
import { startEmulator } from '../../emulator/index.js';
import { EXIT, KwsyncError, ValidationError } from '../../errors.js';
import { renderDiagnosticsText, validateRepo } from '../../validate/index.js';
import { maskStream, type CliIO } from '../io.js';
import { connectService, serviceSettingsFromEnv } from '../../sync/service.js';
import { endpointOf, useColor } from '../target.js';
import { runApply } from './apply-run.js';
import { runPlan } from './plan-run.js';
import { runPreview } from './preview.js';
import { MARKETPLACE_GROUP } from '../../emulator/seed-marketplace.js';

export async function runDemo(outer: CliIO, opts: { dir: string }): Promise<number> {
  // Every default list a real app has, in the shapes seen or guessed: the demo meets them as users do.
  const emulator = await startEmulator({ port: 0, defaultLists: 'all' });
  // The commands below see only the emulator's settings, never the caller's COMETCHAT_* variables.
  const io: CliIO = {
    ...outer,
    stdout: maskStream(outer.stdout, [emulator.apiKey]),
    stderr: maskStream(outer.stderr, [emulator.apiKey]),
    env: {
      NO_COLOR: outer.env.NO_COLOR,
      FORCE_COLOR: outer.env.FORCE_COLOR,
      COMETCHAT_APP_ID: emulator.appId,
      COMETCHAT_API_KEY: emulator.apiKey,
      COMETCHAT_BASE_URL: emulator.chatBaseUrl,
      COMETCHAT_CALLS_BASE_URL: emulator.callsBaseUrl,
    },
  };
  // kwsync.yaml's targets name real apps; the demo talks only to the emulator.
  const settings = serviceSettingsFromEnv(io.env);
  const endpoint = endpointOf(settings);
  const service = { ...connectService(settings), endpoint };
  const keywordTarget = service.keywords;
  const heading = (n: number, title: string) => io.stdout.write(`\n=== ${n}. ${title} ===\n\n`);
  try {
    io.stdout.write(`kwsync demo: the embedded CometChat emulator is listening on ${emulator.url} (app "${emulator.appId}").\n`);
    heading(1, `validate ${opts.dir}/ (offline)`);
    const checked = await validateRepo({ dir: opts.dir, cwd: io.cwd });
    if (checked.diagnostics.length > 0) io.stdout.write(renderDiagnosticsText(checked.diagnostics, { color: useColor(io.stdout, io.env) }));
    if (checked.errorCount > 0) throw new ValidationError(checked.errorCount);
    // Validated once: the steps below reuse it rather than reading the folder again.
    const repo = { config: checked.config, lists: checked.lists };
    io.stdout.write(`${checked.lists.length} list${checked.lists.length === 1 ? '' : 's'} valid (${checked.warningCount} warning${checked.warningCount === 1 ? '' : 's'}).\n`);

    heading(2, 'plan: the files against the live app');
    await runPlan(io, { dir: opts.dir, keywordTarget, endpoint, repo });
    heading(3, 'preview: what the changes would catch in recent messages');
    // The embedded emulator also seeds "marketplace", realistic chat with a few scams, so a sentence list's preview has something to catch.
    const groups = checked.config.preview.groups.length === 0 ? [] : [...new Set([...checked.config.preview.groups, MARKETPLACE_GROUP])];
    if (groups.length === 0) io.stdout.write('Skipped: kwsync.yaml names no preview groups (preview.groups).\n');
    else await runPreview(io, { dir: opts.dir, group: groups, app: service, repo });
    heading(4, 'apply: one request per changed list, each verified');
    const applied = await runApply(io, { dir: opts.dir, showPlan: false, autoApprove: true, keywordTarget, endpoint, repo });
    heading(5, 'plan again: nothing left to do');
    const again = await runPlan(io, { dir: opts.dir, detailedExitcode: true, keywordTarget, endpoint, repo });
    if (applied !== EXIT.ok) throw new KwsyncError('the demo\'s apply did not finish: see the report above');
    if (again !== EXIT.ok) {
      throw new KwsyncError('the demo did not converge: the second plan still shows changes', { hint: 'this is a bug; please report it' });
    }
    const targets = checked.config.targets ?? [];
    const first = targets[0];
    const pick = first && targets.length > 1 ? ` --target ${first.name}` : '';
    // A target that names its app decides where it goes (a contradicting COMETCHAT_APP_ID is refused),
    // so the advice exports only what that target still reads from the environment.
    const exports = first && (first.appId || first.baseUrl)
      ? `export ${first.apiKeyEnv ?? 'COMETCHAT_API_KEY'}=<REST key>      # kwsync.yaml says which app target "${first.name}" is`
      : 'export COMETCHAT_APP_ID=<app id> COMETCHAT_REGION=<us|eu|in> COMETCHAT_API_KEY=<REST key>';
    io.stdout.write(
      '\nDone: the emulator now holds exactly the lists in the files.\n' +
        'Against a real app the same commands run with the key in the environment:\n' +
        `  ${exports}\n` +
        `  kwsync plan${pick} && kwsync apply${pick}      # apply shows the plan and asks for yes\n`,
    );
    return EXIT.ok;
  } finally {
    await service.client.close();
    await emulator.close();
  }
}

