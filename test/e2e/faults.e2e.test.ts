// Failures half-way through an apply: each list ends at its old or its new state, and a re-run
// finishes the job.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_RETRY_POLICY } from '../../src/api/retry-policy.js';
import { applyFailed, applyPlan } from '../../src/apply/index.js';
import { computePlan } from '../../src/plan/index.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { validateRepo } from '../../src/validate/index.js';
import { liveTerms, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

test('503s and dropped responses on some PUTs fail those lists only; a re-run converges', async () => {
  for (const id of ['a', 'b', 'c', 'd']) await h.writeList(id, ['x']);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  for (const id of ['a', 'b', 'c', 'd']) await h.writeList(id, ['x', `new-${id}`]);

  // A client that gives up quickly, so the faults outlast its retries; apply confirms ambiguous
  // writes with the same policy.
  const retry = { ...DEFAULT_RETRY_POLICY, maxRetries: 1, minDelayMs: 1, maxDelayMs: 2 };
  const target = h.target({ retry });
  h.emulator.injectFaults({ type: '503', count: 2, method: 'PUT', path: '/moderation/keywords/b' });
  // The write lands but the answer is lost: the ambiguous case.
  h.emulator.injectFaults({ type: 'drop-after', count: 2, method: 'PUT', path: '/moderation/keywords/c' });
  const repo = await validateRepo({ dir: 'keywords', cwd: h.root });
  const plan = computePlan(repo.lists, (await target.listKeywordLists()).lists, { target: target.label, prune: false, safety: DEFAULT_CONFIG.safety });
  const report = await applyPlan(plan, target, { force: false, concurrency: 4, retry });

  expect(report.results.map((r) => [r.id, r.outcome])).toEqual([
    ['a', 'applied'],
    ['b', 'failed'],
    // Its answer was lost but the write landed: a re-read shows it, and it is never sent twice.
    ['c', 'applied'],
    ['d', 'applied'],
  ]);
  expect(report.results[1]?.message).toMatch(/update failed: .*run `kwsync apply` again to finish/);
  expect(report.results[2]?.message).toMatch(/the answer to the write was lost .*; a re-read shows the planned content at revision \S+_c_2, so the write landed/);
  expect(report.results[2]?.warnings).toEqual([]);
  expect(h.emulator.requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/c'))).toHaveLength(1);
  expect(applyFailed(report)).toBe(true);
  // Old or new, never half: b kept its old terms, c got its new ones.
  expect(await liveTerms(h, 'b')).toEqual(['x']);
  expect(await liveTerms(h, 'c')).toEqual(['x', 'new-c']);

  const rerun = await h.run(['apply', '--auto-approve']);
  expect(rerun.code).toBe(0);
  expect(rerun.stdout).toContain('Plan: 0 to create, 1 to update, 0 to delete, 3 unchanged.');
  expect(rerun.stdout).toMatch(/✓ applied +b \(update\)/);
  expect((await h.run(['plan', '--detailed-exitcode'])).code).toBe(0);
  for (const id of ['a', 'b', 'c', 'd']) expect(await liveTerms(h, id)).toEqual(['x', `new-${id}`]);
});

test('through the CLI: with service.maxRetries 0 a 503 fails that list, exit 1; the re-run exits 0', async () => {
  await writeFile(join(h.keywords, 'kwsync.yaml'), 'service:\n  maxRetries: 0\n  timeoutMs: 5000\n');
  for (const id of ['a', 'b']) await h.writeList(id, ['x']);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  for (const id of ['a', 'b']) await h.writeList(id, ['x', `new-${id}`]);
  h.emulator.injectFaults({ type: '503', count: 1, method: 'PUT', path: '/moderation/keywords/b' });

  const failed = await h.run(['apply', '--auto-approve']);
  expect(failed.code).toBe(1);
  expect(failed.stdout).toMatch(/✓ applied +a \(update\)/);
  expect(failed.stdout).toMatch(/failed +b \(update\)/);
  // One attempt only: the kwsync.yaml setting reached the client.
  expect(h.emulator.requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/b')).map((r) => r.status)).toEqual([503]);
  expect(await liveTerms(h, 'b')).toEqual(['x']);

  const rerun = await h.run(['apply', '--auto-approve']);
  expect(rerun.code).toBe(0);
  expect(await liveTerms(h, 'b')).toEqual(['x', 'new-b']);
});
