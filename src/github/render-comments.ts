// The markdown kwsync posts on GitHub: the sticky plan comment, the apply report on the merged PR
// and the drift issue. Pure functions of the plan/report; the inner renderers come from src/plan
// and src/apply and are passed in, so these wrappers stay testable on their own. Target names, ids,
// paths and error texts go through markdown-escape: nothing they hold can take effect as markdown.
import type { ApplyReport, Plan } from '../model/plan.js';
import { checkRunName } from './check-run.js';
import { driftAdvice } from './drift-issue.js';
import { fitMarkdown, type FittedBody, type ShrinkOptions } from './fit-markdown.js';
import { applyMarker, driftMarker, planMarker } from './markers.js';
import { mdCode, mdText } from '../render/markdown-escape.js';

export type RenderPlanMarkdown = (plan: Plan, opts: ShrinkOptions) => string;
export type RenderApplyMarkdown = (report: ApplyReport) => string;

export interface RunLink {
  /** The workflow run page, whose job summary holds the full plan. */
  runUrl: string;
  /** The commit the run planned or applied. */
  sha: string;
}

export interface PlanCommentOptions extends RunLink {
  renderPlan: RenderPlanMarkdown;
  /** Validation outcome, shown above the plan. */
  errorCount: number;
  warningCount: number;
  /** The job summary had to be shortened too (GitHub's 1 MiB), so it is not "the full plan". */
  summaryShortened?: boolean;
  limit?: number;
}

/** The note on an offline plan, saying why it is offline. */
export function offlineNote(reason: string): string {
  return `> [!NOTE]\n> **Offline plan**: ${reason}, so the pull request's lists are compared with the base branch's lists, not with the live app. The apply on merge plans against the live app again.`;
}

// A pull_request run never gets a secret, whoever opened the PR: the note says that, not "a fork".
export const OFFLINE_NOTE = offlineNote(
  'this pull_request run has no API key (GitHub gives pull_request runs no secrets; the two-stage plan, kwsync-plan-live.yml, plans against live)',
);

export function truncatedNote(runUrl: string, summaryShortened = false, where_ = 'a GitHub comment'): string {
  const where = summaryShortened
    ? `**More of it is in the [job summary](${runUrl})**, itself shortened to GitHub's 1 MiB; the whole plan is the run's plan JSON (\`plan-json\`), and \`kwsync plan\` prints it in full.`
    : `**The full plan is in the [job summary](${runUrl}).**`;
  return `> [!IMPORTANT]\n> This plan is too long for ${where_} (65,536 characters), so it is shortened here. ${where}`;
}

export function footer(link: RunLink, verb: string): string {
  return `<sub>${verb} for ${mdCode(link.sha.slice(0, 7))} · [workflow run and job summary](${link.runUrl})</sub>`;
}

function validationLine(target: string, errors: number, warnings: number): string {
  if (errors === 0 && warnings === 0) return 'Validation: all lists are valid.';
  const parts = [`${errors} error${errors === 1 ? '' : 's'}`, `${warnings} warning${warnings === 1 ? '' : 's'}`];
  const tail = errors > 0 ? ' Nothing can be applied until the errors are fixed.' : '';
  return `Validation: ${parts.join(', ')}.${tail} The **${mdText(checkRunName(target))}** check shows each one on its line.`;
}

/** Notes go right under the inner renderer's heading (its first line), or on top when it has none. */
function withNotes(content: string, notes: string[]): string {
  const [first = '', ...rest] = content.split('\n');
  const block = notes.flatMap((n) => [n, '']);
  if (!first.startsWith('#')) return [...block, content].join('\n');
  return [first, '', ...block, ...(rest[0] === '' ? rest.slice(1) : rest)].join('\n');
}

export function renderPlanComment(plan: Plan, opts: PlanCommentOptions): FittedBody {
  const notes = [
    ...(plan.mode === 'offline' ? [OFFLINE_NOTE] : []),
    validationLine(plan.target, opts.errorCount, opts.warningCount),
  ];
  return fitMarkdown((shrink) => opts.renderPlan(plan, shrink).trimEnd(), {
    ...(opts.limit === undefined ? {} : { limit: opts.limit }),
    wrap: (content, truncated) =>
      [
        planMarker(plan.target),
        withNotes(content, [...notes, ...(truncated ? [truncatedNote(opts.runUrl, opts.summaryShortened)] : [])]),
        '',
        footer(opts, 'Planned'),
      ].join('\n') + '\n',
  });
}

/** The comment shown when the lists are invalid and no plan could be made. */
export function renderInvalidComment(target: string, errorCount: number, warningCount: number, link: RunLink): string {
  return [
    planMarker(target),
    `### kwsync plan for ${mdCode(target)}`,
    '',
    validationLine(target, errorCount, warningCount),
    '',
    'No plan was made.',
    '',
    footer(link, 'Checked'),
    '',
  ].join('\n');
}

export interface ApplyCommentOptions extends RunLink {
  renderApply: RenderApplyMarkdown;
  failed: boolean;
}

