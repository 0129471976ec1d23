// Moderation rules: one function per published endpoint (cometchat-moderation-rules.md 1-6), read
// through tolerant wire schemas and normalised to one typed shape (LiveRule). The published
// sources disagree on the condition's reference flag (three spellings), on `value` (a string in
// the request schema, an array in every answer), on `message` (array or string) and on
// `category` (word|pattern, but `toxicity` and others occur): every variant is read. Writes send
// the published request shape, the flag spelling and value form as kwsync.yaml `service:` says.
import { z } from 'zod';
import { ApiError, UsageError } from '../errors.js';
import type { CometChatClient, RuleWriteSettings } from './client.js';
import { DEFAULT_RULE_WRITES } from './client.js';
import { locatedProblems } from './keywords.js';
import { optionalBoolean, optionalNumber, optionalText, textLike } from './lenient.js';
import { createWithConfirmation } from './retry-policy.js';
import type { RuleCondition, RuleFilter, LiveRule, RuleWrite } from '../model/moderation-rule.js';

// The normalised shapes are the model's (src/model/moderation-rule.ts), shared with the plan.
// A rule as kwsync writes it: the client shapes the published request body from it.
export type { RuleCondition, RuleFilter, LiveRule, RuleWrite } from '../model/moderation-rule.js';

/** One snapshot of GET /moderation/rules/{id}/revisions. */
export interface RuleRevision extends LiveRule {
  /** `active: true` marks the live revision (inferred from the published example). */
  active?: boolean;
}


/** The built-in rule ids the published examples show ([R] List rules). */
export const PUBLISHED_DEFAULT_RULE_IDS: ReadonlySet<string> = new Set([
  'text-profanity-filter',
  'image-moderation',
  'video-moderation',
  'custom-profanity-filter',
  'contact_details_filter',
  'email_filter',
]);

/** True for a built-in rule: it says `default: true`, or it has a published built-in id. Such a rule is never written. */
export function isPublishedDefaultRule(rule: { id?: unknown; default?: unknown; isDefault?: unknown }): boolean {
  return rule.default === true || rule.isDefault === true || (typeof rule.id === 'string' && PUBLISHED_DEFAULT_RULE_IDS.has(rule.id));
}

/** The three published spellings of the reference flag, read in this order (any true wins). */
export const REFERENCE_FLAG_SPELLINGS = ['isKeywordReferencePresent', 'isKeywordsReferencePresent', 'isListReferencePresent'] as const;

const textOrTexts = z.union([textLike.transform((v) => [v]), z.array(textLike)]).nullish();

const wireConditionSchema = z.looseObject({
  id: optionalNumber,
  entity: optionalText,
  operand: optionalText,
  operator: optionalText,
  category: optionalText,
  isKeywordReferencePresent: optionalBoolean,
  isKeywordsReferencePresent: optionalBoolean,
  isListReferencePresent: optionalBoolean,
  isMediaPresent: optionalBoolean,
  value: textOrTexts,
  message: textOrTexts,
  weight: optionalNumber,
});
type WireCondition = z.output<typeof wireConditionSchema>;

// A filter's value is a string in the published schema; an array (not published) is kept joined by commas.
const wireFilterSchema = z.looseObject({
  type: optionalText,
  entity: optionalText,
  operand: optionalText,
  operator: optionalText,
  value: z.union([textLike, z.array(textLike).transform((v) => v.join(','))]).nullish(),
});

const wireRuleSchema = z
  .looseObject({
    id: z.string().min(1),
    name: optionalText,
    description: optionalText,
    enabled: optionalBoolean,
    active: optionalBoolean,
    // Open: a single string is read as one action.
    action: textOrTexts,
    conditions: z.array(wireConditionSchema).nullish(),
    filters: z.array(wireFilterSchema).nullish(),
    revisionId: optionalText,
    default: optionalBoolean,
    createdAt: optionalNumber,
    updatedAt: optionalNumber,
  })
  .check((ctx) => {
    // The published GET-one example is a keyword list (a doc error): an answer with neither
    // conditions nor action is not a rule, and must not read as a rule without conditions.
    if (ctx.value.conditions == null && ctx.value.action == null) {
      ctx.issues.push({ code: 'custom', message: 'the answer is not a rule: it has neither conditions nor action', path: ['conditions'], input: ctx.value });
    }
  });
