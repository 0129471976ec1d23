// Equivalence: the keyword list response schemas with the searchTerms fast path (checked in place,
// the parsed array kept), and the client's reader (wire schemas without a transform, then mapped),
// accept, return and refuse exactly as the schemas before them (keyword-schemas-reference.ts,
// z.array(z.string()) copying every array), issues and their paths included, on generated answers:
// well-formed lists, and every field of the wrong type or missing.
import fc from 'fast-check';
import {
  keywordListResponseSchema,
  keywordListsResponseSchema,
  readListing,
  readOne,
  wireListingSchema,
  wireListResponseSchema,
} from '../../src/api/keywords.js';
import { issueText } from '../../src/api/lenient.js';
import { referenceKeywordListResponseSchema, referenceKeywordListsResponseSchema } from './keyword-schemas-reference.js';

const text = fc.constantFrom('', 'a', 'heck', 'word', 'pattern', '12', 'x,y');
const odd = fc.constantFrom<unknown>(null, 3, true, {}, [], ['a'], 'a');
const terms = fc.oneof(
  { weight: 4, arbitrary: fc.array(text, { maxLength: 6 }) },
  { weight: 2, arbitrary: fc.array(fc.oneof(text, odd), { maxLength: 6 }) },
  { weight: 1, arbitrary: odd },
);

/** A list item as a service might answer it: every field present and right, or not. */
const item = fc.record(
  {
    id: fc.oneof(text, odd),
    name: fc.oneof(text, odd),
    description: fc.oneof(text, fc.constant(null), odd),
    category: fc.oneof(fc.constantFrom('word', 'pattern', 'sentence-similarity', 'other'), odd),
    searchTerms: terms,
    disallowedSentences: terms,
    revisionId: fc.oneof(fc.constantFrom('h_a_1', 'h_a_2'), fc.nat(), odd),
    default: fc.oneof(fc.boolean(), fc.constant(null), odd),
    isCSV: fc.oneof(fc.boolean(), odd),
    createdAt: fc.oneof(fc.nat(), fc.constantFrom('1700000000', 'soon'), fc.constant(null)),
    _id: text,
  },
  { requiredKeys: [] },
);
// Mostly well-formed items, so parses that succeed are common too.
const goodItem = fc.record({
  id: fc.constantFrom('a', 'b'),
  name: text,
  category: fc.constantFrom('word', 'pattern'),
  searchTerms: fc.array(text, { maxLength: 6 }),
  revisionId: fc.constantFrom('h_a_1', 'h_a_2'),
});
const anyItem = fc.oneof(goodItem, item);

type Answer = { ok: true; data: unknown } | { ok: false; issues: unknown; text: string };
type Result<T> = { success: true; data: T } | { success: false; error: Parameters<typeof issueText>[0] };
function answer<T>(result: Result<T>, map: (data: T) => unknown = (d) => d): Answer {
  return result.success ? { ok: true, data: map(result.data) } : { ok: false, issues: result.error.issues, text: issueText(result.error) };
}

test('the listing schema answers as the reference, data, issues and paths alike', () => {
  const listing = fc.record(
    { data: fc.oneof({ weight: 5, arbitrary: fc.array(anyItem, { maxLength: 4 }) }, { weight: 1, arbitrary: odd }), meta: fc.oneof(fc.constant(null), fc.record({ current: fc.record({ limit: fc.nat(), count: fc.nat() }) })) },
    { requiredKeys: ['data'] },
  );
  fc.assert(
    fc.property(listing, (body) => {
      const expected = answer(referenceKeywordListsResponseSchema.safeParse(body));
      expect(answer(keywordListsResponseSchema.safeParse(body))).toEqual(expected);
      expect(answer(wireListingSchema.safeParse(body), readListing)).toEqual(expected);
    }),
    { numRuns: 3000 },
  );
});

test('the one-list schema answers as the reference', () => {
  fc.assert(
    fc.property(fc.record({ data: fc.oneof(anyItem, odd) }), (body) => {
      const expected = answer(referenceKeywordListResponseSchema.safeParse(body));
      expect(answer(keywordListResponseSchema.safeParse(body))).toEqual(expected);
      expect(answer(wireListResponseSchema.safeParse(body), readOne)).toEqual(expected);
    }),
    { numRuns: 3000 },
  );
});

test('a well-formed term array is kept as parsed, not copied', () => {
  const body = JSON.parse('{"data":{"id":"a","name":"A","category":"word","searchTerms":["x","y"],"revisionId":"h_a_1"}}') as { data: { searchTerms: string[] } };
  expect(keywordListResponseSchema.parse(body).data.searchTerms).toBe(body.data.searchTerms);
  expect(readOne(wireListResponseSchema.parse(body)).data.searchTerms).toBe(body.data.searchTerms);
});

test('a term that is not text is refused where it stands, as z.array said it', () => {
  const result = keywordListsResponseSchema.safeParse({ data: [{ id: 'a', name: 'A', category: 'word', searchTerms: ['x', 7], revisionId: 'h_a_1' }] });
  expect(result.success).toBe(false);
  expect(issueText(result.error!)).toBe('data.0.searchTerms.1: Invalid input: expected string, received number');
});
