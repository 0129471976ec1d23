// One rule file (keywords/rules/*.yaml), start to finish: read (bounded), parse with positions,
// check the shape (zod, strict, each condition in the form it is written in), the published limits
// and the actions. What ties a rule to the folder's lists is checked across files (check-rule-refs.ts).
// Never throws on bad input.
import { z } from 'zod';
import type { Diagnostic } from '../../model/diagnostic.js';
import { LIST_ID_PATTERN } from '../../model/list-file.js';
import {
  conditionFromFile,
  PUBLISHED_ACTIONS,
  RULE_LIMITS,
  ruleFileSchema,
  ruleFilterSchema,
  type DesiredCondition,
  type DesiredRule,
} from '../../model/moderation-rule.js';
import { diagnose, fileStart } from '../../load/diagnose.js';
import { quote } from '../../load/quote-value.js';
import { readSource } from '../../load/read-source.js';
import type { Position } from '../../load/source-text.js';
import { parseYamlFile, type YamlFile } from '../../load/yaml-file.js';
import { schemaIssues } from '../schema-issues.js';
import { closest } from '../did-you-mean.js';

/** A rule file is a few dozen lines; anything past this is not one (and is not read). */
export const MAX_RULE_FILE_BYTES = 64 * 1024;
const MAX_ALIAS_COUNT = 100;

/** Keys only a list file has: a file under rules/ holding them is a list in the wrong place. */
const LIST_ONLY_KEYS = ['category', 'searchTerms', 'file', 'tests', 'labels', 'accept'];

export interface RuleReference {
  list: string;
  /** Where the list id is written. */
  at: Position;
}

export interface RuleFileResult {
  rule: DesiredRule | null;
  diagnostics: Diagnostic[];
  /** Where the id is written (duplicate ids across files). */
  idAt?: Position;
  /** Every keyword list id a condition names, where it is written. */
  references: RuleReference[];
}

const listConditionSchema = z.strictObject({ list: z.string() });
const rawConditionSchema = ruleFileSchema.shape.conditions.element.options[1];
/** The file's top level, conditions checked one by one below (a union's error says little). */
const topSchema = ruleFileSchema.extend({ conditions: z.array(z.unknown()) });

export async function validateRuleFile(abs: string, file: string): Promise<RuleFileResult> {
  const source = await readSource(abs, file, {
    maxBytes: MAX_RULE_FILE_BYTES,
    tooLarge: (bytes) => diagnose(fileStart(file), 'error', 'file-too-large', `this rule file is ${bytes} bytes, over ${MAX_RULE_FILE_BYTES}, so it was not read; a rule file holds one rule`),
  });
  if (!('text' in source)) return { rule: null, diagnostics: [source], references: [] };
  if (source.text.trim() === '') {
    return { rule: null, diagnostics: [diagnose(fileStart(file), 'error', 'empty-file', 'this rule file is empty; add id, name, action and conditions (see `kwsync schema --rule`)')], references: [] };
  }
  const parsed = parseYamlFile(source, { maxAliasCount: MAX_ALIAS_COUNT });
  if (!parsed.file) return { rule: null, diagnostics: parsed.diagnostics, references: [] };
  const yaml = parsed.file;
  const value = yaml.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { rule: null, diagnostics: [diagnose(fileStart(file), 'error', 'invalid-type', 'a rule file is a mapping of id, name, action and conditions (see `kwsync schema --rule`)')], references: [] };
  }
  const misplaced = listInRulesFolder(yaml, value as Record<string, unknown>);
  if (misplaced) return { rule: null, diagnostics: [misplaced], references: [] };

  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  const top = topSchema.safeParse(value);
  if (!top.success) diagnostics.push(...schemaIssues(top.error.issues, yaml, topSchema));
  const written = (value as { conditions?: unknown }).conditions;
  const conditions: DesiredCondition[] = [];
  const references: RuleReference[] = [];
  if (Array.isArray(written)) {
    written.forEach((c, i) => {
      const checked = checkCondition(yaml, c, i);
      diagnostics.push(...checked.diagnostics);
      if (checked.condition) conditions.push(checked.condition);
      references.push(...checked.references);
    });
  }
  if (!top.success) return { rule: null, diagnostics, references, idAt: yaml.valueAt(['id']) };
  const data = top.data;
  diagnostics.push(...checkFields(yaml, data, conditions.length));
  const filters = (data.filters ?? []).map((f) => ruleFilterSchema.parse(f));
  const rule: DesiredRule = {
    id: data.id,
    name: data.name,
    description: data.description ?? '',
    enabled: data.enabled ?? true,
    action: data.action,
    conditions,
    filters,
    source: {
      file,
      lines: {
        id: yaml.valueAt(['id']).line,
        action: yaml.valueAt(['action']).line,
        ...(data.filters ? { filters: yaml.valueAt(['filters']).line } : {}),
        conditions: conditions.map((_, i) => yaml.valueAt(['conditions', i]).line),
      },
    },
  };
  const failed = diagnostics.some((d) => d.severity === 'error') || conditions.length !== data.conditions.length;
  return { rule: failed ? null : rule, diagnostics, references, idAt: yaml.valueAt(['id']) };
}

