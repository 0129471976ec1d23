// The CLI shell: parses argv with commander, runs one command, turns errors into one clear line
// and an exit code. The only place (with the Action entry) that decides exit codes.
import { Command, CommanderError } from 'commander';
import { EXIT, KwsyncError } from '../errors.js';
import { redact, secretsOf, type CliIO, type CommandContext, type CommandResult } from './io.js';
import { registerCommands } from './commands/index.js';

export async function runCli(argv: readonly string[], rawIo: CliIO): Promise<number> {
  const secrets = secretsOf(rawIo.env);
  const io: CliIO = {
    ...rawIo,
    stdout: maskStream(rawIo.stdout, secrets),
    stderr: maskStream(rawIo.stderr, secrets),
  };
  let exitCode: number = EXIT.ok;
  const program = new Command('kwsync')
    .description('Moderation keyword lists as code: validate, plan and apply CometChat keyword lists from git.')
    .version(VERSION, '-V, --version')
    .showHelpAfterError('(add --help for usage)')
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

Environment: COMETCHAT_APP_ID, COMETCHAT_REGION (us|eu|in), COMETCHAT_API_KEY,
COMETCHAT_BASE_URL, COMETCHAT_CALLS_BASE_URL.
Exit codes: 0 ok, 1 runtime/API error, 2 changes (plan --detailed-exitcode), 3 invalid lists,
4 refused (unsafe or stale plan), 64 bad usage.`,
  );
  const ctx: CommandContext = { io };
  registerCommands(program, ctx, (code: CommandResult) => {
    exitCode = code;
  });
  // Every subcommand reports usage errors the same way as the root.
  for (const cmd of program.commands) {
    cmd.exitOverride().showHelpAfterError('(add --help for usage)');
    cmd.configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
  }

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (err) {
    return reportError(err, io);
  }
}

function reportError(err: unknown, io: CliIO): number {
  if (err instanceof CommanderError) {
    // commander already printed its message; help and version are not errors.
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
      return EXIT.ok;
    }
    return EXIT.usage;
  }
  if (err instanceof KwsyncError) {
    io.stderr.write(`kwsync: ${err.message}\n`);
    if (err.hint) io.stderr.write(`  hint: ${err.hint}\n`);
    return err.exitCode;
  }
  const message = err instanceof Error ? err.message : String(err);
  io.stderr.write(`kwsync: internal error: ${message}\n`);
  if (io.env.KWSYNC_DEBUG && err instanceof Error && err.stack) io.stderr.write(`${err.stack}\n`);
  else io.stderr.write('  hint: this is a bug in kwsync; set KWSYNC_DEBUG=1 for details and report it\n');
  return EXIT.failure;
}

function maskStream(stream: CliIO['stdout'], secrets: string[]): CliIO['stdout'] {
  if (secrets.length === 0) return stream;
  return {
    write: (text: string) => stream.write(redact(text, secrets)),
    isTTY: stream.isTTY,
    columns: stream.columns,
  };
}

export const VERSION = '0.1.0';
