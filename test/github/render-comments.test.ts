// Markdown snapshots of what kwsync posts on GitHub, rendered with the real plan/apply renderers
// and a fixed clock, so a reviewer can see the exact comment and issue text.
import { describe, expect, it } from '@jest/globals';
import { renderApplyReportMarkdown } from '../../src/apply/index.js';
import { computePlan, renderPlanMarkdown } from '../../src/plan/index.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import type { DesiredList, LiveKeywordList } from '../../src/model/keyword-list.js';
import {
  renderApplyComment,
  renderDriftIssue,
  renderDriftResolved,
  renderInvalidComment,
  renderPlanComment,
  renderRefusedComment,
} from '../../src/github/render-comments.js';
import { LINK, NOW, sampleReport } from './fixtures.js';

const desired: DesiredList[] = [
  { id: 'profanity-en', name: 'English profanity', description: 'Whole words.', category: 'word', searchTerms: ['darn', 'heck', 'shoot'], source: { file: 'keywords/profanity-en.yaml' } },
  { id: 'scam-links', name: 'Scam links', description: '', category: 'pattern', searchTerms: ['free\\s+money', 'bit\\.ly/\\w{4,10}'], source: { file: 'keywords/scam-links.yaml' } },
];
const live = (l: Omit<LiveKeywordList, 'revisionId' | 'isCSV' | 'active' | 'default' | 'createdAt' | 'updatedAt'>, n: number): LiveKeywordList => ({
  ...l, revisionId: `a1b2_${l.id}_${n}`, isCSV: false, active: true, default: false, createdAt: 1718354412, updatedAt: 1718354412,
});
const liveLists = [
  live({ id: 'profanity-en', name: 'English profanity', description: 'Whole words.', category: 'word', searchTerms: ['darn', 'crud'] }, 3),
  live({ id: 'profanity-list', name: 'Profane Words', description: '', category: 'word', searchTerms: ['x'] }, 1),
];
liveLists[1]!.default = true;

const planOf = (mode: 'live' | 'offline') =>
  computePlan(desired, liveLists, { target: 'prod', prune: false, safety: DEFAULT_CONFIG.safety, mode, now: NOW });

describe('GitHub markdown', () => {
  it('plan comment (live)', () => {
    const { body, truncated } = renderPlanComment(planOf('live'), { ...LINK, renderPlan: renderPlanMarkdown, errorCount: 0, warningCount: 1 });
    expect(truncated).toBe(false);
    expect(body).toMatchSnapshot();
  });

  it('plan comment (offline, fork PR)', () => {
    const { body } = renderPlanComment(planOf('offline'), { ...LINK, renderPlan: renderPlanMarkdown, errorCount: 0, warningCount: 0 });
    expect(body).toContain('Offline plan');
    expect(body).toMatchSnapshot();
  });

  it('comment for invalid lists', () => {
    expect(renderInvalidComment('prod', 2, 1, LINK)).toMatchSnapshot();
  });

  it('apply report comment', () => {
    const body = renderApplyComment(sampleReport, { ...LINK, renderApply: renderApplyReportMarkdown, failed: true });
    expect(body).toContain('Some lists failed');
    expect(body).toMatchSnapshot();
  });

  it('drift issue and its closing comment', () => {
    const { body } = renderDriftIssue(planOf('live'), { ...LINK, renderPlan: renderPlanMarkdown, now: NOW, dir: 'keywords' });
    expect(body).toMatchSnapshot();
    expect(renderDriftResolved('prod', NOW, LINK)).toMatchSnapshot();
  });

  it('drift issue names the configured keywords folder', () => {
    const { body } = renderDriftIssue(planOf('live'), { ...LINK, renderPlan: renderPlanMarkdown, now: NOW, dir: 'moderation/lists/' });
    expect(body).toContain('no longer match `moderation/lists/`');
    expect(body).not.toContain('`keywords/`');
  });

  it('names the real check run (kwsync (TARGET)) in the validation line', () => {
    expect(renderInvalidComment('prod', 1, 0, LINK)).toContain('The **kwsync (prod)** check');
    expect(renderInvalidComment('default', 1, 0, LINK)).toContain('The **kwsync** check');
  });

  it('says when the job summary is shortened too, instead of promising the full plan there', () => {
    const opts = { ...LINK, renderPlan: renderPlanMarkdown, errorCount: 0, warningCount: 0, limit: 400 };
    const plain = renderPlanComment(planOf('live'), opts);
    expect(plain.truncated).toBe(true);
    expect(plain.body).toContain('The full plan is in the [job summary]');
    const both = renderPlanComment(planOf('live'), { ...opts, summaryShortened: true, limit: 800 });
    expect(both.body).not.toContain('The full plan is in the');
    expect(both.body).toContain('plan-json');
  });

  it('refused apply comment: each reason once, and the workflow\'s force input rather than --force', () => {
    const body = renderRefusedComment({ ...LINK, target: 'prod', reasons: ['contact-info: deletes the list and its 4 terms'] });
    expect(body.startsWith('<!-- kwsync:apply target=prod -->')).toBe(true);
    expect(body.split('contact-info: deletes').length - 1).toBe(1);
    expect(body).toContain('with **force** checked');
    expect(body).not.toContain('--force');
    expect(body).toMatchSnapshot();
  });
});
