// An aborted apply (Ctrl-C) starts no further write, lets the write in flight finish, and reports
// every list: what landed, and what was not started.
import { applyFailed, applyPlan, NOT_STARTED } from '../../src/apply/index.js';
import { computePlan } from '../../src/plan/index.js';
import { FakeTarget } from '../helpers/fake-target.js';
import { NOW, SAFETY, desired } from '../plan/fixtures.js';

test('the signal aborted during the first write: it lands and is reported; the others never start', async () => {
  const target = new FakeTarget();
  const controller = new AbortController();
  let reads = 0;
  const counting = { ...target, label: target.label, listKeywordLists: () => ((reads += 1), target.listKeywordLists()), getKeywordList: (id: string) => ((reads += 1), target.getKeywordList(id)), createKeywordList: target.createKeywordList.bind(target), updateKeywordList: target.updateKeywordList.bind(target), deleteKeywordList: target.deleteKeywordList.bind(target) };
  target.hooks.beforeWrite = () => controller.abort(); // Ctrl-C while the first write is in flight
  const plan = computePlan([desired('a', ['1']), desired('b', ['1']), desired('c', ['1'])], [], { target: 'fake', prune: false, safety: SAFETY, now: NOW });
  const report = await applyPlan(plan, counting, { force: false, concurrency: 1, signal: controller.signal });
  expect(report.results.map((r) => [r.id, r.outcome])).toEqual([
    ['a', 'applied'],
    ['b', 'skipped'],
    ['c', 'skipped'],
  ]);
  expect(report.results[1]?.message).toBe(NOT_STARTED);
  expect(target.writes.map((w) => w.id)).toEqual(['a']);
  // One re-read (a's, before its write) and no final read: the person asked to stop.
  expect(reads).toBe(1);
  expect(applyFailed(report)).toBe(true);
});
