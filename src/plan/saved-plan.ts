// `kwsync plan --out plan.json` and `kwsync apply --plan plan.json`: the plan plus a checksum
// (sha256 of its canonical JSON), so a plan edited after review is refused rather than applied.
import { createHash } from 'node:crypto';
import { RefusedPlanError } from '../errors.js';
import type { Plan, SavedPlan } from '../model/plan.js';
import { planSchema, savedPlanSchema } from './plan-schema.js';

export function savePlan(plan: Plan): SavedPlan {
  return { plan, checksum: planChecksum(plan) };
}

/** `sha256:<hex>` of the canonical JSON (keys sorted, no spaces) of the plan. */
export function planChecksum(plan: unknown): string {
  return `sha256:${createHash('sha256').update(canonicalJson(plan)).digest('hex')}`;
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/** Parses a saved plan; an unreadable, altered or unknown-version file is refused (exit 4). */
export function readSavedPlan(text: string, file: string): Plan {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw refuse(file, [`${file}: not JSON (${(err as Error).message})`]);
  }
  const outer = savedPlanSchema.safeParse(raw);
  if (!outer.success) throw refuse(file, [`${file}: not a saved plan (expected {"plan": ..., "checksum": "sha256:..."})`]);
  if (planChecksum(outer.data.plan) !== outer.data.checksum) {
    throw new RefusedPlanError(`${file} was changed after it was made (checksum mismatch); refusing to apply it`, [
      `${file}: checksum ${outer.data.checksum} does not match its content`,
    ], { hint: 'make a new plan with `kwsync plan --out` and review it' });
  }
  const plan = planSchema.safeParse(outer.data.plan);
  if (!plan.success) {
    const reasons = plan.error.issues.map((i) => `${file}: plan.${i.path.join('.')}: ${i.message}`);
    throw refuse(file, reasons);
  }
  return plan.data;
}

function refuse(file: string, reasons: string[]): RefusedPlanError {
  return new RefusedPlanError(`${file} is not a plan kwsync can apply: ${reasons.join('; ')}`, reasons, {
    hint: 'make a new plan with `kwsync plan --out plan.json`',
  });
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(obj)
        .sort()
        .filter((k) => obj[k] !== undefined)
        .map((k) => [k, sortKeys(obj[k])]),
    );
  }
  return value;
}
