// The release invariant of src/action/pr-trust.ts (issue 37 item 5), over generated review
// histories served by the fake GitHub in GitHub's shapes: approvals, requests for changes,
// comments, dismissals and re-approvals; reviewers gaining and losing write access; pushes and
// force-pushes back to an old head; re-runs. After every event each plan job decides afresh (its own
// permission cache, as a new job of a re-run has), and the verdict is held to one reference:
// released iff the author is trusted (trusted association and write/admin) or the head's standing
// reviews by write users include an approval of that very commit and no request for changes, where
// a reviewer's standing review is their latest APPROVED, CHANGES_REQUESTED or DISMISSED one (a
// comment changes nothing). GitHub computes a review's author_association as the reviewer stands
// now, so the fake's is kept in step with the permission (write implies OWNER, MEMBER or COLLABORATOR,
// or CONTRIBUTOR for a private member: their request for changes counts, their approval is not asked).
// KWSYNC_PROPERTY_RUNS / KWSYNC_PROPERTY_SEED replay a run (KWSYNC_LONG=1: 1,000 runs).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { decideTrust } from '../../src/action/pr-trust.js';
import type { VerifiedPullRequest } from '../../src/action/pr-from-run.js';
import { createGitHubClient } from '../../src/github/client.js';
import { AUTHOR_ASSOCIATIONS, FakeGitHub, type FakePermission, type FakeReview } from '../github/fake-github.js';
import { PERMISSIONS } from '../github/github-reviews.js';
import { propertyRuns } from '../helpers/runs.js';

const HEADS = ['a', 'b', 'c'].map((c) => c.repeat(40));
const PEOPLE = ['mallory', 'ann', 'bob', 'cy'];
const AUTHOR = 'mallory';
const NUM_RUNS = propertyRuns(30, 1000);
const SEED = process.env.KWSYNC_PROPERTY_SEED === undefined ? 3701 : Number(process.env.KWSYNC_PROPERTY_SEED);
const WRITE = ['write', 'admin'];
const WRITE_ASSOCIATIONS = ['OWNER', 'MEMBER', 'COLLABORATOR'];

let gh: FakeGitHub;
beforeAll(async () => {
  gh = await new FakeGitHub().start();
});
afterAll(() => gh.close());

