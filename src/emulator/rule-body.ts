// A rule's request body (ModerationRequestBody, cometchat-moderation-rules.md "Rule object") read as
// the emulated service reads it, with the published limits ([LIM]). Every published spelling is
// accepted: the reference flag as isKeywordReferencePresent (the request schema),
// isKeywordsReferencePresent (the answers) or isListReferencePresent (one default rule), `value`
// as a string (the request schema) or an array (the answers). What the emulator accepts beyond
// that is chosen per run (RuleBodyOptions), so `kwsync doctor` can be tested against each reading.
// Pure: returns the rule's fields or throws the 400 that names every problem.
import { z } from 'zod';
import { badRequest } from './http-errors.js';

export const RULE_LIMITS = {
  /** Custom rules per app, default rules not counted. */
  maxRules: 25,
  maxConditions: 10,
  maxFilters: 10,
  maxIdLength: 100,
  maxNameLength: 100,
  maxDescriptionLength: 255,
} as const;

const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
export const REFERENCE_FLAGS = ['isKeywordReferencePresent', 'isKeywordsReferencePresent', 'isListReferencePresent'] as const;
export type ReferenceFlag = (typeof REFERENCE_FLAGS)[number];

/**
 * The action strings accepted by default: the published ones (blockMessage, dropMessage) and the
 * unverified ones of public QA code (flagMessage, kick, ban, block, deactivate). Not published.
 */
export const DEFAULT_RULE_ACTIONS = ['blockMessage', 'dropMessage', 'flagMessage', 'kick', 'ban', 'block', 'deactivate'] as const;
/** Actions after which the message is not delivered (the emulator's reading; published: blockMessage, and dropMessage on the default video rule). */
export const BLOCKING_ACTIONS: ReadonlySet<string> = new Set(['blockMessage', 'dropMessage']);

/** A stored condition as the emulator's saved state and moderation log hold it (read back strictly). */
export const storedConditionSchema = z.strictObject({
  id: z.number().int(),
  entity: z.string(),
  operand: z.string(),
  operator: z.string(),
  category: z.string(),
  isReference: z.boolean(),
  isMediaPresent: z.boolean(),
  value: z.array(z.string()),
  message: z.array(z.string()).optional(),
});

export interface StoredCondition {
  id: number;
  entity: string;
  operand: string;
  operator: string;
  category: string;
  isReference: boolean;
  isMediaPresent: boolean;
  value: string[];
  message?: string[];
}

export interface StoredFilter {
  type: string;
  entity: string;
  operand: string;
  operator: string;
  value: string;
}

/** The fields of a rule a request may set. */
export interface RuleFields {
  id?: string;
  name?: string;
  description?: string;
  enabled?: boolean;
  action?: string[];
  conditions?: StoredCondition[];
  filters?: StoredFilter[];
}

export interface RuleBodyOptions {
  /** The reference flag spellings the app reads (default all three); another spelling is ignored, so the value is literal. */
  referenceFlags: readonly ReferenceFlag[];
  /** Action strings the app accepts (default DEFAULT_RULE_ACTIONS); others are 400. */
  actions: readonly string[];
  /** Whether one reference condition may hold several list ids (default true: answers carry `value` as an array). */
  multiListConditions: boolean;
}

export const DEFAULT_RULE_BODY: RuleBodyOptions = { referenceFlags: REFERENCE_FLAGS, actions: DEFAULT_RULE_ACTIONS, multiListConditions: true };

const OPERANDS = ['text', 'image', 'video', 'custom'];
const OPERATORS = ['contains', 'equals'];
const USER_OPERANDS = ['uid', 'name', 'role', 'tags', 'createdAt'];
const GROUP_OPERANDS = ['guid', 'name', 'type', 'tags', 'createdAt'];
const USER_OPERATORS = ['equals', 'notEquals', 'in', 'notIn', 'startsWith'];
const GROUP_OPERATORS = [...USER_OPERATORS, 'endsWith', 'lessThan', 'greaterThan'];

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v: unknown) => (typeof v === 'string' ? `"${v.length > 40 ? `${v.slice(0, 40)}...` : v}"` : JSON.stringify(v) ?? String(v));

/**
 * Reads a POST or PUT body. `whole`: every required field must be there (POST, and PUT in replace
 * mode); otherwise only the fields present are read (PUT in merge mode). Throws one 400 naming
 * every problem.
 */
