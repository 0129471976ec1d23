// The emulator enforces rules: a text message sent to a group (POST /messages, onBehalfOf) runs
// through the app's enabled rules; a blocking rule keeps it out of the group's messages and lists
// it under GET /moderation/blocked-messages with the rule, its revision and the matched condition
// (its value the list id). A list no enabled rule references blocks nothing; a deleted list
// matches nothing; approve delivers, review keeps it blocked.
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { createList, send } from './http.js';

const GROUP = 'cometchat-guid-2';
const json = (body: unknown, headers: Record<string, string> = {}) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
const say = (emu: RunningEmulator, text: string, opts: { from?: string; to?: string; app?: string } = {}) =>
  send(emu, 'POST', '/messages', json({ receiver: opts.to ?? GROUP, receiverType: 'group', category: 'message', type: 'text', data: { text } }, { onBehalfOf: opts.from ?? 'cometchat-uid-3' }));
const rule = (id: string, conditions: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
  json({ id, name: `Rule ${id}`, enabled: true, action: ['blockMessage'], filters: [], conditions, ...extra });
const listCond = (list: string, category = 'word', extra: Record<string, unknown> = {}) => ({ entity: 'message', operand: 'text', operator: 'contains', category, isKeywordReferencePresent: true, isMediaPresent: false, value: list, ...extra });
const blocked = async (emu: RunningEmulator) => (await send(emu, 'GET', '/moderation/blocked-messages')).body;
const groupTexts = async (emu: RunningEmulator) => ((await send(emu, 'GET', `/groups/${GROUP}/messages?affix=prepend&limit=20`)).body.data as { data: { text?: string } }[]).map((m) => m.data.text);

async function withEmulator(opts: EmulatorOptions, body: (emu: RunningEmulator) => Promise<void>): Promise<void> {
  const emu = await startEmulator({ port: 0, ...opts });
  try {
    await body(emu);
  } finally {
    await emu.close();
  }
}

test('the seeded default rule blocks a word of the default list; a clean message is delivered', async () => {
  await withEmulator({}, async (emu) => {
    const bad = await say(emu, 'well damn that');
    expect(bad.status).toBe(200);
    expect(bad.body.data).toMatchObject({ receiver: GROUP, receiverType: 'group', sender: 'cometchat-uid-3', data: { text: 'well damn that', moderation: { status: 'disapproved' } } });
    const ok = await say(emu, 'a fine day');
    expect(ok.body.data.data).not.toHaveProperty('moderation');

    const list = await blocked(emu);
    expect(list.meta).toEqual({ current: { limit: 50, count: 1 } });
    const [item] = list.data;
    expect(Object.keys(item).sort()).toEqual(['action', 'condition', 'createdAt', 'message', 'revisionId', 'ruleId', 'ruleName', 'updatedAt']);
    expect(item).toMatchObject({
      ruleId: 'text-profanity-filter',
      ruleName: 'Text Profanity filter',
      revisionId: expect.stringMatching(/_profanity-filter_25$/),
      condition: { id: 1, isKeywordsReferencePresent: true, operand: 'text', category: 'word', operator: 'contains', value: ['profanity-list'], weight: 1 },
      message: { id: bad.body.data.id, sender: 'cometchat-uid-3', receiver: GROUP, receiverType: 'group', type: 'text', data: { text: 'well damn that', moderation: { status: 'pending' } } },
      action: ['blockMessage'],
    });
    const texts = await groupTexts(emu);
    expect(texts).toContain('a fine day');
    expect(texts).not.toContain('well damn that');
  });
});

test('a list blocks through a rule that references it, and only then', async () => {
  await withEmulator({}, async (emu) => {
    expect((await createList(emu, { id: 'scams', name: 'Scams', category: 'word', searchTerms: 'wire money,gift card' })).status).toBe(200);
    expect((await createList(emu, { id: 'unused', name: 'Unused', category: 'word', searchTerms: 'zebra' })).status).toBe(200);
    expect((await say(emu, 'please wire money today')).body.data.data).not.toHaveProperty('moderation');
    expect((await send(emu, 'POST', '/moderation/rules', rule('block-scams', [listCond('scams')]))).status).toBe(200);
    await say(emu, 'please wire money again');
    await say(emu, 'a zebra walks by');
    const items = (await blocked(emu)).data;
    expect(items.map((i: any) => [i.ruleId, i.condition.value, i.message.data.text])).toEqual([['block-scams', ['scams'], 'please wire money again']]);
    expect(items[0].revisionId).toMatch(/_block-scams_1$/);
    expect(await groupTexts(emu)).toEqual(expect.arrayContaining(['please wire money today', 'a zebra walks by']));

    // Switched off: nothing blocks.
    await send(emu, 'PUT', '/moderation/rules/block-scams', rule('block-scams', [listCond('scams')], { enabled: false }));
    await say(emu, 'wire money, off');
    // Back on, its revision moves and the blocked item names it.
    await send(emu, 'PUT', '/moderation/rules/block-scams', rule('block-scams', [listCond('scams')]));
    await say(emu, 'gift card please');
    const newest = (await blocked(emu)).data;
    expect(newest.map((i: any) => [i.message.data.text, i.revisionId.split('_').pop()])).toEqual([
      ['gift card please', '3'],
      ['please wire money again', '1'],
    ]);

    // Deleting a list a rule references is allowed; the rule then matches nothing from it.
    expect((await send(emu, 'DELETE', '/moderation/keywords/scams')).status).toBe(200);
    await say(emu, 'wire money after the delete');
    expect((await blocked(emu)).data).toHaveLength(2);
    expect((await send(emu, 'GET', '/moderation/rules/block-scams')).body.data.conditions[0].value).toEqual(['scams']);
  });
});

test('a literal condition, a pattern list, a non-blocking action, and filters', async () => {
  await withEmulator({ defaultRules: 'none' }, async (emu) => {
    await createList(emu, { id: 'phones', name: 'Phones', category: 'pattern', searchTerms: String.raw`\d{3}-\d{4}` });
    const literal = { entity: 'message', operand: 'text', operator: 'contains', category: 'word', isMediaPresent: false, value: 'phones' };
    await send(emu, 'POST', '/moderation/rules', rule('literal', [literal]));
    await send(emu, 'POST', '/moderation/rules', rule('phone-numbers', [listCond('phones', 'pattern')]));
    await send(emu, 'POST', '/moderation/rules', rule('flag-only', [{ ...literal, value: 'flagme' }], { action: ['flagMessage'] }));
    await send(emu, 'POST', '/moderation/rules', rule('admins-only', [{ ...literal, value: 'secret' }], { filters: [{ type: 'sender', entity: 'user', operand: 'uid', operator: 'equals', value: 'cometchat-uid-1' }] }));
    await say(emu, 'call 555-1234');
    await say(emu, 'I sell phones');
    await say(emu, 'flagme please');
    await say(emu, 'a secret from uid 3');
    await say(emu, 'a secret from uid 1', { from: 'cometchat-uid-1' });
    const items = (await blocked(emu)).data.map((i: any) => [i.ruleId, i.message.data.text]).reverse();
    expect(items).toEqual([
      ['phone-numbers', 'call 555-1234'],
      ['literal', 'I sell phones'],
      ['admins-only', 'a secret from uid 1'],
    ]);
  });
});

test('conditions combine as any (default) or all (an emulator option)', async () => {
  const conds = [
    { entity: 'message', operand: 'text', operator: 'contains', category: 'word', value: 'alpha' },
    { entity: 'message', operand: 'text', operator: 'contains', category: 'word', value: 'beta' },
  ];
  for (const mode of ['any', 'all'] as const) {
    await withEmulator({ defaultRules: 'none', ruleConditions: mode }, async (emu) => {
      await send(emu, 'POST', '/moderation/rules', rule('two', conds));
      await say(emu, 'alpha only');
      await say(emu, 'alpha and beta');
      const texts = (await blocked(emu)).data.map((i: any) => i.message.data.text).reverse();
      expect([mode, texts]).toEqual([mode, mode === 'any' ? ['alpha only', 'alpha and beta'] : ['alpha and beta']]);
    });
  }
});

test('approve delivers a blocked message; review keeps it blocked and moves it to the reviewed list', async () => {
  await withEmulator({}, async (emu) => {
    const a = (await say(emu, 'damn one')).body.data.id;
    const b = (await say(emu, 'damn two')).body.data.id;
    const approved = await send(emu, 'PATCH', `/moderation/blocked-messages/${a}`, json({ status: 'approved' }));
    expect(approved.body).toEqual({ data: { success: true, message: `Message with ID ${a} has been approved.` } });
    const reviewed = await send(emu, 'PATCH', `/moderation/blocked-messages/${b}`, json({ status: 'rejected', reviewed: true }));
    expect(reviewed.body).toEqual({ data: { success: true, message: `Message with ID ${b} has been reviewed successfully.` } });
    expect((await blocked(emu)).data).toEqual([]);
    const texts = await groupTexts(emu);
    expect(texts).toContain('damn one');
    expect(texts).not.toContain('damn two');
    const rev = (await send(emu, 'GET', '/moderation/reviewed-messages')).body.data;
    expect(rev.map((r: any) => [r.message.id, r.message.data.moderation])).toEqual([[b, { status: 'disapproved', rule: { id: 'text-profanity-filter', name: 'Text Profanity filter' } }]]);
    const again = await send(emu, 'PATCH', `/moderation/blocked-messages/${a}`, json({ status: 'approved' }));
    expect([again.status, again.body.error.code]).toEqual([404, 'ERR_MESSAGE_ID_NOT_FOUND']);
    expect((await send(emu, 'PATCH', `/moderation/blocked-messages/${a}`, json({ status: 'maybe' }))).status).toBe(400);
  });
});

test('bad sends are clear errors; apps keep their own rules and blocked lists', async () => {
  await withEmulator({ apps: ['staging'] }, async (emu) => {
    const noSender = await send(emu, 'POST', '/messages', json({ receiver: GROUP, receiverType: 'group', category: 'message', type: 'text', data: { text: 'hi' } }));
    expect([noSender.status, noSender.body.error.message]).toEqual([400, expect.stringContaining('onBehalfOf header is required')]);
    expect((await say(emu, 'hi', { to: 'nope' })).body.error.code).toBe('ERR_GUID_NOT_FOUND');
    expect((await say(emu, 'hi', { from: 'nobody' })).body.error.code).toBe('ERR_UID_NOT_FOUND');
    const toUser = await send(emu, 'POST', '/messages', json({ receiver: 'cometchat-uid-2', receiverType: 'user', category: 'message', type: 'text', data: { text: 'hi' } }, { onBehalfOf: 'cometchat-uid-3' }));
    expect([toUser.status, toUser.body.error.message]).toEqual([400, expect.stringContaining('receiverType must be "group"')]);

    const staging = emu.apps[0]!;
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${staging.chatBaseUrl}${path}`, { method: 'POST', headers: { apikey: staging.apiKey, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    await post('/moderation/rules', { id: 'stage-only', name: 'S', enabled: true, action: ['blockMessage'], conditions: [{ entity: 'message', operand: 'text', operator: 'contains', category: 'word', value: 'stagey' }] });
    await post('/messages', { receiver: GROUP, receiverType: 'group', category: 'message', type: 'text', data: { text: 'stagey words' } }, { onBehalfOf: 'cometchat-uid-3' });
    await say(emu, 'stagey words on the default app');
    expect((await blocked(emu)).data).toEqual([]);
    const stagingBlocked: any = await (await fetch(`${staging.chatBaseUrl}/moderation/blocked-messages`, { headers: { apikey: staging.apiKey } })).json();
    expect(stagingBlocked.data.map((i: any) => i.ruleId)).toEqual(['stage-only']);
  });
});