/** The enums of the published Condition request schema (cometchat-moderation-rules.md; test/contract). */
const PUBLISHED_CONDITION_ENUMS: readonly (readonly ['operand' | 'operator' | 'category', readonly string[]])[] = [
  ['operand', ['text', 'image', 'video', 'custom']],
  ['operator', ['contains', 'equals']],
  ['category', ['word', 'pattern']],
];

function checkCondition(yaml: YamlFile, c: unknown, i: number): { condition: DesiredCondition | null; diagnostics: Diagnostic[]; references: RuleReference[] } {
  const path = ['conditions', i];
  // `- lst: x` (one key, not a raw condition's) was meant as the list form: its mistakes are said in that form.
  const keys = c !== null && typeof c === 'object' && !Array.isArray(c) ? Object.keys(c) : [];
  const isList = keys.includes('list') || (keys.length === 1 && !(keys[0]! in rawConditionSchema.shape));
  const schema = isList ? listConditionSchema : rawConditionSchema;
  const parsed = schema.safeParse(c);
  if (!parsed.success) {
    const wrapper = z.strictObject({ conditions: z.array(schema) });
    const issues = parsed.error.issues.map((issue) => ({ ...issue, path: [...path, ...issue.path] }));
    const diags = schemaIssues(issues, yaml, wrapper);
    if (!isList && (c === null || typeof c !== 'object')) {
      return { condition: null, diagnostics: [diagnose(yaml.valueAt(path), 'error', 'invalid-type', `"conditions.${i}" must be \`list: <keyword list id>\` or a condition in the published raw form (entity, operand, operator, category, value)`)], references: [] };
    }
    return { condition: null, diagnostics: diags, references: [] };
  }
  if ('list' in parsed.data) {
    const list = parsed.data.list;
    const at = yaml.valueAt([...path, 'list']);
    const bad = list === '' || !LIST_ID_PATTERN.test(list) ? [diagnose(at, 'error', 'rule-condition-invalid', `${quote(list)} is not a keyword list id (letters, digits, - and _ only)`)] : [];
    return { condition: { list }, diagnostics: bad, references: bad.length === 0 ? [{ list, at }] : [] };
  }
  const raw = parsed.data as z.output<typeof rawConditionSchema>;
  const condition = conditionFromFile(raw);
  const diagnostics: Diagnostic[] = [];
  if (condition.value.length === 0 || condition.value.some((v) => v.trim() === '')) {
    diagnostics.push(diagnose(yaml.valueAt([...path, 'value']), 'error', 'rule-condition-invalid', `"conditions.${i}.value" is empty; write the value the condition compares with (or use \`- list: <id>\` for a keyword list)`));
  }
  // The published request schema's enums (Condition): a value outside them is sent as written (the
  // service may take more, as its default rules' categories show), but said, since it may refuse it.
  for (const [key, allowed] of PUBLISHED_CONDITION_ENUMS) {
    const v = condition[key];
    if (typeof v === 'string' && v !== '' && !allowed.includes(v)) {
      diagnostics.push(diagnose(yaml.valueAt([...path, key]), 'warning', 'rule-condition-unpublished', `"conditions.${i}.${key}" is ${quote(v)}, which the published request schema does not list (${allowed.join(', ')}); kwsync sends it as written, and the service may refuse the rule`));
    }
  }
  const refs = condition.isReference ? condition.value.map((list, j) => ({ list, at: yaml.valueAt(Array.isArray(raw.value) ? [...path, 'value', j] : [...path, 'value']) })) : [];
  return { condition, diagnostics, references: refs };
}

