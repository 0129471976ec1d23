// What the rules really did (issue 39 item 8): per live rule, the messages it blocked since the last
// applied commit, from the blocked-messages endpoint within a bound (one rules listing, at most
// MAX_BLOCKED_ITEMS items over a few pages). Counts only: no message text or sender is kept, so the
// status of a public repository shows nothing a reader of the app could not.
import { z } from 'zod';
import { listBlockedMessages, listRules, type CometChatClient } from '../api/index.js';
import { ruleListIds } from '../model/moderation-rule.js';

/** Blocked messages read per status run, at most (a bound in time and memory). */
export const MAX_BLOCKED_ITEMS = 1000;
const MAX_BLOCKED_PAGES = 10;

export const ruleActivitySchema = z
  .strictObject({
    since: z.string().nullable().describe('Counted from (ISO 8601): the last applied commit\'s apply; null: every blocked message still pending review.'),
    complete: z.boolean().describe('False when the read was cut short (a bound, or items that did not read); the counts are then at least these.'),
    reason: z.string().optional(),
    rules: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        enabled: z.boolean(),
        default: z.boolean(),
        action: z.array(z.string()),
        lists: z.array(z.string()).describe('The keyword lists the rule references.'),
        blocked: z.number().describe('Messages the rule blocked since `since` (pending review).'),
        predicted: z
          .array(
            z.strictObject({
              list: z.string(),
              before: z.number().describe('Recent messages the live list caught when the preview ran.'),
              after: z.number().describe('Recent messages the previewed list would catch: the prediction.'),
              sample: z.number().describe('Recent messages the preview read.'),
              commit: z.string().nullable().describe('HEAD when the preview ran (the applied commit for the apply job\'s preview); null: none.'),
              at: z.string().describe('When the preview ran (ISO 8601).'),
            }),
          )
          .optional()
          .describe('Per list of the rule, what the newest preview before the apply predicted (counts only); absent when no predictions were read, empty when none covers its lists.'),
      }),
    ),
    predictedFrom: z.string().optional().describe('Where the predictions were read from (the local preview record, or the apply\'s deployment record); absent: none were read.'),
  })
  .describe('Per live rule, the messages it blocked since the last apply (counts only).');

export type RuleActivity = z.output<typeof ruleActivitySchema>;

export async function readRuleActivity(client: CometChatClient, since: Date | undefined): Promise<RuleActivity> {
  const [rules, blocked] = await Promise.all([
    listRules(client),
    listBlockedMessages(client, { maxItems: MAX_BLOCKED_ITEMS, maxPages: MAX_BLOCKED_PAGES, ...(since ? { since: Math.floor(since.getTime() / 1000) } : {}) }),
  ]);
  const counts = new Map<string, number>();
  for (const item of blocked.items) counts.set(item.ruleId, (counts.get(item.ruleId) ?? 0) + 1);
  const reasons = [...(rules.complete ? [] : [`rules: ${rules.reason ?? 'the listing may be cut short'}`]), ...(blocked.complete ? [] : [`blocked messages: ${blocked.reason ?? 'the read was cut short'}`])];
  const known = new Set(rules.rules.map((r) => r.id));
  const gone = [...counts.keys()].filter((id) => !known.has(id)).sort();
  return {
    since: since ? since.toISOString() : null,
    complete: reasons.length === 0,
    ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
    rules: [
      ...rules.rules
        .map((r) => ({ id: r.id, name: r.name, enabled: r.enabled, default: r.isDefault, action: [...r.action], lists: ruleListIds(r), blocked: counts.get(r.id) ?? 0 }))
        .sort((a, b) => Number(a.default) - Number(b.default) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
      // A rule deleted since still has what it blocked counted.
      ...gone.map((id) => ({ id, name: '(deleted rule)', enabled: false, default: false, action: [], lists: [], blocked: counts.get(id)! })),
    ],
  };
}

/** One line per rule for the text report: `block-scams [blockMessage] (scam-words): 1 blocked`. */
export function ruleActivityLines(a: RuleActivity): string[] {
  const since = a.since ? `since ${a.since.slice(0, 16).replace('T', ' ')} UTC (the last apply)` : 'pending review (no applied commit to count from)';
  const lines = [`rules: messages blocked ${since}${a.complete ? '' : ` (at least: ${a.reason})`}:`];
  for (const r of a.rules) {
    if (r.default && r.blocked === 0) continue;
    const state = r.enabled ? `[${r.action.join(', ')}]` : '(disabled)';
    lines.push(`  ${r.id} ${state}${r.lists.length > 0 ? ` (${r.lists.join(', ')})` : ''}: ${r.blocked} blocked${a.predictedFrom !== undefined && r.lists.length > 0 ? `; ${predictionText(r)}` : ''}`);
  }
  if (a.predictedFrom !== undefined) lines.push(`  (predictions: ${a.predictedFrom})`);
  const quiet = a.rules.filter((r) => r.default && r.blocked === 0).length;
  if (quiet > 0) lines.push(`  ${quiet} default rule${quiet === 1 ? '' : 's'}: 0 blocked`);
  return lines;
}

/** `the preview of 1c35a2c predicted 3 of 200 recent messages for scam-words`, per list; `no preview recorded` for lists none covers. */
export function predictionText(r: RuleActivity['rules'][number]): string {
  const shown = r.predicted ?? [];
  const covered = new Set(shown.map((p) => p.list));
  const missing = r.lists.filter((l) => !covered.has(l));
  const parts = shown.map((p) => `the preview ${p.commit ? `of ${p.commit.slice(0, 7)}` : `at ${p.at.slice(0, 16).replace('T', ' ')} UTC`} predicted ${p.after} of ${p.sample} recent message${p.sample === 1 ? '' : 's'} for ${p.list} (${p.before} before)`);
  if (missing.length > 0) parts.push(shown.length === 0 ? 'no preview recorded' : `no preview recorded for ${missing.join(', ')}`);
  return parts.join('; ');
}
