// Runs the CLI in-process with captured output.
import { runCli } from '../../src/cli/run.js';
import type { CliIO } from '../../src/cli/io.js';

export function captureIo(env: Record<string, string | undefined> = {}, cwd = process.cwd()) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    stdout: { write: (s: string) => out.push(s) },
    stderr: { write: (s: string) => err.push(s) },
    env,
    cwd,
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

export async function kwsync(argv: string[], env: Record<string, string | undefined> = {}, cwd = process.cwd()) {
  const cap = captureIo(env, cwd);
  const code = await runCli(argv, cap.io);
  return { code, stdout: cap.stdout(), stderr: cap.stderr() };
}