export function readRuleBody(body: unknown, opts: { whole: boolean; options: RuleBodyOptions }): RuleFields {
  if (!isRecord(body)) throw badRequest('The rule must be a JSON object (ModerationRequestBody).');
  const problems: string[] = [];
  const out: RuleFields = {};
  const { whole, options } = opts;

  const text = (key: 'id' | 'name' | 'description', max: number, required: boolean) => {
    const v = body[key];
    if (v === undefined || v === null) {
      if (required) problems.push(`${key} is required`);
      return;
    }
    if (typeof v !== 'string') return void problems.push(`${key} must be a string, not ${show(v)}`);
    if (required && v.trim() === '') return void problems.push(`${key} must not be empty`);
    if (v.length > max) problems.push(`${key} is ${v.length} characters; at most ${max} are allowed`);
    out[key] = v;
  };
  text('id', RULE_LIMITS.maxIdLength, whole);
  if (out.id !== undefined && !ID_PATTERN.test(out.id)) problems.push(`id ${show(out.id)} may contain only letters, digits, "-" and "_" (no spaces or special characters)`);
  text('name', RULE_LIMITS.maxNameLength, whole);
  text('description', RULE_LIMITS.maxDescriptionLength, false);

  if (body.enabled !== undefined && body.enabled !== null) {
    if (typeof body.enabled !== 'boolean') problems.push(`enabled must be true or false, not ${show(body.enabled)}`);
    else out.enabled = body.enabled;
  }

  if (body.action === undefined || body.action === null) {
    if (whole) problems.push(`action is required: an array such as ["blockMessage"]`);
  } else if (!Array.isArray(body.action) || body.action.length === 0 || !body.action.every((a) => typeof a === 'string')) {
    problems.push(`action must be a non-empty array of strings, not ${show(body.action)}`);
  } else {
    const unknown = body.action.filter((a) => !options.actions.includes(a as string));
    if (unknown.length > 0) problems.push(`action ${unknown.map(show).join(', ')} is not one this app accepts (${options.actions.join(', ')})`);
    else out.action = [...new Set(body.action as string[])];
  }

  if (body.conditions === undefined || body.conditions === null) {
    if (whole) problems.push('conditions is required: an array of at least one condition');
  } else if (!Array.isArray(body.conditions) || body.conditions.length === 0) {
    problems.push('conditions must be an array of at least one condition');
  } else if (body.conditions.length > RULE_LIMITS.maxConditions) {
    problems.push(`a rule has at most ${RULE_LIMITS.maxConditions} conditions; this one has ${body.conditions.length}`);
  } else {
    const conditions = body.conditions.map((c, i) => readCondition(c, i, options, problems));
    if (conditions.every((c): c is StoredCondition => c !== undefined)) out.conditions = conditions;
  }

  if (body.filters === undefined || body.filters === null) {
    if (whole) out.filters = [];
  } else if (!Array.isArray(body.filters)) {
    problems.push(`filters must be an array, not ${show(body.filters)}`);
  } else if (body.filters.length > RULE_LIMITS.maxFilters) {
    problems.push(`a rule has at most ${RULE_LIMITS.maxFilters} filters; this one has ${body.filters.length}`);
  } else {
    const filters = body.filters.map((f, i) => readFilter(f, i, problems));
    if (filters.every((f): f is StoredFilter => f !== undefined)) out.filters = filters;
  }

  if (problems.length > 0) throw badRequest(`Invalid rule: ${problems.join('; ')}.`);
  return out;
}

function readCondition(c: unknown, i: number, options: RuleBodyOptions, problems: string[]): StoredCondition | undefined {
  const at = `conditions[${i}]`;
  if (!isRecord(c)) return void problems.push(`${at} must be an object`);
  const before = problems.length;
  const str = (key: string, allowed?: readonly string[], fallback?: string): string => {
    const v = c[key] ?? fallback;
    if (typeof v !== 'string' || v === '') {
      problems.push(`${at}.${key} is required${allowed ? `: one of ${allowed.join(', ')}` : ''}`);
      return '';
    }
    if (allowed && !allowed.includes(v)) problems.push(`${at}.${key} ${show(v)} is not one of ${allowed.join(', ')}`);
    return v;
  };
  const entity = str('entity', undefined, 'message');
  const operand = str('operand', OPERANDS);
  const operator = str('operator', OPERATORS);
  // Open: word and pattern are the schema's, toxicity and others occur in examples.
  const category = str('category');
  // The flag in any spelling the app reads; a spelling it does not read is ignored (the value is literal).
  const spelled = REFERENCE_FLAGS.filter((f) => c[f] !== undefined && c[f] !== null);
  for (const f of spelled) if (typeof c[f] !== 'boolean') problems.push(`${at}.${f} must be true or false, not ${show(c[f])}`);
  const isReference = spelled.some((f) => options.referenceFlags.includes(f) && c[f] === true);
  const media = c.isMediaPresent;
  if (media !== undefined && media !== null && typeof media !== 'boolean') problems.push(`${at}.isMediaPresent must be true or false, not ${show(media)}`);
  let value: string[] = [];
  if (typeof c.value === 'string') value = [c.value];
  else if (Array.isArray(c.value) && c.value.every((v) => typeof v === 'string')) value = [...c.value];
  else problems.push(`${at}.value is required: a string (or an array of strings), not ${show(c.value)}`);
  if (value.length === 0 || value.some((v) => v === '')) problems.push(`${at}.value must not be empty`);
  if (isReference && value.length > 1 && !options.multiListConditions) {
    problems.push(`${at}.value holds ${value.length} list ids; a condition references one list`);
  }
  let message: string[] | undefined;
  if (typeof c.message === 'string') message = [c.message];
  else if (Array.isArray(c.message) && c.message.every((m) => typeof m === 'string')) message = [...c.message];
  const id = typeof c.id === 'number' && Number.isInteger(c.id) && c.id > 0 ? c.id : i + 1;
  if (problems.length > before) return undefined;
  return { id, entity, operand, operator, category, isReference, isMediaPresent: media === true, value, ...(message ? { message } : {}) };
}

function readFilter(f: unknown, i: number, problems: string[]): StoredFilter | undefined {
  const at = `filters[${i}]`;
  if (!isRecord(f)) return void problems.push(`${at} must be an object`);
  const before = problems.length;
  const str = (key: string, allowed?: readonly string[]): string => {
    const v = f[key];
    if (typeof v !== 'string' || v === '') {
      problems.push(`${at}.${key} is required${allowed ? `: one of ${allowed.join(', ')}` : ''}`);
      return '';
    }
    if (allowed && !allowed.includes(v)) problems.push(`${at}.${key} ${show(v)} is not one of ${allowed.join(', ')}`);
    return v;
  };
  const type = str('type', ['sender', 'receiver']);
  const entity = str('entity', ['user', 'group']);
  const operand = str('operand', entity === 'group' ? GROUP_OPERANDS : USER_OPERANDS);
  const operator = str('operator', entity === 'group' ? GROUP_OPERATORS : USER_OPERATORS);
  const value = str('value');
  return problems.length > before ? undefined : { type, entity, operand, operator, value };
}
