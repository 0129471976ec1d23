// The one way the CLI prints an error: `kwsync: what went wrong` and `  hint: what to do`, for
// commander's usage errors and kwsync's own alike. Every error gets a hint; never a stack trace
// unless KWSYNC_DEBUG asks for one.
import { ApiError, ConfigError, EXIT, KwsyncError } from '../errors.js';

/** Lines for an error thrown while a command ran. `command` is e.g. `kwsync plan`, for the hint. */
export function formatError(err: unknown, opts: { command: string; debug: boolean }): string {
  if (err instanceof KwsyncError) return lines(err.message, err.hint ?? defaultHint(err, opts.command));
  const message = err instanceof Error ? err.message : String(err);
  const stack = opts.debug && err instanceof Error && err.stack ? `${err.stack}\n` : '';
  return lines(`internal error: ${message}`, 'this is a bug in kwsync; set KWSYNC_DEBUG=1 for details and report it') + stack;
}

/**
 * commander's message (`error: unknown option '--frmat'\n(Did you mean --format?)`) in the same
 * style: the suggestion becomes the hint, else a pointer to the command's --help.
 */
export function usageErrorLines(commanderMessage: string, command: string): string {
  const text = commanderMessage.trim().replace(/^error: /, '');
  const [first = text, ...rest] = text.split('\n');
  const suggestion = /^\(Did you mean (.+)\?\)$/.exec(rest.join(' ').trim());
  const help = command.includes(' ') ? `\`${command} --help\` shows the options with examples` : `\`${command} --help\` lists the commands`;
  return lines(first, suggestion ? `did you mean ${suggestion[1]}? ${help}` : help);
}

function defaultHint(err: KwsyncError, command: string): string {
  if (err.exitCode === EXIT.usage) return `\`${command} --help\` shows the options with examples`;
  if (err.exitCode === EXIT.invalid) return 'fix the problems listed above; `kwsync validate` checks again offline';
  if (err.exitCode === EXIT.refused) return 'run `kwsync plan` to see the current plan';
  if (err instanceof ApiError) return 'set KWSYNC_DEBUG=1 to see each request and the status it got';
  if (err instanceof ConfigError) return '`kwsync --help` lists the environment variables';
  return 'set KWSYNC_DEBUG=1 for more detail';
}

function lines(message: string, hint: string): string {
  return `kwsync: ${message}\n  hint: ${hint}\n`;
}
