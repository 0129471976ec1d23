// What a command may touch of the outside world, passed in so tests run commands in-process.
import type { ExitCode } from '../errors.js';

export interface OutStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface CliIO {
  stdout: OutStream;
  stderr: OutStream;
  env: Record<string, string | undefined>;
  cwd: string;
  /** For long-running commands (`kwsync emulator`): resolves when the user asks to stop. */
  waitForShutdown?: () => Promise<void>;
}

/** Handed to each command's action; the command returns its exit code. */
export interface CommandContext {
  io: CliIO;
}

export type CommandResult = ExitCode | number;

/** The API key, when set, so output streams can mask it as a last line of defence. */
export function secretsOf(env: CliIO['env']): string[] {
  const key = env.COMETCHAT_API_KEY;
  return key && key.length >= 4 ? [key] : [];
}

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('***');
  return out;
}
