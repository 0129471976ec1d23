// The emulator answers each rules, revisions and blocked-messages operation as the published
// description says: every answer validates against the document and has the published examples'
// keys (custom rules as the custom example, built-ins as the built-in one, blocked items and
// their messages as the example's), over real HTTP.
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { describeErrors, publishedApi, publishedExample, type OperationId } from './published-document.js';

let emu: RunningEmulator;
let api: Awaited<ReturnType<typeof publishedApi>>;
beforeAll(async () => {
  [emu, api] = await Promise.all([startEmulator({ port: 0 }), publishedApi()]);
});
afterAll(() => emu.close());

type Json = Record<string, any>;
const keysOf = (o: object) => Object.keys(o).sort();

async function call(operationId: OperationId, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Json> {
  const res = await fetch(`${emu.chatBaseUrl}${path}`, {
    method,
    headers: { apikey: emu.apiKey, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as Json;
  expect([operationId, res.status]).toEqual([operationId, 200]);
  expect(describeErrors(api.validateResponse(json, operationId, 200).errors)).toEqual([]);
  return json;
}

const listing = publishedExample('list-rules') as Json;
const CUSTOM_KEYS = keysOf(listing.data[0]);
const DEFAULT_KEYS = keysOf(listing.data.find((r: Json) => r.default));
const CONDITION_KEYS = keysOf(listing.data.find((r: Json) => r.id === 'text-profanity-filter').conditions[0]);
const blockedExample = publishedExample('list-moderation-blocked-messages') as Json;

const body = {
  id: 'conform',
  name: 'Conform',
  description: 'a rule for the contract',
  enabled: true,
  action: ['blockMessage'],
  filters: [],
  conditions: [{ id: 1, entity: 'message', operand: 'text', operator: 'contains', category: 'word', isKeywordReferencePresent: true, isMediaPresent: false, value: 'profanity-list' }],
};

test('rules: POST, GET list, GET one, PUT, revisions and DELETE in the published shapes', async () => {
  const created = await call('create-rule', 'POST', '/moderation/rules', body);
  expect(keysOf(created.data)).toEqual(CUSTOM_KEYS);
  expect(keysOf(created.data.conditions[0])).toEqual(CONDITION_KEYS);

  const list = await call('list-rules', 'GET', '/moderation/rules?limit=50');
  expect(keysOf(list.meta.current)).toEqual(keysOf(listing.meta.current));
  for (const r of list.data) expect([r.id, keysOf(r)]).toEqual([r.id, r.default ? DEFAULT_KEYS : CUSTOM_KEYS]);

  const one = await call('get-rule', 'GET', '/moderation/rules/conform');
  expect(keysOf(one.data)).toEqual(CUSTOM_KEYS);
  const put = await call('update-rule', 'PUT', '/moderation/rules/conform', { ...body, enabled: false });
  expect(put.data.enabled).toBe(false);
  const revs = await call('list-rule-revisions', 'GET', '/moderation/rules/conform/revisions');
  expect(revs.data.map((r: Json) => r.active)).toEqual([true, false]);
  const deleted = await call('delete-rule', 'DELETE', '/moderation/rules/conform');
  expect(keysOf(deleted.data)).toEqual(keysOf((publishedExample('delete-rule') as Json).data));
});

test('blocked messages: the item and its message have the published example’s keys; approve answers as published', async () => {
  const sent = await fetch(`${emu.chatBaseUrl}/messages`, {
    method: 'POST',
    headers: { apikey: emu.apiKey, onBehalfOf: 'cometchat-uid-2', 'content-type': 'application/json' },
    body: JSON.stringify({ receiver: 'cometchat-guid-1', receiverType: 'group', category: 'message', type: 'text', data: { text: 'crap' } }),
  });
  expect(sent.status).toBe(200);
  const list = await call('list-moderation-blocked-messages', 'GET', '/moderation/blocked-messages');
  expect(list.data).toHaveLength(1);
  const [item] = list.data;
  expect(keysOf(item)).toEqual(keysOf(blockedExample.data[0]));
  expect(keysOf(item.message)).toEqual(keysOf(blockedExample.data[0].message));
  expect(keysOf(item.condition)).toEqual(keysOf(blockedExample.data[0].condition).filter((k) => k !== 'message'));
  const approved = await call('approve-moderation-blocked-messages', 'PATCH', `/moderation/blocked-messages/${item.message.id}`, { status: 'approved' });
  expect(keysOf(approved.data)).toEqual(keysOf((publishedExample('approve-moderation-blocked-messages') as Json).data));
});
