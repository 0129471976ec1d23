import type { KeywordList } from '../../src/model/keyword-list.js';
import type { KeywordTarget } from '../../src/model/target.js';
import { applyPlan } from '../../src/apply/index.js';
import { computePlan, liveNotes, readLiveLists, renderPlanText } from '../../src/plan/index.js';
import { FakeTarget } from '../helpers/fake-target.js';
import { NOW, SAFETY, desired } from './fixtures.js';

const list = (id: string, terms: string[]): KeywordList => ({ id, name: `List ${id}`, description: '', category: 'word', searchTerms: terms });

function appWith(n: number, listLimit: number | undefined): FakeTarget {
  const target = new FakeTarget(Array.from({ length: n }, (_, i) => list(`l${String(i).padStart(2, '0')}`, ['a'])));
  target.listLimit = listLimit;
  return target;
}

test('a list hidden by a truncated listing is found by id, so the plan updates it instead of creating it', async () => {
  const target = appWith(15, 10);
  const files = [desired('l12', ['a', 'b']), desired('l03', ['a']), desired('brand-new', ['n'])];
  const asked: string[] = [];
  const spy: KeywordTarget = { ...bind(target), getKeywordList: async (id) => (asked.push(id), target.getKeywordList(id)) };
  const live = await readLiveLists(spy, files.map((f) => f.id));
  expect(live.mayBeTruncated).toBe(true);
  expect(live.listed).toBe(10);
  expect(asked.sort()).toEqual(['brand-new', 'l12']);
  const plan = computePlan(files, live.lists, { target: 'fake', prune: false, safety: SAFETY, now: NOW, notes: liveNotes(live) });
  expect(plan.changes.map((c) => [c.id, c.kind])).toEqual([
    ['brand-new', 'create'],
    ['l03', 'noop'],
    ['l12', 'update'],
  ]);
  expect(plan.changes.find((c) => c.id === 'l12')?.revisionId).toBe('fakehash_l12_1');
  expect(renderPlanText(plan, { color: false })).toContain('Note: the service\'s list of keyword lists may be cut short: 10 items read, then');

  const report = await applyPlan(plan, target, { force: false, concurrency: 2, now: () => NOW });
  expect(report.results.map((r) => [r.id, r.outcome])).toEqual([
    ['brand-new', 'applied'],
    ['l03', 'unchanged'],
    ['l12', 'applied'],
  ]);
  expect(target.lists.get('l12')?.searchTerms).toEqual(['a', 'b']);
});

test('a complete listing sends no GET by id for lists it holds, and says nothing about truncation', async () => {
  const target = appWith(3, undefined);
  const asked: string[] = [];
  const spy: KeywordTarget = { ...bind(target), getKeywordList: async (id) => (asked.push(id), target.getKeywordList(id)) };
  const live = await readLiveLists(spy, ['l00', 'l02', 'new']);
  expect(asked).toEqual(['new']);
  expect(live.mayBeTruncated).toBe(false);
  expect(liveNotes(live)).toEqual([]);
});

test('lists of a category kwsync does not know are named in a note, and never planned', async () => {
  const target = appWith(2, undefined);
  const listing = { ...bind(target), listKeywordLists: async () => ({ ...(await target.listKeywordLists()), unknownCategory: [{ id: 'ai-list', category: 'ai-moderation' }] }) };
  const live = await readLiveLists(listing, ['l00']);
  expect(liveNotes(live)).toEqual(['left alone 1 list, because kwsync does not know their category: ai-list (category "ai-moderation")']);
  const plan = computePlan([desired('l00', ['a'])], live.lists, { target: 'fake', prune: true, safety: SAFETY, now: NOW, notes: liveNotes(live) });
  expect(plan.changes.map((c) => [c.id, c.kind])).toEqual([['l00', 'noop'], ['l01', 'delete']]);
  expect(plan.notes).toEqual(liveNotes(live));
});

function bind(t: FakeTarget): KeywordTarget {
  return {
    label: t.label,
    listKeywordLists: () => t.listKeywordLists(),
    getKeywordList: (id) => t.getKeywordList(id),
    createKeywordList: (l) => t.createKeywordList(l),
    updateKeywordList: (l) => t.updateKeywordList(l),
    deleteKeywordList: (id) => t.deleteKeywordList(id),
  };
}
