// formatError and usageErrorLines: every error the CLI prints is `kwsync: …` plus `  hint: …`.
import { ApiError, KwsyncError, RefusedPlanError, UsageError } from '../../src/errors.js';
import { formatError, usageErrorLines } from '../../src/cli/errors.js';

const opts = { command: 'kwsync plan', debug: false };

test.each([
  ['its own hint', new KwsyncError('cannot read x', { hint: 'make one' }), 'kwsync: cannot read x\n  hint: make one\n'],
  ['usage, no hint', new UsageError('bad'), 'kwsync: bad\n  hint: `kwsync plan --help` shows the options with examples\n'],
  ['refused, no hint', new RefusedPlanError('stale', []), 'kwsync: stale\n  hint: run `kwsync plan` to see the current plan\n'],
  ['API, no hint', new ApiError('GET /x failed', { method: 'GET', path: '/x', status: 500 }), 'kwsync: GET /x failed\n  hint: set KWSYNC_DEBUG=1 to see each request and the status it got\n'],
  ['a bug', new TypeError('x is undefined'), 'kwsync: internal error: x is undefined\n  hint: this is a bug in kwsync; set KWSYNC_DEBUG=1 for details and report it\n'],
  ['not even an Error', 'a string', 'kwsync: internal error: a string\n  hint: this is a bug in kwsync; set KWSYNC_DEBUG=1 for details and report it\n'],
])('%s', (_name, err, expected) => {
  expect(formatError(err, opts)).toBe(expected);
});

test('a stack trace only with KWSYNC_DEBUG, after the two lines', () => {
  const out = formatError(new Error('boom'), { ...opts, debug: true });
  expect(out).toMatch(/^kwsync: internal error: boom\n {2}hint: [^\n]+\nError: boom\n\s+at /);
});

test.each([
  ["error: unknown option '--frmat'\n(Did you mean --format?)\n", 'kwsync plan', "kwsync: unknown option '--frmat'\n  hint: did you mean --format? `kwsync plan --help` shows the options with examples\n"],
  ["error: unknown command 'pln'\n(Did you mean plan?)\n", 'kwsync', "kwsync: unknown command 'pln'\n  hint: did you mean plan? `kwsync --help` lists the commands\n"],
  ["error: too many arguments for 'plan'. Expected 0 arguments but got 1.\n", 'kwsync plan', "kwsync: too many arguments for 'plan'. Expected 0 arguments but got 1.\n  hint: `kwsync plan --help` shows the options with examples\n"],
])('commander: %j', (message, command, expected) => {
  expect(usageErrorLines(message, command)).toBe(expected);
});
