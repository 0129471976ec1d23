// The list of commands. One file per command; each exports `register(program, ctx, setExitCode)`
// typed by command.ts (never by this file, so no command imports the list that imports it).
import type { Command } from 'commander';
import type { CommandContext } from '../io.js';
import type { SetExitCode } from './command.js';
import { register as validate } from './validate.js';
import { register as schema } from './schema.js';
import { register as plan } from './plan.js';
import { register as apply } from './apply.js';
import { register as importLists } from './import.js';
import { register as emulator } from './emulator.js';
import { register as messages } from './messages.js';
import { register as calls } from './calls.js';
import { register as demo } from './demo.js';
import { register as preview } from './preview.js';
import { register as init } from './init.js';
import { register as doctor } from './doctor.js';
import { register as explain } from './explain.js';
import { register as fmt } from './fmt.js';
import { register as status } from './status.js';
import { register as targets } from './targets.js';
import { register as history } from './history.js';
import { register as completion } from './completion.js';


/**
 * The commands that never reach an app, each with why. Every other command reaches one and takes
 * `--target` (resolved in src/sync/service.ts); test/cli/target-everywhere.test.ts walks the
 * command tree and fails on a command that is in neither group, so a new command cannot forget it.
 */
export const OFFLINE_COMMANDS: Readonly<Record<string, string>> = {
  'kwsync validate': 'checks the files offline',
  'kwsync schema': 'prints a JSON Schema',
  'kwsync fmt': 'rewrites the files',
  'kwsync emulator': 'is the service (its own apps)',
  'kwsync demo': 'runs against an emulator of its own',
  'kwsync targets': 'shows what kwsync.yaml sends where, offline',
  'kwsync completion': 'prints a shell script',
};

export function registerCommands(program: Command, ctx: CommandContext, setExitCode: SetExitCode): void {
  for (const register of [init, validate, plan, apply, status, history, targets, importLists, preview, emulator, messages, calls, schema, demo, doctor, explain, fmt, completion]) {
    register(program, ctx, setExitCode);
  }
}
