// What the deployment tests share: a staging apply's record of sha(n) in acme/lists.
import type { AppliedPayload } from '../../src/github/deployment-record.js';

export const repo = { owner: 'acme', repo: 'lists' };
export const payload: AppliedPayload = { kwsync: 1, target: 'staging', created: [], updated: ['scam'], deleted: [], revisions: { scam: 'h_scam_3' } };
/** Commit number n as a 40-hex sha. */
export const sha = (n: number) => n.toString(16).padStart(40, '0');
export const staging = { name: 'staging' };