export function renderApplyComment(report: ApplyReport, opts: ApplyCommentOptions & { limit?: number }): string {
  const status = opts.failed
    ? '**Some lists failed.** Lists not marked applied are still at their old revision; fix the cause and run the apply workflow again to finish (**Re-run jobs** on the newest run, or **Run workflow** on the default branch).'
    : 'Every list now matches the repository.';
  // The report has no shorter form: past GitHub's limit it is cut at a line, pointing at the summary.
  return fitMarkdown(() => withNotes(opts.renderApply(report).trimEnd(), [status]), {
    ...(opts.limit === undefined ? {} : { limit: opts.limit }),
    wrap: (content, truncated) =>
      [applyMarker(report.target), content, ...(truncated ? ['', shortenedPointer(opts.runUrl)] : []), '', footer(opts, 'Applied'), ''].join('\n'),
  }).body;
}

function shortenedPointer(runUrl: string): string {
  return `> [!IMPORTANT]\n> This report is too long for a GitHub comment (65,536 characters), so it is cut here. **The whole report is in the [job summary](${runUrl}).**`;
}

export interface DriftIssueOptions extends RunLink {
  renderPlan: RenderPlanMarkdown;
  /** The keywords folder (the `dir` input). */
  dir: string;
  /** When the drift was seen; fixed in tests. */
  now: Date;
  limit?: number;
  /** What was last applied and whether the default branch is ahead of it (markdown, escaped; src/status/last-applied.ts), under the first line. */
  lastApplied?: string | undefined;
}

export function driftIssueTitle(target: string): string {
  return `kwsync: live keyword lists of ${mdCode(target)} differ from the repository`;
}

export function renderDriftIssue(plan: Plan, opts: DriftIssueOptions): FittedBody {
  const head = [
    driftMarker(plan.target),
    `The live keyword lists of ${mdCode(plan.target)} no longer match ${mdCode(`${opts.dir.replace(/\/+$/, '')}/`)} (checked ${opts.now.toISOString()}).`,
    '',
    ...(opts.lastApplied ? [opts.lastApplied, ''] : []),
  ];
  // The advice names lists too (3,000 of them are ~300,000 characters): it shrinks with the plan.
  return fitMarkdown((shrink) => `${driftAdvice(plan, opts.dir, shrink.maxLists)}\n\n${opts.renderPlan(plan, shrink).trimEnd()}`, {
    ...(opts.limit === undefined ? {} : { limit: opts.limit }),
    wrap: (content, truncated) =>
      [...head, ...(truncated ? [truncatedNote(opts.runUrl, false, 'a GitHub issue'), ''] : []), content, '', footer(opts, 'Checked')].join('\n') +
      '\n',
  });
}

export function renderDriftResolved(target: string, now: Date, link: RunLink): string {
  return `The live keyword lists of ${mdCode(target)} match the repository again (checked ${now.toISOString()}). Closing.\n\n${footer(link, 'Checked')}\n`;
}

export interface RefusedCommentOptions extends RunLink {
  target: string;
  /** One line per unsafe change, as the planner gives them. */
  reasons: readonly string[];
}

/** What to do about a refused apply, in the words of the apply workflow (not the CLI's --force). */
export const FORCE_ADVICE =
  'Once the change is intended, run the **kwsync apply** workflow from the Actions tab (**Run workflow** on the default branch) with **force** checked.';

/** The apply comment on the merged PR when apply refused unsafe changes and sent nothing. */
export function renderRefusedComment(opts: RefusedCommentOptions & { limit?: number }): string {
  const n = opts.reasons.length;
  const head = [applyMarker(opts.target), `### kwsync apply to ${mdCode(opts.target)}`, '', `**Refused: nothing was applied.** The plan has ${n} unsafe change${n === 1 ? '' : 's'}:`, ''];
  return fitMarkdown(() => refusedReasons(opts.reasons), {
    ...(opts.limit === undefined ? {} : { limit: opts.limit }),
    wrap: (content, truncated) =>
      [...head, content, ...(truncated ? ['', shortenedPointer(opts.runUrl)] : []), '', FORCE_ADVICE, '', footer(opts, 'Refused'), ''].join('\n'),
  }).body;
}

/** The planner's unsafe-change reasons (they name list ids) as a markdown list, each escaped. */
export function refusedReasons(reasons: readonly string[]): string {
  return reasons.map((r) => `- ${mdText(r)}`).join('\n');
}

/**
 * The PR comment when the PR's lists could not be read (an artifact refused): the error text names
 * paths from the PR, so it is escaped. `noPlanText` is the same line for the job summary.
 */
export function renderNoPlanComment(target: string, errorText: string): string {
  return [planMarker(target), `### kwsync plan for ${mdCode(target)}`, '', noPlanText(errorText)].join('\n');
}

export function noPlanText(errorText: string): string {
  return `**No plan was made.** ${mdText(errorText)}\n`;
}
