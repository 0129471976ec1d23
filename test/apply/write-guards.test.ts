// Write-time checks that hold whatever the plan says, write order, and advice on failed writes.
import { applyPlan } from '../../src/apply/index.js';
import { ApiError } from '../../src/errors.js';
import type { KeywordList } from '../../src/model/keyword-list.js';
import type { Plan } from '../../src/model/plan.js';
import { computePlan } from '../../src/plan/index.js';
import { FakeTarget } from '../helpers/fake-target.js';
import { NOW, SAFETY, desired, range } from '../plan/fixtures.js';

const list = (id: string, terms: string[]): KeywordList => ({ id, name: `List ${id}`, description: '', category: 'word', searchTerms: terms });

async function planFor(target: FakeTarget, files: KeywordList[], prune = false): Promise<Plan> {
  return computePlan(files, (await target.listKeywordLists()).lists, { target: 'fake', prune, safety: SAFETY, now: NOW });
}

/** What an edited plan file would carry: every `unsafe` cleared (the checksum is no obstacle). */
const cleared = (plan: Plan): Plan => ({ ...plan, changes: plan.changes.map((c) => ({ ...c, unsafe: null })) });

describe('safety is recomputed from the live list at write time', () => {
  test('a deletion whose plan claims it is safe is not made without --force', async () => {
    const target = new FakeTarget([list('keep', ['a']), list('orphan', ['x', 'y'])]);
    const plan = cleared(await planFor(target, [desired('keep', ['a'])], true));
    const report = await applyPlan(plan, target, { force: false, concurrency: 2, safety: SAFETY });
    expect(report.results.find((r) => r.id === 'orphan')).toMatchObject({
      outcome: 'skipped',
      message: 'not written, needs --force: deletes the list and its 2 terms',
    });
    expect(target.lists.has('orphan')).toBe(true);
    expect(target.writes).toEqual([]);
  });

  test('a large removal whose plan claims it is safe is not written without --force, and is with it', async () => {
    const target = new FakeTarget([list('big', range(20))]);
    const plan = cleared(await planFor(target, [desired('big', range(5))]));
    const refused = await applyPlan(plan, target, { force: false, concurrency: 1, safety: SAFETY });
    expect(refused.results[0]?.outcome).toBe('skipped');
    expect(refused.results[0]?.message).toBe('not written, needs --force: removes 15 of 20 terms (75%), more than safety.maxRemovedShare (30%)');
    expect(target.lists.get('big')?.searchTerms).toHaveLength(20);
    const forced = await applyPlan(plan, target, { force: true, concurrency: 1, safety: SAFETY });
    expect(forced.results[0]?.outcome).toBe('applied');
    expect(target.lists.get('big')?.searchTerms).toEqual(range(5));
  });

  test('the thresholds are the ones passed in, not the ones the plan was made with', async () => {
    const target = new FakeTarget([list('mid', range(10))]);
    const plan = await planFor(target, [desired('mid', range(8))]); // 20% removed: safe by default
    expect(plan.changes[0]?.unsafe).toBeNull();
    const strict = { maxRemovedShare: 0.1, minTermsForShareCheck: 5 };
    const report = await applyPlan(plan, target, { force: false, concurrency: 1, safety: strict });
    expect(report.results[0]?.message).toMatch(/needs --force: removes 2 of 10 terms \(20%\), more than safety\.maxRemovedShare \(10%\)/);
  });
});

test('a default list is never written or deleted, even with --force and a plan that asks for it', async () => {
  const target = new FakeTarget([{ ...list('dflt', ['d1', 'd2']), default: true }, { ...list('dflt2', ['e']), default: true }]);
  const plan: Plan = {
    ...(await planFor(target, [])),
    changes: [
      { kind: 'update', id: 'dflt', before: list('dflt', ['d1', 'd2']), after: list('dflt', ['x']), added: ['x'], removed: ['d1', 'd2'],
        fieldChanges: [], revisionId: 'fakehash_dflt_1', file: null, unsafe: null },
      { kind: 'delete', id: 'dflt2', before: list('dflt2', ['e']), after: null, added: [], removed: ['e'],
        fieldChanges: [], revisionId: 'fakehash_dflt2_1', file: null, unsafe: null },
    ],
  };
  const report = await applyPlan(plan, target, { force: true, concurrency: 2, safety: SAFETY });
  for (const r of report.results) {
    expect(r).toMatchObject({ outcome: 'skipped', message: 'not written: it is a default list of the app, and kwsync never changes those' });
  }
  expect(target.writes).toEqual([]);
  expect(target.lists.get('dflt')?.searchTerms).toEqual(['d1', 'd2']);
});

test.each([1, 4])('deletions run before creates and updates (concurrency %i); the report keeps plan order', async (concurrency) => {
  const target = new FakeTarget([list('a-up', ['x']), list('m-gone', ['x']), list('z-gone', ['x'])]);
  const plan = await planFor(target, [desired('a-up', ['y']), desired('b-new', ['n']), desired('c-new', ['n'])], true);
  const report = await applyPlan(plan, target, { force: true, concurrency, safety: SAFETY });
  const ops = target.writes.map((w) => w.op);
  expect(ops.slice(0, 2)).toEqual(['delete', 'delete']);
  expect(ops.slice(2).sort()).toEqual(['create', 'create', 'update']);
  expect(report.results.map((r) => r.id)).toEqual(['a-up', 'b-new', 'c-new', 'm-gone', 'z-gone']);
  expect(report.results.every((r) => r.outcome === 'applied')).toBe(true);
});

describe('a failed write says whether running apply again can help', () => {
  const failWith = (err: Error) => new FakeTarget([], { beforeWrite: () => { throw err; } });
  const apiError = (status: number | undefined, code: string, said: string) =>
    new ApiError(`POST /moderation/keywords failed: ${status ? `HTTP ${status} ` : ''}${code}: ${said}`, {
      method: 'POST', path: '/moderation/keywords', ...(status ? { status } : {}), code, hint: 'the service rejected the request as invalid',
    });

  test.each([
    ['a 5xx', apiError(503, 'ERR_UNAVAILABLE', 'try later')],
    ['a 429', apiError(429, 'ERR_TOO_MANY_REQUESTS', 'slow down')],
    ['no response', apiError(undefined, 'UND_ERR_CONNECT_TIMEOUT', 'timed out')],
  ])('%s: re-run to finish', async (_what, err) => {
    const target = failWith(err);
    const report = await applyPlan(await planFor(target, [desired('n', ['1'])]), target, { force: false, concurrency: 1, safety: SAFETY });
    expect(report.results[0]?.outcome).toBe('failed');
    expect(report.results[0]?.message).toMatch(/^create failed: .*; the list is unchanged or fully written, run `kwsync apply` again to finish$/);
  });

  test('a 4xx refusal: the service refused, with its message and code, and what to fix', async () => {
    const target = failWith(apiError(400, 'ERR_BAD_REQUEST', 'The app already has 25 keyword lists'));
    const report = await applyPlan(await planFor(target, [desired('n', ['1'])]), target, { force: false, concurrency: 1, safety: SAFETY });
    const message = report.results[0]?.message ?? '';
    expect(message).toMatch(/^create refused by the service: POST \/moderation\/keywords failed: HTTP 400 ERR_BAD_REQUEST: The app already has 25 keyword lists; /);
    expect(message).toMatch(/running apply again will not help: fix what the message names .*, then run `kwsync apply` again$/);
    expect(message).not.toContain('again to finish');
  });
});
