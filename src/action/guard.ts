// What guards an apply (kwsync.yaml `safety`, `limits`, `prune`, `validate` levels) must not be loosened by the change
// it guards. A pull request's plan, and the apply after it merges, use the stricter of the base's
// values and the head's; any change to them is called out (a CAUTION line) so a reviewer sees it.
// The new values take effect from the next change on. Pure.
import type { KwsyncConfig, Limits, ValidateLevels } from '../model/config.js';
import { levelChanges, stricterLevels } from '../validate/rule-levels.js';

export interface Guard {
  safety: KwsyncConfig['safety'];
  limits: Limits;
  prune: boolean;
  /** kwsync.yaml `validate:` rule levels: a change cannot lower a rule for itself. */
  validate: ValidateLevels;
}

export function guardOf(config: KwsyncConfig): Guard {
  return { safety: config.safety, limits: config.limits, prune: config.prune, validate: config.validate };
}

/** Each value at its stricter side: a smaller share or threshold or limit; prune only when both prune. */
export function stricterGuard(base: Guard, head: Guard): Guard {
  const limits = Object.fromEntries(Object.entries(head.limits).map(([k, v]) => [k, Math.min(v, base.limits[k as keyof Limits])])) as unknown as Limits;
  return {
    safety: {
      maxRemovedShare: Math.min(base.safety.maxRemovedShare, head.safety.maxRemovedShare),
      minTermsForShareCheck: Math.min(base.safety.minTermsForShareCheck, head.safety.minTermsForShareCheck),
    },
    limits,
    prune: base.prune && head.prune,
    validate: stricterLevels(base.validate, head.validate),
  };
}

/** `safety.maxRemovedShare 0.3 → 1`, one per value that differs. */
export function guardChanges(base: Guard, head: Guard): string[] {
  const out: string[] = [];
  for (const key of Object.keys(base.safety) as (keyof Guard['safety'])[]) {
    if (base.safety[key] !== head.safety[key]) out.push(`safety.${key} ${base.safety[key]} → ${head.safety[key]}`);
  }
  for (const key of Object.keys(base.limits) as (keyof Limits)[]) {
    if (base.limits[key] !== head.limits[key]) out.push(`limits.${key} ${base.limits[key]} → ${head.limits[key]}`);
  }
  if (base.prune !== head.prune) out.push(`prune ${base.prune} → ${head.prune}`);
  out.push(...levelChanges(base.validate, head.validate));
  return out;
}

/** The CAUTION block for a plan comment or an apply summary; empty when nothing changed. */
export function guardCaution(changes: readonly string[], where: 'plan' | 'apply'): string {
  if (changes.length === 0) return '';
  const applies =
    where === 'plan'
      ? 'This plan, and the apply after merge, use the stricter of the old and new values; the new values guard the changes after this one.'
      : 'This apply used the stricter of the old and new values; the new values guard the changes after this one.';
  return `> [!CAUTION]\n> **This change edits the guards in kwsync.yaml**: ${changes.join('; ')}. ${applies}`;
}
