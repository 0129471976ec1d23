// The job summary is GitHub's to refuse over 1 MiB in bytes: CJK terms take three bytes a character.
import { describe, expect, it } from '@jest/globals';
import { fitPlanSummary, renderPlanSummary, SUMMARY_SHORTENED_NOTE } from '../../src/action/job-summary.js';
import { cutAtLine, SHRINK_STEPS, utf8Bytes } from '../../src/github/fit-markdown.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import type { DesiredList } from '../../src/model/keyword-list.js';
import { computePlan, renderPlanMarkdown } from '../../src/plan/index.js';

const MIB = 1_048_576;
const cjkTerm = (list: number, i: number) =>
  Array.from({ length: 30 }, (_, k) => String.fromCodePoint(0x4e00 + ((list * 7919 + i * 31 + k) % 20000))).join('');
const cjkLists = (lists: number, terms: number): DesiredList[] =>
  Array.from({ length: lists }, (_, l) => ({
    id: `cjk-${String(l).padStart(2, '0')}`, name: `cjk ${l}`, description: '', category: 'word' as const,
    searchTerms: Array.from({ length: terms }, (_, i) => `${cjkTerm(l, i)}${i}`),
    source: { file: `keywords/cjk-${l}.yaml` },
  }));
const planOf = (desired: DesiredList[]) =>
  computePlan(desired, [], { target: 'prod', prune: false, safety: DEFAULT_CONFIG.safety, mode: 'live', now: new Date('2025-01-02T03:04:05Z') });

describe('job summary size', () => {
  it('keeps 18 lists of 1,000 CJK terms under 1 MiB in UTF-8 bytes, and says it is shortened', () => {
    const plan = planOf(cjkLists(18, 1000));
    // Under the old character count this plan fitted (about 0.6 M characters) while being 1.6 MB.
    const full = renderPlanMarkdown(plan, SHRINK_STEPS[0]);
    expect(full.length).toBeLessThan(1_000_000);
    expect(utf8Bytes(full)).toBeGreaterThan(MIB);

    const { body, truncated } = fitPlanSummary(plan, [], renderPlanMarkdown, ['**a note**']);
    expect(truncated).toBe(true);
    expect(Buffer.byteLength(body, 'utf8')).toBeLessThanOrEqual(MIB);
    expect(body.startsWith(SUMMARY_SHORTENED_NOTE)).toBe(true);
    expect(body).toContain('**a note**');
    expect(body).toContain('cjk-00');
  });

  it('leaves a summary that fits whole, without the note', () => {
    const body = renderPlanSummary(planOf(cjkLists(2, 10)), [], renderPlanMarkdown);
    expect(body).not.toContain('shortened');
    expect(body).toContain(cjkTerm(1, 9));
  });

  it('cuts at a line boundary by bytes when asked to', () => {
    const text = ['日本語', 'abc', '中文中文'].join('\n');
    expect(cutAtLine(text, 14, utf8Bytes)).toBe('日本語\nabc');
    expect(cutAtLine(text, 14)).toBe(text);
  });
});
