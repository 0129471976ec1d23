// The listing read item by item (issue 18 item 4): each row is one item as the service might send
// it, and where the reader puts it. Published shapes first, then every way an item may fall short.
import { readListingItems } from '../../src/api/keywords.js';
import { example } from './published-examples.js';

const full = { id: 'm', name: 'M', category: 'word', searchTerms: ['a'], revisionId: 'h_m_1' };
type Where = 'lists' | 'defaults' | 'unknownCategory' | 'unreadable' | 'withoutId';

const rows: [string, unknown, Where, unknown][] = [
  ['a whole word list', full, 'lists', null],
  ['a whole list with extra and null optional fields', { ...full, _id: 'x', __v: 0, description: null, default: null, isCSV: null }, 'lists', null],
  ['a default list with every field', { ...full, default: true, appId: 'default' }, 'defaults', { id: 'm', name: 'M', category: 'word' }],
  ['a default list with nothing but its id', { id: 'p', default: true }, 'defaults', { id: 'p' }],
  ['a default list marked only by appId, as in the published example', { id: 'p', appId: 'default', searchTerms: null }, 'defaults', { id: 'p' }],
  ['a default sentence list with disallowedSentences', { id: 's', name: 'Scam', category: 'sentence-similarity', disallowedSentences: ['a, b'], default: true }, 'defaults', { id: 's', name: 'Scam', category: 'sentence-similarity' }],
  ['a default "Prompt" list with null name and an unknown category', { id: 'pr', name: null, category: 'image-prompt', default: true }, 'defaults', { id: 'pr', category: 'image-prompt' }],
  ['an unknown category without terms or revision', { id: 'u', category: 'ai-moderation' }, 'unknownCategory', { id: 'u', category: 'ai-moderation' }],
  ['an unknown category with its name', { id: 'u', name: 'U', category: 'ai-moderation', searchTerms: 5 }, 'unknownCategory', { id: 'u', name: 'U', category: 'ai-moderation' }],
  ['a known category without searchTerms', { ...full, searchTerms: undefined }, 'unreadable', { id: 'm', problems: ['searchTerms: the list has neither searchTerms nor disallowedSentences'] }],
  ['a known category with a null name', { ...full, name: null }, 'unreadable', { id: 'm', problems: ['name: Invalid input: expected string, received null'] }],
  ['a term that is not text, located by its index', { ...full, searchTerms: ['a', 'b', 'c', 7] }, 'unreadable', { id: 'm', problems: ['searchTerms[3]: Invalid input: expected string, received number'] }],
  ['no category at all', { ...full, category: undefined }, 'unreadable', { id: 'm', problems: ['category: Invalid input: expected string, received undefined'] }],
  ['default as text is not a default list, and does not read', { ...full, default: 'true' }, 'unreadable', null],
  ['no id', { name: 'N', category: 'word', searchTerms: [] }, 'withoutId', null],
  ['an empty id', { ...full, id: '' }, 'withoutId', null],
  ['a numeric id', { ...full, id: 12 }, 'withoutId', null],
  ['a null item', null, 'withoutId', null],
  ['an array item', [full], 'withoutId', null],
  ['a text item', 'm', 'withoutId', null],
];

test.each(rows)('%s', (_name, item, where, expected) => {
  const read = readListingItems([item]);
  const places: Where[] = ['lists', 'defaults', 'unknownCategory', 'unreadable'];
  for (const p of places) expect([p, (read[p] as unknown[]).length]).toEqual([p, p === where ? 1 : 0]);
  expect(read.withoutId).toBe(where === 'withoutId' ? 1 : 0);
  if (expected !== null) expect((read[where] as unknown[])[0]).toEqual(expected);
});

test('a list of many bad terms names five problems and counts the rest', () => {
  const read = readListingItems([{ ...full, searchTerms: Array.from({ length: 1000 }, (_, i) => i) }]);
  expect(read.unreadable[0]!.problems).toHaveLength(6);
  expect(read.unreadable[0]!.problems[5]).toBe('and 995 more problems');
});

test('one bad item never costs the others: the published listing with a default list stripped bare', () => {
  const published = example('list-rule-keywords');
  const items = [...published.data, { id: 'bare-default', default: true }, { id: 'prompt', category: 'text-prompt', default: null }, 42];
  const read = readListingItems(items);
  expect(read.lists.map((l) => l.id)).toEqual(['profane-word-list-1']);
  expect(read.defaults.map((d) => d.id)).toEqual(['profanity-list', 'bare-default']);
  expect(read.unknownCategory).toEqual([{ id: 'prompt', category: 'text-prompt' }]);
  expect(read.withoutId).toBe(1);
});

test('the whole list read is the list the schema reads, untouched (terms kept as parsed)', () => {
  const terms = ['x', 'y'];
  const read = readListingItems([{ ...full, searchTerms: terms }]);
  expect(read.lists[0]).toMatchObject({ id: 'm', name: 'M', category: 'word', revisionId: 'h_m_1', default: false, description: '' });
  expect(read.lists[0]!.searchTerms).toBe(terms);
});
