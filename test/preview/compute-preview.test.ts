import { computePreview } from '../../src/preview/index.js';
import { computePlan } from '../../src/plan/index.js';
import type { KeywordList } from '../../src/model/keyword-list.js';
import { desired as file, live, SAFETY } from '../plan/fixtures.js';

const list = (id: string, category: KeywordList['category'], searchTerms: string[]) => file(id, searchTerms, { category });
const plan = (want: KeywordList[], current: KeywordList[]) =>
  computePlan(
    want.map((l) => file(l.id, l.searchTerms, l)),
    current.map((l) => live(l.id, l.searchTerms, l)),
    { target: 't', prune: true, safety: SAFETY },
  );

const messages = [
  { id: '1', text: 'oh heck no' },
  { id: '2', text: 'darn it' },
  { id: '3', text: 'checkers tonight' },
  { id: '4', text: 'call 555-1234 now' },
];

test.each([
  // [desired, live, expected {before, after, newlyCaught, noLongerCaught}]
  ['a created word list', [list('w', 'word', ['heck'])], [], { before: 0, after: 1, newlyCaught: 1, noLongerCaught: 0 }],
  ['a swapped term', [list('w', 'word', ['darn'])], [list('w', 'word', ['heck'])], { before: 1, after: 1, newlyCaught: 1, noLongerCaught: 1 }],
  ['a deleted list', [], [list('w', 'word', ['heck', 'darn'])], { before: 2, after: 0, newlyCaught: 0, noLongerCaught: 2 }],
  ['whole words only', [list('w', 'word', ['heck', 'checker'])], [list('w', 'word', ['heck'])], { before: 1, after: 1, newlyCaught: 0, noLongerCaught: 0 }],
  ['a pattern list', [list('p', 'pattern', ['\\d{3}-\\d{4}'])], [], { before: 0, after: 1, newlyCaught: 1, noLongerCaught: 0 }],
] as const)('%s', (_name, desired, current, expected) => {
  const p = computePreview(plan([...desired], [...current]), ['g'], messages);
  expect(p.messagesScanned).toBe(4);
  expect(p.lists).toHaveLength(1);
  expect(p.lists[0]).toMatchObject({ previewable: true, ...expected });
});

test('sentence-similarity lists are reported as not previewable, and noops are left out', () => {
  const p = computePreview(
    plan([list('s', 'sentence-similarity', ['send me money']), list('w', 'word', ['heck'])], [list('w', 'word', ['heck'])]),
    ['g'],
    messages,
  );
  expect(p.lists.map((l) => [l.id, l.previewable])).toEqual([['s', false]]);
});

test('top terms are counted once per message and sorted by hits, then by term', () => {
  const more = [...messages, { id: '5', text: 'heck, heck and heck' }];
  const p = computePreview(plan([list('w', 'word', ['heck', 'darn', 'no'])], []), ['g'], more);
  expect(p.lists[0]?.topTerms).toEqual([
    { term: 'heck', messages: 2 },
    { term: 'darn', messages: 1 },
    { term: 'no', messages: 1 },
  ]);
});