function checkFields(yaml: YamlFile, data: z.output<typeof topSchema>, conditions: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (key: string) => yaml.valueAt([key]);
  if (data.id === '' || !LIST_ID_PATTERN.test(data.id)) out.push(diagnose(at('id'), 'error', 'rule-id-invalid', `rule id ${quote(data.id)} may hold only letters, digits, - and _ (the service refuses spaces and special characters)`));
  else if (data.id.length > RULE_LIMITS.maxIdLength) out.push(diagnose(at('id'), 'error', 'rule-id-invalid', `rule id is ${data.id.length} characters; the service allows at most ${RULE_LIMITS.maxIdLength}`));
  if (data.name.trim() === '') out.push(diagnose(at('name'), 'error', 'rule-limit', 'the rule name is empty; write the name the dashboard shows'));
  else if (data.name.length > RULE_LIMITS.maxNameLength) out.push(diagnose(at('name'), 'error', 'rule-limit', `the rule name is ${data.name.length} characters; the service allows at most ${RULE_LIMITS.maxNameLength}`));
  if ((data.description ?? '').length > RULE_LIMITS.maxDescriptionLength) out.push(diagnose(at('description'), 'error', 'rule-limit', `the description is ${data.description!.length} characters; the service allows at most ${RULE_LIMITS.maxDescriptionLength}`));
  if (data.action.length === 0) out.push(diagnose(at('action'), 'error', 'rule-action-empty', 'the rule has no action, so it would do nothing; write e.g. `action: [blockMessage]`'));
  data.action.forEach((a, i) => {
    if ((PUBLISHED_ACTIONS as readonly string[]).includes(a)) return;
    const near = closest(a, PUBLISHED_ACTIONS);
    const hint = near ? `did you mean "${near}"? ` : '';
    out.push(diagnose(yaml.valueAt(['action', i]), 'warning', 'rule-action-unknown', `action ${quote(a)} is not one the published description names (${PUBLISHED_ACTIONS.join(', ')}); ${hint}the service may accept others (\`kwsync doctor\` asks your app), so it is sent as written`));
  });
  if (data.conditions.length === 0) out.push(diagnose(at('conditions'), 'error', 'rule-limit', 'the rule has no conditions; add `- list: <keyword list id>`'));
  if (conditions > RULE_LIMITS.maxConditions) out.push(diagnose(at('conditions'), 'error', 'rule-limit', `the rule has ${conditions} conditions; the service allows at most ${RULE_LIMITS.maxConditions}`));
  if ((data.filters ?? []).length > RULE_LIMITS.maxFilters) out.push(diagnose(at('filters'), 'error', 'rule-limit', `the rule has ${data.filters!.length} filters; the service allows at most ${RULE_LIMITS.maxFilters}`));
  return out;
}

/** A list file put under rules/: one clear error saying what it is and where it goes. */
function listInRulesFolder(yaml: YamlFile, value: Record<string, unknown>): Diagnostic | null {
  const listKeys = LIST_ONLY_KEYS.filter((k) => k in value);
  if (listKeys.length === 0 || 'conditions' in value || 'action' in value) return null;
  const file = yaml.source.file;
  const name = file.split('/').pop()!;
  return diagnose(
    yaml.keyAt([], listKeys[0]!),
    'error',
    'rule-file-is-list',
    `this is a keyword list file (it has ${listKeys.map((k) => `\`${k}:\``).join(', ')}), but files under keywords/rules/ are moderation rules; move it out of rules/ (e.g. keywords/${name}), and reference it from a rule with \`- list: ${typeof value.id === 'string' ? value.id.slice(0, 100) : '<its id>'}\``,
  );
}

export { ruleInListFolder } from './rules-folder.js';
