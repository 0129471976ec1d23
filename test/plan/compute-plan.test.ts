import { computePlan, planSummaryLine, unsafeReasons } from '../../src/plan/index.js';
import { ConfigError } from '../../src/errors.js';
import { planHasChanges } from '../../src/model/plan.js';
import { NOW, SAFETY, desired, live, range } from './fixtures.js';

const opts = { target: 'prod', prune: false, safety: SAFETY, now: NOW };

test('a list with no live counterpart is a create carrying every term and no revision', () => {
  const plan = computePlan([desired('a', ['x', 'y'])], [], opts);
  expect(plan.changes).toEqual([
    expect.objectContaining({ kind: 'create', id: 'a', before: null, added: ['x', 'y'], removed: [], revisionId: null, file: 'keywords/a.yaml', unsafe: null }),
  ]);
  expect(plan.changes[0]?.after).toEqual({ id: 'a', name: 'List a', description: '', category: 'word', searchTerms: ['x', 'y'] });
  expect(plan.createdAt).toBe(NOW.toISOString());
});

test.each([
  ['reordered terms', ['b', 'a'], ['a', 'b']],
  ['repeated live terms', ['a', 'b'], ['a', 'a', 'b']],
  ['identical terms', ['a', 'b'], ['a', 'b']],
])('%s are no change (set semantics)', (_label, want, have) => {
  const plan = computePlan([desired('a', want)], [live('a', have)], opts);
  expect(plan.changes[0]).toMatchObject({ kind: 'noop', added: [], removed: [], fieldChanges: [], revisionId: 'abc123_a_3' });
  expect(planHasChanges(plan)).toBe(false);
});

test('term and field changes make an update tied to the live revision', () => {
  const plan = computePlan(
    [desired('a', ['keep', 'new'], { name: 'New name', category: 'pattern', description: 'd' })],
    [live('a', ['keep', 'old', 'old'], { name: 'Old name', revisionId: 'h_a_7' })],
    opts,
  );
  expect(plan.changes[0]).toMatchObject({
    kind: 'update',
    added: ['new'],
    removed: ['old'],
    revisionId: 'h_a_7',
    fieldChanges: [
      { field: 'name', before: 'Old name', after: 'New name' },
      { field: 'description', before: '', after: 'd' },
      { field: 'category', before: 'word', after: 'pattern' },
    ],
  });
});

test('terms compare exactly: case and quotes are changes', () => {
  const plan = computePlan([desired('a', ['Heck', 'x'])], [live('a', ['heck', '"x"'])], opts);
  expect(plan.changes[0]).toMatchObject({ kind: 'update', added: ['Heck', 'x'], removed: ['heck', '"x"'] });
});

test('default lists are never touched, even with prune; other orphans are unmanaged without prune', () => {
  const liveLists = [live('profanity-list', ['a'], { default: true }), live('orphan', ['z'])];
  const kept = computePlan([], liveLists, opts);
  expect(kept.changes).toEqual([]);
  expect(kept.defaults).toEqual(['profanity-list']);
  expect(kept.unmanaged).toEqual([{ id: 'orphan', name: 'List orphan', category: 'word', revisionId: 'abc123_orphan_3', terms: 1 }]);

  const pruned = computePlan([], liveLists, { ...opts, prune: true });
  expect(pruned.changes.map((c) => [c.kind, c.id])).toEqual([['delete', 'orphan']]);
  expect(pruned.changes[0]?.unsafe).toBe('deletes the list and its 1 term');
  expect(pruned.unmanaged).toEqual([]);
});

test('a file claiming a default list id is a located error, not an update', () => {
  expect(() => computePlan([desired('profanity-list', ['a'])], [live('profanity-list', ['a'], { default: true })], opts)).toThrow(
    ConfigError,
  );
  expect(() => computePlan([desired('profanity-list', ['a'])], [live('profanity-list', ['a'], { default: true })], opts)).toThrow(
    /keywords\/profanity-list\.yaml: list id "profanity-list" is a default list/,
  );
});

test('changes are sorted by id whatever the input order', () => {
  const plan = computePlan([desired('c', ['1']), desired('a', ['1'])], [live('b', ['1'])], { ...opts, prune: true });
  expect(plan.changes.map((c) => c.id)).toEqual(['a', 'b', 'c']);
});

describe('safety', () => {
  test.each([
    [10, 3, false], // 30% is the limit itself: allowed
    [10, 4, true],
    [9, 9, false], // below minTermsForShareCheck: no share check
  ])('live %i terms, %i removed -> unsafe %s', (size, removed, unsafe) => {
    const terms = range(size);
    const plan = computePlan([desired('a', terms.slice(removed))], [live('a', terms)], opts);
    expect(plan.changes[0]?.unsafe !== null).toBe(unsafe);
  });

  test('the reason says how much and which setting; unsafeReasons lists it per list', () => {
    const plan = computePlan([desired('a', range(6))], [live('a', range(12))], opts);
    expect(plan.changes[0]?.unsafe).toBe('removes 6 of 12 terms (50%), more than safety.maxRemovedShare (30%)');
    expect(unsafeReasons(plan)).toEqual(['a: removes 6 of 12 terms (50%), more than safety.maxRemovedShare (30%)']);
  });

  test('thresholds come from the config', () => {
    const plan = computePlan([desired('a', range(2))], [live('a', range(4))], {
      ...opts,
      safety: { maxRemovedShare: 0.4, minTermsForShareCheck: 4 },
    });
    expect(plan.changes[0]?.unsafe).toMatch(/removes 2 of 4 terms \(50%\)/);
  });
});

test('the summary line counts each kind', () => {
  const plan = computePlan(
    [desired('new', ['a']), desired('same', ['a']), desired('up1', ['b']), desired('up2', ['c'])],
    [live('same', ['a']), live('up1', ['a']), live('up2', ['a'])],
    opts,
  );
  expect(planSummaryLine(plan)).toBe('Plan: 1 to create, 2 to update, 0 to delete, 1 unchanged.');
});
