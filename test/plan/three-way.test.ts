// The three-way plan (base branch, live, PR) and what apply would refuse, table-driven.
import { describe, expect, it } from '@jest/globals';
import type { DesiredList, LiveKeywordList } from '../../src/model/keyword-list.js';
import { defaultIdProblems, listLimitProblem, RULES, unsafeProblems } from '../../src/plan/predict-apply.js';
import { computeThreeWay, hasReverts } from '../../src/plan/three-way.js';
import { desired, live, NOW, range, SAFETY } from './fixtures.js';

const opts = (prune = false) => ({ target: 't', prune, safety: SAFETY, now: NOW });

interface Row {
  name: string;
  base: DesiredList[];
  live: LiveKeywordList[];
  pr: DesiredList[];
  prune?: boolean;
  want: { own: string; changedLive: boolean; removes?: string[]; readds?: string[]; list?: string | null; adopted?: string[]; fields?: string[] } | 'absent';
}

const rows: Row[] = [
  { name: 'PR adds a term, live as base: own change only', base: [desired('a', ['x'])], live: [live('a', ['x'])], pr: [desired('a', ['x', 'y'])], want: { own: 'update', changedLive: false, removes: [] } },
  { name: 'term added live, PR leaves the file: merging removes it (drift)', base: [desired('a', ['x'])], live: [live('a', ['x', 'emergency'])], pr: [desired('a', ['x', 'y'])], want: { own: 'update', changedLive: true, removes: ['emergency'] } },
  { name: 'term added live and the PR brings it in: adopted, nothing reverted', base: [desired('a', ['x'])], live: [live('a', ['x', 'emergency'])], pr: [desired('a', ['x', 'emergency'])], want: { own: 'update', changedLive: true, removes: [], adopted: ['emergency'] } },
  { name: 'term removed live, PR keeps it: merging adds it back', base: [desired('a', ['x', 'y'])], live: [live('a', ['x'])], pr: [desired('a', ['x', 'y'])], want: { own: 'none', changedLive: true, readds: ['y'] } },
  { name: 'term removed live, PR removes it too: nothing reverted', base: [desired('a', ['x', 'y'])], live: [live('a', ['x'])], pr: [desired('a', ['x'])], want: { own: 'update', changedLive: true, readds: [] } },
  { name: 'name edited live, PR keeps the old name: set back', base: [desired('a', ['x'])], live: [live('a', ['x'], { name: 'Live name' })], pr: [desired('a', ['x'])], want: { own: 'none', changedLive: true, fields: ['name'] } },
  { name: 'list deleted live, PR keeps the file: created again', base: [desired('a', ['x'])], live: [], pr: [desired('a', ['x'])], want: { own: 'none', changedLive: true, list: 'recreates-list' } },
  { name: 'list created live, prune on, no file: deleted by merging', base: [], live: [live('a', ['x'])], pr: [], prune: true, want: { own: 'none', changedLive: true, list: 'deletes-live-list' } },
  { name: 'list created live, prune off: kept (unmanaged), nothing reverted', base: [], live: [live('a', ['x'])], pr: [], want: { own: 'none', changedLive: true, list: null, removes: [] } },
  { name: 'PR creates a list', base: [], live: [], pr: [desired('a', ['x'])], want: { own: 'create', changedLive: false } },
  { name: 'PR deletes a file', base: [desired('a', ['x'])], live: [live('a', ['x'])], pr: [], prune: true, want: { own: 'delete', changedLive: false } },
  { name: 'nothing differs anywhere: not listed', base: [desired('a', ['x'])], live: [live('a', ['x'])], pr: [desired('a', ['x'])], want: 'absent' },
];

