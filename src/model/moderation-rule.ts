// A moderation rule (keywords/rules/*.yaml), desired or live. A keyword list catches nothing by
// itself: a rule's condition names the list's id (with the reference flag) and the rule's action
// says what happens. The shapes follow the published rules API (cometchat-moderation-rules.md);
// the file form adds one shorthand, `- list: <id>`, for the published keyword-list condition.
import { z } from 'zod';
import { LIST_ID_PATTERN } from './list-file.js';

/** The action strings the published description shows; others (flag, kick, ban) are not published. */
export const PUBLISHED_ACTIONS = ['blockMessage', 'dropMessage'] as const;

/** The published limits of rules (moderation/constraints-and-limits). */
export const RULE_LIMITS = {
  maxIdLength: 100,
  maxNameLength: 100,
  maxDescriptionLength: 255,
  maxConditions: 10,
  maxFilters: 10,
  /** Custom rules per app; the default rules are not counted. */
  maxCustomRules: 25,
} as const;

/** The default keyword lists the published description names by id: a condition may reference them. */
export const PUBLISHED_DEFAULT_LIST_IDS: readonly string[] = ['profanity-list'];

/** The folder of the keywords folder that holds rule files (not list files). */
export const RULES_FOLDER = 'rules';

/** A condition as the service speaks it (responses spell the reference flag three ways; read as `isReference`). */
export interface RuleCondition {
  id?: number;
  /** `message` in every published example; '' when the answer leaves it out. */
  entity: string;
  /** text | image | video | custom (open). */
  operand: string;
  /** contains | equals (open). */
  operator: string;
  /** word | pattern, or another the service has (toxicity, sentiment, ...); '' when absent. */
  category: string;
  /** Any of the three published spellings of the reference flag was true: `value` holds list ids. */
  isReference: boolean;
  /** Always an array: a string value is read as one value. */
  value: string[];
  isMediaPresent?: boolean;
  /** Always an array when present: a string message is read as one. */
  message?: string[];
  weight?: number;
}

/** A user or group filter (UserFilter | GroupFilter, published request schema). */
export interface RuleFilter {
  /** sender | receiver. */
  type: string;
  /** user | group. */
  entity: string;
  operand: string;
  operator: string;
  value: string;
}

/** A live rule, normalised. */
export interface LiveRule {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  /** Open: blockMessage and dropMessage are published, others (flag, kick, ban) are not. */
  action: string[];
  conditions: RuleCondition[];
  /** Absent when the answer carries none (no published answer shows `filters`). */
  filters?: RuleFilter[];
  /** Opaque: compared for equality only. */
  revisionId?: string;
  /** A built-in rule (`default: true`, or a published built-in id): read, never written. */
  isDefault: boolean;
  createdAt?: number;
  updatedAt?: number;
}

/** What kwsync sends for a rule (create or update): the published request body. */
export interface RuleWrite {
  id: string;
  name: string;
  description?: string;
  enabled: boolean;
  action: string[];
  conditions: RuleCondition[];
  filters: RuleFilter[];
}

/** A condition of a rule file: a keyword list by id, or the published raw form. */
export type DesiredCondition = { list: string } | RuleCondition;

/** One rule file, loaded and validated. */
export interface DesiredRule {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  action: string[];
  conditions: DesiredCondition[];
  filters: RuleFilter[];
  /** The rule file, and where its parts are written (a refusal by the service is named at its line). */
  source: { file: string; lines?: RuleLines };
}

/** Lines of a rule file (1-based): the id, the action, the filters, and each condition in order. */
export interface RuleLines {
  id: number;
  action: number;
  filters?: number;
  conditions: number[];
}

export function isListCondition(c: DesiredCondition): c is { list: string } {
  return 'list' in c;
}

/** The keyword list ids a condition references (a list condition, or a raw one with the flag). */
export function referencedLists(c: DesiredCondition | RuleCondition): string[] {
  if ('list' in c) return [c.list];
  return c.isReference ? c.value : [];
}

/** Every keyword list id a rule references, in order, once each. */
export function ruleListIds(rule: { conditions: readonly (DesiredCondition | RuleCondition)[] }): string[] {
  return [...new Set(rule.conditions.flatMap(referencedLists))];
}

