// The apply report as terminal text, markdown (job summary / PR comment) or JSON. Pure.
import { displayLine } from '../load/quote-value.js';
import { styleText } from 'node:util';
import type { ApplyReport, ListOutcome, ListResult } from '../model/plan.js';

type Style = Parameters<typeof styleText>[0];
const OUTCOMES: ListOutcome[] = ['applied', 'unchanged', 'skipped', 'failed'];
const STYLE: Record<ListOutcome, Style> = { applied: 'green', unchanged: 'dim', skipped: 'yellow', failed: 'red' };
const MARK: Record<ListOutcome, string> = { applied: '✓', unchanged: '=', skipped: '!', failed: '✗' };

export function applySummaryLine(report: ApplyReport): string {
  const n = countOutcomes(report);
  return `Apply: ${OUTCOMES.map((o) => `${n[o]} ${o}`).join(', ')}.`;
}

export function countOutcomes(report: ApplyReport): Record<ListOutcome, number> {
  const n: Record<ListOutcome, number> = { applied: 0, unchanged: 0, skipped: 0, failed: 0 };
  for (const r of report.results) n[r.outcome] += 1;
  return n;
}

export function renderApplyReportText(report: ApplyReport, opts: { color: boolean }): string {
  const paint = (style: Style, s: string) => (opts.color ? styleText(style, s, { validateStream: false }) : s);
  const lines = [`Apply to target "${report.target}" (${report.startedAt} - ${report.finishedAt})`, ''];
  for (const r of report.results) {
    const rev = r.outcome === 'applied' && r.revisionId ? ` -> ${displayLine(r.revisionId)}` : '';
    lines.push(paint(STYLE[r.outcome], `${MARK[r.outcome]} ${r.outcome.padEnd(9)} ${displayLine(r.id)} (${r.kind})${rev}`));
    if (r.message) lines.push(`    ${displayLine(r.message)}`);
    for (const w of r.warnings) lines.push(paint('yellow', `    warning: ${displayLine(w)}`));
  }
  if (report.results.length > 0) lines.push('');
  lines.push(paint('bold', applySummaryLine(report)));
  return `${lines.join('\n')}\n`;
}

export function renderApplyReportMarkdown(report: ApplyReport): string {
  const out = [`### kwsync apply to \`${report.target.replace(/`/g, "'")}\``, '', `**${applySummaryLine(report)}**`, ''];
  if (report.results.length > 0) {
    out.push('| list | change | outcome | revision | notes |', '|---|---|---|---|---|');
    for (const r of report.results) out.push(row(r));
    out.push('');
  }
  out.push(`<sub>started ${report.startedAt}, finished ${report.finishedAt}</sub>`);
  return `${out.join('\n')}\n`;
}

export function renderApplyReportJson(report: ApplyReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

function row(r: ListResult): string {
  const notes = [r.message ?? '', ...r.warnings.map((w) => `⚠️ ${w}`)].filter(Boolean).map(cell).join('<br>');
  const rev = r.revisionId ? `\`${r.revisionId}\`` : '';
  return `| \`${r.id}\` | ${r.kind} | ${MARK[r.outcome]} ${r.outcome} | ${rev} | ${notes} |`;
}

function cell(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|');
}
