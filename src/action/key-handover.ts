// The process that parses a pull request's files never has the API keys in its initial environment
// (issue 27): `/proc/<pid>/environ` keeps what a process started with, whatever it later deletes
// from process.env. The runner starts the Action with the keys in its environment, so that first
// process only re-runs the same script without them and hands them over on an inherited pipe
// (fd 3); it parses nothing, waits, forwards cancellation and exits with the child's code.
import { spawn } from 'node:child_process';
import { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import { KEY_VARIABLE } from './api-key-env.js';

/** Set in the child's environment: the fd its keys arrive on (its presence says "I am the child"). */
export const HANDOVER_VARIABLE = 'KWSYNC_KEYS_FD';
const HANDOVER_FD = 3;
/** A handover larger than this is not kwsync's (a few keys of a few dozen characters). */
const MAX_HANDOVER_BYTES = 64 * 1024;

/**
 * In the first process, when keys are in its environment: runs this script again without them,
 * writes them to the child's fd 3, and resolves with the child's exit code. Undefined when this
 * process is to run the Action itself (it is the child, or there is no key to keep out).
 */
export async function respawnWithoutKeys(env: NodeJS.ProcessEnv = process.env): Promise<number | undefined> {
  if (env[HANDOVER_VARIABLE] !== undefined) return undefined;
  const keys = Object.fromEntries(Object.entries(env).filter(([k, v]) => KEY_VARIABLE.test(k) && typeof v === 'string'));
  if (Object.keys(keys).length === 0) return undefined;
  const childEnv: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(env).filter(([k]) => !KEY_VARIABLE.test(k)));
  childEnv[HANDOVER_VARIABLE] = String(HANDOVER_FD);
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { env: childEnv, stdio: ['inherit', 'inherit', 'inherit', 'pipe'] });
  const pipe = child.stdio[HANDOVER_FD] as Writable;
  pipe.on('error', () => undefined); // a child that died early: its exit code says why
  pipe.end(JSON.stringify(keys));
  // The runner cancels a job with SIGINT, then SIGTERM: the child (which does the work) must get them.
  const forward = (signal: NodeJS.Signals) => () => void child.kill(signal);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, forward(signal));
  return new Promise((resolve) => {
    child.on('error', (err) => {
      process.stderr.write(`::error::kwsync could not start its worker process without the API key in its environment: ${err.message}\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** In the child: the keys its parent wrote on fd 3 (none when not started by respawnWithoutKeys). */
export async function receiveKeys(env: NodeJS.ProcessEnv = process.env): Promise<Record<string, string>> {
  const fdText = env[HANDOVER_VARIABLE];
  if (fdText === undefined) return {};
  delete env[HANDOVER_VARIABLE]; // git, npm and workers need not see it
  const socket = new Socket({ fd: Number(fdText), readable: true, writable: false });
  let text = '';
  for await (const chunk of socket) {
    text += String(chunk);
    if (text.length > MAX_HANDOVER_BYTES) throw new Error('the API key handover is larger than any set of keys');
  }
  socket.destroy();
  const parsed = JSON.parse(text || '{}') as Record<string, unknown>;
  return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => KEY_VARIABLE.test(e[0]) && typeof e[1] === 'string'));
}
