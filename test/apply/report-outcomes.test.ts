// conflict and overwritten in every rendering of the apply report, and in the exit decision.
import { applyFailed, applySummaryLine, renderApplyReportJson, renderApplyReportMarkdown, renderApplyReportText } from '../../src/apply/index.js';
import type { ApplyReport } from '../../src/model/plan.js';

const report = (outcomes: ApplyReport['results'][number]['outcome'][]): ApplyReport => ({
  target: 't',
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.000Z',
  results: outcomes.map((outcome, i) => ({ id: `l${i}`, kind: 'update', outcome, revisionId: `h_l${i}_3`, message: outcome === 'applied' ? null : `why ${outcome}`, warnings: [] })),
});

test('the summary names conflict and overwritten only when they happened', () => {
  expect(applySummaryLine(report(['applied', 'unchanged']))).toBe('Apply: 1 applied, 1 unchanged, 0 skipped, 0 failed.');
  expect(applySummaryLine(report(['applied', 'conflict', 'overwritten', 'overwritten']))).toBe('Apply: 1 applied, 0 unchanged, 0 skipped, 0 failed, 1 conflict, 2 overwritten.');
});

test('each is a failure of the run (exit 1), as failed and skipped are', () => {
  expect(applyFailed(report(['applied', 'unchanged']))).toBe(false);
  for (const o of ['conflict', 'overwritten', 'failed', 'skipped'] as const) expect(applyFailed(report(['applied', o]))).toBe(true);
});

test('text, markdown and JSON show the outcome, the list and why', () => {
  const r = report(['conflict', 'overwritten']);
  const text = renderApplyReportText(r, { color: false });
  expect(text).toContain('✗ conflict  l0 (update)\n    why conflict\n');
  expect(text).toContain('✗ overwritten l1 (update)\n    why overwritten\n');
  const md = renderApplyReportMarkdown(r);
  expect(md).toContain('| `l0` | update | ✗ conflict | `h_l0_3` | why conflict |');
  expect(md).toContain('| `l1` | update | ✗ overwritten | `h_l1_3` | why overwritten |');
  expect(JSON.parse(renderApplyReportJson(r)).results.map((x: { outcome: string }) => x.outcome)).toEqual(['conflict', 'overwritten']);
});
