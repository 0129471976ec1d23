// The published shape of `kwsync preview --format json` (schema/preview-report.schema.json is made
// from it). Counts and terms only: example messages are never part of it. Sentence-similarity
// counts are a local model's estimate: `similarity` names the model and threshold and says so.
import { z } from 'zod';
import { CATEGORIES } from '../model/keyword-list.js';

const listPreviewSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(['create', 'update', 'delete', 'noop']),
  category: z.enum(CATEGORIES),
  previewable: z.boolean().describe('False when the counts are 0 and mean nothing: a sentence-similarity list that was not previewed (see notPreviewed).'),
  notPreviewed: z.string().optional().describe('A sentence-similarity list not previewed: why, and what to do (e.g. how to install the local model).'),
  before: z.number().int().min(0).describe('Messages the live list catches now.'),
  after: z.number().int().min(0).describe('Messages the desired list would catch.'),
  newlyCaught: z.number().int().min(0).describe('Caught after but not before.'),
  noLongerCaught: z.number().int().min(0).describe('Caught before but not after.'),
  rules: z
    .array(z.strictObject({ rule: z.string(), action: z.array(z.string()) }))
    .optional()
    .describe('The enabled moderation rules that use the list once the plan is applied, with what they do; empty: no rule uses it, so it catches nothing live. Absent when the rules were not read.'),
  topTerms: z
    .array(z.strictObject({ term: z.string(), messages: z.number().int().min(0) }))
    .max(5)
    .describe('Terms of the desired list by messages caught, most first (sentence lists: sentences, each counted on its own).'),
  sentences: z
    .array(
      z.strictObject({
        sentence: z.string(),
        messages: z.number().int().min(0).describe('Messages at or above the threshold to this sentence alone.'),
        broad: z.boolean().describe('Catches more than similarity.broadShare of the messages read: likely too broad.'),
      }),
    )
    .optional()
    .describe('A sentence-similarity list previewed by the local model: every sentence of the desired list (of the live list for a delete), in list order.'),
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
    similarity: z
      .strictObject({
        source: z.literal('local-model').describe("The counts of sentence-similarity lists are a local model's estimate, never CometChat's."),
        model: z.string().describe('The local sentence model.'),
        threshold: z.number().min(0).max(1).describe('Cosine similarity at or above which a message counts as caught.'),
        broadShare: z.number().min(0).max(1).describe('A sentence catching more than this share of the messages is flagged broad.'),
        note: z.string().describe('The disclaimer, in words.'),
      })
      .optional()
      .describe('Present when a changed list is a sentence-similarity list.'),
  })
  .meta({ title: 'kwsync preview report', description: 'The output of `kwsync preview --format json`.' });

export type PreviewReportJson = z.infer<typeof previewReportJsonSchema>;
