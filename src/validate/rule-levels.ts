// kwsync.yaml `validate:`: `strict` (every warning is an error) and a level per rule. Applied once,
// inside validateRepo, so the CLI, the Action and the PR plan all see the same verdict. Only rules a
// list may accept, and rules that are warnings, can be lowered: an error that breaks the upload or
// the matcher stays an error whatever a config says.
import type { Diagnostic } from '../model/diagnostic.js';
import type { RuleLevel, ValidateLevels } from '../model/config.js';
import { ACCEPTABLE_RULES } from '../model/list-file.js';
import { closest } from './did-you-mean.js';
import { RULE_LIST, STRUCTURAL_RULE_IDS } from './rule-list.js';

/** Rules that only ever warn (and are not acceptable per list): their level can be set too. */
export const WARNING_RULES = ['orphan-terms-file', 'file-never-read', 'yaml-not-read', 'sentence-near-duplicate', 'sentence-generic', 'target-selects-nothing', 'target-override-ignored', 'append-terms-empty'] as const;
export const ADJUSTABLE_RULES: readonly string[] = [...ACCEPTABLE_RULES, ...WARNING_RULES];

/** Every rule id kwsync reports: `validate.rules` may name these and no others, at any level. */
export const KNOWN_RULE_IDS: readonly string[] = [...new Set([...ADJUSTABLE_RULES, ...RULE_LIST.map((r) => r.id), ...STRUCTURAL_RULE_IDS])].sort();

const RULE_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const RANK: Record<RuleLevel, number> = { off: 0, warning: 1, error: 2 };

/** Each finding at its configured level (`off` drops it); under strict, every warning without a level of its own is an error. */
export function applyRuleLevels(diags: Diagnostic[], levels: ValidateLevels): Diagnostic[] {
  const rules = levels.rules;
  if (!levels.strict && Object.keys(rules).length === 0) return diags;
  const out: Diagnostic[] = [];
  for (const d of diags) {
    const level = ADJUSTABLE_RULES.includes(d.rule) ? rules[d.rule] : rules[d.rule] === 'error' ? 'error' : undefined;
    if (level === 'off') continue;
    const severity = level ?? (levels.strict ? 'error' : d.severity);
    out.push(severity === d.severity ? d : { ...d, severity });
  }
  return out;
}

/** Rule ids in `validate.rules` that cannot be set: not a rule id, unknown (at any level), or an error that may not be lowered. */
export function ruleLevelProblems(levels: ValidateLevels): { rule: string; message: string }[] {
  const out: { rule: string; message: string }[] = [];
  for (const [rule, level] of Object.entries(levels.rules)) {
    if (ADJUSTABLE_RULES.includes(rule)) continue;
    // A rule id is kebab-case; anything else is no rule at any level (and would be echoed in a CAUTION line).
    if (!RULE_ID.test(rule)) {
      out.push({ rule, message: `${JSON.stringify(rule.slice(0, 80))} is not a rule id (rule ids are kebab-case, like term-dash); remove it from validate.rules` });
      continue;
    }
    // An unknown id sets nothing (a typo would silently keep the rule at its level), and its text would be echoed in a CAUTION line.
    if (!KNOWN_RULE_IDS.includes(rule)) {
      const near = closest(rule, KNOWN_RULE_IDS);
      out.push({ rule, message: `${rule} is not a rule kwsync reports${near ? `: did you mean ${near}?` : ''} (docs/rules.md lists the checks); remove it from validate.rules or fix its spelling` });
      continue;
    }
    if (level === 'error') continue; // raising a known rule is harmless: an error rule already fails
    const near = closest(rule, ADJUSTABLE_RULES);
    out.push({
      rule,
      message: near
        ? `${rule} cannot be set to ${level}: did you mean ${near}?`
        : `${rule} cannot be set to ${level}: only rules a list may accept, and warnings, can be lowered (${ADJUSTABLE_RULES.join(', ')})`,
    });
  }
  return out;
}

/**
 * The stricter of a pull request's base and head levels, rule by rule: a PR cannot lower a rule for
 * itself. A level one side leaves unset is the rule's own severity, which is stricter than `warning`
 * or `off` set on the other side (so those need both), and weaker than `error`.
 */
export function stricterLevels(base: ValidateLevels, head: ValidateLevels): ValidateLevels {
  const rules: Record<string, RuleLevel> = {};
  for (const rule of new Set([...Object.keys(base.rules), ...Object.keys(head.rules)])) {
    const a = base.rules[rule];
    const b = head.rules[rule];
    if (a === 'error' || b === 'error') rules[rule] = 'error';
    else if (a !== undefined && b !== undefined) rules[rule] = RANK[a] >= RANK[b] ? a : b;
  }
  return { strict: base.strict || head.strict, rules };
}

/** `validate.rules.term-dash warning → off`, one per difference. */
export function levelChanges(base: ValidateLevels, head: ValidateLevels): string[] {
  const out: string[] = [];
  if (base.strict !== head.strict) out.push(`validate.strict ${base.strict} → ${head.strict}`);
  for (const rule of new Set([...Object.keys(base.rules), ...Object.keys(head.rules)])) {
    const a = base.rules[rule] ?? 'default';
    const b = head.rules[rule] ?? 'default';
    if (a !== b) out.push(`validate.rules.${rule} ${a} → ${b}`);
  }
  return out;
}