type WireRule = z.output<typeof wireRuleSchema>;

function toCondition(c: WireCondition): RuleCondition {
  const isReference = c.isKeywordReferencePresent === true || c.isKeywordsReferencePresent === true || c.isListReferencePresent === true;
  return {
    ...(c.id !== undefined ? { id: c.id } : {}),
    entity: c.entity ?? '',
    operand: c.operand ?? '',
    operator: c.operator ?? '',
    category: c.category ?? '',
    isReference,
    value: c.value ?? [],
    ...(c.isMediaPresent !== undefined ? { isMediaPresent: c.isMediaPresent } : {}),
    ...(c.message != null ? { message: c.message } : {}),
    ...(c.weight !== undefined ? { weight: c.weight } : {}),
  };
}

function toRule(r: WireRule): LiveRule {
  return {
    id: r.id,
    name: r.name ?? '',
    description: r.description ?? '',
    // Every published answer carries `enabled`; one that does not is read as on (a rule file's default).
    enabled: r.enabled ?? true,
    action: r.action ?? [],
    conditions: (r.conditions ?? []).map(toCondition),
    ...(r.filters != null
      ? { filters: r.filters.map((f) => ({ type: f.type ?? '', entity: f.entity ?? '', operand: f.operand ?? '', operator: f.operator ?? '', value: f.value ?? '' })) }
      : {}),
    ...(r.revisionId !== undefined ? { revisionId: r.revisionId } : {}),
    isDefault: isPublishedDefaultRule(r),
    ...(r.createdAt !== undefined ? { createdAt: r.createdAt } : {}),
    ...(r.updatedAt !== undefined ? { updatedAt: r.updatedAt } : {}),
  };
}

function toRevision(r: WireRule): RuleRevision {
  return { ...toRule(r), ...(r.active !== undefined ? { active: r.active } : {}) };
}

/** One rule as kwsync reads it, for callers that parse a body themselves (doctor, tests). */
export const liveRuleSchema = wireRuleSchema.transform(toRule);
/** One condition as kwsync reads it. */
export const ruleConditionSchema = wireConditionSchema.transform(toCondition);

/** Reads one item of a listing; the problems located by field when it is not a rule. */
export function readRule(item: unknown): { rule: LiveRule } | { problems: string[] } {
  const parsed = wireRuleSchema.safeParse(item);
  return parsed.success ? { rule: toRule(parsed.data) } : { problems: locatedProblems(parsed.error) };
}

const currentSchema = z.looseObject({ limit: optionalNumber, count: optionalNumber });
const envelopeSchema = z.looseObject({ data: z.array(z.unknown()), meta: z.unknown() });
const oneSchema = z.looseObject({ data: wireRuleSchema });
const successSchema = z.looseObject({ data: z.looseObject({ success: z.boolean(), message: z.string().optional() }) });

/** Whole answers as the client reads them, for the contract tests: one rule, a listing, a delete. */
export const ruleResponseSchema = z.looseObject({ data: liveRuleSchema });
export const rulesListingResponseSchema = z.looseObject({ data: z.array(liveRuleSchema), meta: z.unknown() });
export const ruleDeleteResponseSchema = successSchema;

const RULES = '/moderation/rules';
const oneRule = (id: string) => `${RULES}/${encodeURIComponent(id)}`;
/** The published code of an unknown rule id ([EM]). */
export const RULE_NOT_FOUND = 'ERR_RULE_NOT_FOUND';
/** Asked per listing: 25 custom rules and the built-ins fit (the published example answers limit 50). */
export const RULES_LIMIT = 100;

