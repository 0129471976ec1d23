// The published contract itself: a valid OpenAPI 3.0 document, whose every response example fits
// its own schema and parses with the client's zod schemas; and the client reads every variant the
// document keeps where the source contradicts itself.
import { Validator } from '@seriousme/openapi-schema-validator';
import type { z } from 'zod';
import { deleteResponseSchema, keywordListResponseSchema, keywordListsResponseSchema } from '../../src/api/keywords.js';
import { groupMessagesResponseSchema } from '../../src/api/messages.js';
import { callResponseSchema, callsResponseSchema } from '../../src/api/calls.js';
import { ruleDeleteResponseSchema, ruleResponseSchema, rulesListingResponseSchema } from '../../src/api/rules.js';
import { blockedMessagesResponseSchema, patchAnswerSchema } from '../../src/api/blocked-messages.js';
import {
  describeErrors,
  OPERATION_IDS,
  publishedApi,
  publishedExample,
  publishedOperations,
  readPublishedDocument,
  type OperationId,
} from './published-document.js';

const CLIENT_SCHEMAS: Record<OperationId, z.ZodType> = {
  'list-rule-keywords': keywordListsResponseSchema,
  'create-rule-keyword': keywordListResponseSchema,
  'get-rule-keyword': keywordListResponseSchema,
  'update-rule-keyword': keywordListResponseSchema,
  'delete-rule-keyword': deleteResponseSchema,
  'user-list-group-messages': groupMessagesResponseSchema,
  'list-calls': callsResponseSchema,
  'retrieve-call-details': callResponseSchema,
  'create-rule': ruleResponseSchema,
  'list-rules': rulesListingResponseSchema,
  'get-rule': ruleResponseSchema,
  'update-rule': ruleResponseSchema,
  'delete-rule': ruleDeleteResponseSchema,
  'list-rule-revisions': rulesListingResponseSchema,
  'list-moderation-blocked-messages': blockedMessagesResponseSchema,
  'approve-moderation-blocked-messages': patchAnswerSchema,
};

let api: Awaited<ReturnType<typeof publishedApi>>;
beforeAll(async () => {
  api = await publishedApi();
});

