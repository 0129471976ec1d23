// Writes one target's section into the PR's one plan comment (render-pr-summary.ts), edited in
// place. The targets' jobs run side by side and GitHub has no conditional edit, so a writer reads,
// merges its section, writes, then reads again: when another job's write (made from an older read)
// dropped its section, or a second comment was made by a job that raced the creation, it writes
// again into the oldest comment. Bounded: after `attempts` it says so (the check run still holds it).
import type { GitHubClient, RepoRef } from './client.js';
import { findMarkedComment, upsertStickyComment } from './sticky-comment.js';
import { parseSections, PLAN_COMMENT_MARKER, renderPrSummaryComment, sectionDigest, type PlanSection } from './render-pr-summary.js';

export interface PlanSectionOptions extends RepoRef {
  issueNumber: number;
  section: PlanSection;
  /** The targets in kwsync.yaml order (the table lists them all). */
  order: readonly string[];
  /** Writes tried before giving up (each is a read, a write and a read). */
  attempts?: number;
  /** Waited between the write and the read that checks it (other jobs' writes land meanwhile). */
  settle?: () => Promise<void>;
}

export interface PlanSectionResult {
  action: 'created' | 'updated';
  commentId: number;
  url: string;
  /** False when the section was still missing after every attempt. */
  kept: boolean;
  /** Writes made (1 unless a race was repaired). */
  writes: number;
}

export async function upsertPlanSection(octokit: GitHubClient, opts: PlanSectionOptions): Promise<PlanSectionResult> {
  const attempts = opts.attempts ?? 3;
  const digest = sectionDigest(opts.section);
  const where = { owner: opts.owner, repo: opts.repo, issueNumber: opts.issueNumber, marker: PLAN_COMMENT_MARKER };
  let result: PlanSectionResult | undefined;
  let created: number | undefined;
  for (let writes = 1; writes <= attempts; writes++) {
    const existing = await findMarkedComment(octokit, where);
    const sections = new Map<string, PlanSection & { digest?: string }>(existing ? parseSections(existing.body) : []);
    sections.set(opts.section.target, opts.section);
    const body = renderPrSummaryComment(sections, { order: opts.order });
    // upsertStickyComment finds the oldest marked comment again (one more read) only when there was none.
    const res = existing
      ? await octokit.rest.issues.updateComment({ owner: opts.owner, repo: opts.repo, comment_id: existing.id, body }).then((r) => ({ action: 'updated' as const, commentId: r.data.id, url: r.data.html_url }))
      : await upsertStickyComment(octokit, { ...where, body });
    if (res.action === 'created') created = res.commentId;
    result = { ...res, kept: false, writes };
    await opts.settle?.();
    const oldest = await findMarkedComment(octokit, where);
    if (oldest && oldest.id !== created && created !== undefined) {
      // Another job created the comment at the same time: ours points at the oldest, which gets our section next.
      await octokit.rest.issues.updateComment({ owner: opts.owner, repo: opts.repo, comment_id: created, body: `<!-- kwsync:plan-superseded -->\nThe plan of every target is in [the first kwsync plan comment](${oldest.url}).` });
      created = undefined;
      continue;
    }
    if (oldest && parseSections(oldest.body).get(opts.section.target)?.digest === digest) return { ...result, kept: true, commentId: oldest.id, url: oldest.url };
  }
  return result!;
}
