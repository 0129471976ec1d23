#!/usr/bin/env node
// Installed entry: runs the compiled CLI in dist/, which `npm run build` makes (`prepare` runs it
// on `npm ci` and on an install from git; the registry package ships it). In this repository
// `npm run kwsync --` runs the sources instead. A CLI that cannot load says why in one line.
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// Node 22.1+ keeps compiled code between runs, which roughly halves the start; Node 20 lacks it.
module.enableCompileCache?.();

const main = new URL('../dist/cli/main.js', import.meta.url);
try {
  await import(main.href);
} catch (err) {
  const missing = err?.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes(fileURLToPath(main));
  process.stderr.write(
    missing
      ? `kwsync: the compiled CLI is missing (${fileURLToPath(main)})\n  hint: run \`npm run build\` in the kwsync package folder; an install from git builds it by itself\n`
      : `kwsync: cannot start: ${err instanceof Error ? err.message : String(err)}\n  hint: reinstall kwsync (npm install); set KWSYNC_DEBUG=1 for details\n`,
  );
  if (process.env.KWSYNC_DEBUG && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
  process.exitCode = 1;
}
