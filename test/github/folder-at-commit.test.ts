// readFolderAtCommit over the fake's Git Database API (backed by a real repository): the folder's
// files at one commit, blobs the checkout already has taken locally, links and submodules refused
// by their mode, caps applied from the tree before any content is fetched.
import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { readLocalBlob } from '../../src/plan/base-lists.js';
import { readFolderAtCommit } from '../../src/github/folder-at-commit.js';
import type { TempRepo } from '../action/action-harness.js';
import { fakeGitHubPerFile, octokitOf, servedRepo } from './fake-github-hooks.js';

const gh = fakeGitHubPerFile();
let repo: TempRepo;
beforeEach(() => void (repo = servedRepo(gh, repo)));
afterAll(() => repo.remove());
const octokit = () => octokitOf(gh);
const limits = { maxBytes: 1000, maxFiles: 10 };
const read = (sha: string, extra: object = {}) => readFolderAtCommit(octokit(), { owner: 'acme', repo: 'lists', sha, dir: 'keywords', limits, ...extra });

describe('readFolderAtCommit', () => {
  it('reads every file of the folder (nested too) as bytes, and nothing outside it', async () => {
    repo.write('keywords/a.yaml', 'id: a\n');
    repo.write('outside.txt', 'not read');
    (await import('node:fs')).mkdirSync(join(repo.dir, 'keywords/csv'));
    repo.write('keywords/csv/a.csv', 'é\n');
    const sha = repo.commit();
    const got = await read(sha);
    expect(got.files.map((f) => [f.path, f.content.toString('utf8')])).toEqual([['a.yaml', 'id: a\n'], ['csv/a.csv', 'é\n']]);
    expect(got).toMatchObject({ exists: true, local: 0 });
    expect(gh.requests.filter((r) => r.path.includes('/git/blobs/'))).toHaveLength(2);
  });

  it('takes blobs the checkout has from the local object store (content-addressed), fetching none', async () => {
    repo.write('keywords/a.yaml', 'id: a\n');
    const sha = repo.commit();
    const got = await read(sha, { readLocalBlob: (blob: string) => readLocalBlob(repo.dir, blob) });
    expect(got.local).toBe(1);
    expect(gh.requests.filter((r) => r.path.includes('/git/blobs/'))).toEqual([]);
  });

  it('a commit without the folder: exists false, no files', async () => {
    repo.write('other.txt', 'x');
    expect(await read(repo.commit())).toEqual({ exists: false, files: [], local: 0 });
  });

  it.each([
    ['a symbolic link', () => symlinkSync('/etc/passwd', join(repo.dir, 'keywords/p.yaml')), 'is a symbolic link'],
    ['too many bytes, judged from the tree', () => repo.write('keywords/big.csv', 'x'.repeat(2000)), 'more than 1000 bytes'],
    ['a path the caller refuses', () => repo.write('keywords/bad name.yaml', 'x'), 'the path "keywords/bad name.yaml" has a space'],
  ])('refuses %s before fetching any content', async (_n, make, why) => {
    make();
    const sha = repo.commit();
    await expect(read(sha, { pathProblem: (p: string) => (p.includes(' ') ? 'has a space' : null) })).rejects.toThrow(why);
    expect(gh.requests.filter((r) => r.path.includes('/git/blobs/'))).toEqual([]);
  });
});
