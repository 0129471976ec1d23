// The apply report as terminal text, markdown (job summary / PR comment) or JSON. Pure.
import { mdCell, mdCodeCell, mdText } from '../render/markdown-escape.js';
import { displayLine } from '../load/quote-value.js';
import { styleText } from 'node:util';
import { z } from 'zod';
import type { ApplyReport, ListOutcome, ListResult } from '../model/plan.js';
import { endpointLine, type ServiceEndpoint } from '../plan/summary.js';

type Style = Parameters<typeof styleText>[0];
const OUTCOMES = ['applied', 'unchanged', 'skipped', 'failed'] as const satisfies readonly ListOutcome[];
// Named in the summary only when they happened: they are rare, and each means a change may be lost.
const LOST_UPDATE_OUTCOMES = ['conflict', 'overwritten', 'unconfirmed', 'left'] as const satisfies readonly ListOutcome[];
// Every outcome, for the JSON schema.
const OUTCOME_NAMES = [...OUTCOMES, ...LOST_UPDATE_OUTCOMES] as const;
const STYLE: Record<ListOutcome, Style> = { applied: 'green', unchanged: 'dim', skipped: 'yellow', failed: 'red', conflict: 'red', overwritten: 'red', unconfirmed: 'red', left: 'red' };
const MARK: Record<ListOutcome, string> = { applied: '✓', unchanged: '=', skipped: '!', failed: '✗', conflict: '✗', overwritten: '✗', unconfirmed: '?', left: '✗' };

export function applySummaryLine(report: ApplyReport): string {
  const text = (results: readonly ListResult[]) => {
    const n = countResults(results);
    return [...OUTCOMES, ...LOST_UPDATE_OUTCOMES.filter((o) => n[o] > 0)].map((o) => `${n[o]} ${o}`).join(', ');
  };
  return `Apply: ${text(report.results)}${report.finalListing !== undefined ? '; final listing unconfirmed' : ''}.${report.rules ? ` Rules: ${text(report.rules)}.` : ''}`;
}

export function countOutcomes(report: ApplyReport): Record<ListOutcome, number> {
  return countResults(report.results);
}

function countResults(results: readonly ListResult[]): Record<ListOutcome, number> {
  const n: Record<ListOutcome, number> = { applied: 0, unchanged: 0, skipped: 0, failed: 0, conflict: 0, overwritten: 0, unconfirmed: 0, left: 0 };
  for (const r of results) n[r.outcome] += 1;
  return n;
}

export interface ReportOptions {
  /** The app, region and host written to, named under the header when given. */
  endpoint?: ServiceEndpoint;
}

export function renderApplyReportText(report: ApplyReport, opts: ReportOptions & { color: boolean }): string {
  const paint = (style: Style, s: string) => (opts.color ? styleText(style, s, { validateStream: false }) : s);
  const lines = [`Apply to target "${displayLine(report.target)}" (${report.startedAt} - ${report.finishedAt})`];
  if (opts.endpoint) lines.push(`  ${displayLine(endpointLine(opts.endpoint))}`);
  lines.push('');
  const all = [...report.results.map((r) => ({ r, what: '' })), ...(report.rules ?? []).map((r) => ({ r, what: 'rule ' }))];
  for (const { r, what } of all) {
    const rev = r.outcome === 'applied' && r.revisionId ? ` -> ${displayLine(r.revisionId)}` : '';
    lines.push(paint(STYLE[r.outcome], `${MARK[r.outcome]} ${r.outcome.padEnd(9)} ${what}${displayLine(r.id)} (${r.kind})${rev}`));
    if (r.message) lines.push(`    ${displayLine(r.message)}`);
    for (const w of r.warnings) lines.push(paint('yellow', `    warning: ${displayLine(w)}`));
  }
  if (report.finalListing !== undefined) lines.push(paint('red', `? final listing: ${displayLine(report.finalListing)}`));
  if (report.results.length > 0 || report.finalListing !== undefined) lines.push('');
  lines.push(paint('bold', applySummaryLine(report)));
  return `${lines.join('\n')}\n`;
}

