import { applyFailed, applyPlan, renderApplyReportJson, renderApplyReportMarkdown, renderApplyReportText } from '../../src/apply/index.js';
import { RefusedPlanError } from '../../src/errors.js';
import type { KeywordList } from '../../src/model/keyword-list.js';
import { computePlan } from '../../src/plan/index.js';
import { FakeTarget } from '../helpers/fake-target.js';
import { NOW, SAFETY, desired, range } from '../plan/fixtures.js';

const list = (id: string, terms: string[], extra: Partial<KeywordList> = {}): KeywordList => ({
  id, name: `List ${id}`, description: '', category: 'word', searchTerms: terms, ...extra,
});
const fixedNow = () => NOW;

async function planFor(target: FakeTarget, files: KeywordList[], prune = false) {
  return computePlan(files, (await target.listKeywordLists()).lists, { target: 'fake', prune, safety: SAFETY, now: NOW });
}

test('creates, updates and deletes, one write per changed list, verified', async () => {
  const target = new FakeTarget([list('keep', ['a']), list('up', ['a']), list('gone', ['x']), { ...list('dflt', ['d']), default: true }]);
  const plan = await planFor(target, [desired('keep', ['a']), desired('up', ['a', 'b']), desired('new', ['n'])], true);
  const report = await applyPlan(plan, target, { force: true, concurrency: 2, now: fixedNow });
  expect(report.results.map((r) => [r.id, r.kind, r.outcome, r.revisionId])).toEqual([
    ['gone', 'delete', 'applied', null],
    ['keep', 'noop', 'unchanged', 'fakehash_keep_1'],
    ['new', 'create', 'applied', 'fakehash_new_1'],
    ['up', 'update', 'applied', 'fakehash_up_2'],
  ]);
  expect(report.results.every((r) => r.warnings.length === 0)).toBe(true);
  expect(target.writes).toHaveLength(3);
  expect(target.lists.has('dflt')).toBe(true);
  expect(applyFailed(report)).toBe(false);
});

test('unsafe changes are refused before any write without --force, with the reason per list', async () => {
  const target = new FakeTarget([list('big', range(20)), list('orphan', ['x'])]);
  const plan = await planFor(target, [desired('big', range(5))], true);
  const attempt = applyPlan(plan, target, { force: false, concurrency: 4 });
  await expect(attempt).rejects.toBeInstanceOf(RefusedPlanError);
  await expect(attempt).rejects.toMatchObject({
    exitCode: 4,
    reasons: ['big: removes 15 of 20 terms (75%), more than safety.maxRemovedShare (30%)', 'orphan: deletes the list and its 1 term'],
  });
  // Several reasons read as a list, one change per line.
  await expect(attempt).rejects.toMatchObject({
    message: 'refusing 2 unsafe changes without --force:\n  - big: removes 15 of 20 terms (75%), more than safety.maxRemovedShare (30%)\n  - orphan: deletes the list and its 1 term',
  });
  expect(target.writes).toEqual([]);
});

test('a list edited live between plan and apply is skipped, not overwritten', async () => {
  const target = new FakeTarget([list('a', ['x']), list('b', ['x'])]);
  const plan = await planFor(target, [desired('a', ['x', 'y']), desired('b', ['x', 'z'])]);
  target.put(list('a', ['x', 'someone-else']));
  const report = await applyPlan(plan, target, { force: false, concurrency: 4, now: fixedNow });
  expect(report.results.find((r) => r.id === 'a')).toMatchObject({ outcome: 'skipped', revisionId: 'fakehash_a_2' });
  expect(report.results.find((r) => r.id === 'a')?.message).toMatch(/changed live since the plan \(revision fakehash_a_1 -> fakehash_a_2\)/);
  expect(target.lists.get('a')?.searchTerms).toEqual(['x', 'someone-else']);
  expect(report.results.find((r) => r.id === 'b')?.outcome).toBe('applied');
  expect(applyFailed(report)).toBe(true);
});

test('a failed write is reported and a re-run converges; a create already done counts as done', async () => {
  let failing = true;
  const target = new FakeTarget([list('a', ['x'])], {
    beforeWrite: (_op, id) => {
      if (failing && id === 'a') throw new Error('service unavailable (503)');
    },
  });
  const files = [desired('a', ['x', 'y']), desired('n', ['1'])];
  const plan = await planFor(target, files);
  const first = await applyPlan(plan, target, { force: false, concurrency: 1 });
  expect(first.results.map((r) => r.outcome)).toEqual(['failed', 'applied']);
  expect(first.results[0]?.message).toMatch(/update failed: service unavailable \(503\).*run `kwsync apply` again/);

  failing = false;
  const again = await applyPlan(plan, target, { force: false, concurrency: 1 });
  expect(again.results.map((r) => [r.id, r.outcome, r.message])).toEqual([
    ['a', 'applied', null],
    ['n', 'unchanged', 'already has the planned content'],
  ]);
  expect((await planFor(target, files)).changes.every((c) => c.kind === 'noop')).toBe(true);
});

