// Issue 22, item 1: GitHub's rate limits are waited out only when the wait is short, and told
// otherwise; POSTs are not re-sent blindly after a 5xx that hid a landed write.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { RequestError } from 'octokit';
import { formatError } from '../../src/action/format-error.js';
import { publishCheckRun } from '../../src/github/check-run.js';
import { createGitHubClient, type GitHubClient } from '../../src/github/client.js';
import { syncDriftIssue } from '../../src/github/drift-issue.js';
import { planMarker } from '../../src/github/markers.js';
import { GitHubRateLimitError, rateLimitOf } from '../../src/github/rate-limit.js';
import { upsertStickyComment } from '../../src/github/sticky-comment.js';
import { FakeGitHub, primaryLimit, secondaryLimit } from './fake-github.js';

const repo = { owner: 'acme', repo: 'lists' };
const SHA = 'a'.repeat(40);
const NOW = Date.parse('2026-11-26T08:00:00Z');
let gh: FakeGitHub;
let slept: number[];
let warnings: string[];
let octokit: GitHubClient;
beforeAll(async () => {
  gh = await new FakeGitHub().start();
});
afterAll(() => gh.close());
beforeEach(() => {
  gh.reset();
  slept = [];
  warnings = [];
  octokit = createGitHubClient({
    token: 't', baseUrl: gh.url, throttle: false, retryBaseMs: 1,
    now: () => NOW, sleep: async (ms) => void slept.push(ms), warn: (m) => void warnings.push(m),
  });
});

const comment = (body = 'plan') => upsertStickyComment(octokit, { ...repo, issueNumber: 7, marker: planMarker('prod'), body });

describe('rate limits', () => {
  it('ends at once on a primary limit whose reset is an hour away, naming the limit, the UTC time, the minutes and the fix', async () => {
    gh.failNext = [primaryLimit(3600, NOW)];
    const err = await comment().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GitHubRateLimitError);
    expect(slept).toEqual([]);
    expect(gh.requests).toHaveLength(1);
    const text = formatError(err, NOW);
    expect(text).toContain("GitHub's primary rate limit for this token is used up (403 on GET /user)");
    expect(text).toContain('it lifts at 2026-11-26 09:00:01 UTC, in 61 minutes');
    expect(text).toContain('hint: Re-run the job after that time');
    expect(text).not.toContain('permissions');
  });

  it('waits out a primary limit that resets within the bound, then goes on', async () => {
    gh.failNext = [primaryLimit(20, NOW, 429)];
    await comment();
    expect(slept).toEqual([21_000]);
    expect(warnings[0]).toMatch(/primary rate limit .* waiting 21 s/);
    expect(gh.comments).toHaveLength(1);
  });

  it('honours retry-after on a 429 (never sooner): one wait of exactly 6 s', async () => {
    gh.failNext = [{ status: 429, message: 'Too many requests', headers: { 'retry-after': '6' } }];
    await comment();
    expect(slept).toEqual([6_000]);
    expect(gh.requests.filter((r) => r.method === 'GET' && r.path === '/user')).toHaveLength(2);
  });

  it('waits a minute on a secondary limit without retry-after (GitHub: "at least one minute")', async () => {
    gh.failNext = [secondaryLimit(undefined)];
    await comment();
    expect(slept).toEqual([60_000]);
  });

  it('ends on a secondary limit whose retry-after does not fit, and after two waits', async () => {
    gh.failNext = [secondaryLimit(600)];
    await expect(comment()).rejects.toThrow(/secondary rate limit .* in 10 minutes.*waits at most 60 s for a rate limit/);
    gh.reset();
    gh.failNext = [secondaryLimit(5), secondaryLimit(5), secondaryLimit(5)];
    const err = await comment().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GitHubRateLimitError);
    expect(slept).toEqual([5_000, 5_000]);
    // The waits ran out, not the 60 s bound: the stop says which (issue 28).
    expect((err as Error).message).toContain('kwsync already waited 2 times for this request, the most it waits for one, and GitHub still refused');
    expect((err as Error).message).not.toContain('waits at most 60 s');
  });

  it('tells a permission 403 from a rate limit: no wait, and the permissions hint', async () => {
    gh.failNext = [{ status: 403, message: 'Resource not accessible by integration' }];
    const err = await publishCheckRun(octokit, { ...repo, name: 'k', headSha: SHA, diagnostics: [], title: 't', summary: 's' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestError);
    expect(slept).toEqual([]);
    expect(formatError(err)).toMatch(/hint: check the job's `permissions:`/);
    expect(rateLimitOf(403, {}, 'Resource not accessible by integration', NOW)).toBeUndefined();
  });
});

describe('a 5xx after GitHub did the write', () => {
  it('leaves one sticky comment, not two', async () => {
    gh.faultsFor = [{ method: 'POST', path: /\/comments$/, status: 502, after: true, count: 1 }];
    const res = await comment('plan v1');
    expect(res.action).toBe('created');
    expect(gh.comments).toHaveLength(1);
    expect(gh.writes().filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('sends again when the comment did not land', async () => {
    gh.faultsFor = [{ method: 'POST', path: /\/comments$/, status: 502, count: 1 }];
    await comment('plan v1');
    expect(gh.comments).toHaveLength(1);
    expect(gh.writes().filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('opens one drift issue, not two', async () => {
    gh.faultsFor = [{ method: 'POST', path: /\/issues$/, status: 503, after: true, count: 1 }];
    const res = await syncDriftIssue(octokit, { ...repo, target: 'prod', title: 't', driftBody: '<!-- kwsync:drift target=prod -->\ndrift', resolvedComment: 'ok' });
    expect(res.action).toBe('opened');
    expect(gh.issues).toHaveLength(1);
    expect(res.issueNumber).toBe(gh.issues[0]!.number);
  });

  it('creates one check run, not two', async () => {
    gh.faultsFor = [{ method: 'POST', path: /\/check-runs$/, status: 502, after: true, count: 1 }];
    const res = await publishCheckRun(octokit, { ...repo, name: 'kwsync', headSha: SHA, diagnostics: [], title: 't', summary: 's' });
    expect(gh.checkRuns).toHaveLength(1);
    expect(res.checkRunId).toBe(gh.checkRuns[0]!.id);
  });
});
