import { kwsync } from './helpers/cli.js';

test('an unknown command is bad usage: exit 64 and a pointer to --help', async () => {
  const r = await kwsync(['frobnicate']);
  expect(r.code).toBe(64);
  expect(r.stderr).toMatch(/unknown command 'frobnicate'/);
  expect(r.stderr).toMatch(/--help/);
});

test('--help teaches the three main commands and the exit codes', async () => {
  const r = await kwsync(['--help']);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/kwsync validate/);
  expect(r.stdout).toMatch(/64 bad usage/);
});
