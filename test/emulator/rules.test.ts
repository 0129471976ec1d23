// The emulator's rules resource over real HTTP: the published shapes (response spelling
// isKeywordsReferencePresent, value an array, revisionId per write, revisions newest first with
// `active`), every request spelling accepted, the published limits with clear errors, the seeded
// built-in rules refusing writes, auth and ERR_RULE_NOT_FOUND, PUT replace (default) and merge.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { send } from './http.js';
import { offContract } from '../contract/rules-requests.js';

const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const rule = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Rule ${id}`,
  description: 'a test rule',
  enabled: true,
  action: ['blockMessage'],
  filters: [],
  conditions: [{ id: 1, entity: 'message', operand: 'text', operator: 'contains', category: 'word', isKeywordReferencePresent: true, isMediaPresent: false, value: 'profanity-list' }],
  ...extra,
});

// A small world: these tests need the rules and the default list, not 12,000 seed messages.
const SMALL = { users: [{ uid: 'u1', name: 'U' }], groups: [{ guid: 'g1', name: 'G' }], keywordLists: [{ id: 'profanity-list', name: 'Profane Words', category: 'word' as const, searchTerms: ['damn'], default: true }] };

async function withEmulator(opts: EmulatorOptions, body: (emu: RunningEmulator) => Promise<void>): Promise<void> {
  const emu = await startEmulator({ port: 0, data: SMALL, ...opts });
  try {
    await body(emu);
  } finally {
    await emu.close();
  }
}

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, data: SMALL });
});
afterAll(() => emu.close());

test('the seeded built-in rules: default: true, the text profanity rule references profanity-list and is on', async () => {
  const res = await send(emu, 'GET', '/moderation/rules');
  expect(res.status).toBe(200);
  expect(res.body.meta).toEqual({ current: { limit: 50, count: 6 } });
  expect(res.body.data.map((r: any) => [r.id, r.default, r.enabled])).toEqual([
    ['text-profanity-filter', true, true],
    ['image-moderation', true, false],
    ['video-moderation', true, false],
    ['custom-profanity-filter', true, false],
    ['contact_details_filter', true, false],
    ['email_filter', true, false],
  ]);
  expect(res.body.data[0].conditions[0]).toEqual({ id: 1, isKeywordsReferencePresent: true, isMediaPresent: false, entity: 'message', operand: 'text', category: 'word', operator: 'contains', value: ['profanity-list'] });
  expect(res.body.data[0].revisionId).toMatch(/^[0-9a-f]{16}_profanity-filter_25$/);
});

test('built-in rules refuse PUT and DELETE (400, documented), and a POST of their id', async () => {
  for (const [method, extra] of [['PUT', json(rule('text-profanity-filter', { enabled: false }))], ['DELETE', {}]] as const) {
    const res = await send(emu, method, '/moderation/rules/text-profanity-filter', extra);
    expect([method, res.status, res.body.error.code]).toEqual([method, 400, 'ERR_BAD_REQUEST']);
    expect(res.body.error.message).toContain('default rule');
  }
  const post = await send(emu, 'POST', '/moderation/rules', json(rule('text-profanity-filter')));
  expect(post.status).toBe(400);
  expect((await send(emu, 'GET', '/moderation/rules/text-profanity-filter')).body.data.enabled).toBe(true);
});

test.each(['isKeywordReferencePresent', 'isKeywordsReferencePresent', 'isListReferencePresent'])('a POST with %s and value a string answers in the response spelling, value an array', async (flag) => {
  const id = `spelled-${flag}`;
  const cond = { id: 1, entity: 'message', operand: 'text', operator: 'contains', category: 'word', [flag]: true, isMediaPresent: false, value: 'profanity-list' };
  const res = await send(emu, 'POST', '/moderation/rules', json(rule(id, { conditions: [cond] })));
  expect(res.status).toBe(200);
  expect(res.body.data.conditions[0]).toMatchObject({ isKeywordsReferencePresent: true, value: ['profanity-list'] });
  expect(res.body.data.conditions[0]).not.toHaveProperty(flag === 'isKeywordsReferencePresent' ? 'isKeywordReferencePresent' : flag);
  expect(Object.keys(res.body.data).sort()).toEqual(['action', 'active', 'conditions', 'createdAt', 'description', 'enabled', 'id', 'name', 'revisionId', 'updatedAt']);
  expect((await send(emu, 'DELETE', `/moderation/rules/${id}`)).body).toEqual({ data: { success: true, message: `Rule with id ${id} has been deleted successfully.` } });
});

test('PUT raises the revision; revisions are full snapshots newest first, only the newest active', async () => {
  await send(emu, 'POST', '/moderation/rules', json(rule('revised')));
  const put = await send(emu, 'PUT', '/moderation/rules/revised', json(rule('revised', { enabled: false, action: ['flagMessage'] })));
  expect(put.body.data).toMatchObject({ enabled: false, action: ['flagMessage'], revisionId: expect.stringMatching(/_revised_2$/) });
  const revs = await send(emu, 'GET', '/moderation/rules/revised/revisions');
  expect(revs.body.meta).toEqual({ current: { limit: 10, count: 2 } });
  expect(revs.body.data.map((r: any) => [r.revisionId.split('_').pop(), r.active, r.enabled, r.action])).toEqual([
    ['2', true, false, ['flagMessage']],
    ['1', false, true, ['blockMessage']],
  ]);
  await send(emu, 'DELETE', '/moderation/rules/revised');
});

test('unknown ids: ERR_RULE_NOT_FOUND on GET, PUT, DELETE and revisions', async () => {
  for (const [method, path] of [['GET', '/moderation/rules/nope'], ['PUT', '/moderation/rules/nope'], ['DELETE', '/moderation/rules/nope'], ['GET', '/moderation/rules/nope/revisions']] as const) {
    const res = await send(emu, method, path, method === 'PUT' ? json(rule('nope')) : {});
    expect([method, path, res.status, res.body.error.code]).toEqual([method, path, 404, 'ERR_RULE_NOT_FOUND']);
  }
});

test('auth as the keyword routes: no key, a wrong key', async () => {
  expect((await send(emu, 'GET', '/moderation/rules', { key: null })).body.error.code).toBe('AUTH_ERR_EMPTY_APIKEY');
  expect((await send(emu, 'POST', '/moderation/rules', { key: 'wrong', ...json(rule('x')) })).body.error.code).toBe('AUTH_ERR_APIKEY_NOT_FOUND');
});

test('the published limits, each with a clear error', async () => {
  const cond = rule('x').conditions[0];
  const filter = { type: 'sender', entity: 'user', operand: 'uid', operator: 'equals', value: 'admin' };
  const cases: [Record<string, unknown>, RegExp][] = [
    [rule('has space'), /id "has space" may contain only letters/],
    [rule('a'.repeat(101)), /id is 101 characters; at most 100/],
    [rule('long-name', { name: 'n'.repeat(101) }), /name is 101 characters; at most 100/],
    [rule('long-desc', { description: 'd'.repeat(256) }), /description is 256 characters; at most 255/],
    [rule('many-conds', { conditions: Array.from({ length: 11 }, (_, i) => ({ ...cond, id: i + 1 })) }), /at most 10 conditions; this one has 11/],
    [rule('many-filters', { filters: Array.from({ length: 11 }, () => filter) }), /at most 10 filters; this one has 11/],
    [rule('no-action', { action: [] }), /action must be a non-empty array/],
    [rule('bad-action', { action: ['explode'] }), /action "explode" is not one this app accepts/],
    [rule('bad-op', { conditions: [{ ...cond, operator: 'like' }] }), /conditions\[0\]\.operator "like" is not one of contains, equals/],
    [rule('bad-filter', { filters: [{ ...filter, operand: 'guid' }] }), /filters\[0\]\.operand "guid" is not one of uid/],
    [{ name: 'no id', action: ['blockMessage'], conditions: [cond] }, /id is required/],
  ];
  // Some of these are off the published request schema on purpose (an operator, a filter operand).
  for (const [body, message] of cases) {
    const res = await offContract(() => send(emu, 'POST', '/moderation/rules', json(body)));
    expect([body.id, res.status, res.body.error.message]).toEqual([body.id, 400, expect.stringMatching(message)]);
  }
  expect((await send(emu, 'POST', '/moderation/rules', { body: 'not json', headers: { 'content-type': 'application/json' } })).status).toBe(400);
});

test('25 custom rules at most, built-ins not counted', async () => {
  await withEmulator({}, async (e) => {
    for (let i = 0; i < 25; i++) expect((await send(e, 'POST', '/moderation/rules', json(rule(`r${i}`)))).status).toBe(200);
    const res = await send(e, 'POST', '/moderation/rules', json(rule('r25')));
    expect([res.status, res.body.error.message]).toEqual([400, 'The app already has 25 rules; at most 25 are allowed (default rules not counted).']);
    // `limit` is honoured: meta.current says what was asked and what came.
    expect((await send(e, 'GET', '/moderation/rules?limit=5')).body.meta).toEqual({ current: { limit: 5, count: 5 } });
    expect((await send(e, 'GET', '/moderation/rules?limit=100')).body.data).toHaveLength(31);
  });
});

test('PUT replace (default) resets what the body leaves out; merge keeps it', async () => {
  const filter = { type: 'sender', entity: 'user', operand: 'uid', operator: 'equals', value: 'admin' };
  for (const mode of ['replace', 'merge'] as const) {
    await withEmulator({ rulePut: mode }, async (e) => {
      await send(e, 'POST', '/moderation/rules', json(rule('m', { description: 'kept?', filters: [filter], enabled: false })));
      const partial = { name: 'renamed', action: ['blockMessage'], conditions: rule('m').conditions };
      const res = await send(e, 'PUT', '/moderation/rules/m', json(partial));
      expect(res.status).toBe(200);
      const expected = mode === 'replace' ? { description: '', enabled: true } : { description: 'kept?', enabled: false, filters: [filter] };
      expect([mode, res.body.data]).toEqual([mode, expect.objectContaining({ name: 'renamed', ...expected })]);
      if (mode === 'replace') expect(res.body.data).not.toHaveProperty('filters');
    });
  }
});

test('emulator modes: one reference flag spelling read, action strings narrowed, one list per condition', async () => {
  await withEmulator({ ruleReferenceFlags: ['isKeywordsReferencePresent'], ruleActions: ['blockMessage'], multiListConditions: false }, async (e) => {
    // The request schema's spelling is not read by this app: the value is literal.
    const res = await send(e, 'POST', '/moderation/rules', json(rule('one-flag')));
    expect(res.body.data.conditions[0].isKeywordsReferencePresent).toBe(false);
    expect((await send(e, 'POST', '/moderation/rules', json(rule('flag-action', { action: ['flagMessage'] })))).status).toBe(400);
    const two = { ...rule('x').conditions[0], isKeywordReferencePresent: undefined, isKeywordsReferencePresent: true, value: ['a', 'b'] };
    const multi = await offContract(() => send(e, 'POST', '/moderation/rules', json(rule('two-lists', { conditions: [two] }))));
    expect([multi.status, multi.body.error.message]).toEqual([400, expect.stringContaining('holds 2 list ids; a condition references one list')]);
  });
});

test('rules are per app and persisted with the lists', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kwsync-rules-'));
  try {
    const statePath = join(dir, 'state.json');
    await withEmulator({ statePath, apps: ['other'] }, async (e) => {
      expect((await send(e, 'POST', '/moderation/rules', json(rule('saved')))).status).toBe(200);
      const other = await fetch(`${e.apps[0]!.chatBaseUrl}/moderation/rules/saved`, { headers: { apikey: e.apiKey } });
      expect(other.status).toBe(404);
    });
    const saved = JSON.parse(await readFile(statePath, 'utf8'));
    expect(saved.rules.map((r: any) => r.id)).toContain('saved');
    await withEmulator({ statePath }, async (e) => {
      expect((await send(e, 'GET', '/moderation/rules/saved')).body.data.revisionId).toMatch(/_saved_1$/);
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
