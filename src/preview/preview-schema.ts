// The published shape of `kwsync preview --format json` (schema/preview-report.schema.json is made
// from it). Counts and terms only: example messages are never part of it.
import { z } from 'zod';
import { CATEGORIES } from '../model/keyword-list.js';

const listPreviewSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(['create', 'update', 'delete', 'noop']),
  category: z.enum(CATEGORIES),
  previewable: z.boolean().describe('False for sentence-similarity lists: their counts are 0 and mean nothing.'),
  before: z.number().int().min(0).describe('Messages the live list catches now.'),
  after: z.number().int().min(0).describe('Messages the desired list would catch.'),
  newlyCaught: z.number().int().min(0).describe('Caught after but not before.'),
  noLongerCaught: z.number().int().min(0).describe('Caught before but not after.'),
  topTerms: z
    .array(z.strictObject({ term: z.string(), messages: z.number().int().min(0) }))
    .max(5)
    .describe('Terms of the desired list by messages caught, most first.'),
});

export const previewReportJsonSchema = z
  .strictObject({
    formatVersion: z.literal(1).describe('Changes only with a breaking change of this shape; fields may be added.'),
    version: z.literal(1).describe('The old name of formatVersion, kept for existing readers.'),
    target: z.string().describe('The target name (kwsync.yaml) or app id.'),
    groups: z.array(z.string()).describe('The groups whose recent messages were read.'),
    messagesScanned: z.number().int().min(0),
    lists: z.array(listPreviewSchema).describe('One entry per changed list, in plan order.'),
    stopped: z
      .strictObject({
        reason: z.enum(['deadline', 'memory', 'failed']),
        list: z.string().describe('The list whose patterns were running ("" when between lists).'),
        file: z.string().optional(),
        pattern: z.string().optional().describe('The pattern that was running.'),
        message: z.string(),
      })
      .optional()
      .describe('Present when a bounded preview stopped early; the counts cover messagesScanned messages only.'),
  })
  .meta({ title: 'kwsync preview report', description: 'The output of `kwsync preview --format json`.' });

export type PreviewReportJson = z.infer<typeof previewReportJsonSchema>;
