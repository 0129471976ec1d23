// The published shape of `kwsync validate --format json`. The object is built by
// src/validate/render-json.ts (ValidationJson); the CLI adds `formatVersion`, the version field
// every kwsync JSON output carries. A test runs the command and checks its output against this.
import { z } from 'zod';
import { CATEGORIES } from '../../model/keyword-list.js';

const diagnosticSchema = z.strictObject({
  file: z.string().describe('Path relative to the working directory, forward slashes.'),
  line: z.number().int().min(1),
  column: z.number().int().min(1),
  endLine: z.number().int().min(1).optional(),
  endColumn: z.number().int().min(1).optional(),
  severity: z.enum(['error', 'warning']),
  rule: z.string().describe('Stable rule id, e.g. term-too-long.'),
  message: z.string().describe('What is wrong and how to fix it, in one sentence.'),
  sourceLine: z.string().optional().describe('The offending source line.'),
  fix: z
    .strictObject({
      line: z.number().int().min(1),
      column: z.number().int().min(1).describe('1-based, in UTF-16 code units like every column here.'),
      replace: z.string().describe('The text written at line:column, to be replaced.'),
      with: z.string().describe('Its replacement; may hold line breaks (one line becomes several).'),
    })
    .optional()
    .describe('A worked-out correction of the source line, re-validated before it is offered.'),
});

export const validateReportJsonSchema = z
  .strictObject({
    formatVersion: z.literal(1).describe('Changes only with a breaking change of this shape; fields may be added.'),
    version: z.literal(1).describe('The old name of formatVersion, kept for existing readers.'),
    valid: z.boolean().describe('No errors (and, with --strict, no warnings).'),
    errorCount: z.number().int().min(0),
    warningCount: z.number().int().min(0),
    base: z.string().optional().describe('The git ref compared with (--base), when git could read it.'),
    lists: z.array(
      z.strictObject({
        id: z.string(),
        file: z.string(),
        termsFile: z.string().optional().describe('The CSV the terms came from, when the list names one.'),
        category: z.enum(CATEGORIES),
        terms: z.number().int().min(0).describe('Number of terms.'),
        examples: z.number().int().min(0).describe('Examples under tests: that were checked.'),
        testsSkipped: z.string().optional().describe('Why the examples were not checked.'),
      }),
    ),
    diagnostics: z.array(diagnosticSchema),
    sentenceChecks: z
      .strictObject({
        sentences: z.number().int().min(0).describe('Sentences of sentence-similarity lists.'),
        skipped: z.string().optional().describe('Why the model-based sentence checks did not run (optional model missing, too many sentences, out of time), and what to do.'),
      })
      .optional()
      .describe('Present when a sentence-similarity list exists: the model-based sentence checks (sentence-near-duplicate, sentence-generic).'),
  })
  .meta({ title: 'kwsync validate report', description: 'The output of `kwsync validate --format json`.' });
