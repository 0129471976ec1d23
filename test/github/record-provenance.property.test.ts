// Issue 37 item 5, provenance: over generated run attempts (re-runs, each with its own time), links
// to an attempt (or none: attempt 1), tags named like the default branch, tag-push runs (whose
// commit is not on the branch's history) and floods of forged records made after the genuine one,
// the reader's answer is held to one reference: the record counts iff the attempt its log_url
// names exists and its time holds the record and its status, no tag of the branch's name points at
// its commit, and its commit is on the branch's history; a flood never hides it. Through the real
// reader over HTTP to the fake GitHub (runs, attempts, tags and compare in GitHub's shapes).
// KWSYNC_PROPERTY_RUNS / KWSYNC_PROPERTY_SEED replay a run (KWSYNC_LONG=1: 1,000 runs).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createApplyDeployment, deploymentReader, setDeploymentStatus } from '../../src/github/deployments.js';
import { payload, repo, sha, staging } from './deployment-fixture.js';
import { fakeGitHubPerFile, octokitOf } from './fake-github-hooks.js';
import { startRun, type FakeRun } from './fake-github.js';
import { propertyRuns } from '../helpers/runs.js';

const gh = fakeGitHubPerFile();
const NUM_RUNS = propertyRuns(15, 1000);
const SEED = process.env.KWSYNC_PROPERTY_SEED === undefined ? 3702 : Number(process.env.KWSYNC_PROPERTY_SEED);

/** Attempt windows around the moment the record is written (the fake's clock reads 2025-01-02T00:00:0x then). */
const SLOTS = {
  before: { run_started_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T06:00:00Z' },
  during: { run_started_at: '2025-01-01T12:00:00Z', updated_at: '2025-06-01T00:00:00Z' },
  after: { run_started_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-02T00:00:00Z' },
} as const;
type Slot = keyof typeof SLOTS;

const arb = fc.record({
  /** The run's attempts, in time order: a sorted, non-empty choice of the slots. */
  slots: fc.subarray(['before', 'during', 'after'] as Slot[], { minLength: 1 }),
  lastRunning: fc.boolean(),
  /** Which attempt the log_url names: none (attempt 1), 1..3, or one the run never had. */
  link: fc.oneof({ weight: 3, arbitrary: fc.constant<number | 'none'>('none') }, { weight: 4, arbitrary: fc.constantFrom<number | 'none'>(1, 2, 3, 4) }),
  tag: fc.oneof({ weight: 3, arbitrary: fc.constant('none') }, { weight: 1, arbitrary: fc.constantFrom('at-record', 'elsewhere') }),
  tagRun: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  flood: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(0, 3) }, { weight: 1, arbitrary: fc.constant(101) }),
});

describe('property: a record counts only for the attempt that made it, on the branch, past any flood', () => {
  it('over generated attempts, re-runs, tags and floods', async () => {
    const tally = { runs: 0, counted: 0, refused: 0, flooded: 0, foundPastFlood: 0 };
    const octokit = octokitOf(gh);
    await fc.assert(
      fc.asyncProperty(arb, async (c) => {
        tally.runs++;
        gh.reset();
        const commit = sha(100_000 + tally.runs);
        const attempts = c.slots.map((s, i) => ({ ...SLOTS[s], status: (i === c.slots.length - 1 && c.lastRunning ? 'in_progress' : 'completed') as FakeRun['status'] }));
        const [first, ...reruns] = attempts;
        const run = startRun({ head_sha: commit, tag: c.tagRun, created_at: first!.run_started_at, updated_at: first!.updated_at, status: reruns.length ? 'completed' : first!.status, reruns: reruns.map((a) => ({ ...a })) });
        if (c.tag === 'at-record') gh.tags.set('main', commit);
        if (c.tag === 'elsewhere') gh.tags.set('main', sha(9));
        const logUrl = c.link === 'none' ? run.url : `${run.url}/attempts/${c.link}`;
        const { id } = await createApplyDeployment(octokit, { ...repo, target: staging, sha: commit, payload });
        await setDeploymentStatus(octokit, { ...repo, deploymentId: id, state: 'success', description: 'applied', logUrl });
        for (let i = 0; i < c.flood; i++) {
          const d = await octokit.rest.repos.createDeployment({ ...repo, ref: sha(200_000 + i), environment: 'staging', task: 'deploy:kwsync', auto_merge: false, required_contexts: [], payload: { kwsync: 1, target: 'staging', created: [], updated: [], deleted: [], revisions: {} } });
          await octokit.rest.repos.createDeploymentStatus({ ...repo, deployment_id: (d.data as { id: number }).id, state: 'success', description: 'forged' });
        }
        // The reference.
        const n = c.link === 'none' ? 1 : c.link;
        const slot = c.slots[n - 1];
        const running = n === c.slots.length && c.lastRunning;
        const inside = slot === 'during' || (slot === 'before' && running);
        const counts = slot !== undefined && inside && c.tag !== 'at-record' && !c.tagRun;
        const reader = deploymentReader(octokit, repo);
        const last = await reader.lastApplied(staging);
        expect({ c, found: last.found }).toEqual({ c, found: counts });
        if (counts && last.found) expect(last.record.deploymentId).toBe(id);
        const of = await reader.recordOf(staging, commit);
        expect({ c, state: of?.state }).toEqual({ c, state: counts ? 'success' : 'ignored' });
        tally[counts ? 'counted' : 'refused']++;
        if (c.flood > 100) tally.flooded++;
        if (c.flood > 100 && counts) tally.foundPastFlood++;
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
    // eslint-disable-next-line no-console
    console.log(`record provenance property: ${NUM_RUNS} runs, seed ${SEED}: ${tally.counted} counted, ${tally.refused} refused, ${tally.flooded} behind a flood of 101 forged records (${tally.foundPastFlood} of them genuine and found)`);
    expect(tally.counted).toBeGreaterThan(0);
    expect(tally.foundPastFlood).toBeGreaterThan(0);
  }, 60_000 + NUM_RUNS * 2_000);
});
