// The status of each target as plain data (STYLE 4): what was last applied (the deployment record),
// whether live still matches it (drift), and whether the default branch has moved on (ahead). The
// zod schema is the published shape of `kwsync status --format json` (`kwsync schema --output status`);
// the text, markdown and JSON renderers are pure functions of it.
import { z } from 'zod';
import { ruleActivitySchema } from './rule-activity.js';

export const STATUS_FORMAT_VERSION = 1;

const ids = (what: string) => z.array(z.string()).describe(what);

export const appliedSchema = z
  .strictObject({
    found: z.boolean().describe('A successful kwsync deployment of the target\'s environment was found.'),
    sha: z.string().optional().describe('The applied commit (full sha).'),
    shortSha: z.string().optional(),
    appliedAt: z.string().optional().describe('When the apply finished (ISO 8601, UTC).'),
    runUrl: z.string().optional().describe('The workflow run that applied it, when known.'),
    deploymentId: z.number().int().optional(),
    reason: z.string().optional().describe('Why there is no record (none yet, no token, no repository, GitHub failed).'),
    error: z.boolean().optional().describe('True when the records could not be read (GitHub failed), not merely absent.'),
    ignored: z.string().optional().describe('Newer records that do not count (not made by the apply workflow on a push to the default branch for their commit), with why.'),
    predicted: z
      .strictObject({
        at: z.string().describe('When the apply job\'s impact preview ran (ISO 8601).'),
        sample: z.number().describe('Recent messages it read.'),
        lists: z.record(z.string(), z.strictObject({ before: z.number(), after: z.number() })).describe('Per changed list, the messages the live list caught and the applied one would catch.'),
      })
      .optional()
      .describe('What the apply job\'s impact preview predicted (counts only), when the record carries it (preview groups configured).'),
  })
  .describe('The last applied commit, from the GitHub deployment record of the target.');

export const comparedWithSchema = z
  .strictObject({
    source: z
      .enum(['applied', 'ref', 'working-tree'])
      .describe('applied: the lists of the applied commit; ref: of --ref (default HEAD), the fallback; working-tree: of the folder on disk (no git).'),
    sha: z.string().optional(),
    note: z.string().optional().describe('Why the fallback was taken, when it was.'),
  })
  .describe('The lists live was compared with for drift.');

export const driftSchema = z
  .strictObject({
    state: z
      .enum(['none', 'drift', 'not-checked', 'error'])
      .describe('none: live matches; drift: live edits, lists that differ from the ref, or missing lists (or unmanaged lists with prune on); not-checked: no key for the target; error: live could not be read.'),
    liveEdits: ids('Lists whose live terms, name, description or category differ from the applied commit\'s: changed on the live app since the last apply. Empty when there is no applied commit to compare with (see differs).'),
    differs: ids('Without an applied commit to compare with: lists whose live terms, name, description or category differ from the ref\'s (a live edit, or a committed change never applied; status cannot tell which).').optional(),
    differsFrom: z.string().optional().describe('What differs compared with: the ref\'s name, or "the lists on disk".'),
    missing: ids('Lists with a file that are not live.'),
    unmanaged: ids('Live lists with no file (default lists excluded); drift only when prune is on.'),
    unreadable: ids('Lists with a file whose live list could not be read.'),
    reason: z.string().optional().describe('Why drift was not checked, or the error.'),
    notes: z.array(z.string()).describe('What the comparison could not see (a listing cut short, ...).'),
  })
  .describe('Whether the live lists still match the compared lists.');

export const aheadSchema = z
  .strictObject({
    state: z.enum(['none', 'ahead', 'unknown']).describe('ahead: the ref\'s lists differ from the applied commit\'s; unknown: no applied commit to compare with.'),
    ref: z.string().describe('The ref compared (--ref, default HEAD).'),
    sha: z.string().optional(),
    added: ids('Lists in the ref, not in the applied commit.'),
    changed: ids('Lists in both whose content differs.'),
    removed: ids('Lists in the applied commit, not in the ref.'),
    reason: z.string().optional().describe('Why it is unknown.'),
  })
  .describe('Whether the ref has list changes not applied yet.');

export const appSchema = z
  .strictObject({ appId: z.string().nullable(), region: z.string(), baseUrl: z.string().describe('The full Chat API base, path included.') })
  .describe('The app the target\'s live lists are read from; never the key. Absent when the target could not be connected.');

export const localAppliedSchema = z
  .strictObject({
    sha: z.string().nullable().describe('The commit checked out when `kwsync apply` ran here (null: none).'),
    shortSha: z.string().optional(),
    dirty: z.boolean().describe('The keywords folder had uncommitted changes: what was applied is not exactly that commit.'),
    appliedAt: z.string().describe('When that apply finished (ISO 8601, UTC).'),
  })
  .describe('The newest `kwsync apply` made from this machine (recorded in .git/kwsync/, never committed; not a deployment record, so nothing else trusts it).');

export const targetStatusSchema = z.strictObject({
  target: z.string().describe('The kwsync.yaml target name, or "default" for the environment\'s single target.'),
  environment: z.string().describe('The GitHub environment its deployment records live in.'),
  app: appSchema.optional(),
  applied: appliedSchema,
  appliedLocally: localAppliedSchema.optional(),
  comparedWith: comparedWithSchema,
  drift: driftSchema,
  ahead: aheadSchema,
  rules: ruleActivitySchema.optional(),
});

export const statusReportSchema = z
  .strictObject({
    formatVersion: z.literal(STATUS_FORMAT_VERSION).describe('Changes only with a breaking change of this shape; fields may be added.'),
    generatedAt: z.string().describe('ISO 8601, UTC.'),
    repository: z.string().nullable().describe('owner/name whose deployment records were read; null when unknown.'),
    ref: z.string().describe('The ref "ahead" compares with (--ref, default HEAD).'),
    inSync: z.boolean().describe('Every target read, no drift, nothing ahead.'),
    targets: z.array(targetStatusSchema),
  })
  .meta({ title: 'kwsync status report', description: 'The output of `kwsync status --format json`.' });

export type Applied = z.output<typeof appliedSchema>;
export type StatusApp = z.output<typeof appSchema>;
export type LocalApplied = z.output<typeof localAppliedSchema>;
export type ComparedWith = z.output<typeof comparedWithSchema>;
export type Drift = z.output<typeof driftSchema>;
export type Ahead = z.output<typeof aheadSchema>;
export type TargetStatus = z.output<typeof targetStatusSchema>;
export type StatusReport = z.output<typeof statusReportSchema>;
