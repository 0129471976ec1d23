import { kwsync } from './helpers/cli.js';

test('an unknown command is bad usage: exit 64 and a pointer to --help', async () => {
  const r = await kwsync(['frobnicate']);
  expect(r.code).toBe(64);
  expect(r.stderr).toBe("kwsync: unknown command 'frobnicate'\n  hint: `kwsync --help` lists the commands\n");
});

test('--help teaches the three main commands and the exit codes', async () => {
  const r = await kwsync(['--help']);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/kwsync validate/);
  expect(r.stdout).toMatch(/64 bad usage/);
});

test('--help names the global options and the colour variables', async () => {
  const r = await kwsync(['--help']);
  expect(r.stdout).toMatch(/-q, --quiet/);
  expect(r.stdout).toMatch(/--no-color/);
  expect(r.stdout).toMatch(/-V, --version/);
  expect(r.stdout).toMatch(/NO_COLOR, FORCE_COLOR/);
});
