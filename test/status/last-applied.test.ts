// The shared reading and wording of "last applied" (src/status/last-applied.ts): a reader that throws
// is a reason, never a throw; reasons and targets are escaped; a run link that is not plain https is left out.
import { describe, expect, it } from '@jest/globals';
import { lastAppliedLine, liveOnLine, readLastApplied, utcTime } from '../../src/status/last-applied.js';

const record = { deploymentId: 9, target: 'staging', environment: 'staging', sha: 'abc1234def5678abc1234def5678abc1234def56', appliedAt: '2026-11-20T14:02:59Z', runUrl: 'https://github.com/acme/lists/actions/runs/41' };

describe('readLastApplied', () => {
  it('turns a record into status data, and a throwing reader into a reason marked error', async () => {
    expect(await readLastApplied({ lastApplied: async () => ({ found: true, record }) }, { name: 'staging' })).toEqual({
      found: true, sha: record.sha, shortSha: 'abc1234', appliedAt: record.appliedAt, runUrl: record.runUrl, deploymentId: 9,
    });
    expect(await readLastApplied({ lastApplied: async () => { throw new Error('socket hang up'); } }, { name: 'staging' })).toEqual({
      found: false, reason: 'the deployment records could not be read: socket hang up', error: true,
    });
  });
});

describe('the two lines', () => {
  const applied = { found: true, sha: record.sha, shortSha: 'abc1234', appliedAt: record.appliedAt, runUrl: record.runUrl };
  it('say the sha, the UTC minute and the run', () => {
    expect(utcTime('2026-11-20T14:02:59Z')).toBe('2026-11-20 14:02 UTC');
    expect(lastAppliedLine(applied, 'the default branch')).toBe('Last applied: `abc1234` on 2026-11-20 14:02 UTC by [run](https://github.com/acme/lists/actions/runs/41).');
    expect(liveOnLine('staging', applied)).toBe('Live on `staging`: `abc1234`, applied 2026-11-20 14:02 UTC ([run](https://github.com/acme/lists/actions/runs/41))');
  });

  it('escape the reason and the target, and leave out a run link that is not plain https', () => {
    const none = { found: false, reason: 'no record <img src=x> **yet**' };
    expect(lastAppliedLine(none, 'the default branch')).toContain('(no record \\<img src=x\\> ');
    expect(liveOnLine('x', none)).not.toContain('**yet**');
    expect(liveOnLine('x', none)).toMatch(/^No apply of this target is recorded \(.*\)\.$/);
    expect(liveOnLine('a`b', applied)).toContain('Live on ``a`b``');
    expect(liveOnLine('staging', { ...applied, runUrl: 'javascript:alert(1)' })).toBe('Live on `staging`: `abc1234`, applied 2026-11-20 14:02 UTC');
    expect(lastAppliedLine({ ...applied, runUrl: 'https://x/) [y](https://evil' }, 'b')).not.toContain('[run]');
  });
});
