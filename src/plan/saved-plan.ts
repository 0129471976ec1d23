// `kwsync plan --out plan.json` and `kwsync apply --plan plan.json`: the plan plus a checksum
// (sha256 of its canonical JSON), so a plan edited after review is refused rather than applied.
// The top-level `formatVersion` is the one every kwsync JSON output carries; files written before
// it existed (`{plan, checksum}` only) are still read.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { RefusedPlanError } from '../errors.js';
import type { Plan, SavedPlan } from '../model/plan.js';
import { planSchema, savedPlanSchema } from './plan-schema.js';

export const SAVED_PLAN_FORMAT_VERSION = 1;

/** What `plan --out` and `plan --format json` write. */
export interface SavedPlanFile extends SavedPlan {
  formatVersion: typeof SAVED_PLAN_FORMAT_VERSION;
}

export function savePlan(plan: Plan): SavedPlanFile {
  return { formatVersion: SAVED_PLAN_FORMAT_VERSION, plan, checksum: planChecksum(plan) };
}

/** The published shape (schema/plan.schema.json is made from it): what kwsync writes today. */
export const savedPlanFileSchema = z
  .strictObject({
    formatVersion: z.literal(SAVED_PLAN_FORMAT_VERSION).describe('Changes only with a breaking change of this shape; fields may be added.'),
    plan: planSchema.describe('The plan; plan.formatVersion is the same number (kept: older readers look there).'),
    checksum: z.string().regex(/^sha256:[0-9a-f]{64}$/).describe('sha256 of the canonical JSON (keys sorted, no spaces) of `plan`.'),
  })
  .meta({ title: 'kwsync plan', description: 'The output of `kwsync plan --format json` and the file `kwsync plan --out` writes.' });

// Reading is wider than writing: a file from before the top-level version still applies.
const savedPlanReadSchema = savedPlanSchema.extend({ formatVersion: z.unknown().optional() });

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
  const outer = savedPlanReadSchema.safeParse(raw);
  if (!outer.success) throw refuse(file, [`${file}: not a saved plan (expected {"formatVersion": 1, "plan": ..., "checksum": "sha256:..."})`]);
  const version = outer.data.formatVersion;
  if (version !== undefined && version !== SAVED_PLAN_FORMAT_VERSION) {
    throw new RefusedPlanError(`${file} has formatVersion ${JSON.stringify(version)}; this kwsync reads ${SAVED_PLAN_FORMAT_VERSION}`, [
      `${file}: formatVersion ${JSON.stringify(version)}`,
    ], { hint: 'apply it with the kwsync version that made it, or make a new plan with `kwsync plan --out`' });
  }
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
  // A plan's term arrays (four per list, ~100k terms each for a 1 MB list) hold only text, which
  // sorting leaves as it is: kept as they are instead of copied term by term.
  if (Array.isArray(value)) return isTextArray(value) ? value : value.map(sortKeys);
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

function isTextArray(value: readonly unknown[]): boolean {
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return false;
  return true;
}