export function renderApplyReportMarkdown(report: ApplyReport, opts: ReportOptions = {}): string {
  const out = [`### kwsync apply to \`${report.target.replace(/`/g, "'")}\``, ''];
  if (opts.endpoint) out.push(`<sub>${mdText(endpointLine(opts.endpoint))}</sub>`, '');
  out.push(`**${applySummaryLine(report)}**`, '');
  if (report.results.length > 0) {
    out.push('| list | change | outcome | revision | notes |', '|---|---|---|---|---|');
    for (const r of report.results) out.push(row(r));
    out.push('');
  }
  if (report.rules && report.rules.length > 0) {
    out.push('| rule | change | outcome | revision | notes |', '|---|---|---|---|---|');
    for (const r of report.rules) out.push(row(r));
    out.push('');
  }
  if (report.finalListing !== undefined) out.push(`? final listing: ${mdText(report.finalListing)}`, '');
  out.push(`<sub>started ${report.startedAt}, finished ${report.finishedAt}</sub>`);
  return `${out.join('\n')}\n`;
}

/** `--format json`: the report with the version every kwsync JSON output carries at the top. */
export function renderApplyReportJson(report: ApplyReport): string {
  const json: ApplyReportJson = { formatVersion: 1, ...report };
  return `${JSON.stringify(json, null, 2)}\n`;
}

/** The published shape of `apply --format json` (schema/apply-report.schema.json is made from it). */
export const applyReportJsonSchema = z
  .strictObject({
    formatVersion: z.literal(1).describe('Changes only with a breaking change of this shape; fields may be added.'),
    target: z.string().describe('The target name (kwsync.yaml) or app id.'),
    startedAt: z.string().describe('ISO time.'),
    finishedAt: z.string().describe('ISO time.'),
    results: z.array(
      z.strictObject({
        id: z.string(),
        kind: z.enum(['create', 'update', 'delete', 'noop']),
        outcome: z
          .enum(OUTCOME_NAMES)
          .describe('conflict: another writer wrote the list during this apply (or deleted or edited a list planned unchanged); overwritten: by the end of the run the list no longer held what was sent; unconfirmed: the final re-read failed, so where the list ended is not known; left: a live list with no file that the final listing of a run with prune still holds (the plan did not see it, or another writer created it). All four exit 1.'),
        revisionId: z.string().nullable().describe('The revision after the write (applied), or the live revision found.'),
        message: z.string().nullable().describe('For skipped/failed/conflict/overwritten/unconfirmed/left: why, and what to do; for applied: a note (e.g. the answer was lost but the write landed).'),
        warnings: z.array(z.string()),
      }),
    ),
    finalListing: z
      .string()
      .optional()
      .describe('A run with prune whose final listing could not be read whole (it failed, or stayed incomplete after a read from the start): why. Lists with no file may be left; the run exits 1.'),
    rules: z
      .array(z.strictObject({ id: z.string(), kind: z.enum(['create', 'update', 'delete', 'noop']), outcome: z.enum(OUTCOME_NAMES), revisionId: z.string().nullable(), message: z.string().nullable(), warnings: z.array(z.string()) }))
      .optional()
      .describe('One per moderation rule of the plan, when it has rules; the same outcomes as lists.'),
  })
  .meta({ title: 'kwsync apply report', description: 'The output of `kwsync apply --format json`.' });

export type ApplyReportJson = z.infer<typeof applyReportJsonSchema>;

function row(r: ListResult): string {
  // Ids, revisions and the service's error texts are not ours: inert in a public comment.
  const notes = [...(r.message ? [mdCell(r.message)] : []), ...r.warnings.map((w) => `⚠️ ${mdCell(w)}`)].join('<br>');
  const rev = r.revisionId ? mdCodeCell(r.revisionId) : '';
  return `| ${mdCodeCell(r.id)} | ${r.kind} | ${MARK[r.outcome]} ${r.outcome} | ${rev} | ${notes} |`;
}
