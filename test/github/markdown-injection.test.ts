// Markdown injection under the bot's name (issue 19): a PR's list file named like a link, list ids,
// names and terms holding mentions, images, links, HTML and fences, and a live list with the same,
// rendered on every surface kwsync writes: the PR comment (two-stage and one-stage), the check run
// (summary and annotations), the job summary, the drift issue. A real markdown parser (markdown-it,
// GitHub's autolinks on) reads each body; nothing the attacker wrote may become a link, image, HTML,
// heading or mention, and the look-alike swap `scam` -> `sсam` shows its escapes in the plan.
import { describe, expect, it } from '@jest/globals';
import { fitPlanSummary, renderDiagnosticsMarkdown } from '../../src/action/job-summary.js';
import { annotateCapped } from '../../src/action/annotate-capped.js';
import type { ActionLog } from '../../src/action/deps.js';
import { renderCheckSummary, toAnnotation } from '../../src/github/check-run.js';
import { noPlanText, renderDriftIssue, renderNoPlanComment, renderPlanComment, renderRefusedComment } from '../../src/github/render-comments.js';
import { renderPrPlanComment } from '../../src/github/render-pr-plan.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import type { DesiredList, LiveKeywordList } from '../../src/model/keyword-list.js';
import { computePlan, renderPlanMarkdown, renderPlanText } from '../../src/plan/index.js';
import { computeThreeWay } from '../../src/plan/three-way.js';
import { LINK, NOW } from './fixtures.js';
import { assertInert as assertInertWith } from './markdown-oracle.js';

const EVIL_FILE = 'keywords/x](https://evil.example/phish).yaml';
const EVIL_TERM = '@team ![x](http://e/i.png)';
const EVIL_NAME = '**Safe to merge** <img src=x onerror=alert(1)> [ok](https://evil.example) #1 @org/admins';
const EVIL_ID = 'ids</details>\n\n# Approved `x` | y';
const FENCE_TERM = '```\n</details>\n# ✅ LGTM';

const desired: DesiredList[] = [
  { id: 'scam', name: EVIL_NAME, description: 'see www.evil.example and GH-12', category: 'word', searchTerms: ['s\u0441am', EVIL_TERM, FENCE_TERM], source: { file: EVIL_FILE } },
];
const live = (id: string, name: string, terms: string[], n: number): LiveKeywordList => ({
  id, name, description: '', category: 'word', searchTerms: terms, revisionId: `rev_${n}\n> [!NOTE]\n> @team`, isCSV: false, active: true, default: false, createdAt: 1, updatedAt: 1,
});
const liveLists = [live('scam', 'Scam', ['scam', '<script>alert(1)</script>'], 3), live(EVIL_ID, EVIL_NAME, ['a'], 1)];
const opts = { target: 'prod', prune: false, safety: DEFAULT_CONFIG.safety, mode: 'live' as const, now: NOW };
const plan = computePlan(desired, liveLists, opts);
const diagnostics: Diagnostic[] = [
  { file: EVIL_FILE, line: 7, column: 5, severity: 'error', rule: 'term-too-long', message: `term "${EVIL_TERM}" is too long\n# fake heading` },
];

const ALLOWED_HREFS = new Set([LINK.runUrl]);
const assertInert = (body: string) => assertInertWith(body, ALLOWED_HREFS);

describe('untrusted text renders inert on every surface', () => {
  it('the oracle catches each attack when it is not escaped', () => {
    for (const raw of [`[ok](https://evil.example)`, `![x](http://e/i.png)`, '<img src=x>', 'hi @team', 'see https://evil.example', 'fixes #1', `## Approved`, '<details><summary>x</summary>\n\n# ✅ LGTM\n\n</details>']) {
      expect(() => assertInert(raw)).toThrow();
    }
  });

  it('the two-stage PR comment and its job summary', () => {
    const tw = computeThreeWay([], liveLists, desired, opts);
    const common = { ...LINK, renderPlan: renderPlanMarkdown, problems: diagnostics, warningCount: 0 };
    const comment = renderPrPlanComment(tw, common).body;
    assertInert(comment);
    // The look-alike swap shows its escapes beside the term.
    expect(comment).toContain('+ s\u0441am  (s\\u0441am)');
    expect(comment).toContain('- scam\n');
    const summary = renderPrPlanComment(tw, { ...common, limit: 1_000_000 }).body;
    assertInert(summary);
  });

  it('the one-stage plan comment, the job summary with diagnostics, and the refused comment', () => {
    assertInert(renderPlanComment(plan, { ...LINK, renderPlan: renderPlanMarkdown, errorCount: 1, warningCount: 0 }).body);
    assertInert(fitPlanSummary(plan, diagnostics, renderPlanMarkdown).body);
    assertInert(renderDiagnosticsMarkdown(diagnostics));
    assertInert(renderRefusedComment({ ...LINK, target: 'prod', reasons: [`list "${EVIL_ID}" ${EVIL_TERM}`] }));
    assertInert(renderNoPlanComment('prod', `artifact path ${EVIL_FILE} is outside the folder ${EVIL_TERM}`));
    assertInert(noPlanText(`${EVIL_FILE}\n# Approved`));
  });

  it('the check run: summary markdown and annotations of one line', () => {
    assertInert(renderCheckSummary(`cannot read ${EVIL_FILE}: ${EVIL_TERM}`, 'prod', LINK.runUrl));
    const a = toAnnotation(diagnostics[0]!);
    expect(a.message).not.toContain('\n');
    expect(a.title).not.toContain('\n');
    expect(a.path).toBe(EVIL_FILE);
  });

  it('workflow-command annotations get one-line messages', () => {
    const seen: Diagnostic[] = [];
    const log = { annotate: (d: Diagnostic) => seen.push(d), warning: () => undefined } as unknown as ActionLog;
    annotateCapped(log, diagnostics, 'see the job summary');
    expect(seen[0]!.message).toBe(`term "${EVIL_TERM}" is too long # fake heading`);
  });

  it('the drift issue', () => {
    const drift = computePlan(desired, liveLists, { ...opts, prune: false });
    const body = renderDriftIssue(drift, { ...LINK, renderPlan: renderPlanMarkdown, dir: 'keywords', now: NOW }).body;
    assertInert(body);
    // The import command names the odd id exactly, on one line.
    expect(body).toContain("--list scam");
  });

  it('the text plan shows the escapes of the swapped term', () => {
    const text = renderPlanText(plan, { color: false });
    expect(text).toContain('+ s\u0441am  (s\\u0441am)');
    expect(text).toContain('- scam\n');
  });
});
