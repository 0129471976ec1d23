// Issue 38 item 1: after a run with prune, the final listing is the judge. A live list with no file
// that it still holds (default lists aside) is named `left`; a final listing that fails, or stays
// incomplete after one read from the start, is reported (`finalListing`), and either exits 1.
import { finalCheck } from '../../src/apply/final-check.js';
import { applyFailed } from '../../src/apply/apply-plan.js';
import { applySummaryLine, renderApplyReportText } from '../../src/apply/render-report.js';
import type { KeywordList } from '../../src/model/keyword-list.js';
import type { ApplyReport, ListChange, ListResult } from '../../src/model/plan.js';
import type { LiveListing } from '../../src/model/target.js';
import { FakeTarget } from '../helpers/fake-target.js';

const list = (id: string): KeywordList => ({ id, name: id, description: '', category: 'word', searchTerms: ['a'] });
const noop = (id: string): ListChange => ({ kind: 'noop', id, before: list(id), after: list(id), added: [], removed: [], fieldChanges: [], revisionId: `fakehash_${id}_1`, file: `${id}.yaml`, unsafe: null });
const unchanged = (id: string): ListResult => ({ id, kind: 'noop', outcome: 'unchanged', revisionId: `fakehash_${id}_1`, message: null, warnings: [] });
const report = (results: ListResult[], finalListing?: string): ApplyReport => ({ target: 't', startedAt: 's', finishedAt: 'f', results, ...(finalListing ? { finalListing } : {}) });

/** A target whose listing answers as `answers` say, in turn (the last one repeating); `undefined`: the fake's own. */
class ScriptedListing extends FakeTarget {
  reads = 0;
  constructor(
    seed: (KeywordList & { default?: boolean })[],
    private readonly answers: ((own: LiveListing) => LiveListing | Error)[],
  ) {
    super(seed);
  }
  override async listKeywordLists(): Promise<LiveListing> {
    const own = await super.listKeywordLists();
    const answer = this.answers[Math.min(this.reads++, this.answers.length - 1)]!(own);
    if (answer instanceof Error) throw answer;
    return answer;
  }
}
const whole = (own: LiveListing) => own;

test('a live list with no file in the final listing is named `left` (sorted, after the plan\'s lists); default lists and lists with a file are not', async () => {
  const target = new ScriptedListing([list('keep'), list('z-late'), list('a-late'), { ...list('profanity'), default: true }], [whole]);
  const out = await finalCheck([noop('keep')], [unchanged('keep')], target, { files: new Set(['keep']) });
  expect(out.results.map((r) => [r.id, r.outcome])).toEqual([
    ['keep', 'unchanged'],
    ['a-late', 'left'],
    ['z-late', 'left'],
  ]);
  expect(out.results[1]!.message).toContain('a live list with no file is still there at the end of this --prune run (revision fakehash_a-late_1)');
  expect(out.finalListing).toBeUndefined();
  expect(applyFailed(report(out.results))).toBe(true);
});

test('without prune the same lists are left alone, not named', async () => {
  const target = new ScriptedListing([list('keep'), list('late')], [whole]);
  const out = await finalCheck([noop('keep')], [unchanged('keep')], target);
  expect(out.results.map((r) => r.outcome)).toEqual(['unchanged']);
});

test('with prune the final listing is read even when no list was checked', async () => {
  const target = new ScriptedListing([list('late')], [whole]);
  const out = await finalCheck([], [], target, { files: new Set() });
  expect(out.results.map((r) => [r.id, r.outcome])).toEqual([['late', 'left']]);
});

test('a final listing that fails: lists checked are unconfirmed and the final listing is reported (exit 1)', async () => {
  const target = new ScriptedListing([list('keep')], [() => new Error('connection reset')]);
  const out = await finalCheck([noop('keep')], [unchanged('keep')], target, { files: new Set(['keep']) });
  expect(out.results[0]!.outcome).toBe('unconfirmed');
  expect(out.finalListing).toContain('the final re-read failed (connection reset)');
  const empty = await finalCheck([], [], new ScriptedListing([], [() => new Error('connection reset')]), { files: new Set() });
  expect(empty.results).toEqual([]);
  expect(applyFailed(report(empty.results, empty.finalListing))).toBe(true);
  const text = renderApplyReportText(report(empty.results, empty.finalListing), { color: false });
  expect(text).toContain('? final listing: the final re-read failed (connection reset), so it is not known whether lists with no file are left');
  expect(applySummaryLine(report(empty.results, empty.finalListing))).toBe('Apply: 0 applied, 0 unchanged, 0 skipped, 0 failed; final listing unconfirmed.');
});

test('a final listing that moved is read once more from the start: whole the second time, nothing is reported', async () => {
  const moved = (own: LiveListing): LiveListing => ({ ...own, mayBeTruncated: true, incomplete: 'page 2 disagrees with the read so far', again: true });
  const target = new ScriptedListing([list('keep')], [moved, whole]);
  const out = await finalCheck([noop('keep')], [unchanged('keep')], target, { files: new Set(['keep']) });
  expect(target.reads).toBe(2);
  expect(out.finalListing).toBeUndefined();
  expect(out.results.map((r) => r.outcome)).toEqual(['unchanged']);
});

test('a final listing still incomplete after the read from the start is reported with both reasons; one that cannot pass by reading again is read once', async () => {
  const moved = (own: LiveListing): LiveListing => ({ ...own, mayBeTruncated: true, incomplete: 'page 2 disagrees with the read so far', again: true });
  const target = new ScriptedListing([list('keep')], [moved]);
  const out = await finalCheck([noop('keep')], [unchanged('keep')], target, { files: new Set(['keep']) });
  expect(target.reads).toBe(2);
  expect(out.finalListing).toContain('the final listing may be cut short (page 2 disagrees with the read so far (and so again on a second read from the start))');
  const full = new ScriptedListing([list('keep')], [(own) => ({ ...own, mayBeTruncated: true, incomplete: 'page 1 was full' })]);
  const once = await finalCheck([noop('keep')], [unchanged('keep')], full, { files: new Set(['keep']) });
  expect(full.reads).toBe(1);
  expect(once.finalListing).toContain('page 1 was full');
});
