// The job summary: the one place with the whole story (every diagnostic, the full plan), which the
// PR comment points to when it had to be shortened. GitHub caps a step summary at 1 MiB in bytes,
// so the size is counted in UTF-8 (a CJK term is three bytes a character). Paths and messages come
// from the PR's files: each goes through markdown-escape.
import { fitMarkdown, utf8Bytes, type FittedBody } from '../github/fit-markdown.js';
import type { RenderPlanMarkdown } from '../github/render-comments.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Plan } from '../model/plan.js';
import { mdCell, mdCodeCell } from '../render/markdown-escape.js';

/** Under GitHub's 1 MiB (1,048,576 bytes) per step, with room for the runner's own additions. */
export const SUMMARY_LIMIT_BYTES = 1_000_000;

export const SUMMARY_SHORTENED_NOTE =
  "> [!IMPORTANT]\n> **This summary is shortened** to fit GitHub's 1 MiB limit for a job summary: some lists " +
  'and terms are left out. The whole plan is in the plan JSON file (the `plan-json` output), and ' +
  '`kwsync plan` prints it in full.';
const MAX_DIAGNOSTIC_ROWS = 500;

export function renderDiagnosticsMarkdown(diagnostics: readonly Diagnostic[]): string {
  if (diagnostics.length === 0) return '';
  const rows = diagnostics
    .slice(0, MAX_DIAGNOSTIC_ROWS)
    .map((d) => `| ${mdCodeCell(`${d.file}:${d.line}:${d.column}`)} | ${d.severity} | ${mdCodeCell(d.rule)} | ${mdCell(d.message)} |`);
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
  return fitPlanSummary(plan, diagnostics, renderPlan, notes).body;
}

/** The summary and whether it had to be shortened (then it says so at the top). */
export function fitPlanSummary(
  plan: Plan | undefined,
  diagnostics: readonly Diagnostic[],
  renderPlan: RenderPlanMarkdown,
  notes: readonly string[] = [],
  limitBytes = SUMMARY_LIMIT_BYTES,
): FittedBody {
  const head = [...notes, renderDiagnosticsMarkdown(diagnostics)].map((part) => part.trimEnd()).filter(Boolean).join('\n\n');
  if (!plan) return { body: `${head}\n`, truncated: false };
  return fitMarkdown((shrink) => renderPlan(plan, shrink), {
    limit: limitBytes,
    measure: utf8Bytes,
    wrap: (content, truncated) => [...(truncated ? [SUMMARY_SHORTENED_NOTE] : []), head, content].filter(Boolean).join('\n\n') + '\n',
  });
}
