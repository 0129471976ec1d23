// The check every rules request of the suite goes through (rules-request-hook.ts): the client's
// requests in the published shape pass, anything off the published request schema is named.
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { createClient, createRule, deleteRule, listBlockedMessages, listRuleRevisions, listRules, updateRule, approveBlockedMessage, type RuleWrite } from '../../src/api/index.js';
import { offContract, rulesRequestChecker } from './rules-requests.js';

const checker = rulesRequestChecker();
let emu: RunningEmulator;
const HOOK = Symbol.for('kwsync.emulator.observe');
let hook: unknown;
beforeAll(async () => {
  // This file checks the check: its emulator reports to its own checker only, not to the suite's hook.
  const g = globalThis as Record<symbol, unknown>;
  hook = g[HOOK];
  delete g[HOOK];
  try {
    emu = await startEmulator({ port: 0, observe: checker.observe });
  } finally {
    g[HOOK] = hook;
  }
});
afterAll(() => emu.close());

const rule: RuleWrite = {
  id: 'contract-rule',
  name: 'Contract rule',
  enabled: true,
  action: ['blockMessage'],
  conditions: [{ entity: 'message', operand: 'text', operator: 'contains', category: 'word', isReference: true, value: ['profanity-list'] }],
  filters: [{ type: 'sender', entity: 'user', operand: 'role', operator: 'notEquals', value: 'admin' }],
};

test('the suite-wide hook is installed: every emulator reports its requests', () => {
  expect(typeof hook).toBe('function');
});

test('every request of the rules client, in the default settings, fits the published request schema', async () => {
  const client = createClient({ apiKey: emu.apiKey, baseUrl: emu.chatBaseUrl });
  try {
    await createRule(client, rule);
    await updateRule(client, { ...rule, enabled: false, conditions: [{ ...rule.conditions[0]!, category: 'pattern', operator: 'equals' }] });
    await listRules(client);
    await listRuleRevisions(client, rule.id);
    await listBlockedMessages(client, { maxItems: 10 });
    await fetch(`${emu.chatBaseUrl}/messages`, { method: 'POST', headers: { apikey: emu.apiKey, onBehalfOf: 'cometchat-uid-2', 'content-type': 'application/json' }, body: JSON.stringify({ receiver: 'cometchat-guid-1', receiverType: 'group', category: 'message', type: 'text', data: { text: 'damn' } }) });
    const [blocked] = (await listBlockedMessages(client, { maxItems: 1 })).items;
    await approveBlockedMessage(client, blocked!.message.id);
    await deleteRule(client, rule.id);
  } finally {
    await client.close();
  }
  expect(checker.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
    'POST /moderation/rules',
    'PUT /moderation/rules/contract-rule',
    'GET /moderation/rules',
    'GET /moderation/rules/contract-rule/revisions',
    'GET /moderation/blocked-messages',
    'GET /moderation/blocked-messages',
    'PATCH /moderation/blocked-messages/' + checker.seen[6]?.path.split('/').pop(),
    'DELETE /moderation/rules/contract-rule',
  ]);
  expect(await checker.problems()).toEqual([]);
});

test('what is off the published request schema is named: value as an array, an unknown operator, a filter without its type', async () => {
  const client = createClient({ apiKey: emu.apiKey, baseUrl: emu.chatBaseUrl, ruleWrites: { valueForm: 'array' } });
  const send = (method: string, path: string, body: string, type = 'application/json') =>
    fetch(`${emu.chatBaseUrl}${path}`, { method, headers: { apikey: emu.apiKey, 'content-type': type }, body });
  await offContract(async () => {
    try {
      await createRule(client, { ...rule, id: 'array-form' });
      await deleteRule(client, 'array-form');
    } finally {
      await client.close();
    }
    await send('POST', '/moderation/rules', JSON.stringify({ id: 'x', name: 'x', action: ['blockMessage'], conditions: [{ operand: 'text', operator: 'like', category: 'word', value: 'a' }] }));
    await send('POST', '/moderation/rules', JSON.stringify({ id: 'y', name: 'y', action: ['blockMessage'], filters: [{ entity: 'user', operand: 'uid', operator: 'equals', value: 'a' }], conditions: [] }));
  });
  // Suspended: the hook saw nothing; the same requests outside offContract are named.
  expect(checker.seen).toEqual([]);
  const arrays = createClient({ apiKey: emu.apiKey, baseUrl: emu.chatBaseUrl, ruleWrites: { valueForm: 'array' } });
  try {
    await createRule(arrays, { ...rule, id: 'array-form' });
    await offContract(() => deleteRule(arrays, 'array-form'));
  } finally {
    await arrays.close();
  }
  await send('POST', '/moderation/rules', JSON.stringify({ id: 'x', name: 'x', action: ['blockMessage'], conditions: [{ operand: 'text', operator: 'like', category: 'word', value: 'a' }] }));
  await send('POST', '/moderation/rules', JSON.stringify({ id: 'y', name: 'y', action: ['blockMessage'], filters: [{ entity: 'user', operand: 'uid', operator: 'equals', value: 'a' }], conditions: [] }));
  const problems = await checker.problems();
  expect(problems).toEqual([
    'POST /moderation/rules [create-rule]: /requestBody/conditions/0/value must be string',
    'POST /moderation/rules [create-rule]: /requestBody/conditions/0/operator must be equal to one of the allowed values (["contains","equals"])',
    `POST /moderation/rules [create-rule]: /requestBody/filters/0 must have required property 'type' ("type")`,
    `POST /moderation/rules [create-rule]: /requestBody/filters/0 must have required property 'type' ("type")`,
    'POST /moderation/rules [create-rule]: /requestBody/filters/0 must match exactly one schema in oneOf',
  ]);
});
