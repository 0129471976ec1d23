// The shape of what `kwsync doctor` found: one zod schema for the type, the `--format json` output
// and the published JSON Schema (schema/doctor-report.schema.json), so the three cannot drift apart.
import { z } from 'zod';
import { CSV_QUOTINGS, LISTING_PAGINGS, RULE_REFERENCE_FLAGS, RULE_VALUE_FORMS, SEARCH_TERMS_WITH_FILE, SENTENCE_ENCODINGS, TERM_SEPARATORS, TERMS_TRANSPORTS } from '../model/config.js';
import { CATEGORIES } from '../model/keyword-list.js';

export const FINDING_STATUSES = ['ok', 'differs', 'unknown'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

export const FINDING_IDS = [
  'connection',
  'key-scope',
  'listing-readable',
  'listing-size',
  'listing-paging',
  'listing-default-field',
  'listing-description-field',
  'missing-list-error',
  'rate-limit-headers',
  'latency',
  'messages-prepend',
  'calls-api',
  'calls-paging',
  'call-statuses',
  'list-capacity',
  'write-probe',
  'terms-in-searchterms',
  'terms-in-file',
  'searchterms-beside-file',
  'revision-numbers',
  'sentence-encoding',
  'separators-word',
  'separators-pattern',
  'separators-sentence-similarity',
  'post-with-file',
  'files-per-kind',
  'probe-cleanup',
  'rule-reference-flag',
  'rule-value-form',
  'rule-multi-list',
  'rule-update',
  'rule-actions',
  'rule-probe-cleanup',
] as const;
export type FindingId = (typeof FINDING_IDS)[number];

export const findingSchema = z.strictObject({
  id: z.enum(FINDING_IDS),
  status: z.enum(FINDING_STATUSES).describe('ok: as kwsync expects; differs: the app behaves otherwise; unknown: not settled'),
  title: z.string().describe('what was checked, in a few words'),
  detail: z.string().describe('what was seen and what kwsync does about it'),
  needsAction: z.boolean().describe('true when the user must change something; any such finding makes doctor exit 1'),
  hint: z.string().optional().describe('what to do, when needsAction'),
  assumed: z.string().optional().describe('what kwsync assumed where the published description is silent'),
  observed: z.string().optional().describe('what the app did'),
  fix: z.string().optional().describe('the kwsync.yaml setting that fixes it (e.g. service.sentenceEncoding: json), or why none does'),
});
export type Finding = z.output<typeof findingSchema>;

export const doctorSettingsSchema = z.strictObject({
  termsTransport: z.enum(TERMS_TRANSPORTS),
  csvQuoting: z.enum(CSV_QUOTINGS),
  searchTermsWithFile: z.enum(SEARCH_TERMS_WITH_FILE),
  timeoutMs: z.number().int(),
  sentenceEncoding: z.enum(SENTENCE_ENCODINGS),
  separators: z.strictObject({
    word: z.enum(TERM_SEPARATORS),
    pattern: z.enum(TERM_SEPARATORS),
    'sentence-similarity': z.enum(TERM_SEPARATORS),
  }),
  listingPaging: z.enum(LISTING_PAGINGS),
  ruleReferenceFlag: z.enum(RULE_REFERENCE_FLAGS),
  ruleValueForm: z.enum(RULE_VALUE_FORMS),
});
/** The kwsync.yaml `service:` settings doctor can settle. */
export type DoctorSettings = z.output<typeof doctorSettingsSchema>;

/** Each setting doctor can change, as a dotted path under `service:`. */
export const SETTING_NAMES = [
  'termsTransport',
  'csvQuoting',
  'searchTermsWithFile',
  'timeoutMs',
  'sentenceEncoding',
  'separators.word',
  'separators.pattern',
  'separators.sentence-similarity',
  'listingPaging',
  'ruleReferenceFlag',
  'ruleValueForm',
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

export const settingChangeSchema = z.strictObject({
  setting: z.enum(SETTING_NAMES),
  from: z.string().describe('the current value, as written in kwsync.yaml'),
  to: z.string().describe('the value to use'),
  reason: z.string(),
});
export type SettingChange = z.output<typeof settingChangeSchema>;

export const VARIANT_IDS = [
  'searchTerms',
  'file-none-empty',
  'file-none-omit',
  'file-rfc4180-empty',
  'file-rfc4180-omit',
  ...SENTENCE_ENCODINGS.map((e) => `sentences-${e}` as const),
  'separator-comma',
  'separator-newline',
  'file',
] as const;
export type VariantId = (typeof VARIANT_IDS)[number];

export const variantResultSchema = z.strictObject({
  variant: z
    .enum(VARIANT_IDS)
    .describe('how the entries travelled: searchTerms, file-<csvQuoting>-<searchTermsWithFile>, sentences-<sentenceEncoding>, separator-<comma|newline>, or file'),
  kind: z.enum(CATEGORIES).describe('the category of the probe list written'),
  list: z.string().describe('the probe list written (kwsync-probe-<random>, with -word or -sentences for those kinds)'),
  parts: z.array(z.string()).describe('the multipart parts that carried the entries (e.g. searchTerms, file, disallowedSentences)'),
  method: z.enum(['POST', 'PUT']),
  status: z.number().int().describe('HTTP status of the write'),
  sent: z.array(z.string()),
  stored: z.array(z.string()).optional().describe('the entries read back with GET (searchTerms or disallowedSentences); absent when the write was refused'),
  matches: z.boolean().describe('the stored terms equal the sent terms (as a set)'),
  error: z.string().optional().describe("the service's message when it refused the write"),
});
export type VariantResult = z.output<typeof variantResultSchema>;

export const doctorReportSchema = z.strictObject({
  formatVersion: z.literal(1),
  target: z.string().describe('the kwsync.yaml target name, app id or base URL; never the key'),
  endpoint: z
    .strictObject({
      appId: z.string().nullable(),
      region: z.string(),
      host: z.string(),
      baseUrl: z.string().optional().describe('the full Chat API base, path included'),
      envWins: z.array(z.string()).optional().describe('environment variables that won over the target\'s kwsync.yaml settings'),
    })
    .optional()
    .describe('the app, region and base URL doctor talked to; never the key'),
  writeProbe: z.boolean().describe('whether --write-probe ran'),
  probeListId: z.string().optional().describe('the temporary pattern list id (kwsync-probe-<random>) of the write probe; the word and sentence lists add -word and -sentences, the rules probe\'s rule and list -rule and -rules'),
  findings: z.array(findingSchema),
  variants: z.array(variantResultSchema).describe('each way of sending entries the write probe tried, in order'),
  current: doctorSettingsSchema.describe('the settings in kwsync.yaml (or their defaults)'),
  recommended: doctorSettingsSchema.describe('the settings to use on this app'),
  changes: z.array(settingChangeSchema).describe('recommended settings that differ from the current ones'),
  ok: z.boolean().describe('everything works with the current settings (exit 0)'),
});
export type DoctorReport = z.output<typeof doctorReportSchema>;

/** JSON Schema 2020-12 of what doctor writes, generated as every kwsync output schema is (`io: 'output'`). */
export function doctorReportJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(doctorReportSchema, { io: 'output', target: 'draft-2020-12' }) as Record<string, unknown>;
}
