// The CLI shell: parses argv with commander, runs one command, turns errors into one clear line
// and an exit code. The only place (with the Action entry) that decides exit codes.
import { Command, CommanderError } from 'commander';
import { EXIT, KwsyncError } from '../errors.js';
import { decideColor } from './color.js';
import { formatError, usageErrorLines } from './errors.js';
import { maskStream, secretsOf, type CliIO, type CommandContext, type CommandResult, type OutStream } from './io.js';
import { registerCommands } from './commands/index.js';

interface GlobalOptions {
  quiet?: boolean;
  color?: boolean;
  envWins?: boolean;
}

export async function runCli(argv: readonly string[], rawIo: CliIO): Promise<number> {
  const secrets = secretsOf(rawIo.env);
  const io: CliIO = {
    ...rawIo,
    stdout: maskStream(rawIo.stdout, secrets),
    stderr: maskStream(rawIo.stderr, secrets),
  };
  let exitCode: number = EXIT.ok;
  // The commit needs a file read (and maybe git): only when the version is asked for.
  const versionText = argv.some((a) => a === '--version' || a === '-V') ? await (await import('./version.js')).describeVersion(VERSION) : VERSION;
  const program = new Command('kwsync')
    .description('Moderation keyword lists as code: validate, plan and apply CometChat keyword lists from git.')
    .version(versionText, '-V, --version', 'print the version of kwsync and the commit it was built from (full SHA)')
    .option('-q, --quiet', 'print only results and errors: no progress, notes or warnings on stderr')
    .option('--no-color', 'no colour, even on a terminal (also: NO_COLOR=1; FORCE_COLOR=1 forces it)')
    .option('--env-wins', 'let COMETCHAT_APP_ID, _REGION, _BASE_URL and _CALLS_BASE_URL win over the target\'s kwsync.yaml settings instead of refusing (e.g. a real kwsync.yaml against `kwsync emulator`); headers name the variables that won')
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .exitOverride();
  program.addHelpText(
    'after',
    `
Start here:
  kwsync validate                 check every list in keywords/ offline
  kwsync plan                     show what would change on the live app
  kwsync apply                    change exactly that, then verify it landed

Global options go before or after the command: kwsync plan --quiet --no-color
Environment: COMETCHAT_APP_ID, COMETCHAT_REGION (us|eu|in), COMETCHAT_API_KEY,
COMETCHAT_BASE_URL, COMETCHAT_CALLS_BASE_URL; NO_COLOR, FORCE_COLOR; KWSYNC_DEBUG=1 shows requests.
A kwsync.yaml target with appId or baseUrl decides where it goes (a variable that says otherwise is
refused; --env-wins lets it win) and its key is read from its apiKeyEnv.
Exit codes: 0 ok, 1 runtime/API error, 2 changes (plan --detailed-exitcode), 3 invalid lists,
4 refused (unsafe or stale plan), 64 bad usage.`,
  );
  const ctx: CommandContext = { io };
  registerCommands(program, ctx, (code: CommandResult) => {
    exitCode = code;
  });
  // Every command, nested ones too, reports usage errors in the one style of reportError.
  for (const cmd of [program, ...allCommands(program)]) {
    cmd.exitOverride();
    cmd.configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: (message) => io.stderr.write(usageErrorLines(message, commandPath(cmd))),
    });
  }
  // Global options are settled once, before the command runs: the command sees them in ctx.io.
  // The command that runs is named in the hint of an error it throws (`kwsync calls list --help`).
  let running = 'kwsync';
  program.hook('preAction', (_root, actionCommand) => {
    ctx.io = withGlobalOptions(io, program.opts<GlobalOptions>());
    running = commandPath(actionCommand);
  });

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (err) {
    return reportError(err, ctx.io, running);
  }
}

function withGlobalOptions(io: CliIO, opts: GlobalOptions): CliIO {
  const noColor = opts.color === false;
  return {
    ...io,
    quiet: opts.quiet === true,
    ...(opts.envWins === true ? { envWins: true } : {}),
    stdout: withColor(io.stdout, decideColor(io.stdout, io.env, noColor)),
    stderr: withColor(io.stderr, decideColor(io.stderr, io.env, noColor)),
  };
}

function withColor(stream: OutStream, color: boolean): OutStream {
  return { write: (s: string) => stream.write(s), isTTY: stream.isTTY, columns: stream.columns, color };
}

function reportError(err: unknown, io: CliIO, command: string): number {
  if (err instanceof CommanderError) {
    // Already written by outputError; help and version are not errors.
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
      return EXIT.ok;
    }
    return EXIT.usage;
  }
  io.stderr.write(formatError(err, { command, debug: Boolean(io.env.KWSYNC_DEBUG) }));
  return err instanceof KwsyncError ? err.exitCode : EXIT.failure;
}

function allCommands(root: Command): Command[] {
  return root.commands.flatMap((c) => [c, ...allCommands(c)]);
}

/** `kwsync messages list` for a nested command. */
function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

export const VERSION = '0.1.0';
