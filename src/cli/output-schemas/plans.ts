// `kwsync plan --all-targets --format json`: one saved-plan object per target of kwsync.yaml, in
// kwsync.yaml's order, or why that target could not be planned.
import { z } from 'zod';
import { savedPlanFileSchema } from '../../plan/saved-plan.js';

export const PLANS_FORMAT_VERSION = 1;

export const plansReportSchema = z
  .strictObject({
    formatVersion: z.literal(PLANS_FORMAT_VERSION).describe('Changes only with a breaking change of this shape; fields may be added.'),
    hasChanges: z.boolean().describe('Some target has a change to apply.'),
    targets: z.array(
      z.strictObject({
        target: z.string().describe('The kwsync.yaml target name.'),
        plan: savedPlanFileSchema.optional().describe('Its plan, as `kwsync plan --target NAME --format json` prints it.'),
        error: z.string().optional().describe('Why it could not be planned (its key variable unset, its app unreachable).'),
      }),
    ),
  })
  .meta({ title: 'kwsync plans', description: 'The output of `kwsync plan --all-targets --format json`.' });

export type PlansReport = z.output<typeof plansReportSchema>;
