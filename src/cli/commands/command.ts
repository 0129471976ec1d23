// What a command module exports and the registry calls: a module of its own, so that each command
// and the list of commands (index.ts) import it and no command imports the list.
import type { Command } from 'commander';
import type { CommandContext, CommandResult } from '../io.js';

export type SetExitCode = (code: CommandResult) => void;
export type RegisterCommand = (program: Command, ctx: CommandContext, setExitCode: SetExitCode) => void;
