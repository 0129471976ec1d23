// A list's `accept:` key: rules it silences on purpose, each with a reason. Checked (known rule,
// acceptable, a real reason) and applied to the list's own diagnostics and to list-shrunk.
import type { Diagnostic } from '../../model/diagnostic.js';
import { ACCEPTABLE_RULES, type AcceptableRule } from '../../model/list-file.js';
import { diagnose } from '../../load/diagnose.js';
import { quote } from '../../load/quote-value.js';
import type { YamlFile } from '../../load/yaml-file.js';
import { closest } from '../did-you-mean.js';

/** The accepted rules that are valid, and diagnostics for the entries that are not. */
export function checkAccept(yaml: YamlFile, accept: Record<string, string> | undefined): { accepted: Set<AcceptableRule>; diagnostics: Diagnostic[] } {
  const accepted = new Set<AcceptableRule>();
  const out: Diagnostic[] = [];
  for (const [rule, reason] of Object.entries(accept ?? {})) {
    const at = yaml.keyAt(['accept'], rule);
    if (!(ACCEPTABLE_RULES as readonly string[]).includes(rule)) {
      const near = closest(rule, ACCEPTABLE_RULES);
      const hint = near ? `did you mean "${near}"?` : `only these can be accepted (fix anything else): ${ACCEPTABLE_RULES.join(', ')}`;
      out.push(diagnose(at, 'error', 'accept-invalid', `${quote(rule)} is not a rule a list can accept; ${hint}`));
    } else if (reason.trim() === '') {
      out.push(diagnose(yaml.valueAt(['accept', rule]), 'error', 'accept-invalid', `say why this list accepts ${rule}, e.g. ${rule}: "brand name with a dash"`));
    } else accepted.add(rule as AcceptableRule);
  }
  return { accepted, diagnostics: out };
}

/** Drops what the list accepts; a pattern that cannot compile (`(?i)`) stays an error whatever it says. */
export function withoutAccepted(diags: Diagnostic[], accepted: ReadonlySet<string>): Diagnostic[] {
  if (accepted.size === 0) return diags;
  return diags.filter((d) => !accepted.has(d.rule) || (d.rule === 'pattern-flags' && d.severity === 'error'));
}
