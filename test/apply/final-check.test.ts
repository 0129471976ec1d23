// The re-read after a run: a written list the listing lacks, whose GET by id answers another list,
// is not confirmed gone (or replaced): the service names it otherwise, so the run says so.
import { ApiError } from '../../src/errors.js';
import { OTHER_LIST_ANSWER } from '../../src/api/keywords.js';
import { checkStillLive } from '../../src/apply/final-check.js';
import type { ListChange, ListResult } from '../../src/model/plan.js';
import type { LiveKeywordList } from '../../src/model/keyword-list.js';
import { FakeTarget } from '../helpers/fake-target.js';

function change(kind: 'delete' | 'update', id: string): ListChange {
  const list = { id, name: id, description: '', category: 'word' as const, searchTerms: ['a'] };
  return { kind, id, before: list, after: kind === 'delete' ? null : list, added: [], removed: [], fieldChanges: [], revisionId: `h_${id}_1`, file: null, unsafe: null };
}
const applied = (kind: 'delete' | 'update', id: string): ListResult => ({ id, kind, outcome: 'applied', revisionId: `h_${id}_2`, message: null, warnings: [] });

/** A service whose listing never shows `id` and whose GET by id answers `answerId` instead. */
class OtherAnswerTarget extends FakeTarget {
  constructor(private readonly answerId: string | undefined) {
    super();
    this.listLimit = 0;
  }
  async getKeywordListExact(id: string): Promise<LiveKeywordList | undefined> {
    if (this.answerId === undefined) return undefined;
    throw new ApiError(`GET /moderation/keywords/${id} answered with another list, "${this.answerId}"`, { method: 'GET', path: `/moderation/keywords/${id}`, status: 200, code: OTHER_LIST_ANSWER });
  }
}

describe('checkStillLive: answers naming another list', () => {
  test('a delete is not confirmed when GET by id answers another list', async () => {
    const [result] = await checkStillLive([change('delete', 'Spam')], [applied('delete', 'Spam')], new OtherAnswerTarget('spam'));
    expect(result!.outcome).toBe('conflict');
    expect(result!.message).toContain('this run sent the delete');
    expect(result!.message).toContain('answered with another list, "spam"');
  });

  test('an update the re-read cannot find is not called "deleted" when GET by id answers another list', async () => {
    const [result] = await checkStillLive([change('update', 'Spam')], [applied('update', 'Spam')], new OtherAnswerTarget('spam'));
    expect(result!.outcome).toBe('conflict');
    expect(result!.message).not.toContain('has since been deleted');
  });

  test('a delete whose list is absent by id stays applied', async () => {
    const [result] = await checkStillLive([change('delete', 'Spam')], [applied('delete', 'Spam')], new OtherAnswerTarget(undefined));
    expect(result!.outcome).toBe('applied');
  });
});