function clientParse(operationId: OperationId, body: unknown): { ok: true; data: unknown } | { ok: false; problem: string } {
  const res = CLIENT_SCHEMAS[operationId].safeParse(body);
  if (res.success) return { ok: true, data: res.data };
  return { ok: false, problem: res.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
}

test('the document is valid OpenAPI 3.0', async () => {
  const validator = new Validator();
  const res = await validator.validate(readPublishedDocument());
  expect(res.errors ?? []).toEqual([]);
  expect(res.valid).toBe(true);
  expect(validator.version).toBe('3.0');
});

test('it describes exactly the 16 operations kwsync uses, calls on the Calls API server', () => {
  const ops = publishedOperations();
  expect(ops.map((o) => o.operationId).sort()).toEqual([...OPERATION_IDS].sort());
  expect(ops.filter((o) => o.server === 'calls').map((o) => o.path).sort()).toEqual(['/calls', '/calls/{sessionId}']);
  for (const op of ops) expect(op.example).toBeDefined();
});

// get-rule's published example is a keyword list (contradiction 10): it fits neither, and must not.
const contradicted = new Set(publishedOperations().filter((o) => o.exampleContradictsSchema).map((o) => o.operationId));
describe.each(OPERATION_IDS)('the published example of %s', (operationId) => {
  test('fits the document’s own response schema (unless marked as contradicting it)', () => {
    const res = api.validateResponse(publishedExample(operationId), operationId, 200);
    if (contradicted.has(operationId)) expect(describeErrors(res.errors)).not.toEqual([]);
    else expect(describeErrors(res.errors)).toEqual([]);
  });

  test('parses with the client’s schema (a contradicting example is refused)', () => {
    expect(clientParse(operationId, publishedExample(operationId))).toMatchObject({ ok: !contradicted.has(operationId) });
  });
});

test('only get-rule’s example is marked as contradicting its schema', () => {
  expect([...contradicted]).toEqual(['get-rule']);
});

describe('what the client reads from the examples', () => {
  test('a listing item without `default` is not a default list; description may be absent', () => {
    const parsed = keywordListsResponseSchema.parse(publishedExample('list-rule-keywords'));
    expect(parsed.data.map((l) => [l.id, l.default, l.description])).toEqual([
      ['profane-word-list-1', false, 'Profane word list'],
      ['profanity-list', true, ''],
    ]);
  });

  test('the CSV upload keeps its quotes; the POST answer has no `default`', () => {
    const parsed = keywordListResponseSchema.parse(publishedExample('create-rule-keyword'));
    expect(parsed.data).toMatchObject({ searchTerms: ['"a"', '"b"', '"c"'], isCSV: true, default: false });
  });

  test('calls pagination without per_page; participant minutes under `totalDuration`', () => {
    const parsed = callsResponseSchema.parse(publishedExample('list-calls'));
    expect(parsed.meta?.pagination).toMatchObject({ total: 2, count: 2, total_pages: 1, current_page: 1 });
    expect(parsed.data[0]?.participants?.[0]).toMatchObject({ uid: 'cometchat-uid-2', totalDuration: 0.31666666666666665 });
  });

  test('a group message’s cursor is read from meta.next', () => {
    const parsed = groupMessagesResponseSchema.parse(publishedExample('user-list-group-messages'));
    expect(parsed.meta?.next).toEqual({ affix: 'append', sentAt: 1638423490, id: '1' });
  });
});

// Where the source contradicts itself the document keeps both variants; the examples show one, the
// declared schema the other. Each declared variant, built from an example, must fit the document
// and parse with the client too.
type Variant = [name: string, operationId: OperationId, edit: (body: any) => void];
const DECLARED_VARIANTS: Variant[] = [
  ['call totalDuration as declared (integer seconds)', 'retrieve-call-details', (b) => (b.data.totalDuration = 19)],
  ['participant deviceId as declared (integer)', 'retrieve-call-details', (b) => (b.data.participants[0].deviceId = 7)],
  ['integer minutes as declared', 'list-calls', (b) => Object.assign(b.data[0], { totalAudioMinutes: 1, totalDurationInMinutes: 1 })],
  ['pagination with the declared per_page', 'list-calls', (b) => (b.meta.pagination.per_page = 100)],
  ['a call with its declared transcriptions', 'retrieve-call-details', (b) => (b.data.transcriptions = [{ tid: 't1', mid: 'm1', startTime: 1, endTime: 2 }])],
  ['a listing whose meta has the declared pagination', 'list-rule-keywords', (b) => (b.meta = { pagination: { total: 2, count: 2, current_page: 1, total_pages: 1 } })],
  ['a listing without meta', 'list-rule-keywords', (b) => delete b.meta],
  ['a message without a next cursor (last page)', 'user-list-group-messages', (b) => delete b.meta.next],
];

describe.each(DECLARED_VARIANTS)('variant: %s', (_name, operationId, edit) => {
  test('fits the document and parses with the client', () => {
    const body = publishedExample(operationId);
    edit(body);
    expect(describeErrors(api.validateResponse(body, operationId, 200).errors)).toEqual([]);
    expect(clientParse(operationId, body)).toMatchObject({ ok: true });
  });
});

// The schemas bite: shapes no published example or declaration allows are refused.
const REFUSED: Variant[] = [
  ['a listing whose data is an object', 'list-rule-keywords', (b) => (b.data = { lists: b.data })],
  ['a list without revisionId', 'get-rule-keyword', (b) => delete b.data.revisionId],
  ['a list with an unknown category', 'create-rule-keyword', (b) => (b.data.category = 'regex')],
  ['calls pagination without total_pages', 'list-calls', (b) => delete b.meta.pagination.total_pages],
  ['a call duration that is a boolean', 'retrieve-call-details', (b) => (b.data.totalDuration = true)],
  ['a message without sentAt', 'user-list-group-messages', (b) => delete b.data[0].sentAt],
];

test.each(REFUSED)('refused by the document: %s', (_name, operationId, edit) => {
  const body = publishedExample(operationId);
  edit(body);
  expect(api.validateResponse(body, operationId, 200).valid).toBe(false);
});
