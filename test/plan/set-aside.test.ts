// What the listing set aside reaches the plan (issue 18 items 4 and 5): default ids refused and
// counted, unreadable lists failing alone, a truncated listing never called clean, former ids asked.
import { applyPlan, applyFailed } from '../../src/apply/index.js';
import type { KeywordTarget, LiveListing } from '../../src/model/target.js';
import { computePlan, liveContext, readLiveLists, renderPlanMarkdown, renderPlanText } from '../../src/plan/index.js';
import { planSummaryLine } from '../../src/plan/summary.js';
import { readSavedPlan, savePlan } from '../../src/plan/saved-plan.js';
import { ApiError, ConfigError } from '../../src/errors.js';
import { FakeTarget } from '../helpers/fake-target.js';
import { NOW, SAFETY, desired, live } from './fixtures.js';

const opts = { target: 'fake', prune: true, safety: SAFETY, now: NOW };

/** A target whose listing is given, and whose GET by id answers from `byId` (or throws what it holds). */
function targetWith(listing: LiveListing, byId: Record<string, ReturnType<typeof live> | Error> = {}): KeywordTarget & { asked: string[] } {
  const fake = new FakeTarget();
  const asked: string[] = [];
  return {
    label: 'fake',
    asked,
    listKeywordLists: async () => listing,
    getKeywordList: async (id) => {
      asked.push(id);
      const answer = byId[id];
      if (answer instanceof Error) throw answer;
      return answer;
    },
    createKeywordList: (l) => fake.createKeywordList(l),
    updateKeywordList: (l) => fake.updateKeywordList(l),
    deleteKeywordList: (id) => fake.deleteKeywordList(id),
  };
}

const shapeError = (id: string) =>
  new ApiError(`unexpected response from GET /moderation/keywords/${id} (HTTP 200): searchTerms: Invalid input: expected array, received undefined`, {
    method: 'GET',
    path: `/moderation/keywords/${id}`,
    status: 200,
  });

test('a managed list that cannot be read fails alone: planned for nothing, named with its file and problems; the rest plans', async () => {
  const target = targetWith(
    { lists: [live('ok', ['a'])], mayBeTruncated: false, unreadable: [{ id: 'bad', problems: ['searchTerms: Invalid input: expected array, received undefined'] }] },
    { bad: shapeError('bad') },
  );
  const read = await readLiveLists(target, ['ok', 'bad']);
  // The listing could not read it, so it was asked by id once more, which could not read it either.
  expect(target.asked).toEqual(['bad']);
  const plan = computePlan([desired('ok', ['a', 'b']), desired('bad', ['x'])], read.lists, { ...opts, ...liveContext(read) });
  expect(plan.changes.map((c) => [c.id, c.kind])).toEqual([['ok', 'update']]);
  expect(plan.unreadable).toEqual([{ id: 'bad', file: 'keywords/bad.yaml', problems: ['searchTerms: Invalid input: expected array, received undefined'] }]);
  const text = renderPlanText(plan, { color: false });
  expect(text).toContain('✗ cannot plan bad  (keywords/bad.yaml)\n    the live list could not be read, so it is left as it is: searchTerms: Invalid input: expected array, received undefined');
  expect(text).toContain('Plan: 0 to create, 1 to update, 0 to delete, 0 unchanged. 1 list could not be read (not planned).');
  expect(renderPlanMarkdown(plan)).toContain('❌ **cannot plan `bad`** (`keywords/bad.yaml`)');
  // A saved plan keeps it, and apply reports it failed while applying the rest.
  expect(readSavedPlan(JSON.stringify(savePlan(plan)), 'plan.json')).toEqual(plan);
});