export interface RulesRead {
  rules: LiveRule[];
  /** False when the read cannot show it holds every rule of the app (`reason` says why). */
  complete: boolean;
  reason?: string;
}

/**
 * GET /moderation/rules?limit=N, one request (the published `limit`; no paging is published).
 * `complete` is false when the answer may be cut short (it holds as many rules as its
 * meta.current.limit, or fewer than its count) or when an item did not read as a rule (named in
 * `reason`; such an item is left out of `rules`, so never planned, written or pruned).
 */
export async function listRules(client: CometChatClient, opts: { limit?: number } = {}): Promise<RulesRead> {
  const limit = opts.limit ?? RULES_LIMIT;
  const res = await client.send({ api: 'chat', method: 'GET', path: RULES, query: { limit } }, envelopeSchema);
  const rules: LiveRule[] = [];
  const reasons: string[] = [];
  res.data.forEach((item, i) => {
    const read = readRule(item);
    if ('rule' in read) rules.push(read.rule);
    else {
      const id = typeof item === 'object' && item !== null && typeof (item as Record<string, unknown>)['id'] === 'string' ? JSON.stringify((item as Record<string, unknown>)['id']) : `#${i + 1}`;
      reasons.push(`rule ${id} could not be read (${read.problems.join('; ')})`);
    }
  });
  const meta = z.looseObject({ current: currentSchema.nullish() }).safeParse(res.meta);
  const current = meta.success ? meta.data.current : undefined;
  const answered = current?.limit;
  if (current?.count !== undefined && res.data.length < current.count) {
    reasons.unshift(`the answer held ${res.data.length} of the ${current.count} rules its meta.current.count says`);
  } else if (answered !== undefined && res.data.length >= answered) {
    reasons.unshift(`the answer was full (${res.data.length} rules, the limit ${answered} its meta.current reports) and no paging of rules is published`);
  } else if (answered === undefined && res.data.length >= limit) {
    reasons.unshift(`the answer held ${res.data.length} rules, the limit asked, and no paging of rules is published`);
  }
  return reasons.length > 0 ? { rules, complete: false, reason: reasons.join('; ') } : { rules, complete: true };
}

/** Throws ApiError (the service's 404 / ERR_RULE_NOT_FOUND) when the rule does not exist. */
export async function getRule(client: CometChatClient, id: string): Promise<LiveRule> {
  const res = await client.send({ api: 'chat', method: 'GET', path: oneRule(id) }, oneSchema);
  return toRule(res.data);
}

/** The rule, or undefined when the service says it does not exist (any 404, or ERR_RULE_NOT_FOUND). */
export async function findRule(client: CometChatClient, id: string): Promise<LiveRule | undefined> {
  let got: LiveRule;
  try {
    got = await getRule(client, id);
  } catch (err) {
    if (isRuleNotFound(err)) return undefined;
    throw err;
  }
  // An answer naming another rule is not this one (ids are compared exactly).
  return got.id === id ? got : undefined;
}

/** True for the service's "no such rule" (any 404, or the published code whatever the status). */
export function isRuleNotFound(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 404 || err.code === RULE_NOT_FOUND);
}

function refuseDefault(rule: { id: string }, method: string): void {
  if (isPublishedDefaultRule(rule)) {
    throw new UsageError(`${method} ${oneRule(rule.id)}: "${rule.id}" is a built-in CometChat rule; kwsync reads built-in rules and never writes or deletes them`, {
      hint: 'switch a built-in rule on or off in the CometChat dashboard, or give your rule file another id',
    });
  }
}

/**
 * The published request body (ModerationRequestBody) of a rule: the reference flag spelled and
 * `value` sent as `settings` say. With `valueForm: 'string'` a condition holds one value; several
 * are refused before anything is sent (whether the app takes several is `kwsync doctor`'s to find).
 */