test('a service that stores other terms than sent fails verification', async () => {
  const target = new FakeTarget([], { store: (l) => ({ ...l, searchTerms: l.searchTerms.map((t) => `"${t}"`) }) });
  const plan = await planFor(target, [desired('q', ['a,b'])]);
  const report = await applyPlan(plan, target, { force: false, concurrency: 1 });
  expect(report.results[0]).toMatchObject({ outcome: 'failed', revisionId: 'fakehash_q_1' });
  expect(report.results[0]?.message).toMatch(/terms sent but not stored: "a,b"; terms stored but not sent: "\\"a,b\\""/);
});

test('a revision that rises by more than one is a conflict naming the list and both revisions (exit 1)', async () => {
  const target = new FakeTarget([list('a', ['x'])]);
  target.hooks.beforeWrite = (_op, id) => {
    target.put(target.lists.get(id)!); // someone else writes just before us
  };
  const plan = await planFor(target, [desired('a', ['y'])]);
  const report = await applyPlan(plan, target, { force: false, concurrency: 1 });
  expect(report.results[0]).toMatchObject({ id: 'a', outcome: 'conflict', revisionId: 'fakehash_a_3' });
  expect(report.results[0]?.message).toMatch(/another writer wrote "a" during this apply: revision fakehash_a_1 was read, and after this write it is fakehash_a_3/);
  expect(applyFailed(report)).toBe(true);
});

test('progress is reported once per list, counting up to the total', async () => {
  const target = new FakeTarget();
  const plan = await planFor(target, [desired('a', ['1']), desired('b', ['1']), desired('c', ['1'])]);
  const seen: string[] = [];
  await applyPlan(plan, target, { force: false, concurrency: 2, onProgress: (d, t, r) => seen.push(`${d}/${t}`) && undefined });
  expect(seen).toEqual(['1/3', '2/3', '3/3']);
});

test('at most `concurrency` writes are in flight', async () => {
  let inFlight = 0;
  let peak = 0;
  const target = new FakeTarget([], {
    beforeWrite: async () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setImmediate(r));
      inFlight -= 1;
    },
  });
  const plan = await planFor(target, range(10, 'l').map((id) => desired(id, ['x'])));
  await applyPlan(plan, target, { force: false, concurrency: 3 });
  expect(peak).toBe(3);
});

describe('report renderers', () => {
  const report = {
    target: 'prod',
    startedAt: '2026-01-02T03:04:05.000Z',
    finishedAt: '2026-01-02T03:04:06.000Z',
    results: [
      { id: 'a', kind: 'create' as const, outcome: 'applied' as const, revisionId: 'h_a_1', message: null, warnings: [] },
      { id: 'b', kind: 'update' as const, outcome: 'applied' as const, revisionId: 'h_b_4', message: null, warnings: ['revision went from h_b_2 to h_b_4, not up by exactly one'] },
      { id: 'c', kind: 'noop' as const, outcome: 'unchanged' as const, revisionId: 'h_c_1', message: null, warnings: [] },
      { id: 'd', kind: 'update' as const, outcome: 'skipped' as const, revisionId: 'h_d_3', message: 'the list was changed live since the plan', warnings: [] },
      { id: 'e', kind: 'delete' as const, outcome: 'failed' as const, revisionId: 'h_e_1', message: 'delete failed: 503 | retry', warnings: [] },
    ],
  };
  test('text', () => expect(renderApplyReportText(report, { color: false })).toMatchSnapshot());
  test('markdown', () => expect(renderApplyReportMarkdown(report)).toMatchSnapshot());
  test('json', () => expect(JSON.parse(renderApplyReportJson(report))).toEqual({ formatVersion: 1, ...report }));
});

test('terms stored in another order are applied, with a warning', async () => {
  const target = new FakeTarget([], { store: (l) => ({ ...l, searchTerms: [...l.searchTerms].sort() }) });
  const report = await applyPlan(await planFor(target, [desired('s', ['b', 'a'])]), target, { force: false, concurrency: 1 });
  expect(report.results[0]?.outcome).toBe('applied');
  expect(report.results[0]?.warnings).toEqual(['the service returned the same terms in another order or with repeats; matching is unaffected']);
});
