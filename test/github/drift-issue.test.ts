import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createGitHubClient, type GitHubClient } from '../../src/github/client.js';
import { syncDriftIssue } from '../../src/github/drift-issue.js';
import { DRIFT_LABEL, driftMarker } from '../../src/github/markers.js';
import { findMergedPullRequest } from '../../src/github/merged-pr.js';
import { FakeGitHub, HUMAN, OTHER_BOT } from './fake-github.js';

const repo = { owner: 'acme', repo: 'lists' };
let gh: FakeGitHub;
let octokit: GitHubClient;
beforeAll(async () => {
  gh = await new FakeGitHub().start();
  octokit = createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false });
});
afterAll(() => gh.close());
beforeEach(() => gh.reset());

const sync = (driftBody: string | null) =>
  syncDriftIssue(octokit, { ...repo, target: 'prod', title: 'drift in prod', driftBody, resolvedComment: 'matches again' });

describe('syncDriftIssue', () => {
  it('opens one labelled issue on drift, updates it while drift lasts, closes it with a comment', async () => {
    const opened = await sync(`${driftMarker('prod')}\nplan 1`);
    expect(opened.action).toBe('opened');
    expect(gh.issues).toHaveLength(1);
    expect(gh.issues[0]!.labels).toEqual([DRIFT_LABEL]);

    const updated = await sync(`${driftMarker('prod')}\nplan 2`);
    expect(updated).toEqual({ action: 'updated', issueNumber: opened.issueNumber });
    expect(gh.issues).toHaveLength(1);
    expect(gh.issues[0]!.body).toContain('plan 2');

    const closed = await sync(null);
    expect(closed).toEqual({ action: 'closed', issueNumber: opened.issueNumber });
    expect(gh.issues[0]!.state).toBe('closed');
    expect(gh.comments).toEqual([expect.objectContaining({ issue: opened.issueNumber, body: 'matches again' })]);
  });

  it('does nothing when live matches and no issue is open', async () => {
    expect(await sync(null)).toEqual({ action: 'none', issueNumber: null });
    expect(gh.writes()).toHaveLength(0);
  });

  it("ignores another target's issue and pull requests carrying the label", async () => {
    gh.seedIssue({ title: 'x', body: `${driftMarker('staging')}`, state: 'open', labels: [DRIFT_LABEL] });
    gh.seedIssue({ title: 'pr', body: `${driftMarker('prod')}`, state: 'open', labels: [DRIFT_LABEL], pull_request: {} });
    const res = await sync(`${driftMarker('prod')}\nplan`);
    expect(res.action).toBe('opened');
    expect(gh.issues).toHaveLength(3);
  });

  it('finds its issue after someone removed the label, puts the label back, and opens no second one', async () => {
    const old = gh.seedIssue({ title: 'drift in prod', body: `${driftMarker('prod')}\nplan 1`, state: 'open', labels: ['triage'] });
    const res = await sync(`${driftMarker('prod')}\nplan 2`);
    expect(res).toEqual({ action: 'updated', issueNumber: old.number });
    expect(gh.issues).toHaveLength(1);
    expect(gh.issues[0]!.labels).toEqual(['triage', DRIFT_LABEL]);
    expect(gh.issues[0]!.body).toContain('plan 2');
  });

  it('closes its unlabelled issue once live matches', async () => {
    const old = gh.seedIssue({ title: 'drift in prod', body: driftMarker('prod'), state: 'open', labels: [] });
    expect(await sync(null)).toEqual({ action: 'closed', issueNumber: old.number });
    expect(gh.issues[0]!.state).toBe('closed');
  });

  it("ignores a person's issue that carries or quotes the marker, labelled or not", async () => {
    gh.seedIssue({ title: 'spoof', body: `${driftMarker('prod')}\nall fine`, state: 'open', labels: [DRIFT_LABEL], user: HUMAN });
    gh.seedIssue({ title: 'quote', body: `see:\n${driftMarker('prod')}`, state: 'open', labels: [DRIFT_LABEL] });
    gh.seedIssue({ title: 'other bot', body: `${driftMarker('prod')}\nall fine`, state: 'open', labels: [DRIFT_LABEL], user: OTHER_BOT });
    expect(await sync(null)).toEqual({ action: 'none', issueNumber: null });
    const res = await sync(`${driftMarker('prod')}\nplan`);
    expect(res.action).toBe('opened');
    expect(gh.issues.map((i) => i.body)).toEqual([`${driftMarker('prod')}\nall fine`, `see:\n${driftMarker('prod')}`, `${driftMarker('prod')}\nall fine`, `${driftMarker('prod')}\nplan`]);
  });

  it('opens a fresh issue when the earlier one was closed by hand', async () => {
    gh.seedIssue({ title: 'old', body: driftMarker('prod'), state: 'closed', labels: [DRIFT_LABEL] });
    expect((await sync(`${driftMarker('prod')}\nplan`)).action).toBe('opened');
  });
});

describe('findMergedPullRequest', () => {
  it('picks the merged PR whose merge commit is the pushed sha', async () => {
    gh.commitPulls.set('sha1', [
      { number: 3, merged_at: null, merge_commit_sha: 'other' },
      { number: 4, merged_at: '2025-01-01T00:00:00Z', merge_commit_sha: 'other' },
      { number: 5, merged_at: '2025-01-01T00:00:00Z', merge_commit_sha: 'sha1' },
    ]);
    expect(await findMergedPullRequest(octokit, { ...repo, sha: 'sha1' })).toBe(5);
  });

  it('returns undefined for a direct push', async () => {
    expect(await findMergedPullRequest(octokit, { ...repo, sha: 'lonely' })).toBeUndefined();
  });
});
