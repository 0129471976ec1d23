// What a command may touch of the outside world, passed in so tests run commands in-process.
import type { ExitCode } from '../errors.js';

export interface OutStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
  /** Colour for this stream, decided once by the CLI shell (--no-color, FORCE_COLOR, NO_COLOR, isTTY). */
  color?: boolean;
}

export interface CliIO {
  stdout: OutStream;
  stderr: OutStream;
  env: Record<string, string | undefined>;
  cwd: string;
  /** `--quiet`: only results (stdout) and errors; no progress, notes or warnings on stderr. */
  quiet?: boolean;
  /** `--env-wins`: COMETCHAT_* location variables win over a target's kwsync.yaml settings (headers say so). */
  envWins?: boolean;
  /** For long-running commands (`kwsync emulator`): resolves when the user asks to stop. */
  waitForShutdown?: () => Promise<void>;
}

/** Handed to each command's action; the command returns its exit code. */
export interface CommandContext {
  io: CliIO;
}

export type CommandResult = ExitCode | number;

/**
 * The API keys, when set, so output streams can mask them as a last line of defence: COMETCHAT_API_KEY
 * and every COMETCHAT_API_KEY_<TARGET> (a target's apiKeyEnv, read by any command given that target).
 */
export function secretsOf(env: CliIO['env']): string[] {
  return Object.entries(env)
    .filter(([name]) => /^COMETCHAT_API_KEY(_[A-Z0-9_]+)?$/.test(name))
    .map(([, value]) => value?.trim() ?? '')
    .filter((key) => key.length >= 4);
}

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('***');
  return out;
}

/** A stream that masks the secrets in everything written, keeping what the stream says of itself. */
export function maskStream(stream: OutStream, secrets: readonly string[]): OutStream {
  if (secrets.length === 0) return stream;
  return {
    write: (text: string) => stream.write(redact(text, secrets)),
    isTTY: stream.isTTY,
    columns: stream.columns,
    color: stream.color,
  };
}

/** A note for the person at the terminal (saved files, "more follow"): stderr, and not with --quiet. */
export function notice(io: CliIO, text: string): void {
  if (!io.quiet) io.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
}
