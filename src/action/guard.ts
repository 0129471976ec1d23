// What guards an apply (kwsync.yaml `safety`, `limits`, `prune`, `validate` levels) must not be loosened by the change
// it guards. A pull request's plan, and the apply after it merges, use the stricter of the base's
// values and the head's; any change to them is called out (a CAUTION line) so a reviewer sees it.
// The new values take effect from the next change on. Pure.
import type { KwsyncConfig, Limits, TargetConfig, ValidateLevels } from '../model/config.js';
import { stricterLevels } from '../validate/rule-levels.js';
import { mdCode } from '../render/markdown-escape.js';

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
  out.push(...escapedLevelChanges(base.validate, head.validate));
  return out;
}

/** `validate.rules.term-dash warning → off`; the rule ids come from the PR's kwsync.yaml, so they show as code. */
function escapedLevelChanges(base: Guard['validate'], head: Guard['validate']): string[] {
  const out: string[] = [];
  if (base.strict !== head.strict) out.push(`validate.strict ${base.strict} → ${head.strict}`);
  for (const rule of new Set([...Object.keys(base.rules), ...Object.keys(head.rules)])) {
    const a = base.rules[rule] ?? 'default';
    const b = head.rules[rule] ?? 'default';
    if (a !== b) out.push(`validate.rules.${mdCode(rule)} ${mdCode(a)} → ${mdCode(b)}`);
  }
  return out;
}

/** The fields of a target that say where its key goes: a change to them is always called out. */
const CONNECTION_FIELDS = ['appId', 'region', 'baseUrl', 'apiKeyEnv', 'environment'] as const;

/** `target production: baseUrl (none) → https://x`, one per connection field that differs; a target added or removed is named with every connection field. */
export function connectionChanges(base: KwsyncConfig, head: KwsyncConfig): string[] {
  const out: string[] = [];
  // Every value comes from a pull request's kwsync.yaml (the base's may too, once merged): shown as code, escaped.
  const value = (v: string | undefined) => (v === undefined ? '(none)' : mdCode(v));
  const fields = (t: NonNullable<KwsyncConfig['targets']>[number]) => CONNECTION_FIELDS.map((f) => `${f} ${value(t[f])}`).join(', ');
  const before = new Map((base.targets ?? []).map((t) => [t.name, t]));
  for (const t of head.targets ?? []) {
    const old = before.get(t.name);
    if (!old) {
      out.push(`target ${mdCode(t.name)} added (${fields(t)})`);
      continue;
    }
    for (const f of CONNECTION_FIELDS) if (old[f] !== t[f]) out.push(`target ${mdCode(t.name)}: ${f} ${value(old[f])} → ${value(t[f])}`);
  }
  for (const t of base.targets ?? []) if (!(head.targets ?? []).some((h) => h.name === t.name)) out.push(`target ${mdCode(t.name)} removed (it connected with ${fields(t)})`);
  return out;
}

/** Whether two targets' connection fields differ in any way (as written: an `environment` added that equals the name still counts). */
export function connectionDiffers(a: TargetConfig, b: TargetConfig): boolean {
  return CONNECTION_FIELDS.some((f) => a[f] !== b[f]);
}

/** Names of the targets of `head` that connect differently from `base` (a connection field changed, or the target is new). */
export function reconnectedTargets(base: KwsyncConfig, head: KwsyncConfig): string[] {
  const before = new Map((base.targets ?? []).map((t) => [t.name, t]));
  return (head.targets ?? []).filter((t) => {
    const old = before.get(t.name);
    return !old || connectionDiffers(old, t);
  }).map((t) => t.name);
}

/** The CAUTION block for a plan comment or an apply summary; empty when nothing changed. */
export function guardCaution(changes: readonly string[], where: 'plan' | 'apply', connection: readonly string[] = []): string {
  const blocks: string[] = [];
  if (changes.length > 0) {
    const applies =
      where === 'plan'
        ? 'This plan, and the apply after merge, use the stricter of the old and new values; the new values guard the changes after this one.'
        : 'This apply used the stricter of the old and new values; the new values guard the changes after this one.';
    blocks.push(`> [!CAUTION]\n> **This change edits the guards in kwsync.yaml**: ${changes.join('; ')}. ${applies}`);
  }
  if (connection.length > 0) {
    const when = where === 'plan' ? 'This plan still connects as the default branch says; after merge, apply sends each target\'s key where the new values say.' : 'This apply connected as the new values say.';
    blocks.push(`> [!CAUTION]\n> **This change edits where targets connect** (which app, server, key variable or environment): ${connection.join('; ')}. ${when}`);
  }
  return blocks.join('\n\n');
}
