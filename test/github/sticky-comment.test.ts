import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createGitHubClient, type GitHubClient } from '../../src/github/client.js';
import { planMarker } from '../../src/github/markers.js';
import { upsertStickyComment } from '../../src/github/sticky-comment.js';
import { FakeGitHub, HUMAN, OTHER_BOT } from './fake-github.js';

const repo = { owner: 'acme', repo: 'lists' };
let gh: FakeGitHub;
let octokit: GitHubClient;
beforeAll(async () => {
  gh = await new FakeGitHub().start();
  octokit = createGitHubClient({ token: 't0ken', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });
});
afterAll(() => gh.close());
beforeEach(() => gh.reset());

const marker = planMarker('prod');
const upsert = (body: string) => upsertStickyComment(octokit, { ...repo, issueNumber: 7, marker, body });

describe('upsertStickyComment', () => {
  it('creates the comment when none carries the marker, with the marker prepended', async () => {
    gh.seedComment(7, 'a human comment');
    const res = await upsert('plan v1');
    expect(res.action).toBe('created');
    expect(gh.comments.filter((c) => c.issue === 7)).toHaveLength(2);
    expect(gh.comments[1]!.body).toBe(`${marker}\nplan v1`);
  });

  it('updates the marked comment in place and never adds a second one', async () => {
    await upsert('plan v1');
    const second = await upsert('plan v2');
    const third = await upsert('plan v3');
    expect([second.action, third.action]).toEqual(['updated', 'updated']);
    const marked = gh.comments.filter((c) => c.body.includes(marker));
    expect(marked).toHaveLength(1);
    expect(marked[0]!.body).toContain('plan v3');
    expect(gh.writes().filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('finds the marked comment on the second page of comments', async () => {
    for (let i = 0; i < 130; i++) gh.seedComment(7, i === 115 ? `${marker}\nold plan` : `comment ${i}`);
    const res = await upsert('new plan');
    expect(res.action).toBe('updated');
    expect(gh.requests.filter((r) => r.method === 'GET').map((r) => r.query.page ?? '1')).toEqual(['1', '2']);
    expect(gh.writes()).toHaveLength(1);
    expect(gh.writes()[0]!.method).toBe('PATCH');
    expect(gh.comments[115]!.body).toBe(`${marker}\nnew plan`);
  });

  it("ignores a person's comment that carries or quotes the marker, and updates kwsync's own", async () => {
    const spoof = gh.seedComment(7, `${marker}\n0 to update`, HUMAN);
    const quote = gh.seedComment(7, `> ${marker}\n> plan v1\nwhy is this here?`, HUMAN);
    const own = gh.seedComment(7, `${marker}\nplan v1`);
    const res = await upsert('plan v2');
    expect(res).toMatchObject({ action: 'updated', commentId: own.id });
    expect(gh.comments.find((c) => c.id === own.id)!.body).toBe(`${marker}\nplan v2`);
    expect(gh.comments.find((c) => c.id === spoof.id)!.body).toBe(`${marker}\n0 to update`);
    expect(gh.comments.find((c) => c.id === quote.id)!.body).toContain('why is this here?');
    expect(gh.writes().map((w) => w.path)).toEqual([`/repos/acme/lists/issues/comments/${own.id}`]);
  });

  it("ignores another bot's comment that starts with the marker (identity, not marker), and updates kwsync's own", async () => {
    const forged = gh.seedComment(7, `${marker}\n**Safe to merge**: no list changes.`, OTHER_BOT);
    const own = gh.seedComment(7, `${marker}\nplan v1`);
    const res = await upsert('plan v2');
    expect(res).toMatchObject({ action: 'updated', commentId: own.id });
    expect(gh.comments.find((c) => c.id === forged.id)!.body).toContain('Safe to merge');
  });

  it('with a user token, recognises its comments by that login (GET /user)', async () => {
    gh.tokenUser = { login: 'kwsync-ci', type: 'User' };
    const pat = createGitHubClient({ token: 'pat', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });
    const actionsBot = gh.seedComment(7, `${marker}\nfrom the workflow token`);
    const own = gh.seedComment(7, `${marker}\nplan v1`, gh.tokenUser);
    const res = await upsertStickyComment(pat, { ...repo, issueNumber: 7, marker, body: 'plan v2' });
    expect(res).toMatchObject({ action: 'updated', commentId: own.id });
    expect(gh.comments.find((c) => c.id === actionsBot.id)!.body).toContain('from the workflow token');
    expect(gh.requests.filter((r) => r.path === '/user')).toHaveLength(1);
  });

  it("creates its own comment when only a person's comment carries the marker", async () => {
    gh.seedComment(7, `${marker}\nfake plan`, HUMAN);
    const res = await upsert('real plan');
    expect(res.action).toBe('created');
    expect(gh.comments.map((c) => c.user.type)).toEqual(['User', 'Bot']);
  });

  it("does not take a bot comment that only mentions the marker further down for its own", async () => {
    gh.seedComment(7, `some other bot\n${marker}`);
    expect((await upsert('plan')).action).toBe('created');
  });

  it("leaves another target's comment alone", async () => {
    gh.seedComment(7, `${planMarker('staging')}\nstaging plan`);
    await upsert('prod plan');
    expect(gh.comments.map((c) => c.body)).toEqual([`${planMarker('staging')}\nstaging plan`, `${marker}\nprod plan`]);
  });

  it('retries a failing GitHub (502) and still writes exactly one comment', async () => {
    gh.failNext = [502];
    const res = await upsert('plan');
    expect(res.action).toBe('created');
    expect(gh.comments).toHaveLength(1);
    expect(gh.requests[0]!.method).toBe('GET');
    expect(gh.requests).toHaveLength(3);
  });

  it('authenticates every request with the token', async () => {
    await upsert('plan');
    expect(gh.requests.map((r) => r.authorization)).toEqual(['token t0ken', 'token t0ken']);
  });
});
