// The emulator, in its default mode, answers each of the 8 operations as the published description
// says: every answer validates against the document and has the published examples' shape (the
// same keys), over real HTTP.
import { FormData } from 'undici';
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
const unionKeys = (objs: object[]) => [...new Set(objs.flatMap((o) => Object.keys(o)))].sort();

/** One request; the answer must be 200 JSON that validates against the operation's response. */
async function call(operationId: OperationId, base: string, method: string, path: string, body?: FormData): Promise<Json> {
  const res = await fetch(`${base}${path}`, { method, headers: { apikey: emu.apiKey }, ...(body ? { body: body as any } : {}) });
  const text = await res.text();
  expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({ status: 200, type: expect.stringMatching(/^application\/json/) });
  const json = JSON.parse(text) as Json;
  expect(describeErrors(api.validateResponse(json, operationId, 200).errors)).toEqual([]);
  return json;
}

// The published examples, as key sets: a non-default list in the listing, a default one, a list
// as POST answers it (a non-default list; GET one and PUT of a non-default list are its twins).
const listing = publishedExample('list-rule-keywords') as Json;
const NON_DEFAULT_ITEM_KEYS = keysOf(listing.data[0]);
const DEFAULT_ITEM_KEYS = keysOf(listing.data[1]);
const ONE_LIST_KEYS = keysOf((publishedExample('create-rule-keyword') as Json).data);
const DEFAULT_ONE_LIST_KEYS = keysOf((publishedExample('get-rule-keyword') as Json).data);
const DELETE_KEYS = keysOf((publishedExample('delete-rule-keyword') as Json).data);
const calls = publishedExample('list-calls') as Json;
const CALL_KEYS = unionKeys(calls.data);
const PARTICIPANT_KEYS = unionKeys(calls.data.flatMap((c: Json) => c.participants));
const PAGINATION_KEYS = keysOf(calls.meta.pagination);
const CALL_DETAIL_KEYS = keysOf((publishedExample('retrieve-call-details') as Json).data);
const messages = publishedExample('user-list-group-messages') as Json;
const MESSAGE_KEYS = keysOf(messages.data[0]);

function listForm(id: string, terms: string): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({ id, name: `Contract ${id}`, description: 'made by the contract test', category: 'word', searchTerms: terms })) {
    form.append(k, v);
  }
  return form;
}