describe('computeThreeWay', () => {
  it.each(rows)('$name', (row) => {
    const tw = computeThreeWay(row.base, row.live, row.pr, opts(row.prune));
    const entry = tw.lists.find((l) => l.id === 'a');
    if (row.want === 'absent') {
      expect(entry).toBeUndefined();
      return;
    }
    expect(entry).toBeDefined();
    const w = row.want;
    expect(entry!.own.kind).toBe(w.own);
    expect(entry!.changedLive).toBe(w.changedLive);
    if (w.removes) expect(entry!.reverted.removes).toEqual(w.removes);
    if (w.readds) expect(entry!.reverted.readds).toEqual(w.readds);
    if (w.list !== undefined) expect(entry!.reverted.list).toBe(w.list);
    if (w.adopted) expect(entry!.adopted).toEqual(w.adopted);
    if (w.fields) expect(entry!.reverted.fields.map((f) => f.field)).toEqual(w.fields);
  });

  it('each list carries the live revision it was planned against, in the plan too', () => {
    const tw = computeThreeWay([desired('a', ['x'])], [live('a', ['x', 'e'], { revisionId: 'h_a_7' })], [desired('a', ['x', 'y'])], opts());
    expect(tw.lists[0]!.liveRevision).toBe('h_a_7');
    expect(tw.plan.changes[0]!.revisionId).toBe('h_a_7');
    // The plan is what apply does: PR vs live, so the live term is removed there.
    expect(tw.plan.changes[0]!.removed).toEqual(['e']);
    expect(hasReverts(tw.lists[0]!.reverted)).toBe(true);
  });

  it('a file claiming a default list id is left out of the plan instead of stopping it', () => {
    const tw = computeThreeWay([], [live('dflt', ['x'], { default: true })], [desired('dflt', ['y']), desired('b', ['z'])], opts());
    expect(tw.plan.changes.map((c) => c.id)).toEqual(['b']);
  });
});

describe('predict-apply', () => {
  it('names the file that claims a default list id', () => {
    const d = defaultIdProblems([desired('dflt', ['y'])], [live('dflt', ['x'], { default: true })], 'keywords');
    expect(d).toEqual([expect.objectContaining({ file: 'keywords/dflt.yaml', rule: RULES.defaultId, severity: 'error' })]);
  });

  it.each([
    { liveN: 24, creates: 1, deletes: 0, fails: false },
    { liveN: 24, creates: 2, deletes: 0, fails: true },
    { liveN: 25, creates: 1, deletes: 1, fails: false },
    { liveN: 25, creates: 0, deletes: 0, fails: false },
  ])('list limit: $liveN live + $creates created - $deletes deleted, fails=$fails', ({ liveN, creates, deletes, fails }) => {
    const liveLists = [...range(liveN, 'l').map((id) => live(id, ['x'])), live('dflt', ['x'], { default: true })];
    const kept = liveLists.filter((l) => !l.default).slice(deletes).map((l) => desired(l.id, ['x']));
    const pr = [...kept, ...range(creates, 'new').map((id) => desired(id, ['x']))];
    const tw = computeThreeWay([], liveLists, pr, opts(true));
    const problems = listLimitProblem(tw.plan, liveLists, 25, 'keywords/kwsync.yaml');
    expect(problems.length).toBe(fails ? 1 : 0);
    if (fails) {
      expect(problems[0]!.file).toBe('keywords/new0.yaml');
      expect(problems[0]!.message).toContain(`${liveN + creates - deletes} keyword lists`);
    }
  });

  it('unsafe removals and reverted live edits are errors located at their files, with the live revision', () => {
    const base = [desired('big', range(20)), desired('a', ['x'])];
    const liveLists = [live('big', range(20), { revisionId: 'h_big_4' }), live('a', ['x', 'emergency'], { revisionId: 'h_a_9' })];
    const pr = [desired('big', range(5)), desired('a', ['x'])];
    const tw = computeThreeWay(base, liveLists, pr, opts());
    const problems = unsafeProblems(tw.plan, tw.lists, 'keywords');
    expect(problems.map((p) => [p.file, p.rule])).toEqual([
      ['keywords/big.yaml', RULES.unsafe],
      ['keywords/a.yaml', RULES.reverts],
    ]);
    expect(problems[0]!.message).toContain('h_big_4');
    expect(problems[1]!.message).toContain('h_a_9');
    expect(problems[1]!.message).toContain('removes 1 term added live');
  });
});
