// What the deployment tests share: one fake GitHub for the test file (reset before each test), a
// client of it, and a staging apply's record of sha(n) in acme/lists.
import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { createGitHubClient } from '../../src/github/client.js';
import type { AppliedPayload } from '../../src/github/deployment-record.js';
import { FakeGitHub } from './fake-github.js';

/** The hooks of a test file: the fake started once, its state cleared before each test. */
export function fakeGitHubPerFile(): FakeGitHub {
  const gh = new FakeGitHub();
  beforeAll(() => gh.start());
  afterAll(() => gh.close());
  beforeEach(() => gh.reset());
  return gh;
}

export const repo = { owner: 'acme', repo: 'lists' };
/** A client of `gh` that neither throttles nor waits between retries. */
export const octokitOf = (gh: FakeGitHub) => createGitHubClient({ token: 't', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });
export const payload: AppliedPayload = { kwsync: 1, target: 'staging', created: [], updated: ['scam'], deleted: [], revisions: { scam: 'h_scam_3' } };
/** Commit number n as a 40-hex sha. */
export const sha = (n: number) => n.toString(16).padStart(40, '0');
export const staging = { name: 'staging' };
