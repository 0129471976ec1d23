// The head read's bound on GitHub requests (issue 27 item 7): files the checkout holds cost nothing,
// and a head with more files to fetch than `maxFetched` is refused before any blob is read, so one
// push's read is at most the commit, its trees and maxFetched blobs, whatever the PR holds.
import { afterAll, beforeEach, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readLocalBlob } from '../../src/plan/base-lists.js';
import { HEAD_READ_LIMITS } from '../../src/action/pr-bundle.js';
import { readFolderAtCommit } from '../../src/github/folder-at-commit.js';
import type { TempRepo } from '../action/action-harness.js';
import { fakeGitHubPerFile, octokitOf, servedRepo } from './fake-github-hooks.js';
import { propertyRuns } from '../helpers/runs.js';

const gh = fakeGitHubPerFile();
let repo: TempRepo;
beforeEach(() => void (repo = servedRepo(gh, repo)));
afterAll(() => repo.remove());
const octokit = () => octokitOf(gh);
const blobReads = () => gh.requests.filter((r) => r.path.includes('/git/blobs/')).length;

/** A default branch with `held` files, then a head adding `changed` more; the reader knows only the default branch's blobs. */
function world(held: number, changed: number) {
  for (let i = 0; i < held; i++) repo.write(`keywords/held-${i}.yaml`, `id: held-${i}\n`);
  repo.write('keywords/kwsync.yaml', 'targets: []\n');
  const base = repo.commit();
  const known = new Set(repo.git('ls-tree', '-r', '--object-only', base).split('\n').filter(Boolean));
  for (let i = 0; i < changed; i++) repo.write(`keywords/changed-${i}.yaml`, `id: changed-${i}\n`);
  const head = repo.commit();
  const local = (sha: string) => (known.has(sha) ? readLocalBlob(repo.dir, sha) : Promise.resolve(undefined));
  return { head, local };
}

it('fetches exactly the files the checkout lacks, and refuses more than maxFetched before any blob', async () => {
  await fc.assert(
    fc.asyncProperty(fc.nat({ max: 6 }), fc.nat({ max: 6 }), fc.nat({ max: 5 }), async (held, changed, maxFetched) => {
      gh.reset();
      repo = servedRepo(gh, repo);
      const { head, local } = world(held, changed);
      const read = readFolderAtCommit(octokit(), { owner: 'acme', repo: 'lists', sha: head, dir: 'keywords', limits: { maxBytes: 1e6, maxFiles: 100, maxFetched }, readLocalBlob: local });
      if (changed > maxFetched) {
        await expect(read).rejects.toThrow(`${changed} files changed from the default branch, over the ${maxFetched} read one request each`);
        expect(blobReads()).toBe(0);
      } else {
        const got = await read;
        expect(got.files).toHaveLength(held + changed + 1);
        expect(got.local).toBe(held + 1);
        expect(blobReads()).toBe(changed);
      }
      // The commit, the root tree and the folder's recursive tree: the rest of the read, at any size.
      expect(gh.requests.filter((r) => r.path.includes('/git/') && !r.path.includes('/git/blobs/'))).toHaveLength(3);
    }),
    { numRuns: propertyRuns(8, 40), seed: 2707 },
  );
}, 180_000);

it('the stage-two limit is 100 files fetched: 101 changed files are refused with no blob read', async () => {
  expect(HEAD_READ_LIMITS.maxFetched).toBe(100);
  const { head, local } = world(0, 101);
  await expect(readFolderAtCommit(octokit(), { owner: 'acme', repo: 'lists', sha: head, dir: 'keywords', limits: HEAD_READ_LIMITS, readLocalBlob: local })).rejects.toThrow(/too large to plan: 101 files changed from the default branch/);
  expect(blobReads()).toBe(0);
}, 30_000);
