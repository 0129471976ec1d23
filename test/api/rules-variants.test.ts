// The rules client reads every published variant into one shape: the published List Rules,
// revisions and blocked-messages examples, the three spellings of the reference flag, `value` and
// `message` as string or array, open categories and actions, filters absent or present, `default`
// and the published built-in ids. And it writes the published request shape, as configured.
import type { z } from 'zod';
import {
  isPublishedDefaultRule,
  listBlockedMessages,
  listRuleRevisions,
  listRules,
  getRule,
  readRule,
  ruleRequestBody,
  type ApiRequest,
  type CometChatClient,
  type RuleWrite,
} from '../../src/api/index.js';
import { DEFAULT_RETRY_POLICY } from '../../src/api/retry-policy.js';
import { ruleConditionSchema } from '../../src/api/rules.js';
import { rulesExample } from './rules-examples.js';

/** A client answering each GET path with the JSON given; records the requests. */
export function stubClient(answers: Record<string, unknown | ((req: ApiRequest) => unknown)>): CometChatClient & { sent: ApiRequest[] } {
  const sent: ApiRequest[] = [];
  return {
    sent,
    baseUrls: { chat: 'http://stub/v3', calls: 'http://stub/calls/v3' },
    termsSettings: {} as CometChatClient['termsSettings'],
    retryPolicy: DEFAULT_RETRY_POLICY,
    stats: { requests: 0, attempts: 0, paced: 0 },
    async send<S extends z.ZodType>(req: ApiRequest, schema: S) {
      sent.push(req);
      const a = answers[`${req.method} ${req.path}`];
      const json = typeof a === 'function' ? (a as (r: ApiRequest) => unknown)(req) : a;
      return schema.parse(json) as z.output<S>;
    },
    probe: async () => {
      throw new Error('not in the stub');
    },
    close: async () => {},
  };
}

