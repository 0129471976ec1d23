// Whether a stream gets colour. One decision for every command, made once per run by the shell:
// `--no-color` always wins; then FORCE_COLOR (as Node reads it, it beats NO_COLOR); then
// NO_COLOR (no-color.org); otherwise colour exactly when the stream is a terminal.
import type { CliIO, OutStream } from './io.js';

type Env = CliIO['env'];

const set = (v: string | undefined): v is string => v !== undefined && v !== '';

export function decideColor(stream: Pick<OutStream, 'isTTY'>, env: Env, noColorFlag = false): boolean {
  if (noColorFlag) return false;
  if (set(env.FORCE_COLOR)) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR.toLowerCase() !== 'false';
  if (set(env.NO_COLOR)) return false;
  return stream.isTTY === true;
}

/** The shell's decision for this stream (see decideColor); a stream from elsewhere is judged the same way. */
export function useColor(stream: OutStream, env: Env): boolean {
  return stream.color ?? decideColor(stream, env);
}
