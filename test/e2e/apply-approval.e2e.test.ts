// `kwsync apply` asks like `terraform apply`, refuses without a terminal or --auto-approve, keeps
// `applyFrom: ci` targets to CI, stops on Ctrl-C, and applies a saved plan to the target it names.
// The terminal is injected; everything else is real (the CLI command over HTTP to the emulator).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runApply, type ApplyTerminal } from '../../src/cli/commands/apply.js';
import { runCli } from '../../src/cli/run.js';
import { captureIo } from '../helpers/cli.js';
import { liveTerms, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
  for (const id of ['a', 'b', 'c']) await h.writeList(id, ['x', `new-${id}`]);
  h.emulator.clearRequests();
});
afterEach(() => h.close());

function terminal(answer: boolean | 'no terminal', interrupt: 'none' | 'at once' = 'none') {
  const asked: string[] = [];
  const t: ApplyTerminal = {
    isInteractive: answer !== 'no terminal',
    confirm: async (q) => {
      asked.push(q);
      return answer === true;
    },
    onInterrupt: (first) => {
      if (interrupt === 'at once') first();
      return () => {};
    },
  };
  return { t, asked };
}

const apply = async (opts: Record<string, unknown>, t: ApplyTerminal, env: Record<string, string> = {}) => {
  const cap = captureIo({ ...h.env, ...env }, h.root);
  try {
    const code = await runApply(cap.io, { dir: 'keywords', ...opts }, t);
    return { code, stdout: cap.stdout(), stderr: cap.stderr() };
  } catch (err) {
    return { code: (err as { exitCode?: number }).exitCode ?? -1, stdout: cap.stdout(), stderr: (err as Error).message, hint: (err as { hint?: string }).hint };
  }
};
const writes = () => h.emulator.requests.filter((r) => r.method !== 'GET');

test('no terminal and no --auto-approve: exit 64 before any request, saying what to pass', async () => {
  const r = await kwsyncApply(['apply']);
  expect(r.code).toBe(64);
  expect(r.stderr).toMatch(/^kwsync: apply changes the live app and there is no terminal to confirm on\n {2}hint: pass --auto-approve/);
  expect(h.emulator.requests).toHaveLength(0);
});

test('on a terminal: the plan is shown, and only `yes` applies', async () => {
  const no = terminal(false);
  const refused = await apply({}, no.t);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toBe('apply cancelled; nothing was written');
  expect(no.asked).toEqual([`Apply these changes to "${h.emulator.appId}"? Only 'yes' will be accepted: `]);
  expect(writes()).toHaveLength(0);

  const yes = terminal(true);
  const applied = await apply({}, yes.t);
  expect(applied.code).toBe(0);
  expect(applied.stdout).toMatch(/Plan: 3 to create[\s\S]*Apply: 3 applied/);
  expect(await liveTerms(h, 'a')).toEqual(['x', 'new-a']);
});

test('--format json on a terminal still shows the plan to the person (stderr) before asking', async () => {
  const yes = terminal(true);
  const r = await apply({ format: 'json' }, yes.t);
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout).formatVersion).toBe(1);
  expect(r.stderr).toContain('Plan: 3 to create');
});

test('nothing to change: no question', async () => {
  expect((await kwsyncApply(['apply', '--auto-approve'])).code).toBe(0);
  const t = terminal(false);
  expect((await apply({}, t.t)).code).toBe(0);
  expect(t.asked).toEqual([]);
});

test('applyFrom: ci refuses outside CI (exit 4) unless CI is set or --allow-local-apply is given', async () => {
  await writeFile(join(h.keywords, 'kwsync.yaml'), 'targets:\n  - name: prod\n    applyFrom: ci\n');
  const local = await kwsyncApply(['apply', '--auto-approve']);
  expect(local.code).toBe(4);
  expect(local.stderr).toMatch(/target "prod" is applied only from CI \(applyFrom: ci in kwsync.yaml\), and this is not CI\n {2}hint: .*--allow-local-apply/);
  expect(h.emulator.requests).toHaveLength(0);
  expect((await kwsyncApply(['apply', '--auto-approve'], { GITHUB_ACTIONS: 'true' })).code).toBe(0);
  await h.writeList('a', ['x', 'newer']);
  expect((await kwsyncApply(['apply', '--auto-approve', '--allow-local-apply'])).code).toBe(0);
  expect(await liveTerms(h, 'a')).toEqual(['x', 'newer']);
});

test('Ctrl-C: no write starts, the report says so for each list, exit 130', async () => {
  const r = await apply({ autoApprove: true }, terminal(true, 'at once').t);
  expect(r.code).toBe(130);
  expect(r.stderr).toContain('kwsync: interrupted; no new write starts');
  expect(r.stdout.match(/! skipped +[abc] \(create\)\n +not started: the apply was interrupted/g)).toHaveLength(3);
  expect(writes()).toHaveLength(0);
});

test('a saved plan names its target: no --target needed with several; a different --target is refused', async () => {
  await writeFile(join(h.keywords, 'kwsync.yaml'), 'targets:\n  - name: staging\n  - name: prod\n');
  expect((await kwsyncApply(['plan', '--target', 'prod', '--out', 'plan.json'])).code).toBe(0);
  const other = await kwsyncApply(['apply', '--plan', 'plan.json', '--target', 'staging']);
  expect(other.code).toBe(4);
  expect(other.stderr).toMatch(/plan.json was made for target "prod", not "staging"/);
  // The hint `plan --out` prints, pasted as it is.
  const pasted = await kwsyncApply(['apply', '--plan', 'plan.json']);
  expect(pasted.code).toBe(0);
  expect(pasted.stdout).toContain('Apply: 3 applied');
});

async function kwsyncApply(argv: string[], env: Record<string, string> = {}) {
  const cap = captureIo({ ...h.env, ...env }, h.root);
  const code = await runCli(argv, cap.io);
  return { code, stdout: cap.stdout(), stderr: cap.stderr() };
}