describe('the published examples', () => {
  test('List Rules: eight rules, six built-ins, every flag spelling read, values arrays', async () => {
    const client = stubClient({ 'GET /moderation/rules': rulesExample('listRules') });
    const read = await listRules(client);
    expect(client.sent[0]?.query).toEqual({ limit: 100 });
    expect(read.complete).toBe(true);
    expect(read.rules.map((r) => [r.id, r.isDefault, r.enabled])).toEqual([
      ['moderation-test', false, true],
      ['video-moderation1', false, true],
      ['text-profanity-filter', true, true],
      ['image-moderation', true, false],
      ['video-moderation', true, false],
      ['custom-profanity-filter', true, false],
      ['contact_details_filter', true, false],
      ['email_filter', true, false],
    ]);
    const profanity = read.rules.find((r) => r.id === 'text-profanity-filter')!;
    expect(profanity).toEqual({
      id: 'text-profanity-filter',
      name: 'Text Profanity filter',
      description: 'Detect and censor profanity in text messages.',
      enabled: true,
      action: ['blockMessage'],
      conditions: [{ id: 1, entity: 'message', operand: 'text', operator: 'contains', category: 'word', isReference: true, isMediaPresent: false, value: ['profanity-list'] }],
      revisionId: '253157108b5294c4_profanity-filter_25',
      isDefault: true,
      createdAt: 1718355386,
      updatedAt: 1720006272,
    });
    // isListReferencePresent (the custom profanity default) reads as a reference too.
    expect(read.rules.find((r) => r.id === 'custom-profanity-filter')!.conditions[0]).toMatchObject({ isReference: true, value: ['profanity-list'] });
    expect(read.rules.find((r) => r.id === 'moderation-test')!.conditions[0]).toMatchObject({ isReference: false, message: ['Image contains violence with confidence greater than 30'] });
    // No published answer carries filters: absent, not [].
    expect(read.rules.every((r) => r.filters === undefined)).toBe(true);
  });

  test('List Rules: a full page is said to be possibly cut short', async () => {
    const listing = rulesExample('listRules');
    listing.meta.current = { limit: 8, count: 8 };
    const read = await listRules(stubClient({ 'GET /moderation/rules': listing }));
    expect(read).toMatchObject({ complete: false, reason: expect.stringContaining('full (8 rules, the limit 8') });
    listing.meta.current = { limit: 50, count: 9 };
    expect((await listRules(stubClient({ 'GET /moderation/rules': listing }))).reason).toContain('held 8 of the 9 rules');
  });

  test('an item that is not a rule is left out and named; the rest are read', async () => {
    const listing = rulesExample('listRules');
    listing.data.push({ id: 'profanity-list', name: 'Profane Words', category: 'word', searchTerms: ['damn'] }, { name: 'no id' });
    const read = await listRules(stubClient({ 'GET /moderation/rules': listing }));
    expect(read.rules).toHaveLength(8);
    expect(read.complete).toBe(false);
    expect(read.reason).toContain('rule "profanity-list" could not be read (conditions: the answer is not a rule');
    expect(read.reason).toContain('rule #10 could not be read');
  });

  test('GET one answering the published example (a keyword list, a doc error) is an unexpected answer, not a rule without conditions', async () => {
    const client = stubClient({ 'GET /moderation/rules/text-profanity-filter': { data: { id: 'profanity-list', name: 'Profane Words', category: 'word', searchTerms: ['damn'] } } });
    await expect(getRule(client, 'text-profanity-filter')).rejects.toThrow(/not a rule/);
  });

  test('revisions: snapshots newest first, `active` kept', async () => {
    const revisions = await listRuleRevisions(stubClient({ 'GET /moderation/rules/moderation-test/revisions': rulesExample('revisions') }), 'moderation-test');
    expect(revisions.map((r) => [r.revisionId, r.active, r.conditions[0]?.operand])).toEqual([
      ['253179cf5f665257_moderation-test_2', true, 'text'],
      ['253179cf5f665257_moderation-test_1', false, 'image'],
    ]);
  });

  test('blocked messages: rule, revision, matched condition (with weight), message and action', async () => {
    const read = await listBlockedMessages(stubClient({ 'GET /moderation/blocked-messages': rulesExample('blocked') }), { maxItems: 10 });
    expect(read.items).toEqual([
      {
        ruleId: 'image-moderation',
        ruleName: 'AI Image Moderation',
        revisionId: '253156be20433c97_image-moderation_4',
        condition: { id: 1, entity: 'message', operand: 'image', operator: 'contains', category: 'word', isReference: false, isMediaPresent: true, value: ['Any unsafe content_greaterThan_70'], message: ['Image contains Any unsafe content with confidence greater than 70'], weight: 1 },
        message: { id: '65', sender: 'cometchat-uid-1', receiver: 'cometchat-uid-2', receiverType: 'user', sentAt: 1719993037 },
        action: ['blockMessage'],
        createdAt: 1719993038,
      },
    ]);
    // One item where meta says 20 of limit 50: the page was cut short, and the read says so.
    expect(read.complete).toBe(false);
  });

  test('blocked messages: filtered by rule and time on kwsync’s side, capped in items', async () => {
    const one = rulesExample('blocked').data[0];
    const items = [1, 2, 3, 4].map((n) => ({ ...structuredClone(one), ruleId: n % 2 ? 'a' : 'b', createdAt: 1000 + n, message: { ...one.message, id: String(n) } }));
    const client = stubClient({ 'GET /moderation/blocked-messages': { data: items, meta: { current: { limit: 50, count: 4 } } } });
    expect((await listBlockedMessages(client, { maxItems: 10, ruleId: 'a' })).items.map((i) => i.message.id)).toEqual(['1', '3']);
    expect((await listBlockedMessages(client, { maxItems: 10, since: 1003 })).items.map((i) => i.message.id)).toEqual(['3', '4']);
    const capped = await listBlockedMessages(client, { maxItems: 2 });
    expect(capped).toMatchObject({ complete: false, reason: expect.stringContaining('more than 2 items matched') });
    expect(capped.items).toHaveLength(2);
  });

  test('a reviewed item’s condition: category toxicity, message a string', () => {
    expect(ruleConditionSchema.parse(rulesExample('toxicityCondition'))).toMatchObject({ category: 'toxicity', message: ['Message is toxic'], value: ['toxicity_greaterThan_70'], isReference: false });
  });
});

