// The published shape of `kwsync explain --format json` (schema/explain-report.schema.json). The
// object is the ExplainReport built by explain-report.ts; the type check below keeps them one.
import { z } from 'zod';
import { CATEGORIES } from '../model/keyword-list.js';
import type { ExplainReport } from './explain-report.js';

const iso = z.string().describe('ISO 8601 date and time (committer date).');
const commitSchema = z.strictObject({ commit: z.string().describe('Full SHA.'), date: iso, subject: z.string() });
const provenanceSchema = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('found'),
    commit: commitSchema.describe('The commit that put the term into the list.'),
    pullRequest: z
      .strictObject({
        number: z.number().int().min(1),
        via: z.enum(['merge', 'squash']).describe('merge: read from "Merge pull request #N"; squash: from a subject ending in "(#N)".'),
        landedIn: z.string().describe('The commit on the first-parent line that landed it.'),
        landedAt: iso,
      })
      .optional(),
  }),
  z.strictObject({ status: z.literal('uncommitted') }),
  z.strictObject({ status: z.literal('unavailable'), reason: z.string() }),
]);

const spanSchema = z.strictObject({
  start: z.number().int().min(0).describe('UTF-16 offset into the message.'),
  end: z.number().int().min(0),
  text: z.string(),
});

export const explainReportJsonSchema = z
  .strictObject({
    formatVersion: z.literal(1).describe('Changes only with a breaking change of this shape; fields may be added.'),
    kind: z.enum(['message', 'term']).describe('message: `kwsync explain "<message>"`; term: `kwsync explain --term <term>`.'),
    text: z.string().describe('The message explained, or the term looked up.'),
    caught: z.boolean().describe('message: a list in git catches it; term: a list in git holds it.'),
    lists: z
      .array(
        z.strictObject({
          id: z.string(),
          name: z.string(),
          file: z.string(),
          termsFile: z.string().optional(),
          category: z.enum(CATEGORIES),
          rule: z.string().describe('How the list decides, in words.'),
          previewable: z.boolean().describe('false for a sentence-similarity list not scored (see notPreviewed): no offline answer.'),
          caught: z.boolean().describe('A sentence-similarity list: its nearest sentence scores at or above similarity.threshold by the local model.'),
          terms: z.array(
            z.strictObject({
              term: z.string(),
              match: z.enum(['exact', 'case-folded']).optional(),
              spans: z.array(spanSchema).optional(),
              file: z.string().describe('The file holding the term: the list file or its terms CSV.'),
              line: z.number().int().min(1).optional(),
              provenance: provenanceSchema,
              live: z.enum(['present', 'absent', 'no-live-list']).optional().describe('With --live: whether the live list of this id holds the term.'),
            }),
          ),
          nearest: z
            .strictObject({ sentence: z.string(), score: z.number().min(-1).max(1).describe('Cosine similarity from the local model.') })
            .nullable()
            .optional()
            .describe('A sentence-similarity list scored by the local model (a message only): its sentence nearest the message; null when it has none.'),
          notPreviewed: z.string().optional().describe('A sentence-similarity list not scored: why, and what to do (e.g. how to install the local model).'),
        }),
      )
      .describe('message: every list in git, caught or not; term: the lists holding the term.'),
    provenanceUnavailable: z.string().optional(),
    live: z
      .strictObject({
        lists: z.array(
          z.strictObject({
            id: z.string(),
            category: z.enum(CATEGORIES),
            inRepo: z.boolean(),
            caught: z.boolean(),
            terms: z.array(z.string()),
            liveOnly: z.array(z.string()).describe('Terms the repository list of this id does not hold.'),
          }),
        ),
        notes: z.array(z.string()),
      })
      .optional()
      .describe('With --live: the live lists that catch the message (or hold the term).'),
    similarity: z
      .strictObject({
        source: z.literal('local-model').describe("Sentence-similarity verdicts are a local model's estimate, never CometChat's."),
        model: z.string(),
        threshold: z.number().min(0).max(1).describe('Cosine similarity at or above which a sentence list catches the message.'),
        note: z.string().describe('The disclaimer, in words.'),
      })
      .optional()
      .describe('Present when a sentence-similarity list was explained (a message): the local model and threshold.'),
    target: z
      .strictObject({
        name: z.string(),
        leftOut: z.array(z.string()).describe('Ids of the folder\'s lists this target does not take (include, exclude, omit).'),
      })
      .optional()
      .describe('When kwsync.yaml has targets: the target answered for; `lists` are its lists, its overrides (names, appended terms) applied.'),
    rules: z
      .array(z.strictObject({ id: z.string(), file: z.string(), action: z.array(z.string()), lists: z.array(z.string()).describe('The lists catching the message that the rule references.') }))
      .optional()
      .describe('A message, when the folder has rule files (keywords/rules/): the enabled rules that would act on it; empty: no rule file uses the lists that catch it.'),
  })
  .meta({ title: 'kwsync explain report', description: 'The output of `kwsync explain --format json`.' });

// The report built and the schema published describe the same object.
type Published = z.output<typeof explainReportJsonSchema>;
export const reportMatchesSchema: [ExplainReport] extends [Published] ? ([Published] extends [ExplainReport] ? true : never) : never = true;
