// What ties rule files to list files, across the folder: a condition naming a list that is neither
// a list file of the folder nor a published default list (an error at the id, with "did you mean"),
// two rule files with one id, more custom rules than the service allows.
import type { Diagnostic } from '../../model/diagnostic.js';
import { PUBLISHED_DEFAULT_LIST_IDS, RULE_LIMITS, type DesiredRule } from '../../model/moderation-rule.js';
import { diagnose } from '../../load/diagnose.js';
import { quote } from '../../load/quote-value.js';
import type { Position } from '../../load/source-text.js';
import { closest } from '../did-you-mean.js';
import type { RuleReference } from './validate-rule-file.js';

export interface PlacedRule {
  rule: DesiredRule | null;
  file: string;
  idAt?: Position;
  references: RuleReference[];
}

export function checkRuleRefs(rules: readonly PlacedRule[], listIds: readonly string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const known = [...new Set([...listIds, ...PUBLISHED_DEFAULT_LIST_IDS])];
  const knownSet = new Set(known);
  for (const r of rules) {
    for (const ref of r.references) {
      if (knownSet.has(ref.list)) continue;
      const near = closest(ref.list, known);
      const hint = near ? `did you mean "${near}"?` : listIds.length > 0 ? `the folder's lists: ${listIds.slice(0, 10).join(', ')}${listIds.length > 10 ? ', …' : ''}` : 'the folder has no list files';
      const id = r.rule?.id ?? '';
      out.push(diagnose(ref.at, 'error', 'rule-unknown-list', `rule ${quote(id)} (${r.file}) references keyword list ${quote(ref.list)}, which is neither a list file of this folder nor a default list; ${hint}`));
    }
  }
  const firstById = new Map<string, PlacedRule>();
  for (const r of rules) {
    if (!r.rule) continue;
    const first = firstById.get(r.rule.id);
    if (!first) firstById.set(r.rule.id, r);
    else out.push(diagnose(r.idAt ?? { file: r.file, line: 1, column: 1 }, 'error', 'rule-duplicate-id', `rule id ${quote(r.rule.id)} is also the id of ${first.file}; give each rule file its own id`));
  }
  if (firstById.size > RULE_LIMITS.maxCustomRules) {
    const last = [...firstById.values()].at(-1)!;
    out.push(diagnose(last.idAt ?? { file: last.file, line: 1, column: 1 }, 'error', 'rule-limit', `the folder holds ${firstById.size} rules; the service allows at most ${RULE_LIMITS.maxCustomRules} custom rules per app (the default rules are not counted)`));
  }
  return out;
}
