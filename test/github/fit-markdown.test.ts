import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createGitHubClient } from '../../src/github/client.js';
import { cutAtLine, GITHUB_BODY_LIMIT } from '../../src/github/fit-markdown.js';
import { planMarker } from '../../src/github/markers.js';
import { renderPlanComment } from '../../src/github/render-comments.js';
import { upsertStickyComment } from '../../src/github/sticky-comment.js';
import { FakeGitHub } from './fake-github.js';
import { fakeRenderPlan, hugePlan, LINK, samplePlan } from './fixtures.js';

const opts = { ...LINK, renderPlan: fakeRenderPlan, errorCount: 0, warningCount: 0 };
const balanced = (body: string) => {
  expect(body.split('\n').filter((l) => l.startsWith('```')).length % 2).toBe(0);
  expect(body.split('<details').length).toBe(body.split('</details>').length);
};

describe('renderPlanComment length', () => {
  it('keeps a short plan whole, without the pointer', () => {
    const { body, truncated } = renderPlanComment(samplePlan, opts);
    expect(truncated).toBe(false);
    expect(body).not.toContain('too long for a GitHub comment');
    expect(body.startsWith(planMarker('prod'))).toBe(true);
  });

  it('shrinks a huge plan with the renderer limits, under 65,536 chars, pointing at the job summary', () => {
    const full = fakeRenderPlan(hugePlan(), {});
    expect(full.length).toBeGreaterThan(10 * GITHUB_BODY_LIMIT);
    const { body, truncated } = renderPlanComment(hugePlan(), opts);
    expect(truncated).toBe(true);
    expect(body.length).toBeLessThanOrEqual(GITHUB_BODY_LIMIT);
    expect(body).toContain(`The full plan is in the [job summary](${LINK.runUrl})`);
    balanced(body);
  });

  it('cuts at a line boundary when even the smallest rendering is too long', () => {
    const stubborn = (p: typeof samplePlan) => fakeRenderPlan(p, {}); // ignores the limits
    const { body, truncated } = renderPlanComment(hugePlan(), { ...opts, renderPlan: stubborn });
    expect(truncated).toBe(true);
    expect(body.length).toBeLessThanOrEqual(GITHUB_BODY_LIMIT);
    expect(body.length).toBeGreaterThan(GITHUB_BODY_LIMIT - 200);
    const fullLines = new Set(stubborn(hugePlan()).split('\n'));
    const cutContent = body.split('\n').filter((l) => l.startsWith('+ '));
    expect(cutContent.every((l) => fullLines.has(l))).toBe(true);
    expect(body).toContain('job summary');
    balanced(body);
  });
});

describe('cutAtLine', () => {
  it.each([
    ['a\nbb\nccc', 6, 'a\nbb'],
    ['a\nbb\nccc', 1, ''],
    ['```\nx\ny\nz', 10, '```\nx\n```'],
    ['<details>\nx\ny', 23, '<details>\nx\n</details>'],
    // A term or id reading `</details>` (in a code block, or escaped mid-line) is not kwsync's tag.
    ['<details><summary>a</summary>\n\n```diff\n+ </details>\n+ b\n+ c', 71, '<details><summary>a</summary>\n\n```diff\n+ </details>\n+ b\n```\n</details>'],
    ['<details>\nids: `</details>`\ny', 40, '<details>\nids: `</details>`\n</details>'],
  ])('cuts %j into %i chars as %j', (text, room, expected) => {
    const out = cutAtLine(text, room);
    expect(out).toBe(expected);
    expect(out.length).toBeLessThanOrEqual(room);
  });
});

describe('posting a huge plan', () => {
  let gh: FakeGitHub;
  beforeAll(async () => (gh = await new FakeGitHub().start()));
  afterAll(() => gh.close());

  it('is accepted by GitHub (the fake refuses bodies over 65,536 chars)', async () => {
    const octokit = createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false });
    const { body } = renderPlanComment(hugePlan(), opts);
    const res = await upsertStickyComment(octokit, { owner: 'a', repo: 'b', issueNumber: 1, marker: planMarker('prod'), body });
    expect(res.action).toBe('created');
    expect(gh.comments[0]!.body).toBe(body);
  });
});
