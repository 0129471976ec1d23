// Issue 22, item 2: over generated plans of 1 to 5,000 lists (ids, terms and messages of any
// length, CJK and emoji included), no text kwsync posts exceeds GitHub's limit for where it goes.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { fitPlanSummary } from '../../src/action/job-summary.js';
import { applySummary, namedSome } from '../../src/action/run-apply.js';
import { renderApplyReportMarkdown } from '../../src/apply/index.js';
import { renderCheckSummary, toAnnotation } from '../../src/github/check-run.js';
import { characters, fitText, GITHUB_LIMITS, utf8Bytes } from '../../src/github/fit-markdown.js';
import { renderApplyComment, renderDriftIssue, renderPlanComment, renderRefusedComment } from '../../src/github/render-comments.js';
import type { ApplyReport, ListChange, Plan } from '../../src/model/plan.js';
import { renderPlanMarkdown } from '../../src/plan/index.js';
import { change, LINK, NOW, plan } from './fixtures.js';
import { propertyRuns } from '../helpers/runs.js';

const word = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom('darn', '服務回應錯誤', '🙂🙃', 'x'.repeat(300), '`</details>`', '|pipe|'),
);
const listArb = fc.record({
  kind: fc.constantFrom<ListChange['kind']>('create', 'update', 'delete'),
  added: fc.array(word, { maxLength: 6 }),
  removed: fc.array(word, { maxLength: 6 }),
  idTail: fc.constantFrom('', '-服務', '-' + 'long'.repeat(20)),
});
// Sizes from 1 to 5,000, the big ones by repeating a generated pattern (cheap to generate, costly to render).
const planArb = fc.record({ n: fc.integer({ min: 1, max: 5000 }), pattern: fc.array(listArb, { minLength: 1, maxLength: 8 }) }).map(({ n, pattern }): Plan =>
  plan(Array.from({ length: n }, (_, i) => {
    const p = pattern[i % pattern.length]!;
    return change(`list-${i}${p.idTail}`, p.kind, p.added, p.kind === 'create' ? [] : p.removed);
  })),
);

function reportOf(p: Plan): ApplyReport {
  return {
    target: p.target, startedAt: NOW.toISOString(), finishedAt: NOW.toISOString(),
    results: p.changes.map((c, i) => ({ id: c.id, kind: c.kind === 'noop' ? 'update' : c.kind, outcome: i % 3 ? 'applied' as const : 'failed' as const, revisionId: null, message: i % 3 ? null : `the service said 500 for ${c.id}`, warnings: [] })),
  };
}

const within = (text: string, where: { limit: number; measure: (t: string) => number }) => where.measure(text) <= where.limit;

describe('every GitHub text fits its limit', () => {
  it('plan comment, drift issue, apply comment, refusal, check summary, job summaries and annotations', () => {
    fc.assert(
      fc.property(planArb, (p) => {
        const opts = { ...LINK, renderPlan: renderPlanMarkdown, errorCount: 1, warningCount: 2 };
        expect(within(renderPlanComment(p, opts).body, GITHUB_LIMITS.comment)).toBe(true);
        expect(within(renderDriftIssue(p, { ...LINK, renderPlan: renderPlanMarkdown, dir: 'keywords', now: NOW }).body, GITHUB_LIMITS.issueBody)).toBe(true);
        const report = reportOf(p);
        expect(within(renderApplyComment(report, { ...LINK, renderApply: renderApplyReportMarkdown, failed: true }), GITHUB_LIMITS.comment)).toBe(true);
        expect(within(renderRefusedComment({ ...LINK, target: 'prod', reasons: p.changes.map((c) => `${c.id}: deletes the list`) }), GITHUB_LIMITS.comment)).toBe(true);
        expect(utf8Bytes(applySummary(renderApplyReportMarkdown(report), p))).toBeLessThanOrEqual(GITHUB_LIMITS.jobSummary.limit);
        expect(utf8Bytes(fitPlanSummary(p, [], renderPlanMarkdown).body)).toBeLessThanOrEqual(GITHUB_LIMITS.jobSummary.limit);
        // The check summary: a headline per list, as plan-check writes one per pull request.
        const checkSummary = p.changes.map((c) => renderCheckSummary(`${c.id} changes`, 'prod', LINK.runUrl)).join('\n');
        expect(within(fitText(checkSummary, GITHUB_LIMITS.checkSummary), GITHUB_LIMITS.checkSummary)).toBe(true);
        // A failure message naming the lists (core.setFailed), and an annotation with a huge message.
        const failure = `apply did not finish for ${namedSome(p.changes.map((c) => c.id))}; see the job summary`;
        expect(within(fitText(failure, GITHUB_LIMITS.workflowAnnotation), GITHUB_LIMITS.workflowAnnotation)).toBe(true);
        const a = toAnnotation({ file: 'keywords/a.yaml', line: 1, column: 1, severity: 'error', rule: 'r', message: p.changes.map((c) => c.id).join(' ').repeat(3) });
        expect(within(a.message, GITHUB_LIMITS.checkAnnotation)).toBe(true);
      }),
      { numRuns: propertyRuns(5, 50), seed: 22 },
    );
  }, 300_000);

  it('fitText never exceeds its limit, in characters or bytes, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 3000 }), fc.integer({ min: 1, max: 400 }), fc.boolean(), (text, limit, bytes) => {
        const where = { limit, measure: bytes ? utf8Bytes : characters };
        expect(where.measure(fitText(text, where))).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 300, seed: 22 },
    );
  });
});

describe('one 1 MB list', () => {
  it('its plan comment fits 65,536 characters and shows additions and removals both', () => {
    const term = (sign: string, i: number) => `${sign} term number ${String(i).padStart(6, '0')}`;
    const added = Array.from({ length: 26_000 }, (_, i) => term('new', i));
    const removed = Array.from({ length: 26_000 }, (_, i) => term('old', i));
    expect(utf8Bytes([...added, ...removed].join('\n'))).toBeGreaterThan(1_000_000);
    const body = renderPlanComment(plan([change('big-list', 'update', added, removed)]), { ...LINK, renderPlan: renderPlanMarkdown, errorCount: 0, warningCount: 0 }).body;
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body).toContain('+ new term number 000000');
    expect(body).toContain('- old term number 000000');
    expect(body).toContain('shortened here');
    console.log(`plan comment for one 1 MB list: ${body.length} characters`);
  });
});
