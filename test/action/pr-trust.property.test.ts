// The release invariant of src/action/pr-trust.ts, over generated review histories served by the
// fake GitHub in GitHub's shapes: an outsider's head is released exactly when some review is
// APPROVED, bound to that head (commit_id), by someone other than the author whose repository
// permission is write or admin. Nothing else (other commits, other states, read access, the
// review's own author_association, labels) changes the answer. The author is trusted on their own
// only with a trusted association AND write or admin permission (R-M11: a read-only MEMBER is not).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { decideTrust } from '../../src/action/pr-trust.js';
import type { VerifiedPullRequest } from '../../src/action/pr-from-run.js';
import { createGitHubClient } from '../../src/github/client.js';
import { AUTHOR_ASSOCIATIONS, FakeGitHub } from '../github/fake-github.js';
import { PERMISSIONS, REVIEW_STATES } from '../github/github-reviews.js';

const HEAD = 'a'.repeat(40);
const OTHER = 'b'.repeat(40);
const PEOPLE = ['mallory', 'ann', 'bob', 'cy'];
let gh: FakeGitHub;
beforeAll(async () => {
  gh = await new FakeGitHub().start();
});
afterAll(() => gh.close());

const review = fc.record({
  who: fc.constantFrom(...PEOPLE),
  state: fc.constantFrom(...REVIEW_STATES),
  commit: fc.constantFrom(HEAD, OTHER, null),
  association: fc.constantFrom(...AUTHOR_ASSOCIATIONS),
});
const basePr: VerifiedPullRequest = { number: 7, headSha: HEAD, baseSha: OTHER, baseRef: 'main', fromFork: true, headRepo: 'mallory/lists', headOwner: 'mallory', author: 'mallory', authorAssociation: 'CONTRIBUTOR', labels: ['kwsync-preview'] };

describe('decideTrust over generated review histories', () => {
  it('trusted iff the author has a trusted association and write/admin, or an APPROVED review of the head by a non-author with write or admin exists', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(review, { maxLength: 6 }), fc.dictionary(fc.constantFrom(...PEOPLE), fc.constantFrom(...PERMISSIONS)), fc.constantFrom(...AUTHOR_ASSOCIATIONS), async (reviews, perms, authorAssociation) => {
        const pr = { ...basePr, authorAssociation };
        gh.reset();
        for (const [who, p] of Object.entries(perms)) gh.permissions.set(who, p);
        for (const r of reviews) gh.review(7, { login: r.who, type: 'User' }, r.state, r.commit, r.association);
        const octokit = createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });
        const trust = await decideTrust(octokit, { owner: 'acme', repo: 'lists' }, pr);
        const permission = (who: string) => perms[who] ?? 'read';
        const authorTrusted = ['OWNER', 'MEMBER', 'COLLABORATOR'].includes(authorAssociation) && ['write', 'admin'].includes(permission('mallory'));
        const expected = authorTrusted || reviews.some((r) => r.state === 'APPROVED' && r.commit === HEAD && r.who !== 'mallory' && ['write', 'admin'].includes(permission(r.who)));
        expect(trust.trusted).toBe(expected);
      }),
      { numRuns: 200, seed: 271 },
    );
  });

  it('a trusted author whose permission GitHub does not give (404, 403, 5xx, every retry) is not trusted; the same author answered write is', async () => {
    const member: VerifiedPullRequest = { ...basePr, authorAssociation: 'MEMBER' };
    for (const status of [404, 403, 500, 502, 503]) {
      gh.reset();
      gh.permissions.set('mallory', 'write');
      gh.faultsFor.push({ status, method: 'GET', path: /\/collaborators\/mallory\/permission$/, count: 20 });
      const octokit = createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });
      const trust = await decideTrust(octokit, { owner: 'acme', repo: 'lists' }, member);
      expect([status, trust.trusted]).toEqual([status, false]);
      gh.faultsFor.length = 0;
      expect((await decideTrust(octokit, { owner: 'acme', repo: 'lists' }, member)).trusted).toBe(true);
    }
  });
});
