// Every `--format json` output of kwsync, by the name of its committed JSON Schema
// (schema/<name>.schema.json). `kwsync schema --output <name>` prints one; a test keeps each file
// current and checks each command's real output against it.
import { z } from 'zod';
import { applyReportJsonSchema } from '../../apply/render-report.js';
import { doctorReportSchema } from '../../doctor/report.js';
import { savedPlanFileSchema } from '../../plan/saved-plan.js';
import { previewReportJsonSchema } from '../../preview/preview-schema.js';
import { validateReportJsonSchema } from './validate-report.js';
import { plansReportSchema } from './plans.js';
import { explainReportJsonSchema } from '../../explain/explain-schema.js';
import { statusReportSchema } from '../../status/status-schema.js';
import { targetsReportSchema } from '../../targets/targets-view.js';

export const OUTPUT_SCHEMAS = {
  'validate-report': validateReportJsonSchema,
  plan: savedPlanFileSchema,
  plans: plansReportSchema,
  'apply-report': applyReportJsonSchema,
  'preview-report': previewReportJsonSchema,
  'doctor-report': doctorReportSchema,
  'explain-report': explainReportJsonSchema,
  status: statusReportSchema,
  targets: targetsReportSchema,
} as const satisfies Record<string, z.ZodType>;

export type OutputSchemaName = keyof typeof OUTPUT_SCHEMAS;
export const OUTPUT_SCHEMA_NAMES = Object.keys(OUTPUT_SCHEMAS) as OutputSchemaName[];

/** JSON Schema 2020-12 of what kwsync writes (`io: 'output'`: every field it always writes is required). */
export function outputJsonSchema(name: OutputSchemaName): Record<string, unknown> {
  return z.toJSONSchema(OUTPUT_SCHEMAS[name], { io: 'output', target: 'draft-2020-12' }) as Record<string, unknown>;
}