export function ruleRequestBody(rule: RuleWrite, settings: RuleWriteSettings = DEFAULT_RULE_WRITES): Record<string, unknown> {
  const conditions = rule.conditions.map((c, i) => {
    if (settings.valueForm === 'string' && c.value.length !== 1) {
      throw new UsageError(`rule "${rule.id}": condition ${i + 1} holds ${c.value.length} values; with service.ruleValueForm: string (the published request schema) a condition holds exactly one`, {
        hint: c.value.length === 0 ? 'give the condition a value' : 'write one condition per list, or set service.ruleValueForm: array if `kwsync doctor --write-probe` finds the app takes several',
      });
    }
    return {
      id: c.id ?? i + 1,
      entity: c.entity,
      operand: c.operand,
      operator: c.operator,
      category: c.category,
      [settings.referenceFlag]: c.isReference,
      isMediaPresent: c.isMediaPresent ?? false,
      value: settings.valueForm === 'string' ? c.value[0] : [...c.value],
    };
  });
  return {
    id: rule.id,
    name: rule.name,
    description: rule.description ?? '',
    enabled: rule.enabled,
    action: [...rule.action],
    filters: rule.filters.map((f) => ({ type: f.type, entity: f.entity, operand: f.operand, operator: f.operator, value: f.value })),
    conditions,
  };
}

function settingsOf(client: CometChatClient, override: Partial<RuleWriteSettings> | undefined): RuleWriteSettings {
  return { ...DEFAULT_RULE_WRITES, ...client.ruleWrites, ...override };
}

export interface RuleWriteOptions {
  /** Overrides the client's (kwsync.yaml) flag spelling / value form: doctor's probes. */
  settings?: Partial<RuleWriteSettings>;
}

/** POST; never creates twice: after an ambiguous failure it looks for the rule before resending. Built-in ids are refused. */
export async function createRule(client: CometChatClient, rule: RuleWrite, opts: RuleWriteOptions = {}): Promise<LiveRule> {
  refuseDefault(rule, 'POST');
  const json = ruleRequestBody(rule, settingsOf(client, opts.settings));
  return createWithConfirmation({
    policy: client.retryPolicy,
    send: async () => toRule((await client.send({ api: 'chat', method: 'POST', path: RULES, json }, oneSchema)).data),
    confirm: () => findRule(client, rule.id),
  });
}

/** PUT with the whole body (a replace; whether the service merges is `kwsync doctor`'s to find). Built-in ids are refused. */
export async function updateRule(client: CometChatClient, rule: RuleWrite, opts: RuleWriteOptions = {}): Promise<LiveRule> {
  refuseDefault(rule, 'PUT');
  const json = ruleRequestBody(rule, settingsOf(client, opts.settings));
  return toRule((await client.send({ api: 'chat', method: 'PUT', path: oneRule(rule.id), json }, oneSchema)).data);
}

/** DELETE. Built-in ids are refused. */
export async function deleteRule(client: CometChatClient, id: string): Promise<void> {
  refuseDefault({ id }, 'DELETE');
  const res = await client.send({ api: 'chat', method: 'DELETE', path: oneRule(id) }, successSchema);
  if (!res.data.success) {
    throw new ApiError(`DELETE ${oneRule(id)}: the service answered success: false${res.data.message ? `: ${res.data.message}` : ''}`, {
      method: 'DELETE',
      path: oneRule(id),
      status: 200,
    });
  }
}

/** GET /moderation/rules/{id}/revisions: full snapshots, in the order answered (newest first in the published example). */
export async function listRuleRevisions(client: CometChatClient, id: string): Promise<RuleRevision[]> {
  const res = await client.send({ api: 'chat', method: 'GET', path: `${oneRule(id)}/revisions` }, z.looseObject({ data: z.array(wireRuleSchema) }));
  return res.data.map(toRevision);
}
