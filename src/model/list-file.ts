// The shape of one list file (keywords/*.yaml). Structure only: lengths, formats and the
// "exactly one of searchTerms/file" rule live in src/validate/rules, where they get located,
// fix-it messages and limits from kwsync.yaml.
import { z } from 'zod';
import { CATEGORIES } from './keyword-list.js';
import { DEFAULT_LIMITS } from './config.js';

/** Letters, digits, `-` and `_`: the service refuses spaces and special characters in ids. */
export const LIST_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

/** A label on a list file (what a target's `include: {labels: [...]}` names): like a target name. */
export const LABEL_PATTERN = /^[A-Za-z0-9_.-]+$/;

/**
 * Rules a list may accept (silence) with a reason: legal but usually a mistake, or a cost the
 * list's owner decided to pay. Errors that would break the upload or the matcher cannot be accepted.
 */
export const ACCEPTABLE_RULES = [
  'term-dash',
  'term-quoted',
  'term-invisible-char',
  'term-control-char',
  'word-regex-syntax',
  'duplicate-term-folded',
  'csv-separator',
  'csv-header',
  'yaml-unknown-tag',
  'list-shrunk',
  'pattern-flags',
  'pattern-polynomial-backtracking',
  'term-mixed-script',
  'term-confusable',
  'term-look-alike',
  'term-markup',
  'term-several',
  'term-typographic-dash',
  'term-decomposed',
  'term-sheet-apostrophe',
  'word-list-sentence',
  'sentence-regex-syntax',
  'pattern-literal-question',
  'pattern-empty-branch',
  'pattern-class-range',
  'pattern-ascii-boundary',
  'pattern-lookbehind',
  'pattern-exponential-backtracking',
  'term-typographic-quote',
  'term-double-space',
  'sentence-too-short',
  'pattern-dead-anchor',
  'pattern-unescaped-dot',
  'csv-multiple-fields',
  'term-optional-marks',
  'term-language-case',
  'term-in-chat',
  'pattern-whole-message',
  'pattern-class-alternatives',
  'pattern-class-case',
  'pattern-literal-plus',
  'pattern-doubled-backslash',
  'term-sheet-number',
  'sentence-paragraph',
] as const;
export type AcceptableRule = (typeof ACCEPTABLE_RULES)[number];

export const listTestsSchema = z
  .strictObject({
    shouldMatch: z.array(z.string()).optional().describe('examples the list must catch'),
    shouldNotMatch: z.array(z.string()).optional().describe('examples the list must let through'),
  })
  .describe('offline examples, checked by `kwsync validate` (not for sentence-similarity lists)');

export const listFileSchema = z
  .strictObject({
    id: z
      .string()
      .describe('list id on the service: letters, digits, - and _ only, at most 100 characters'),
    name: z.string().describe('display name, at most 100 characters'),
    description: z.string().optional().describe('at most 255 characters'),
    category: z.enum(CATEGORIES).describe('word | pattern | sentence-similarity'),
    searchTerms: z
      .array(z.string())
      .optional()
      .describe('the terms, inline; each at most 100 characters, one line, no surrounding spaces'),
    file: z
      .string()
      .optional()
      .describe('a CSV file inside the keywords folder with one term per record (optional `term` header)'),
    tests: listTestsSchema.optional(),
    labels: z
      .array(z.string().regex(LABEL_PATTERN, 'use only letters, digits, _ . and - in a label'))
      .optional()
      .describe('labels kwsync.yaml targets select lists by (`include: {labels: [brand-b]}`); never sent to the service'),
    accept: z
      .record(z.string(), z.string())
      .optional()
      .describe('rules this list accepts on purpose, each with the reason, e.g. {term-dash: "real brand name"}'),
  })
  .describe('A kwsync keyword list file: exactly one of `searchTerms` or `file`.');

export type ListFile = z.output<typeof listFileSchema>;

/** A term in JSON Schema terms: starts and ends with a non-space, no line break in between. */
export const TERM_PATTERN = '^\\S(?:.*\\S)?$';

/**
 * The JSON Schema editors use (`kwsync schema`, committed as schema/list-file.schema.json).
 * Adds what zod refinements cannot express in JSON Schema: the documented limits as hints and
 * "exactly one of searchTerms/file". validate checks all of it again with configured limits.
 */
export function listFileJsonSchema(): Record<string, unknown> {
  // draft-07: the draft yaml-language-server supports (its 2019/2020 support was reverted).
  const schema = z.toJSONSchema(listFileSchema, { target: 'draft-07' }) as Record<string, unknown>;
  const props = schema.properties as Record<string, Record<string, unknown>>;
  Object.assign(props.id!, { pattern: LIST_ID_PATTERN.source, minLength: 1, maxLength: DEFAULT_LIMITS.maxIdLength });
  Object.assign(props.name!, { minLength: 1, maxLength: DEFAULT_LIMITS.maxNameLength, pattern: '\\S' });
  Object.assign(props.description!, { maxLength: DEFAULT_LIMITS.maxDescriptionLength });
  const terms = props.searchTerms!;
  // One line, no surrounding whitespace (`.` stops at line breaks): what checkTerms enforces.
  Object.assign(terms, { minItems: 1, items: { type: 'string', minLength: 1, maxLength: DEFAULT_LIMITS.maxTermLength, pattern: TERM_PATTERN } });
  Object.assign(props.accept!, { propertyNames: { enum: [...ACCEPTABLE_RULES] }, additionalProperties: { type: 'string', minLength: 1, pattern: '\\S' } });
  return {
    $schema: schema.$schema,
    title: 'kwsync list file',
    ...schema,
    oneOf: [{ required: ['searchTerms'] }, { required: ['file'] }],
  };
}
