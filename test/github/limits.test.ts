// GitHub's published limits, kept for every body kwsync posts: comments and issue bodies at most
// 65,536 characters, a job summary under 1 MiB (bytes), annotation titles at most 255 characters.
import { describe, expect, it } from '@jest/globals';
import { SUMMARY_SHORTENED_NOTE } from '../../src/action/job-summary.js';
import { applySummary } from '../../src/action/run-apply.js';
import { ANNOTATION_TITLE_MAX, toAnnotation } from '../../src/github/check-run.js';
import { GITHUB_BODY_LIMIT, utf8Bytes } from '../../src/github/fit-markdown.js';
import { renderApplyComment, renderRefusedComment } from '../../src/github/render-comments.js';
import { renderPrPlanComment } from '../../src/github/render-pr-plan.js';
import type { ApplyReport } from '../../src/model/plan.js';
import { renderPlanMarkdown } from '../../src/plan/index.js';
import { computeThreeWay } from '../../src/plan/three-way.js';
import { desired, live, NOW, SAFETY } from '../plan/fixtures.js';
import { fakeRenderApply, hugePlan, LINK } from './fixtures.js';

const hugeReport: ApplyReport = {
  target: 'prod', startedAt: NOW.toISOString(), finishedAt: NOW.toISOString(),
  results: Array.from({ length: 3000 }, (_, i) => ({ id: `list-${i}`, kind: 'update' as const, outcome: 'failed' as const, revisionId: null, message: `the service said 500 for list ${i}; re-run the apply workflow`, warnings: [] })),
};

describe('GitHub limits', () => {
  it('the apply comment on the merged PR fits 65,536 characters and points at the summary when cut', () => {
    const body = renderApplyComment(hugeReport, { ...LINK, renderApply: fakeRenderApply, failed: true });
    expect(body.length).toBeLessThanOrEqual(GITHUB_BODY_LIMIT);
    expect(body).toContain('The whole report is in the [job summary]');
    expect(body.endsWith(`[workflow run and job summary](${LINK.runUrl})</sub>\n`)).toBe(true);
    const small = renderApplyComment({ ...hugeReport, results: hugeReport.results.slice(0, 2) }, { ...LINK, renderApply: fakeRenderApply, failed: true });
    expect(small).not.toContain('too long');
  });

  it('the refusal comment fits 65,536 characters, keeping the force advice', () => {
    const reasons = Array.from({ length: 5000 }, (_, i) => `list-${i}: deletes the list and its 40 terms`);
    const body = renderRefusedComment({ ...LINK, target: 'prod', reasons });
    expect(body.length).toBeLessThanOrEqual(GITHUB_BODY_LIMIT);
    expect(body).toContain('with **force** checked');
    expect(body).toContain('list-0: deletes the list');
  });

  it('the apply job summary stays under 1 MiB in bytes, with a CJK-heavy report too', () => {
    const cjk: ApplyReport = { ...hugeReport, results: hugeReport.results.map((r) => ({ ...r, message: '服務回應錯誤，請重新執行'.repeat(40) })) };
    for (const report of [hugeReport, cjk]) {
      const summary = applySummary(fakeRenderApply(report).replace(/\| failed \|/g, `| failed ${'錯'.repeat(100)} |`), hugePlan());
      expect(utf8Bytes(summary)).toBeLessThan(1024 * 1024);
    }
  });

  it('annotation titles stay within 255 characters, even for a very long path', () => {
    const a = toAnnotation({ file: `keywords/${'deep/'.repeat(80)}list.yaml`, line: 1, column: 1, severity: 'error', rule: 'term-too-long', message: 'x' });
    expect(a.title.length).toBeLessThanOrEqual(ANNOTATION_TITLE_MAX);
    expect(a.title.startsWith('term-too-long (keywords/deep/')).toBe(true);
  });

  it('the PR plan comment fits 65,536 characters with many reverted live edits', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `list-${i}`);
    const terms = (i: number, n: number) => Array.from({ length: n }, (_, j) => `term ${j} of list ${i} ${'x'.repeat(40)}`);
    const base = ids.map((id, i) => desired(id, terms(i, 10)));
    const liveLists = ids.map((id, i) => live(id, [...terms(i, 10), ...terms(i + 100, 300)]));
    const pr = ids.map((id, i) => desired(id, [...terms(i, 10), ...terms(i + 200, 300)]));
    const tw = computeThreeWay(base, liveLists, pr, { target: 'prod', prune: false, safety: SAFETY, now: NOW });
    const { body, truncated } = renderPrPlanComment(tw, { ...LINK, renderPlan: renderPlanMarkdown, problems: [], warningCount: 0 });
    expect(truncated).toBe(true);
    expect(body.length).toBeLessThanOrEqual(GITHUB_BODY_LIMIT);
    expect(body).toContain('Drift: merging reverts these live edits');
    expect(body).toContain(`**The full plan is in the [job summary](${LINK.runUrl}).**`);
    // The job summary, shortened, does not point at itself.
    const summary = renderPrPlanComment(tw, { ...LINK, renderPlan: renderPlanMarkdown, problems: [], warningCount: 0, limit: 30_000, measure: utf8Bytes, shortenedNote: SUMMARY_SHORTENED_NOTE });
    expect(summary.truncated).toBe(true);
    expect(utf8Bytes(summary.body)).toBeLessThanOrEqual(30_000);
    expect(summary.body).toContain("**This summary is shortened** to fit GitHub's 1 MiB limit");
    expect(summary.body).not.toContain('too long for a GitHub comment');
  });
});
