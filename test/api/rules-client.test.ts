// The rules client against the emulator over real HTTP: every published endpoint, the request shape
// each service setting sends, built-in rules refused before anything is sent, not-found as absent.
import { fixturePerFile } from './emulator-fixture.js';
import {
  createRule,
  deleteRule,
  findRule,
  getRule,
  listRuleRevisions,
  listRules,
  updateRule,
  type RuleWrite,
} from '../../src/api/index.js';
import { ApiError, UsageError } from '../../src/errors.js';
import { offContract } from '../contract/rules-requests.js';

const fx = fixturePerFile();

const rule = (id: string, over: Partial<RuleWrite> = {}): RuleWrite => ({
  id,
  name: `Rule ${id}`,
  description: 'made by the client test',
  enabled: true,
  action: ['blockMessage'],
  conditions: [{ entity: 'message', operand: 'text', operator: 'contains', category: 'word', isReference: true, value: ['profanity-list'] }],
  filters: [],
  ...over,
});

test('create, get, list, update, revisions and delete, in the normalised shape', async () => {
  const client = fx.client();
  const created = await createRule(client, rule('client-crud'));
  expect(created).toMatchObject({ id: 'client-crud', enabled: true, isDefault: false, action: ['blockMessage'] });
  expect(created.conditions).toEqual([{ id: 1, entity: 'message', operand: 'text', operator: 'contains', category: 'word', isReference: true, isMediaPresent: false, value: ['profanity-list'] }]);
  expect(created.revisionId).toMatch(/_client-crud_1$/);

  expect(await getRule(client, 'client-crud')).toEqual(created);
  const listed = await listRules(client);
  expect(listed.complete).toBe(true);
  expect(listed.rules.map((r) => r.id)).toContain('client-crud');
  expect(listed.rules.filter((r) => r.isDefault).map((r) => r.id)).toContain('text-profanity-filter');

  const updated = await updateRule(client, rule('client-crud', { enabled: false, action: ['flagMessage'] }));
  expect(updated).toMatchObject({ enabled: false, action: ['flagMessage'] });
  expect(updated.revisionId).toMatch(/_client-crud_2$/);

  const revisions = await listRuleRevisions(client, 'client-crud');
  expect(revisions.map((r) => [r.revisionId?.split('_').pop(), r.active, r.enabled])).toEqual([
    ['2', true, false],
    ['1', false, true],
  ]);

  await deleteRule(client, 'client-crud');
  expect(await findRule(client, 'client-crud')).toBeUndefined();
  await expect(getRule(client, 'client-crud')).rejects.toMatchObject({ code: 'ERR_RULE_NOT_FOUND' });
});

test('with ruleValueForm string, a condition of two list ids is refused before anything is sent', async () => {
  const client = fx.client();
  const two = rule('client-two', { conditions: [{ entity: 'message', operand: 'text', operator: 'contains', category: 'word', isReference: true, value: ['a', 'b'] }] });
  await expect(createRule(client, two)).rejects.toBeInstanceOf(UsageError);
  expect(fx.hits('POST', '/v3/moderation/rules')).toHaveLength(0);
  // value as an array is off the published request schema (what doctor may find an app takes).
  const arrays = fx.client({ ruleWrites: { valueForm: 'array' } });
  const made = await offContract(() => createRule(arrays, two));
  expect(made.conditions[0]?.value).toEqual(['a', 'b']);
  await deleteRule(arrays, 'client-two');
});

test('built-in rules are never written: create, update and delete refuse before sending', async () => {
  const client = fx.client();
  for (const id of ['text-profanity-filter', 'email_filter']) {
    await expect(updateRule(client, rule(id))).rejects.toBeInstanceOf(UsageError);
    await expect(deleteRule(client, id)).rejects.toBeInstanceOf(UsageError);
    await expect(createRule(client, rule(id))).rejects.toBeInstanceOf(UsageError);
  }
  expect(fx.emu.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  expect((await getRule(client, 'text-profanity-filter')).isDefault).toBe(true);
});

test('an unknown action is the service’s 400, quoted', async () => {
  const client = fx.client();
  const err = await createRule(client, rule('client-bad-action', { action: ['explode'] })).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).status).toBe(400);
  expect((err as ApiError).message).toContain('explode');
});
