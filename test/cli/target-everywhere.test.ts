// One place decides where a command goes (src/sync/service.ts), and every command that reaches an
// app lets the user say which: this walks commander's command tree and fails on a command that
// neither takes --target nor is listed, with its reason, in OFFLINE_COMMANDS.
import { Command } from 'commander';
import { registerCommands, OFFLINE_COMMANDS } from '../../src/cli/commands/index.js';
import type { CliIO } from '../../src/cli/io.js';

function tree(): Command {
  const io: CliIO = { stdout: { write: () => true }, stderr: { write: () => true }, env: {}, cwd: process.cwd() };
  const program = new Command('kwsync');
  registerCommands(program, { io }, () => undefined);
  return program;
}

/** Every command that runs (a leaf: `kwsync messages list`, `kwsync plan`), by its full name. */
function leaves(cmd: Command, prefix = 'kwsync'): { path: string; cmd: Command }[] {
  return cmd.commands.flatMap((c) => {
    const path = `${prefix} ${c.name()}`;
    return c.commands.length > 0 ? leaves(c, path) : [{ path, cmd: c }];
  });
}

const walked = leaves(tree());

test('the tree has the commands it is known to have (the walk sees nested ones)', () => {
  const names = walked.map((l) => l.path);
  expect(names).toEqual(expect.arrayContaining(['kwsync plan', 'kwsync apply', 'kwsync explain', 'kwsync messages list', 'kwsync calls list', 'kwsync calls get', 'kwsync status', 'kwsync preview', 'kwsync doctor', 'kwsync import']));
  expect(names.length).toBeGreaterThanOrEqual(18);
});

test.each(walked.map((l) => [l.path, l.cmd] as const))('%s takes --target, or says why it reaches no app', (path, cmd) => {
  const hasTarget = cmd.options.some((o) => o.long === '--target');
  const offline = Object.hasOwn(OFFLINE_COMMANDS, path);
  expect({ path, ok: offline || hasTarget }).toEqual({ path, ok: true });
});

test('every command OFFLINE_COMMANDS names exists (a renamed command cannot keep an exemption)', () => {
  const names = new Set(walked.map((l) => l.path));
  expect(Object.keys(OFFLINE_COMMANDS).filter((n) => !names.has(n))).toEqual([]);
});

test('a command that reaches an app without --target is caught (the check can fail)', () => {
  const program = tree();
  program.command('newcomer').description('reads an app').action(() => undefined);
  const bad = leaves(program).filter((l) => !Object.hasOwn(OFFLINE_COMMANDS, l.path) && !l.cmd.options.some((o) => o.long === '--target'));
  expect(bad.map((l) => l.path)).toEqual(['kwsync newcomer']);
});
