// Validation diagnostics as a check run, each one an annotation on its file and line, so the PR's
// "Files changed" tab shows the problem where it is. GitHub takes at most 50 annotations per
// request: the first 50 go with the create, the rest follow in updates (which append). Annotation
// texts are plain text on GitHub, but still made one line with invisible characters shown; the
// summary is markdown, and `renderCheckSummary` escapes what goes into it.
import type { Diagnostic } from '../model/diagnostic.js';
import { mdCode, mdText, visible } from '../render/markdown-escape.js';
import { randomUUID } from 'node:crypto';
import type { GitHubClient, RepoRef } from './client.js';
import { createOnce } from './create-once.js';
import { fitText, GITHUB_LIMITS } from './fit-markdown.js';

export const ANNOTATIONS_PER_REQUEST = 50;
/** GitHub's cap on an annotation's title (check runs and workflow commands). */
export const ANNOTATION_TITLE_MAX = 255;

/** A title cut to GitHub's 255 characters (a long file path must not make the request fail). */
export function clampTitle(title: string): string {
  return title.length <= ANNOTATION_TITLE_MAX ? title : `${title.slice(0, ANNOTATION_TITLE_MAX - 1)}…`;
}

/** The check run's name, which branch protection requires: `kwsync`, or `kwsync (TARGET)` for a named target. */
export function checkRunName(target: string): string {
  return target === 'default' ? 'kwsync' : `kwsync (${target})`;
}

export interface CheckAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  start_column?: number;
  end_column?: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title: string;
  raw_details?: string;
}

export function toAnnotation(d: Diagnostic): CheckAnnotation {
  const endLine = Math.max(d.endLine ?? d.line, d.line);
  const a: CheckAnnotation = {
    path: d.file,
    start_line: d.line,
    end_line: endLine,
    annotation_level: d.severity === 'error' ? 'failure' : 'warning',
    message: fitText(visible(d.message), GITHUB_LIMITS.checkAnnotation, ANNOTATION_CUT),
    title: clampTitle(visible(`${d.rule} (${d.file}:${d.line}:${d.column})`)),
  };
  // GitHub accepts columns only on single-line annotations.
  if (endLine === d.line) {
    a.start_column = d.column;
    a.end_column = Math.max(d.endColumn ?? d.column, d.column);
  }
  if (d.sourceLine !== undefined) a.raw_details = fitText(visible(d.sourceLine), GITHUB_LIMITS.checkAnnotation, ANNOTATION_CUT);
  return a;
}

const ANNOTATION_CUT = ' … (cut at GitHub\'s 64 KB for an annotation)';

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The check run's summary: a headline (which may name paths or quote an error from the PR's files,
 * so it is escaped), the target, and the link to the job summary (kwsync's own run URL).
 */
export function renderCheckSummary(headline: string, target: string, runUrl: string): string {
  return `${mdText(headline)} Target ${mdCode(target)}; details in the [job summary](${runUrl}).`;
}

export interface CheckRunOptions extends RepoRef {
  name: string;
  headSha: string;
  diagnostics: readonly Diagnostic[];
  title: string;
  /** Markdown shown on the check's page. */
  summary: string;
  detailsUrl?: string;
  /**
   * Set when the outcome is not the diagnostics' alone: failure (the lists could not be read),
   * action_required (a maintainer must release an outside PR's live plan; needs detailsUrl).
   */
  conclusion?: CheckConclusion;
}

export type CheckConclusion = 'success' | 'failure' | 'action_required';

export interface CheckRunResult {
  checkRunId: number;
  conclusion: CheckConclusion;
  requests: number;
  url: string;
}

export async function publishCheckRun(octokit: GitHubClient, opts: CheckRunOptions): Promise<CheckRunResult> {
  const batches = chunk(opts.diagnostics.map(toAnnotation), ANNOTATIONS_PER_REQUEST);
  const conclusion = opts.conclusion ?? (opts.diagnostics.some((d) => d.severity === 'error') ? 'failure' : 'success');
  const output = (annotations: CheckAnnotation[] | undefined) => ({
    title: clampTitle(visible(opts.title)),
    summary: fitText(opts.summary, GITHUB_LIMITS.checkSummary),
    ...(annotations ? { annotations } : {}),
  });
  // A nonce no one else knows finds this very create again after a 5xx that hid whether it landed.
  const externalId = `kwsync-${randomUUID()}`;
  const created = await createOnce({
    send: () => octokit.rest.checks.create({
      owner: opts.owner,
      repo: opts.repo,
      name: opts.name,
      head_sha: opts.headSha,
      external_id: externalId,
      status: 'completed',
      conclusion,
      ...(opts.detailsUrl ? { details_url: opts.detailsUrl } : {}),
      output: output(batches[0]),
    }),
    find: async () => {
      const runs = await octokit.rest.checks.listForRef({ owner: opts.owner, repo: opts.repo, ref: opts.headSha, check_name: opts.name, filter: 'all', per_page: 100 });
      const hit = runs.data.check_runs.find((r) => r.external_id === externalId);
      return hit ? { data: { id: hit.id, html_url: hit.html_url } } : undefined;
    },
  });
  for (const batch of batches.slice(1)) {
    await octokit.rest.checks.update({
      owner: opts.owner,
      repo: opts.repo,
      check_run_id: created.data.id,
      output: output(batch),
    });
  }
  return {
    checkRunId: created.data.id,
    conclusion,
    requests: Math.max(1, batches.length),
    url: created.data.html_url ?? '',
  };
}