test('apply writes the readable lists and reports the unreadable one failed (exit 1)', async () => {
  const fake = new FakeTarget([live('ok', ['a'])]);
  const plan = computePlan([desired('ok', ['a', 'b']), desired('bad', ['x'])], [...fake.lists.values()], {
    ...opts,
    prune: false,
    unreadable: [{ id: 'bad', problems: ['name: Invalid input: expected string, received null'] }],
  });
  const report = await applyPlan(plan, fake, { force: false, concurrency: 2, now: () => NOW });
  expect(report.results.map((r) => [r.id, r.outcome])).toEqual([['ok', 'applied'], ['bad', 'failed']]);
  expect(report.results[1]!.message).toMatch(/^not written: the live list for keywords\/bad\.yaml could not be read \(name: Invalid input/);
  expect(fake.writes).toEqual([{ op: 'update', id: 'ok' }]);
  expect(applyFailed(report)).toBe(true);
});

test('an unreadable list with no file is never pruned, and one note names it', async () => {
  const target = targetWith({ lists: [live('ok', ['a'])], mayBeTruncated: false, unreadable: [{ id: 'odd', problems: ['revisionId: Invalid input'] }] });
  const read = await readLiveLists(target, ['ok']);
  expect(target.asked).toEqual([]);
  const plan = computePlan([desired('ok', ['a'])], read.lists, { ...opts, ...liveContext(read) });
  expect(plan.changes.map((c) => [c.id, c.kind])).toEqual([['ok', 'noop']]);
  expect(plan.notes).toEqual(['left alone 1 live list that could not be read (never pruned: kwsync cannot tell them from default lists): odd (revisionId: Invalid input)']);
  expect(renderPlanText(plan, { color: false })).toContain('No changes: the live lists match the files.');
});

test('default lists set aside by the listing are counted, refused as file ids, and never asked by id unless a file names one', async () => {
  const defaults = Array.from({ length: 20 }, (_, i) => ({ id: `prompt-${String(i).padStart(2, '0')}` }));
  const target = targetWith({ lists: [live('ok', ['a'])], mayBeTruncated: false, defaults });
  const read = await readLiveLists(target, ['ok']);
  expect(target.asked).toEqual([]);
  const plan = computePlan([desired('ok', ['a'])], read.lists, { ...opts, ...liveContext(read) });
  expect(plan.defaults).toHaveLength(20);
  expect(plan.changes.map((c) => c.kind)).toEqual(['noop']);
  expect(renderPlanText(plan, { color: false })).toContain('Default lists (never changed): prompt-00, prompt-01, prompt-02, prompt-03, prompt-04 and 15 more');
  expect(() => computePlan([desired('prompt-03', ['a'])], read.lists, { ...opts, ...liveContext(read) })).toThrow(ConfigError);
});

test('truncated: the summary says what was not checked, and "match" is never said', async () => {
  const target = targetWith({ lists: [live('ok', ['a'])], mayBeTruncated: true, defaults: [{ id: 'd' }], withoutId: 1 });
  const read = await readLiveLists(target, ['ok']);
  expect(read.listed).toBe(3);
  const plan = computePlan([desired('ok', ['a'])], read.lists, { ...opts, ...liveContext(read) });
  expect(planSummaryLine(plan)).toBe(
    'Plan: 0 to create, 0 to update, 0 to delete, 1 unchanged. Not checked: live lists with no file past the 3 the service listed (its listing may be cut short).',
  );
  const text = renderPlanText(plan, { color: false });
  expect(text).not.toContain('match');
  expect(text).toContain('ignored 1 item of the listing without a usable id');
  expect(renderPlanMarkdown(plan)).not.toContain('match');
});

test('former ids (files deleted since a base) missing from the listing are asked by id: prune deletes the one found', async () => {
  const target = targetWith({ lists: [live('ok', ['a'])], mayBeTruncated: true }, { gone: live('gone', ['g']) });
  const read = await readLiveLists(target, ['ok'], { formerIds: ['gone', 'never-was', 'ok'] });
  expect(target.asked.sort()).toEqual(['gone', 'never-was']);
  const plan = computePlan([desired('ok', ['a'])], read.lists, { ...opts, ...liveContext(read) });
  expect(plan.changes.map((c) => [c.id, c.kind])).toEqual([['gone', 'delete'], ['ok', 'noop']]);
  const kept = computePlan([desired('ok', ['a'])], read.lists, { ...opts, prune: false, ...liveContext(read) });
  expect(kept.unmanaged.map((u) => u.id)).toEqual(['gone']);
});

test('a failing service still fails the read: only an unreadable answer is one list\'s problem', async () => {
  const down = new ApiError('GET /moderation/keywords/x: HTTP 503', { method: 'GET', path: '/moderation/keywords/x', status: 503 });
  await expect(readLiveLists(targetWith({ lists: [], mayBeTruncated: false }, { x: down }), ['x'])).rejects.toBe(down);
});
