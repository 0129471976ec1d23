// Issue 37 item 4: a keyed job reads only with the key of the target's own environment. The reusable
// workflows hand the key to kwsync only when the environment's variable KWSYNC_ENVIRONMENT names the
// job's environment (test/action/red-team-workflows.test.ts R-W7 checks the files); without it the
// job reads nothing and says why. Here: the reason from what the workflows pass, and the scheduled
// drift of a target whose environment holds no key of its own, through runAction and the emulator.
import { describe, expect, it } from '@jest/globals';
import { keyReason } from '../../src/action/api-key-env.js';
import { runAction } from '../../src/action/run-action.js';
import { context, harness, inputs, listYaml, stageTwoWorldPerTest } from './action-harness.js';

const { gh, w } = stageTwoWorldPerTest();

describe('the key only from the target\'s own environment', () => {
  it('says why there is no key: the environment does not name itself, or holds no secret; nothing outside the workflows', () => {
    expect(keyReason({ KWSYNC_JOB_ENVIRONMENT: 'newtarget', KWSYNC_KEY_ENVIRONMENT: '' }, false)).toMatch(/^the job's environment "newtarget" does not name itself in its variable KWSYNC_ENVIRONMENT \(unset\), so no key is used/);
    expect(keyReason({ KWSYNC_JOB_ENVIRONMENT: 'newtarget', KWSYNC_KEY_ENVIRONMENT: 'production' }, false)).toContain('(it reads "production", from the repository or another scope)');
    expect(keyReason({ KWSYNC_JOB_ENVIRONMENT: 'prod', KWSYNC_KEY_ENVIRONMENT: 'prod' }, false)).toBe('the environment "prod" has no COMETCHAT_API_KEY secret');
    expect(keyReason({ KWSYNC_JOB_ENVIRONMENT: 'prod', KWSYNC_KEY_ENVIRONMENT: 'prod' }, true)).toBeUndefined();
    expect(keyReason({}, false)).toBeUndefined();
  });

  it('the scheduled drift of a target without its own key reads nothing and says why (0 requests to the app)', async () => {
    w.repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    w.repo.write('keywords/kwsync.yaml', 'targets:\n  - name: newtarget\n    appId: app\n');
    const sha = w.repo.commit();
    gh.branches.set('main', sha);
    const h = harness(w.repo, gh, w.emu);
    const deps = { ...h.deps, connect: undefined, noKeyReason: keyReason({ KWSYNC_JOB_ENVIRONMENT: 'newtarget', KWSYNC_KEY_ENVIRONMENT: '' }, false)! };
    w.emu.requests.length = 0;
    const result = await runAction({ inputs: inputs('drift', { target: 'newtarget' }), context: context(w.repo, { sha, eventName: 'schedule' }), deps });
    expect(result.failed).toBe(true);
    expect(result.message).toMatch(/^nothing was read: the job's environment "newtarget" does not name itself in its variable KWSYNC_ENVIRONMENT/);
    expect(w.emu.requests).toEqual([]);
  });
});
