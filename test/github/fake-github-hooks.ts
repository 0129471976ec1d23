// The set-up the fake GitHub's test files share: one fake per file, a client of it, and a
// throwaway repository whose objects its Git Database API serves.
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { createGitHubClient } from '../../src/github/client.js';
import { TempRepo } from '../action/action-harness.js';
import { FakeGitHub } from './fake-github.js';

/** The hooks of a test file: the fake started once, its state cleared before each test. */
export function fakeGitHubPerFile(): FakeGitHub {
  const gh = new FakeGitHub();
  beforeAll(() => gh.start());
  afterAll(() => gh.close());
  beforeEach(() => gh.reset());
  return gh;
}

/** A new repository in place of `old` (removed), the one `gh` serves from now on. */
export function servedRepo(gh: FakeGitHub, old?: TempRepo): TempRepo {
  old?.remove();
  const repo = new TempRepo();
  gh.gitDir = repo.dir;
  return repo;
}

/** A client of `gh` that neither throttles nor waits between retries. */
export const octokitOf = (gh: FakeGitHub) => createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });
