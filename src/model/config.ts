// keywords/kwsync.yaml: targets, safety thresholds, prune, preview, limits. Optional: without it
// there is one target taken from the environment and every default below applies.
import { z } from 'zod';
import { DEFAULT_SIMILARITY_THRESHOLD } from './similarity-threshold.js';

export const REGIONS = ['us', 'eu', 'in'] as const;
export type Region = (typeof REGIONS)[number];

/** The service's documented limits: [L] moderation/constraints-and-limits.mdx; a term at most 100 characters: [PC] rest-api/moderation-apis/properties-and-constraints.mdx. */
export const DEFAULT_LIMITS = {
  maxLists: 25,
  maxIdLength: 100,
  maxNameLength: 100,
  maxDescriptionLength: 255,
  maxTermLength: 100,
  maxUploadBytes: 1024 * 1024,
} as const;

export const DEFAULT_SAFETY = {
  /** An update removing more than this share of a list's terms needs --force ... */
  maxRemovedShare: 0.3,
  /** ... once the live list has at least this many terms. */
  minTermsForShareCheck: 10,
} as const;

/** The live PR plan's trust settings (kwsync.yaml `pullRequests`, read from the default branch only). */
export const DEFAULT_PULL_REQUESTS = {
  planWorkflow: '.github/workflows/kwsync-plan.yml',
  trustLabel: 'kwsync-preview',
  minMessageCount: 5,
} as const;

/** Authors GitHub reports with these associations see the live plan without a label. */
export const TRUSTED_ASSOCIATIONS = ['OWNER', 'MEMBER', 'COLLABORATOR'] as const;

/**
 * The largest legal response is the listing of every list: 25 lists of 1 MB uploads (plus the
 * app's default lists), each term turned into a JSON string. A CSV upload of one-byte terms
 * (`x\n`, 2 bytes) becomes `"x",` (4 bytes), and a quote or backslash doubles when escaped, so a
 * 1 MB list is at most ~2.5 MB of JSON and the listing ~65 MB with defaults. 128 MiB is twice that.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 128 * 1024 * 1024;

/** Who may apply a target: `ci` refuses `kwsync apply` outside CI unless told `--allow-local-apply`. */
export const APPLY_FROM = ['anywhere', 'ci'] as const;
export type ApplyFrom = (typeof APPLY_FROM)[number];

/**
 * How to read on when the keyword listing's answer is a full page and its meta carries neither
 * `pagination` nor `next` (which are followed whatever this says): the styles `kwsync doctor` tries.
 */
export const LISTING_PAGINGS = ['none', 'page/perPage', 'limit/offset', 'page/per_page'] as const;
export type ListingPaging = (typeof LISTING_PAGINGS)[number];

/** The kwsync.yaml `service:` values that shape terms (src/model/terms-encoding.ts names them). */
export const TERMS_TRANSPORTS = ['auto', 'file'] as const;
export const CSV_QUOTINGS = ['none', 'rfc4180'] as const;
export const SEARCH_TERMS_WITH_FILE = ['empty', 'omit'] as const;
/**
 * How a sentence-similarity list's `disallowedSentences` array travels in the multipart form (the
 * published form says "array of strings" and not how): `repeated` one part per sentence, all named
 * `disallowedSentences` (the default); `brackets` parts named `disallowedSentences[]`; `indexed`
 * `disallowedSentences[0]`, `[1]`, ...; `json` one part holding a JSON array; `searchTerms` the
 * pre-published guess (entries in `searchTerms`, joined by the sentence separator).
 */
export const SENTENCE_ENCODINGS = ['repeated', 'brackets', 'indexed', 'json', 'searchTerms'] as const;
/** How the entries of one `searchTerms` string are separated, per kind (moderation guide vs REST form). */
export const TERM_SEPARATORS = ['comma', 'newline'] as const;

/**
 * How a rule write spells the condition's list-reference flag: the published request schema says
 * `isKeywordReferencePresent`, every published answer `isKeywordsReferencePresent`, one default
 * rule's example `isListReferencePresent` (cometchat-moderation-rules.md); `kwsync doctor
 * --write-probe` finds which one the app answers to.
 */
export const RULE_REFERENCE_FLAGS = ['isKeywordReferencePresent', 'isKeywordsReferencePresent', 'isListReferencePresent'] as const;
export type RuleReferenceFlag = (typeof RULE_REFERENCE_FLAGS)[number];
/** How a rule write sends a condition's `value`: `string` as the published request schema says, `array` as every answer shows it. */
export const RULE_VALUE_FORMS = ['string', 'array'] as const;
export type RuleValueForm = (typeof RULE_VALUE_FORMS)[number];

/** A rule's level in kwsync.yaml `validate.rules`: `off` drops its findings. */
export const RULE_LEVELS = ['error', 'warning', 'off'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];

export const validateSchema = z
  .strictObject({
    strict: z.boolean().default(false).describe('every warning fails validation, as `kwsync validate --strict` does'),
    rules: z
      .record(z.string(), z.enum(RULE_LEVELS))
      .default({})
      .describe('a level per rule id, e.g. {term-dash: error, csv-header: warning}; only rules a list may accept, and warnings, can be lowered'),
  })
  .prefault({})
  .describe('how strict `kwsync validate` (and every command and Action step that validates) is; in a pull request the stricter of the base\'s and the head\'s levels apply');
export type ValidateLevels = z.output<typeof validateSchema>;

/** Which list files a target takes: a list is chosen when any entry matches (a path glob relative to the keywords folder, its id, or a label on the list file). */
export const listSelectorSchema = z.strictObject({
  paths: z.array(z.string().min(1)).min(1).optional().describe('globs over the list files\' paths relative to the keywords folder (`*` stays in one folder, `**` crosses folders), e.g. ["brand-a/*.yaml", "common-*.yaml", "**/es-*.yaml"]'),
  ids: z.array(z.string().min(1)).min(1).optional().describe('list ids'),
  labels: z.array(z.string().min(1)).min(1).optional().describe('labels written on list files (`labels: [...]`)'),
});
export type ListSelector = z.output<typeof listSelectorSchema>;

/** What a target changes of one list it takes, without copying its file. */
export const listOverrideSchema = z.strictObject({
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  appendTermsFrom: z
    .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
    .optional()
    .describe('CSV or YAML term files (inside the keywords folder) whose terms are appended to this list for this target only'),
  omit: z.literal(true).optional().describe('leave this list out of this target'),
});
export type ListOverride = z.output<typeof listOverrideSchema>;

/** https to any host, or http to a loopback host only (the port, path and nothing else may follow the host). */
export const SECURE_BASE_URL = /^(https:\/\/[^\s/]+|http:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?(\/\S*)?$)/;

export const targetSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'use only letters, digits, _ . and - in a target name'),
  environment: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe('the GitHub environment of this target (its secrets and its deployment records); default the target name'),
  baseUrl: z
    .string()
    // The key travels to this URL: plain http only to this machine (an emulator), never over a network.
    .regex(/^https?:\/\/[^\s/]+/, 'give a URL such as https://proxy.example/v3 or http://127.0.0.1:8787/apps/staging/v3')
    .regex(SECURE_BASE_URL, 'use https:// (the key is sent to this server); plain http:// is accepted only for this machine: localhost, 127.x.x.x or [::1]')
    .optional()
    .describe('another server for this target (an emulator, a proxy); a COMETCHAT_BASE_URL that says otherwise is refused. Read from the default branch only in a pull request'),
  apiKeyEnv: z
    .string()
    .regex(/^COMETCHAT_API_KEY(_[A-Z0-9_]+)?$/, 'name a variable COMETCHAT_API_KEY_<TARGET>, e.g. COMETCHAT_API_KEY_STAGING (only such variables are read as keys, and the Action hides them from every child process)')
    .optional()
    .describe('the environment variable holding this target\'s key, read by every command given this target (no fallback to COMETCHAT_API_KEY): COMETCHAT_API_KEY_<TARGET>; default COMETCHAT_API_KEY. The Action\'s plan and apply jobs use their environment\'s COMETCHAT_API_KEY'),
  include: listSelectorSchema.optional().describe('the lists this target takes; default every list of the folder'),
  exclude: listSelectorSchema.optional().describe('lists left out of this target, after include'),
  overrides: z
    .record(z.string(), listOverrideSchema)
    .optional()
    .describe('per list id: a name, description or extra terms for this target only, or omit: true'),
  after: z
    .string()
    .optional()
    .describe('another target\'s name: this target applies a commit only once that target applied the same commit successfully (read from its deployment record)'),
  appId: z.string().min(1).optional().describe('CometChat app id; a COMETCHAT_APP_ID that says otherwise is refused'),
  region: z.enum(REGIONS).optional().describe('us (default), eu or in; a COMETCHAT_REGION that says otherwise is refused'),
  applyFrom: z
    .enum(APPLY_FROM)
    .optional()
    .describe(
      'anywhere (default); ci: only CI (CI=true or GITHUB_ACTIONS=true) applies this target; `kwsync apply` elsewhere refuses unless given --allow-local-apply. ' +
        'The service has no lock, so one writer per target (CI, serialised by its concurrency group) keeps changes from being lost',
    ),
});

export const configSchema = z.strictObject({
  $schema: z.string().optional(),
  targets: z.array(targetSchema).min(1).optional(),
  prune: z.boolean().default(false).describe('delete live lists that have no file (never default lists)'),
  safety: z
    .strictObject({
      maxRemovedShare: z.number().min(0).max(1).default(DEFAULT_SAFETY.maxRemovedShare),
      minTermsForShareCheck: z.number().int().min(0).default(DEFAULT_SAFETY.minTermsForShareCheck),
    })
    .prefault({}),
  limits: z
    .strictObject({
      maxLists: z.number().int().positive().default(DEFAULT_LIMITS.maxLists),
      maxIdLength: z.number().int().positive().default(DEFAULT_LIMITS.maxIdLength),
      maxNameLength: z.number().int().positive().default(DEFAULT_LIMITS.maxNameLength),
      maxDescriptionLength: z.number().int().positive().default(DEFAULT_LIMITS.maxDescriptionLength),
      maxTermLength: z.number().int().positive().default(DEFAULT_LIMITS.maxTermLength),
      maxUploadBytes: z.number().int().positive().default(DEFAULT_LIMITS.maxUploadBytes),
    })
    .prefault({}),
  apply: z
    .strictObject({
      concurrency: z.number().int().min(1).max(16).default(4),
    })
    .prefault({}),
  service: z
    .strictObject({
      timeoutMs: z.number().int().min(100).max(600_000).default(30_000).describe('a deadline per attempt, for headers and body together'),
      maxResponseBytes: z
        .number()
        .int()
        .min(1024 * 1024)
        .max(2 * 1024 * 1024 * 1024)
        .default(DEFAULT_MAX_RESPONSE_BYTES)
        .describe('a response body larger than this is refused as it streams (default 128 MiB, twice the largest legal listing)'),
      maxRetries: z.number().int().min(0).max(10).default(4).describe('retries of 429/502/503/504, resets, timeouts'),
      listingPaging: z
        .enum(LISTING_PAGINGS)
        .default('none')
        .describe(
          'how to read past a full page of the keyword listing when its meta has neither pagination nor next (those are always followed): none, page/perPage, limit/offset, page/per_page; `kwsync doctor` recommends one',
        ),
      termsTransport: z
        .enum(TERMS_TRANSPORTS)
        .default('auto')
        .describe("auto: searchTerms unless a term holds a comma, then a CSV file; file: always a CSV file"),
      csvQuoting: z
        .enum(CSV_QUOTINGS)
        .default('none')
        .describe('none: one raw term per CSV line (the service keeps quotes literally); rfc4180: quote terms holding a comma or quote'),
      searchTermsWithFile: z
        .enum(SEARCH_TERMS_WITH_FILE)
        .default('empty')
        .describe('empty: send an empty searchTerms part beside a CSV file (the published form requires it); omit: leave it out'),
      sentenceEncoding: z
        .enum(SENTENCE_ENCODINGS)
        .default('repeated')
        .describe(
          'how disallowedSentences travels: repeated (one part per sentence, the default), brackets (disallowedSentences[]), indexed (disallowedSentences[0]...), json (one part, a JSON array), searchTerms (the old guess); `kwsync doctor --write-probe` recommends one',
        ),
      ruleReferenceFlag: z
        .enum(RULE_REFERENCE_FLAGS)
        .default('isKeywordReferencePresent')
        .describe('how a rule write spells a condition\'s list-reference flag (the published request schema: isKeywordReferencePresent); `kwsync doctor --write-probe` recommends one'),
      ruleValueForm: z
        .enum(RULE_VALUE_FORMS)
        .default('string')
        .describe('how a rule write sends a condition\'s value: string (the published request schema; one list id per condition) or array (as answers show it; several list ids per condition if the app takes them); `kwsync doctor --write-probe` recommends one'),
      separators: z
        .strictObject({
          word: z.enum(TERM_SEPARATORS).default('comma'),
          pattern: z.enum(TERM_SEPARATORS).default('newline'),
          'sentence-similarity': z.enum(TERM_SEPARATORS).default('newline'),
        })
        .prefault({})
        .describe('how entries are separated inside one searchTerms string, per kind: the moderation guide says words by commas, patterns and sentences one per line'),
    })
    .prefault({}),
  preview: z
    .strictObject({
      groups: z.array(z.string().min(1)).default([]),
      messages: z.number().int().min(1).max(10000).default(500),
      similarity: z
        .strictObject({
          threshold: z
            .number()
            .gt(0, 'give a threshold above 0 (at 0 every message would count as caught)')
            .max(1)
            .default(DEFAULT_SIMILARITY_THRESHOLD)
            .describe(`a message counts as caught by a sentence-similarity list when its cosine to a list sentence (local model, not the service's) is at least this; default ${DEFAULT_SIMILARITY_THRESHOLD}, from kwsync's calibration corpus`),
        })
        .prefault({}),
    })
    .prefault({}),
  validate: validateSchema,
  pullRequests: z
    .strictObject({
      planWorkflow: z
        .string()
        .regex(/^\.github\/workflows\/[^/]+\.ya?ml$/, 'give the path of a workflow file, e.g. .github/workflows/kwsync-plan.yml')
        .default(DEFAULT_PULL_REQUESTS.planWorkflow)
        .describe('the plan workflow (stage one) whose runs the live plan acts on; a run of any other workflow file, even one named alike, is ignored'),
      trustLabel: z
        .string()
        .min(1)
        .max(50)
        .default(DEFAULT_PULL_REQUESTS.trustLabel)
        .describe(
          'deprecated and ignored: a label releases nothing. The live plan of an outside pull request is released for one commit by an approving review of that commit from someone with write access (docs/security.md)',
        ),
      minMessageCount: z
        .number()
        .int()
        .min(1)
        .max(1000)
        .default(DEFAULT_PULL_REQUESTS.minMessageCount)
        .describe('the impact preview shows message counts below this as "fewer than N" and no term caught by fewer messages, so no comment singles out a message'),
    })
    .prefault({})
    .describe('read from the default branch only: how the live plan of a pull request decides what it may show'),
  fmt: z
    .strictObject({
      sortTerms: z.boolean().default(false).describe('`kwsync fmt` sorts the terms of every list (case-folded order); false keeps the order they are written in'),
    })
    .prefault({})
    .describe('how `kwsync fmt` writes list files'),
});

export type KwsyncConfig = z.output<typeof configSchema>;
export type TargetConfig = z.output<typeof targetSchema>;
export type Limits = KwsyncConfig['limits'];
export type ServiceConfig = KwsyncConfig['service'];

export const DEFAULT_CONFIG: KwsyncConfig = configSchema.parse({});
