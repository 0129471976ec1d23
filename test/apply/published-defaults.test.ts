// Issue 28 item 4: a list CometChat publishes as a default list (its id `profanity-list`, or one of
// the names of lists-management.mdx "Default Lists Summary") is never written or deleted, whatever
// the answer says of `default`; any other id or name is left as the published description allows.
import { applyPlan } from '../../src/apply/index.js';
import { defaultListGuard } from '../../src/apply/write-guards.js';
import { isPublishedDefault } from '../../src/api/published-defaults.js';
import type { KeywordList, LiveKeywordList } from '../../src/model/keyword-list.js';
import type { ListChange, Plan } from '../../src/model/plan.js';
import { FakeTarget } from '../helpers/fake-target.js';
import { SAFETY } from '../plan/fixtures.js';

const list = (id: string, name: string, terms: string[] = ['x']): KeywordList => ({ id, name, description: '', category: 'word', searchTerms: terms });
const live = (l: KeywordList): LiveKeywordList => ({ ...l, revisionId: `h_${l.id}_1`, default: false }) as LiveKeywordList;
const change = (kind: ListChange['kind'], before: KeywordList | null, after: KeywordList | null): ListChange => ({
  kind,
  id: (after ?? before)!.id,
  before,
  after,
  added: [],
  removed: [],
  fieldChanges: [],
  revisionId: before ? `fakehash_${before.id}_1` : null,
  file: null,
  unsafe: null,
});

test.each([
  ['profanity-list', 'anything'],
  ['spam', 'Spam Detection'],
  ['s2', '  spam   detection '],
  ['img', 'Minor Safety Prompt'],
])('id %j / name %j is a published default list', (id, name) => {
  expect(isPublishedDefault({ id, name })).toBe(true);
  expect(defaultListGuard(live(list(id, name)))).toMatchObject({ outcome: 'skipped' });
});

test.each([
  ['Profanity-List', 'My words'],
  ['spam-detection-2', 'Spam Detection v2'],
  ['mine', 'Profane Words of ours'],
])('id %j / name %j is not (ids compared exactly; no other name refused)', (id, name) => {
  expect(isPublishedDefault({ id, name })).toBe(false);
  expect(defaultListGuard(live(list(id, name)))).toBeNull();
});

test('answers without `default`: a delete and an update of published defaults are never sent, even with --force', async () => {
  const profanity = list('profanity-list', 'Profane Words', ['damn']);
  const spam = list('spam-detection', 'Spam Detection', ['buy now']);
  const mine = list('mine', 'Mine', ['a']);
  const target = new FakeTarget([profanity, spam, mine]);
  const plan: Plan = {
    formatVersion: 1,
    target: 'fake',
    mode: 'live',
    createdAt: '2026-01-01T00:00:00.000Z',
    prune: true,
    changes: [change('update', mine, list('mine', 'Mine', ['b'])), change('delete', profanity, null), change('update', spam, list('spam-detection', 'Spam Detection', ['x']))],
    unmanaged: [],
    defaults: [],
  } as unknown as Plan;
  const report = await applyPlan(plan, target, { force: true, concurrency: 2, safety: SAFETY });
  const byId = new Map(report.results.map((r) => [r.id, r]));
  expect(byId.get('mine')?.outcome).toBe('applied');
  expect(byId.get('profanity-list')).toMatchObject({ outcome: 'skipped', message: expect.stringContaining('publishes the id "profanity-list"') });
  expect(byId.get('spam-detection')).toMatchObject({ outcome: 'skipped', message: expect.stringContaining('publishes the name "Spam Detection"') });
  expect(target.writes).toEqual([{ op: 'update', id: 'mine' }]);
  expect(target.lists.get('profanity-list')?.searchTerms).toEqual(['damn']);
  expect(target.lists.get('spam-detection')?.searchTerms).toEqual(['buy now']);
});

test('a create under a published default id is never sent', async () => {
  const target = new FakeTarget([]);
  const plan = { formatVersion: 1, target: 'fake', mode: 'live', createdAt: '2026-01-01T00:00:00.000Z', prune: false, changes: [change('create', null, list('profanity-list', 'Ours'))], unmanaged: [], defaults: [] } as unknown as Plan;
  const report = await applyPlan(plan, target, { force: true, concurrency: 1, safety: SAFETY });
  expect(report.results[0]).toMatchObject({ outcome: 'skipped' });
  expect(target.lists.has('profanity-list')).toBe(false);
});