// ---- The file's shape (zod, strict). Lengths, limits, references and actions: src/validate/rule-files.

const listConditionSchema = z.strictObject({
  list: z.string().describe('the id of a keyword list (a list file of this folder, or a default list such as profanity-list)'),
});

const rawConditionSchema = z
  .strictObject({
    id: z.number().int().optional(),
    entity: z.string().describe('what is checked, e.g. message'),
    operand: z.string().describe('text | image | video | custom'),
    operator: z.string().describe('contains | equals'),
    category: z.string().describe('word | pattern (and others the service names, e.g. toxicity)'),
    isKeywordReferencePresent: z.boolean().optional().describe('true: `value` holds keyword list ids'),
    isKeywordsReferencePresent: z.boolean().optional().describe('the spelling of responses; read as isKeywordReferencePresent'),
    isListReferencePresent: z.boolean().optional().describe('the spelling of a default rule; read as isKeywordReferencePresent'),
    isMediaPresent: z.boolean().optional(),
    value: z.union([z.string(), z.array(z.string())]).describe('a literal, list ids (with the reference flag), or a media formula'),
  })
  .describe('a condition in the published raw form');

export const ruleConditionFileSchema = z.union([listConditionSchema, rawConditionSchema]);

export const ruleFilterSchema = z.strictObject({
  type: z.string().describe('sender | receiver'),
  entity: z.string().describe('user | group'),
  operand: z.string(),
  operator: z.string(),
  value: z.string(),
});

/** The keys of a rule file: what tells a rule file from a list file. */
export const RULE_FILE_KEYS = ['id', 'name', 'description', 'enabled', 'action', 'conditions', 'filters'] as const;

export const ruleFileSchema = z
  .strictObject({
    id: z.string().describe('rule id on the service: letters, digits, - and _ only, at most 100 characters'),
    name: z.string().describe('display name, at most 100 characters'),
    description: z.string().optional().describe('at most 255 characters'),
    enabled: z.boolean().optional().describe('default true'),
    action: z.array(z.string()).describe('what the rule does, e.g. [blockMessage] (published: blockMessage, dropMessage)'),
    conditions: z.array(ruleConditionFileSchema).describe('`- list: <keyword list id>`, or the published raw form; at most 10'),
    filters: z.array(ruleFilterSchema).optional().describe('the published user and group filters; at most 10'),
  })
  .describe('A kwsync moderation rule file (keywords/rules/*.yaml).');

export type RuleFile = z.output<typeof ruleFileSchema>;

/** A raw condition of a file as the service's condition: the flag's spellings read as one, value always a list. */
export function conditionFromFile(c: z.output<typeof rawConditionSchema>): RuleCondition {
  return {
    ...(c.id !== undefined ? { id: c.id } : {}),
    entity: c.entity,
    operand: c.operand,
    operator: c.operator,
    category: c.category,
    isReference: c.isKeywordReferencePresent ?? c.isKeywordsReferencePresent ?? c.isListReferencePresent ?? false,
    value: typeof c.value === 'string' ? [c.value] : c.value,
    ...(c.isMediaPresent !== undefined ? { isMediaPresent: c.isMediaPresent } : {}),
  };
}

/** The JSON Schema of rule files (`kwsync schema --rule`), with the published limits as hints. */
export function ruleFileJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(ruleFileSchema, { target: 'draft-07' }) as Record<string, unknown>;
  const props = schema.properties as Record<string, Record<string, unknown>>;
  Object.assign(props.id!, { pattern: LIST_ID_PATTERN.source, minLength: 1, maxLength: RULE_LIMITS.maxIdLength });
  Object.assign(props.name!, { minLength: 1, maxLength: RULE_LIMITS.maxNameLength, pattern: '\\S' });
  Object.assign(props.description!, { maxLength: RULE_LIMITS.maxDescriptionLength });
  Object.assign(props.action!, { minItems: 1, items: { type: 'string', minLength: 1, examples: [...PUBLISHED_ACTIONS] } });
  Object.assign(props.conditions!, { minItems: 1, maxItems: RULE_LIMITS.maxConditions });
  Object.assign(props.filters!, { maxItems: RULE_LIMITS.maxFilters });
  return { $schema: schema.$schema, title: 'kwsync rule file', ...schema };
}
