// The saved-plan file format as a zod schema, so `apply --plan` reads only a well-formed plan.
import { z } from 'zod';
import { CATEGORIES } from '../model/keyword-list.js';
import { PLAN_FORMAT_VERSION } from '../model/plan.js';

const listSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  searchTerms: z.array(z.string()),
});

const changeSchema = z.strictObject({
  kind: z.enum(['create', 'update', 'delete', 'noop']),
  id: z.string(),
  before: listSchema.nullable(),
  after: listSchema.nullable(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  fieldChanges: z.array(
    z.strictObject({ field: z.enum(['name', 'description', 'category']), before: z.string(), after: z.string() }),
  ),
  revisionId: z.string().nullable(),
  file: z.string().nullable(),
  unsafe: z.string().nullable(),
  usedBy: z.array(z.string()).optional().describe('A delete: the live rules that still reference the list after the plan (needs --force).'),
});

const conditionSchema = z.strictObject({
  id: z.number().optional(),
  entity: z.string(),
  operand: z.string(),
  operator: z.string(),
  category: z.string(),
  isReference: z.boolean(),
  value: z.array(z.string()),
  isMediaPresent: z.boolean().optional(),
  message: z.array(z.string()).optional(),
  weight: z.number().optional(),
});

const ruleWriteSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  enabled: z.boolean(),
  action: z.array(z.string()),
  conditions: z.array(conditionSchema),
  filters: z.array(z.strictObject({ type: z.string(), entity: z.string(), operand: z.string(), operator: z.string(), value: z.string() })),
});

const ruleSummarySchema = z.strictObject({ id: z.string(), name: z.string(), enabled: z.boolean(), action: z.array(z.string()), lists: z.array(z.string()) });

const rulesSchema = z
  .strictObject({
    managed: z.boolean().describe('The folder has keywords/rules/: custom rules are written and pruned; otherwise only read.'),
    changes: z.array(
      z.strictObject({
        kind: z.enum(['create', 'update', 'delete', 'noop']),
        id: z.string(),
        before: ruleWriteSchema.nullable(),
        after: ruleWriteSchema.nullable(),
        fieldChanges: z.array(z.strictObject({ field: z.enum(['name', 'description', 'enabled', 'action', 'filters']), before: z.string(), after: z.string() })),
        conditionsAdded: z.array(z.string()),
        conditionsRemoved: z.array(z.string()),
        lists: z.array(z.string()),
        revisionId: z.string().nullable(),
        file: z.string().nullable(),
        unsafe: z.string().nullable(),
        cautions: z.array(z.string()).describe('What the change stops the rule doing (CAUTION lines).'),
        lines: z
          .strictObject({ id: z.number().int(), action: z.number().int(), filters: z.number().int().optional(), conditions: z.array(z.number().int()) })
          .optional()
          .describe('Where the rule file writes its id, action, filters and each condition (1-based lines): a refusal by the service is named there.'),
      }),
    ),
    unmanaged: z.array(ruleSummarySchema),
    defaults: z.array(ruleSummarySchema),
    listUsers: z.record(z.string(), z.array(z.strictObject({ rule: z.string(), action: z.array(z.string()) }))).describe('Per list of the target: the enabled rules that use it once the plan is applied.'),
    unusedLists: z.array(z.string()).describe('Lists no enabled rule uses once the plan is applied: they catch nothing live.'),
    incomplete: z.string().optional(),
  })
  .describe('The moderation rules (keywords/rules/*.yaml) against the live rules; present when the rules were read.');

export const planSchema = z.strictObject({
  formatVersion: z.literal(PLAN_FORMAT_VERSION),
  target: z.string(),
  mode: z.enum(['live', 'offline']),
  createdAt: z.string(),
  prune: z.boolean(),
  changes: z.array(changeSchema),
  unmanaged: z.array(
    z.strictObject({ id: z.string(), name: z.string(), category: z.enum(CATEGORIES), revisionId: z.string(), terms: z.number() }),
  ),
  defaults: z.array(z.string()),
  notes: z.array(z.string()).optional(),
  unreadable: z.array(z.strictObject({ id: z.string(), file: z.string().nullable(), problems: z.array(z.string()) })).optional(),
  truncatedListing: z.strictObject({ listed: z.number(), reason: z.string().optional() }).optional(),
  listLimit: z
    .strictObject({
      max: z.number(),
      source: z.string(),
      live: z.number(),
      created: z.number(),
      deleted: z.number(),
      after: z.number(),
      over: z.boolean(),
      atLeast: z.boolean().optional(),
    })
    .optional(),
  listFilter: z.array(z.string()).optional(),
  rules: rulesSchema.optional(),
});

export const savedPlanSchema = z.strictObject({
  plan: z.unknown(),
  checksum: z.string(),
});
