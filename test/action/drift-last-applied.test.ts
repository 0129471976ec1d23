// The drift job says what was last applied, from the same deployment record `kwsync status` reads
// (issue 21): the record an apply wrote to the fake GitHub, no record (the fallback, stated), and
// records the token cannot read (403: the reason stated, drift still reported). When the default
// branch has list changes the last apply lacks, it says so: a pending apply is not a live edit.
import { describe, expect, it } from '@jest/globals';
import { harness, listYaml, liveOf, runAtHead, stageTwoWorldPerTest } from './action-harness.js';

const { gh, w } = stageTwoWorldPerTest();

const live = () => liveOf(w);
/** `mode` at `sha` as the head of main; the harness reads the records through the real reader (as main.ts wires it). */
const runAt = (sha: string, mode: 'apply' | 'drift') => runAtHead(w, gh, sha, mode);
/** A live edit outside the repository: drift. */
async function editLive(id: string, terms: string[]) {
  const l = await live().getKeywordList(id);
  await live().updateKeywordList({ ...l!, searchTerms: terms });
}

describe('the drift job names the last applied commit', () => {
  it('with a record of the default branch\'s commit: the sha, when and the run, in the summary and the issue', async () => {
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const sha = w.repo.commit();
    expect((await runAt(sha, 'apply')).result.failed).toBe(false);
    const when = gh.deployments[0]!.statuses.find((s) => s.state === 'success')!.created_at;
    const minute = `${when.slice(0, 16).replace('T', ' ')} UTC`;
    await editLive('scam', ['free money', 'typed live']);

    const { result, summary } = await runAt(sha, 'drift');
    expect(result).toMatchObject({ failed: false, hasChanges: true });
    const line = `Last applied: \`${sha.slice(0, 7)}\` on ${minute} by [run](${gh.deployments[0]!.statuses[0]!.log_url}). The default branch is that commit.`;
    expect(summary).toContain(line);
    expect(gh.issues).toHaveLength(1);
    expect(gh.issues[0]!.body).toContain(line);
    expect(summary).not.toContain('not applied yet');
  });

  it('the default branch ahead of the last apply: says which lists are not applied yet, and still reports drift', async () => {
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const applied = w.repo.commit();
    await runAt(applied, 'apply');
    w.repo.write('keywords/other.yaml', listYaml('other', ['x']));
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money', 'prize']));
    const head = w.repo.commit();

    const { result, summary } = await runAt(head, 'drift');
    expect(result).toMatchObject({ failed: false, hasChanges: true });
    expect(summary).toContain(`Last applied: \`${applied.slice(0, 7)}\` on `);
    expect(summary).toContain('The default branch has list changes not applied yet (an apply failed or is pending): added `other`; changed `scam`.');
    expect(gh.issues[0]!.body).toContain('has list changes not applied yet');
  });

  it('without a record: the fallback says so and what live was compared with', async () => {
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const sha = w.repo.commit();
    const { result, summary } = await runAt(sha, 'drift');
    expect(result).toMatchObject({ failed: false, hasChanges: true });
    const line = 'Last applied: no deployment record (no kwsync apply recorded in environment default yet); compared with the default branch.';
    expect(summary).toContain(line);
    expect(gh.issues[0]!.body).toContain(line);
  });

  it('records the token cannot read (403): the reason stated, the drift still reported and filed', async () => {
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    const sha = w.repo.commit();
    await runAt(sha, 'apply');
    await editLive('scam', ['typed live']);
    gh.faultsFor.push({ method: 'GET', path: /\/deployments/, status: 403, message: 'Resource not accessible by integration', count: 10 });

    const { result, summary } = await runAt(sha, 'drift');
    expect(result).toMatchObject({ failed: false, hasChanges: true });
    expect(summary).toMatch(/Last applied: unknown, the deployment records of environment default cannot be read \(GitHub answered 403 to GET \/repos\/acme\/lists\/deployments; the job needs \\`deployments: read\\`: Resource not accessible by integration\); compared with the default branch\./);
    expect(summary).toContain('**Drift**');
    expect(gh.issues).toHaveLength(1);
    expect(gh.issues[0]!.body).toContain('cannot be read (GitHub answered 403');
  });
});