describe('keyword lists', () => {
  test('GET /moderation/keywords: items have the example’s keys, default lists the default item’s', async () => {
    await call('create-rule-keyword', emu.chatBaseUrl, 'POST', '/moderation/keywords', listForm('contract-listed', 'darn'));
    const res = await call('list-rule-keywords', emu.chatBaseUrl, 'GET', '/moderation/keywords');
    expect(keysOf(res.meta)).toEqual(keysOf(listing.meta));
    expect(keysOf(res.meta.current)).toEqual(keysOf(listing.meta.current));
    const ownLists = res.data.filter((l: Json) => !l.default);
    expect(ownLists.length).toBeGreaterThan(0);
    for (const item of ownLists) expect([item.id, keysOf(item)]).toEqual([item.id, NON_DEFAULT_ITEM_KEYS]);
    for (const item of res.data.filter((l: Json) => l.default)) expect([item.id, keysOf(item)]).toEqual([item.id, DEFAULT_ITEM_KEYS]);
  });

  test('POST, GET one, PUT and DELETE answer in the published shapes', async () => {
    const created = await call('create-rule-keyword', emu.chatBaseUrl, 'POST', '/moderation/keywords', listForm('contract-shape', 'darn,heck'));
    expect(keysOf(created.data)).toEqual(ONE_LIST_KEYS);
    expect(created.data).toMatchObject({ id: 'contract-shape', searchTerms: ['darn', 'heck'], isCSV: false });

    const one = await call('get-rule-keyword', emu.chatBaseUrl, 'GET', '/moderation/keywords/contract-shape');
    expect(keysOf(one.data)).toEqual(ONE_LIST_KEYS);

    const updated = await call('update-rule-keyword', emu.chatBaseUrl, 'PUT', '/moderation/keywords/contract-shape', listForm('contract-shape', 'darn'));
    expect(keysOf(updated.data)).toEqual(ONE_LIST_KEYS);
    expect(updated.data.searchTerms).toEqual(['darn']);

    const deleted = await call('delete-rule-keyword', emu.chatBaseUrl, 'DELETE', '/moderation/keywords/contract-shape');
    expect(keysOf(deleted.data)).toEqual(DELETE_KEYS);
    expect(deleted.data).toEqual({ success: true, message: 'Keyword with id contract-shape has been deleted successfully.' });
  });

  test('a sentence list: its answers validate, with the example’s keys but disallowedSentences for searchTerms (no sentence answer is published)', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ id: 'contract-sentences', name: 'Sentences', description: 'd', category: 'sentence-similarity' })) form.append(k, v);
    for (const s of ["Hello, let's connect on Whatsapp.", 'Send me your OTP']) form.append('disallowedSentences', s);
    const created = await call('create-rule-keyword', emu.chatBaseUrl, 'POST', '/moderation/keywords', form);
    const keys = ONE_LIST_KEYS.map((k) => (k === 'searchTerms' ? 'disallowedSentences' : k)).sort();
    expect(keysOf(created.data)).toEqual(keys);
    expect(created.data.disallowedSentences).toEqual(["Hello, let's connect on Whatsapp.", 'Send me your OTP']);
    const one = await call('get-rule-keyword', emu.chatBaseUrl, 'GET', '/moderation/keywords/contract-sentences');
    expect(keysOf(one.data)).toEqual(keys);
    await call('delete-rule-keyword', emu.chatBaseUrl, 'DELETE', '/moderation/keywords/contract-sentences');
  });

  test('GET one of a default list has the published GET example’s keys', async () => {
    const res = await call('list-rule-keywords', emu.chatBaseUrl, 'GET', '/moderation/keywords');
    const defaults = res.data.filter((l: Json) => l.default);
    expect(defaults.length).toBeGreaterThan(0);
    for (const d of defaults) {
      const one = await call('get-rule-keyword', emu.chatBaseUrl, 'GET', `/moderation/keywords/${encodeURIComponent(d.id)}`);
      expect([d.id, keysOf(one.data)]).toEqual([d.id, DEFAULT_ONE_LIST_KEYS]);
    }
  });
});

describe('group messages', () => {
  test('GET /groups/{guid}/messages: message keys include the example’s; meta as published', async () => {
    const res = await call('user-list-group-messages', emu.chatBaseUrl, 'GET', '/groups/cometchat-guid-2/messages?limit=50');
    expect(res.data.length).toBeGreaterThan(0);
    for (const m of res.data) expect(keysOf(m)).toEqual(expect.arrayContaining(MESSAGE_KEYS));
    expect(keysOf(res.meta)).toEqual(keysOf(messages.meta));
    expect(keysOf(res.meta.current)).toEqual(keysOf(messages.meta.current));
    expect(keysOf(res.meta.next)).toEqual(keysOf(messages.meta.next));
  });
});

describe('calls', () => {
  test('GET /calls: pagination has the example’s keys; calls and participants no others', async () => {
    const res = await call('list-calls', emu.callsBaseUrl, 'GET', '/calls');
    expect(keysOf(res.meta.pagination)).toEqual(PAGINATION_KEYS);
    expect(res.data.length).toBeGreaterThan(0);
    for (const c of res.data) {
      expect(keysOf(c).filter((k) => !CALL_KEYS.includes(k))).toEqual([]);
      const extra = unionKeys(c.participants ?? []).filter((k) => !PARTICIPANT_KEYS.includes(k));
      expect(extra).toEqual([]);
    }
  });

  test('GET /calls/{sessionId}: the example’s keys and no others', async () => {
    const list = await call('list-calls', emu.callsBaseUrl, 'GET', '/calls');
    for (const { sessionId } of list.data.slice(0, 5)) {
      const res = await call('retrieve-call-details', emu.callsBaseUrl, 'GET', `/calls/${encodeURIComponent(sessionId)}`);
      expect(keysOf(res.data).filter((k) => !CALL_DETAIL_KEYS.includes(k))).toEqual([]);
      const extra = unionKeys(res.data.participants ?? []).filter((k) => !PARTICIPANT_KEYS.includes(k));
      expect(extra).toEqual([]);
    }
  });
});
