import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { publishCheckRun, toAnnotation } from '../../src/github/check-run.js';
import { createGitHubClient, type GitHubClient } from '../../src/github/client.js';
import { FakeGitHub } from './fake-github.js';
import { diagnostics } from './fixtures.js';

const repo = { owner: 'acme', repo: 'lists' };
// GitHub answers 422 to a head_sha that is not a commit; the fake does too.
const SHA = 'a'.repeat(40);
let gh: FakeGitHub;
let octokit: GitHubClient;
beforeAll(async () => {
  gh = await new FakeGitHub().start();
  octokit = createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false });
});
afterAll(() => gh.close());
beforeEach(() => gh.reset());

const publish = (n: number) =>
  publishCheckRun(octokit, { ...repo, name: 'kwsync', headSha: SHA, diagnostics: diagnostics(n), title: 't', summary: 's' });

describe('publishCheckRun', () => {
  it('sends 120 annotations in 3 requests of at most 50, all on their lines', async () => {
    const res = await publish(120);
    const writes = gh.writes();
    expect(writes.map((w) => `${w.method} ${w.body.output.annotations.length}`)).toEqual(['POST 50', 'PATCH 50', 'PATCH 20']);
    expect(res).toMatchObject({ requests: 3, conclusion: 'failure' });
    const run = gh.checkRuns[0]!;
    expect(run.head_sha).toBe(SHA);
    expect(run.annotations).toHaveLength(120);
    expect(run.annotations.map((a) => a.start_line)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
  });

  it('makes one successful request when there is nothing to annotate', async () => {
    const res = await publish(0);
    expect(gh.writes()).toHaveLength(1);
    expect(res.conclusion).toBe('success');
    expect(gh.checkRuns[0]!.conclusion).toBe('success');
  });

  it('succeeds with warnings only', async () => {
    const res = await publishCheckRun(octokit, {
      ...repo, name: 'kwsync', headSha: SHA, title: 't', summary: 's',
      diagnostics: diagnostics(2).filter((d) => d.severity === 'warning'),
    });
    expect(res.conclusion).toBe('success');
    expect(gh.checkRuns[0]!.annotations[0].annotation_level).toBe('warning');
  });
});

describe('toAnnotation', () => {
  it.each([
    [{ line: 4, column: 7, endColumn: 12 }, { start_line: 4, end_line: 4, start_column: 7, end_column: 12 }],
    [{ line: 4, column: 7 }, { start_line: 4, end_line: 4, start_column: 7, end_column: 7 }],
    [{ line: 4, column: 7, endLine: 6, endColumn: 2 }, { start_line: 4, end_line: 6 }],
  ])('places %j as %j (columns only on one line)', (pos, expected) => {
    const a = toAnnotation({ file: 'keywords/a.yaml', severity: 'error', rule: 'r', message: 'm', ...pos });
    expect({ start_line: a.start_line, end_line: a.end_line, start_column: a.start_column, end_column: a.end_column }).toEqual({
      start_column: undefined, end_column: undefined, ...expected,
    });
    expect(a.annotation_level).toBe('failure');
    expect(a.path).toBe('keywords/a.yaml');
  });
});

describe('client retries', () => {
  it('does not retry a 403 (permission); after a 502 on the create it looks for the run before sending again', async () => {
    gh.failNext = [403];
    await expect(publishCheckRun(octokit, { ...repo, name: 'k', headSha: SHA, diagnostics: [], title: 't', summary: 's' })).rejects.toMatchObject({ status: 403 });
    expect(gh.requests).toHaveLength(1);
    gh.reset();
    const fast = createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });
    gh.failNext = [502, 502];
    await publishCheckRun(fast, { ...repo, name: 'k', headSha: SHA, diagnostics: [], title: 't', summary: 's' });
    // POST 502, the look (GET 502, retried: a read), POST again.
    expect(gh.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'GET', 'POST']);
    expect(gh.checkRuns).toHaveLength(1);
  });
});