describe('variants the sources disagree on', () => {
  const cond = (extra: Record<string, unknown>) => ({ id: 1, entity: 'message', operand: 'text', operator: 'contains', category: 'word', ...extra });
  test.each(['isKeywordReferencePresent', 'isKeywordsReferencePresent', 'isListReferencePresent'])('the flag spelled %s', (flag) => {
    expect(ruleConditionSchema.parse(cond({ [flag]: true, value: 'my-list' }))).toMatchObject({ isReference: true, value: ['my-list'] });
    expect(ruleConditionSchema.parse(cond({ [flag]: false, value: ['my-list'] }))).toMatchObject({ isReference: false, value: ['my-list'] });
  });

  test('a request-shaped rule (value a string, filters present) reads like its answer', () => {
    const read = readRule(rulesExample('requestBody'));
    expect(read).toEqual({
      rule: {
        id: 'moderation-test',
        name: 'Video Moderation',
        description: 'AI-powered video moderation to detect unsafe content.',
        enabled: true,
        action: ['blockMessage'],
        conditions: [{ id: 1, entity: 'message', operand: 'image', operator: 'contains', category: 'word', isReference: false, isMediaPresent: true, value: ['violence_greaterThan_30'] }],
        filters: [{ type: 'sender', entity: 'user', operand: 'uid', operator: 'equals', value: 'admin' }],
        isDefault: false,
      },
    });
  });

  test('isPublishedDefaultRule: the flag, or a published built-in id', () => {
    expect(isPublishedDefaultRule({ id: 'mine', default: true })).toBe(true);
    expect(isPublishedDefaultRule({ id: 'email_filter' })).toBe(true);
    expect(isPublishedDefaultRule({ id: 'mine' })).toBe(false);
    expect(isPublishedDefaultRule({ id: 'mine', default: false })).toBe(false);
  });
});

describe('the request body', () => {
  const write: RuleWrite = {
    id: 'block-scams',
    name: 'Block scams',
    enabled: true,
    action: ['blockMessage'],
    conditions: [{ entity: 'message', operand: 'text', operator: 'contains', category: 'pattern', isReference: true, value: ['scam-patterns'] }],
    filters: [{ type: 'sender', entity: 'user', operand: 'role', operator: 'notEquals', value: 'admin' }],
  };
  test('by default the published request schema: isKeywordReferencePresent, value a string, every field', () => {
    expect(ruleRequestBody(write)).toEqual({
      id: 'block-scams',
      name: 'Block scams',
      description: '',
      enabled: true,
      action: ['blockMessage'],
      filters: [{ type: 'sender', entity: 'user', operand: 'role', operator: 'notEquals', value: 'admin' }],
      conditions: [{ id: 1, entity: 'message', operand: 'text', operator: 'contains', category: 'pattern', isKeywordReferencePresent: true, isMediaPresent: false, value: 'scam-patterns' }],
    });
  });
  test('the flag spelling and value form as configured', () => {
    const body = ruleRequestBody(write, { referenceFlag: 'isKeywordsReferencePresent', valueForm: 'array' }) as { conditions: Record<string, unknown>[] };
    expect(body.conditions[0]).toMatchObject({ isKeywordsReferencePresent: true, value: ['scam-patterns'] });
    expect(body.conditions[0]).not.toHaveProperty('isKeywordReferencePresent');
  });
});