type Event =
  | { kind: 'review'; who: string; state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED'; at: 'head' | number }
  | { kind: 'dismiss'; pick: number }
  | { kind: 'permission'; who: string; permission: FakePermission; association: string }
  | { kind: 'push'; head: number }
  | { kind: 'rerun' };

const event: fc.Arbitrary<Event> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('review' as const), who: fc.constantFrom(...PEOPLE), state: fc.constantFrom('APPROVED' as const, 'CHANGES_REQUESTED' as const, 'COMMENTED' as const), at: fc.oneof(fc.constant('head' as const), fc.nat(HEADS.length - 1)) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('dismiss' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('permission' as const), who: fc.constantFrom(...PEOPLE), permission: fc.constantFrom(...PERMISSIONS), association: fc.constantFrom(...AUTHOR_ASSOCIATIONS) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('push' as const), head: fc.nat(HEADS.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rerun' as const) }) },
);

/** The reference: what GitHub's merge gate would say of the head, by write users, plus the trusted author. */
function reference(reviews: readonly FakeReview[], perms: Map<string, FakePermission>, head: string, authorAssociation: string): boolean {
  const writes = (who: string) => WRITE.includes(perms.get(who) ?? 'read');
  if (WRITE_ASSOCIATIONS.includes(authorAssociation) && writes(AUTHOR)) return true;
  const standing = new Map<string, FakeReview>();
  for (const r of reviews) if (r.user && r.user.login !== AUTHOR && ['APPROVED', 'CHANGES_REQUESTED', 'DISMISSED'].includes(r.state)) standing.set(r.user.login, r);
  const word = [...standing.values()].filter((r) => writes(r.user!.login));
  // An approval counts from a write user whose association can hold write access (a privately
  // member approver reads CONTRIBUTOR and is not asked: withheld, never wrongly released); a
  // request for changes by a write user counts whatever their association (R2-O18).
  return word.some((r) => r.state === 'APPROVED' && r.commit_id === head && WRITE_ASSOCIATIONS.includes(r.author_association)) && !word.some((r) => r.state === 'CHANGES_REQUESTED');
}

describe('decideTrust over generated review histories (issue 37 item 5)', () => {
  it('after every event, each job\'s verdict is the reference\'s: the standing word of write users on the head', async () => {
    const tally = { runs: 0, decisions: 0, released: 0, withheld: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 10 }), fc.constantFrom(...AUTHOR_ASSOCIATIONS), fc.dictionary(fc.constantFrom(...PEOPLE), fc.constantFrom(...PERMISSIONS)), async (events, authorAssociation, initial) => {
        tally.runs++;
        gh.reset();
        const association = new Map<string, string>();
        const setPermission = (who: string, p: FakePermission, wanted: string) => {
          gh.permissions.set(who, p);
          // A user with write access is an OWNER, MEMBER or COLLABORATOR, or a CONTRIBUTOR when their
          // organisation membership is private (R2-O18); anyone else may be anything (a read-only MEMBER).
          association.set(who, WRITE.includes(p) && ![...WRITE_ASSOCIATIONS, 'CONTRIBUTOR'].includes(wanted) ? 'COLLABORATOR' : wanted);
          for (const r of gh.reviews.get(7) ?? []) if (r.user?.login === who) r.author_association = association.get(who)!;
        };
        for (const [who, p] of Object.entries(initial)) setPermission(who, p, WRITE.includes(p) ? 'MEMBER' : 'CONTRIBUTOR');
        let head = HEADS[0]!;
        const octokit = createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });
        for (const e of events) {
          if (e.kind === 'review') gh.review(7, { login: e.who, type: 'User' }, e.state, e.at === 'head' ? head : HEADS[e.at]!, association.get(e.who) ?? 'CONTRIBUTOR');
          if (e.kind === 'dismiss') {
            const open = (gh.reviews.get(7) ?? []).filter((r) => r.state === 'APPROVED' || r.state === 'CHANGES_REQUESTED');
            if (open.length) gh.dismiss(7, open[e.pick % open.length]!);
          }
          if (e.kind === 'permission') setPermission(e.who, e.permission, e.association);
          if (e.kind === 'push') head = HEADS[e.head]!;
          const pr: VerifiedPullRequest = { number: 7, headSha: head, baseSha: 'f'.repeat(40), baseRef: 'main', fromFork: true, headRepo: 'mallory/lists', headOwner: AUTHOR, author: AUTHOR, authorAssociation, labels: [] };
          // Each plan job of the run (two targets) decides on its own, with its own cache.
          for (let job = 0; job < 2; job++) {
            const trust = await decideTrust(octokit, { owner: 'acme', repo: 'lists' }, pr, new Map());
            const expected = reference(gh.reviews.get(7) ?? [], gh.permissions, head, authorAssociation);
            expect({ events, job, trusted: trust.trusted }).toEqual({ events, job, trusted: expected });
            tally.decisions++;
            tally[trust.trusted ? 'released' : 'withheld']++;
          }
        }
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
    // eslint-disable-next-line no-console
    console.log(`pr-trust property: ${NUM_RUNS} runs, seed ${SEED}: ${tally.decisions} decisions, ${tally.released} released, ${tally.withheld} withheld`);
    expect(tally.released).toBeGreaterThan(0);
    expect(tally.withheld).toBeGreaterThan(0);
  }, 120_000);

  it('a trusted author whose permission GitHub does not give (404, 403, 5xx, every retry) is not trusted; the same author answered write is', async () => {
    const member: VerifiedPullRequest = { number: 7, headSha: HEADS[0]!, baseSha: 'f'.repeat(40), baseRef: 'main', fromFork: true, headRepo: 'mallory/lists', headOwner: AUTHOR, author: AUTHOR, authorAssociation: 'MEMBER', labels: [] };
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
