// The rule files of a keywords folder (keywords/rules/*.yaml), checked one by one and then against
// the folder's lists. validateRepo calls this; rules are managed only when the folder has rules/.
import { join } from 'node:path';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { DesiredRule } from '../../model/moderation-rule.js';
import { checkRuleRefs, type PlacedRule } from './check-rule-refs.js';
import { hasRulesFolder } from './rules-folder.js';
import { validateRuleFile } from './validate-rule-file.js';

export { hasRulesFolder, ruleInListFolder } from './rules-folder.js';

export interface RuleFilesValidation {
  /** Whether the folder has rules/: kwsync then manages the app's custom rules (plan, apply, prune). */
  managed: boolean;
  /** The rules that validated, in file order. */
  rules: DesiredRule[];
  diagnostics: Diagnostic[];
}

export async function validateRuleFiles(opts: { keywordsDir: string; files: readonly string[]; listIds: readonly string[]; relative(abs: string): string }): Promise<RuleFilesValidation> {
  const managed = await hasRulesFolder(opts.keywordsDir);
  const placed: PlacedRule[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const name of opts.files) {
    const abs = join(opts.keywordsDir, name);
    const file = opts.relative(abs);
    const result = await validateRuleFile(abs, file);
    diagnostics.push(...result.diagnostics);
    placed.push({ rule: result.rule, file, references: result.references, ...(result.idAt ? { idAt: result.idAt } : {}) });
  }
  diagnostics.push(...checkRuleRefs(placed, opts.listIds));
  return { managed, rules: placed.flatMap((p) => (p.rule ? [p.rule] : [])), diagnostics };
}
