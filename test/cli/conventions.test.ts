// Conventions every command shares: one error style (`kwsync: …` then `  hint: …`), --quiet,
// --no-color with NO_COLOR / FORCE_COLOR, --version, headers that name the app, region and host,
// and progress on stderr only on a terminal.
import { tmpdir } from 'node:os';
import { runCli, VERSION } from '../../src/cli/run.js';
import type { CliIO } from '../../src/cli/io.js';
import { BUSY_GROUP } from '../../src/emulator/index.js';
import { startHarness, type Harness } from '../e2e/harness.js';
import { kwsync } from '../helpers/cli.js';

const ANSI = /\u001b\[\d+m/;
const ONE_ERROR = /^kwsync: [^\n]+\n {2}hint: [^\n]+\n$/;

/** Runs the CLI with streams that say whether they are terminals. */
async function run(argv: string[], env: Record<string, string | undefined>, cwd: string, tty: { stdout?: boolean; stderr?: boolean } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    stdout: { write: (s: string) => out.push(s), isTTY: tty.stdout, columns: 120 },
    stderr: { write: (s: string) => err.push(s), isTTY: tty.stderr },
    env,
    cwd,
  };
  const code = await runCli(argv, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('one error style: `kwsync: what` and `  hint: what to do`, exit 64 for usage', () => {
  test.each([
    [['plan', '--frmat', 'json'], /^kwsync: unknown option '--frmat'\n {2}hint: did you mean --format\? `kwsync plan --help`/],
    [['frobnicate'], /^kwsync: unknown command 'frobnicate'\n {2}hint: `kwsync --help` lists the commands/],
    [['messages', 'list'], /^kwsync: missing required argument 'guid'\n {2}hint: `kwsync messages list --help`/],
    [['messages', 'list', 'g', '--limit', '0'], /^kwsync: option '--limit <n>' argument '0' is invalid\. must be a whole number/],
    [['plan', '--format', 'xml'], /^kwsync: --format must be text, markdown or json \(got "xml"\)\n {2}hint: /],
    [['apply', '--concurrency', '99'], /^kwsync: --concurrency must be a whole number from 1 to 16/],
    [['validate', '--format', 'yaml'], /^kwsync: unknown --format "yaml"\n {2}hint: use one of/],
    [['schema', '--output', 'nope'], /^kwsync: option '--output <name>' argument 'nope' is invalid/],
    [['--quiet', 'plan', '--frmat'], /^kwsync: unknown option '--frmat'/],
    // Thrown by the action, with no hint of its own: the hint names the command that ran.
    [['init', '--target', 'a b'], /^kwsync: --target must be letters[^\n]*\n {2}hint: `kwsync init --help` shows the options/],
  ])('%j', async (argv, pattern) => {
    const r = await kwsync(argv, {});
    expect(r.code).toBe(64);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(ONE_ERROR);
    expect(r.stderr).toMatch(pattern);
  });

  test('an error of kwsync that brings no hint of its own still gets one', async () => {
    // Outside a repository (this one's kwsync.yaml has two targets: it would ask which).
    const r = await kwsync(['messages', 'list', 'g'], {}, tmpdir());
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^kwsync: not connected to CometChat: set COMETCHAT_APP_ID/);
    expect(r.stderr).toMatch(/\n {2}hint: `kwsync --help` lists the environment variables\n$/);
  });

  test('invalid lists: the diagnostics, then the one error with a hint', async () => {
    const h = await startHarness();
    try {
      await h.writeList('bad', []);
      const r = await h.run(['plan']);
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(/\nkwsync: 1 error in the keyword lists; nothing was sent\n {2}hint: fix the problems listed above/);
    } finally {
      await h.close();
    }
  });
});

test('--version and -V print the version and exit 0', async () => {
  for (const flag of ['--version', '-V']) {
    const r = await kwsync([flag]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    // The commit it was built from: build-info, or this checkout's HEAD (test/cli/version.test.ts covers the rest).
    expect(r.stdout).toMatch(new RegExp(`^${VERSION.replace(/\./g, '\\.')} \\(commit [0-9a-f]{40}(, with uncommitted changes)?\\)\\n$`));
  }
});

describe('against the emulator', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.writeList('mild', ['darn', 'heck']);
    await h.writeList('phones', ['bit.ly'], { category: 'pattern' }); // a warning: pattern-unescaped-dot
  });
  afterAll(() => h.close());
  const base = () => h.env.COMETCHAT_BASE_URL!.replace(/\/+$/, '');

  test('plan and apply headers name the app id, region and the full base URL, never the key', async () => {
    const plan = await h.run(['plan']);
    expect(plan.stdout).toContain(`Plan for target "${h.env.COMETCHAT_APP_ID}" (live, `);
    expect(plan.stdout).toContain(`\n  app ${h.env.COMETCHAT_APP_ID}, region us, ${base()}\n`);
    const md = await h.run(['plan', '--format', 'markdown']);
    // Markdown keeps the URL from becoming a link (a zero-width space after the scheme).
    expect(md.stdout).toContain(`<sub>app ${h.env.COMETCHAT_APP_ID}, region us, ${base().replace('://', ':&#8203;//')}</sub>`);
    const fresh = await run(['apply', '--auto-approve', '--format', 'text'], { ...h.env, COMETCHAT_REGION: 'eu' }, h.root);
    expect(fresh.stdout).toMatch(new RegExp(`Apply to target "[^"]+" \\([^)]+\\)\\n  app ${h.env.COMETCHAT_APP_ID}, region eu, ${base().replace(/[./]/g, '\\$&')}\\n`));
    for (const out of [plan, md, fresh]) expect(out.stdout + out.stderr).not.toContain(h.env.COMETCHAT_API_KEY);
  });

  test('--quiet: results and errors only; no warnings, notes or progress on stderr', async () => {
    await h.writeList('mild', ['darn', 'heck', 'frick']);
    const loud = await run(['plan', '--out', 'p.json'], h.env, h.root, { stderr: true });
    expect(loud.stderr).toMatch(/pattern-unescaped-dot/);
    expect(loud.stderr).toContain('Saved the plan to p.json');
    const quiet = await run(['plan', '--out', 'p.json', '--quiet'], h.env, h.root, { stderr: true });
    expect(quiet.stderr).toBe('');
    const untimed = (s: string) => s.replace(/\(live, [^)]+\)/, '(live)');
    expect(untimed(quiet.stdout)).toBe(untimed(loud.stdout));
    expect(quiet.stdout).toMatch(/~ update mild/);
    // apply --quiet: the report, without the plan printed first, and no progress line.
    const applied = await run(['-q', 'apply', '--auto-approve'], h.env, h.root, { stderr: true });
    expect(applied.code).toBe(0);
    expect(applied.stderr).toBe('');
    expect(applied.stdout).toMatch(/^Apply to target/);
    expect(applied.stdout).not.toContain('Plan for target');
    const page = await run(['messages', 'list', BUSY_GROUP, '--limit', '5', '--quiet'], h.env, h.root, { stderr: true });
    expect(page.code).toBe(0);
    expect(page.stderr).toBe('');
    expect((await run(['messages', 'list', BUSY_GROUP, '--limit', '5'], h.env, h.root)).stderr).toContain('more messages follow');
  });

  describe('colour', () => {
    beforeAll(() => h.writeList('mild', ['darn', 'heck', 'frack']));
    const plan = (env: Record<string, string>, argv: string[] = [], tty = true) => run(['plan', ...argv], { ...h.env, ...env }, h.root, { stdout: tty });
    test('on a terminal by default', async () => expect((await plan({})).stdout).toMatch(ANSI));
    test('--no-color, before or after the command', async () => {
      expect((await plan({}, ['--no-color'])).stdout).not.toMatch(ANSI);
      expect((await run(['--no-color', 'plan'], h.env, h.root, { stdout: true })).stdout).not.toMatch(ANSI);
    });
    test('NO_COLOR set', async () => expect((await plan({ NO_COLOR: '1' })).stdout).not.toMatch(ANSI));
    test('NO_COLOR empty counts as unset', async () => expect((await plan({ NO_COLOR: '' })).stdout).toMatch(ANSI));
    test('FORCE_COLOR colours a pipe, and beats NO_COLOR', async () => {
      expect((await plan({ FORCE_COLOR: '1' }, [], false)).stdout).toMatch(ANSI);
      expect((await plan({ FORCE_COLOR: '1', NO_COLOR: '1' }, [], false)).stdout).toMatch(ANSI);
    });
    test('FORCE_COLOR=0 turns it off; --no-color beats FORCE_COLOR', async () => {
      expect((await plan({ FORCE_COLOR: '0' })).stdout).not.toMatch(ANSI);
      expect((await plan({ FORCE_COLOR: '1' }, ['--no-color'])).stdout).not.toMatch(ANSI);
    });
    test('not on a pipe', async () => expect((await plan({}, [], false)).stdout).not.toMatch(ANSI));
  });

  describe('progress of long reads goes to stderr on a terminal only', () => {
    const argv = ['messages', 'list', BUSY_GROUP, '--all', '--max', '2500', '--json'];
    test('messages list --all on a terminal: a status line, cleared before the results', async () => {
      const r = await run(argv, h.env, h.root, { stderr: true });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('Reading messages of');
      expect(r.stderr).toMatch(/of at most 2500/);
      expect(r.stderr.endsWith('\r\u001b[2K')).toBe(true);
      expect((JSON.parse(r.stdout) as unknown[]).length).toBe(2500);
    });
    test('not on a pipe, and not with --quiet', async () => {
      expect((await run(argv, h.env, h.root)).stderr).toBe('');
      expect((await run([...argv, '--quiet'], h.env, h.root, { stderr: true })).stderr).toBe('');
    });
    test('preview on a terminal', async () => {
      const r = await run(['preview', '--group', BUSY_GROUP, '--messages', '1200'], h.env, h.root, { stderr: true });
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/Reading messages of [^:]+: 1200 of 1200/);
      expect(r.stdout).not.toContain('Reading messages');
    });
  });
});
