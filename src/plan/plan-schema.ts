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
});

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
});

export const savedPlanSchema = z.strictObject({
  plan: z.unknown(),
  checksum: z.string(),
});
