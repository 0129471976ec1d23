// Drift and "ahead" as pure functions of a plan and of two sets of lists.
import { classifyDrift, compareAhead, targetInSync, targetUnread, uncheckedDrift, unknownAhead } from '../../src/status/classify.js';
import { computePlan } from '../../src/plan/index.js';
import type { KeywordList, LiveKeywordList } from '../../src/model/keyword-list.js';

const list = (id: string, terms: string[], extra: Partial<KeywordList> = {}): KeywordList => ({ id, name: id, description: '', category: 'word', searchTerms: terms, ...extra });
const live = (l: KeywordList, extra: Partial<LiveKeywordList> = {}): LiveKeywordList => ({ ...l, revisionId: `r_${l.id}`, isCSV: false, active: true, default: false, createdAt: 0, updatedAt: 0, ...extra });
const safety = { maxRemovedShare: 1, minTermsForShareCheck: 0 };
const plan = (want: KeywordList[], have: LiveKeywordList[]) => computePlan(want, have, { target: 't', prune: false, safety });

describe('classifyDrift', () => {
  test.each([
    ['live matches', [list('a', ['x'])], [live(list('a', ['x']))], false, { state: 'none', liveEdits: [], missing: [], unmanaged: [] }],
    ['order and repeats are no drift', [list('a', ['x', 'y'])], [live(list('a', ['y', 'x', 'x']))], false, { state: 'none' }],
    ['a term added live', [list('a', ['x'])], [live(list('a', ['x', 'y']))], false, { state: 'drift', liveEdits: ['a'] }],
    ['a name changed live', [list('a', ['x'])], [live(list('a', ['x'], { name: 'A!' }))], false, { state: 'drift', liveEdits: ['a'] }],
    ['a list deleted live', [list('a', ['x']), list('b', ['y'])], [live(list('a', ['x']))], false, { state: 'drift', missing: ['b'] }],
    ['an unmanaged list with prune off is shown, not drift', [list('a', ['x'])], [live(list('a', ['x'])), live(list('z', ['q']))], false, { state: 'none', unmanaged: ['z'] }],
    ['an unmanaged list with prune on is drift', [list('a', ['x'])], [live(list('a', ['x'])), live(list('z', ['q']))], true, { state: 'drift', unmanaged: ['z'] }],
    ['default lists are never unmanaged', [list('a', ['x'])], [live(list('a', ['x'])), live(list('profanity', ['q']), { default: true })], true, { state: 'none', unmanaged: [] }],
  ] as const)('%s', (_, want, have, prune, expected) => {
    expect(classifyDrift(plan([...want], [...have]), prune)).toMatchObject(expected);
  });

  test('compared with a ref (no applied commit), a differing list is "differs from", not a live edit', () => {
    const d = classifyDrift(plan([list('a', ['x', 'new'])], [live(list('a', ['x']))]), false, 'HEAD');
    expect(d).toMatchObject({ state: 'drift', liveEdits: [], differs: ['a'], differsFrom: 'HEAD' });
    // Against the applied commit (no differsFrom) the same difference is a live edit, and differs is absent.
    expect(classifyDrift(plan([list('a', ['x', 'new'])], [live(list('a', ['x']))]), false)).not.toHaveProperty('differs');
  });

  test('a list that could not be read live is an error, named', () => {
    const p = computePlan([list('a', ['x'])], [], { target: 't', prune: false, safety, unreadable: [{ id: 'a', problems: ['searchTerms: not an array'] }] });
    const d = classifyDrift(p, false);
    expect(d).toMatchObject({ state: 'error', unreadable: ['a'] });
    expect(d.reason).toContain('could not be read live: a');
  });

  test('a listing cut short is noted: unmanaged lists past it were not checked', () => {
    const p = computePlan([list('a', ['x'])], [live(list('a', ['x']))], { target: 't', prune: false, safety, truncatedListing: { listed: 10 } });
    expect(classifyDrift(p, false).notes.join(' ')).toMatch(/past the 10 the service listed/);
  });
});

describe('compareAhead', () => {
  const ref = { name: 'HEAD', sha: 'b'.repeat(40) };
  test('added, changed and removed lists, ids sorted; unchanged lists are not named', () => {
    const applied = [list('keep', ['x']), list('edit', ['x']), list('gone', ['x'])];
    const head = [list('keep', ['x']), list('edit', ['x', 'y']), list('new-b', ['z']), list('new-a', ['z'])];
    expect(compareAhead(applied, head, ref)).toEqual({ state: 'ahead', ref: 'HEAD', sha: ref.sha, added: ['new-a', 'new-b'], changed: ['edit'], removed: ['gone'] });
  });
  test('the same lists in another order (and terms reordered) are nothing ahead', () => {
    expect(compareAhead([list('a', ['x', 'y']), list('b', [])], [list('b', []), list('a', ['y', 'x'])], ref)).toMatchObject({ state: 'none', added: [], changed: [], removed: [] });
  });
  test('a description change is a change', () => {
    expect(compareAhead([list('a', ['x'])], [list('a', ['x'], { description: 'now with words' })], ref).changed).toEqual(['a']);
  });
});

test('in sync means read, no drift, nothing ahead; unknown ahead is not ahead', () => {
  const none = classifyDrift(plan([], []), false);
  const ref = { name: 'HEAD' };
  expect(targetInSync({ drift: none, ahead: unknownAhead(ref, 'no record') })).toBe(true);
  expect(targetInSync({ drift: none, ahead: compareAhead([], [list('a', [])], ref) })).toBe(false);
  expect(targetInSync({ drift: uncheckedDrift('not-checked', 'set X'), ahead: unknownAhead(ref, '') })).toBe(false);
  expect(targetUnread({ applied: {}, drift: uncheckedDrift('not-checked', 'set X') })).toBe(true);
  expect(targetUnread({ applied: { error: true }, drift: none })).toBe(true);
  expect(targetUnread({ applied: {}, drift: none })).toBe(false);
});
