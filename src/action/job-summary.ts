// The job summary: the one place with the whole story (every diagnostic, the full plan), which the
// PR comment points to when it had to be shortened. GitHub caps a step summary at 1 MiB.
import { fitMarkdown } from '../github/fit-markdown.js';
import type { RenderPlanMarkdown } from '../github/render-comments.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Plan } from '../model/plan.js';

export const SUMMARY_LIMIT = 1_000_000;
const MAX_DIAGNOSTIC_ROWS = 500;

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

export function renderDiagnosticsMarkdown(diagnostics: readonly Diagnostic[]): string {
  if (diagnostics.length === 0) return '';
  const rows = diagnostics
    .slice(0, MAX_DIAGNOSTIC_ROWS)
    .map((d) => `| \`${cell(d.file)}:${d.line}:${d.column}\` | ${d.severity} | \`${d.rule}\` | ${cell(d.message)} |`);
  const more = diagnostics.length - rows.length;
  return [
    `#### ${diagnostics.length} problem${diagnostics.length === 1 ? '' : 's'} in the keyword lists`,
    '',
    '| where | severity | rule | message |',
    '|---|---|---|---|',
    ...rows,
    ...(more > 0 ? ['', `_…and ${more} more; run \`kwsync validate\` locally for all of them._`] : []),
    '',
  ].join('\n');
}

export function renderPlanSummary(
  plan: Plan | undefined,
  diagnostics: readonly Diagnostic[],
  renderPlan: RenderPlanMarkdown,
  notes: readonly string[] = [],
): string {
  const head = [...notes.flatMap((n) => [n, '']), renderDiagnosticsMarkdown(diagnostics)].join('\n');
  if (!plan) return `${head}\n`;
  return fitMarkdown((shrink) => renderPlan(plan, shrink), {
    limit: SUMMARY_LIMIT,
    wrap: (content) => `${head}\n${content}\n`,
  }).body;
}
