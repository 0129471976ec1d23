// Issue 27 item 6: the drift summary, the drift issue and `mode: status` of a public repository
// count the live lists that have no file and never name them (an outsider's PR plan withholds those
// names; a public output must not hand them out). A private repository (GitHub's `private`) names
// them. Through the Action, the fake GitHub and the emulator over HTTP.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { commitBlocklist, createLive, runAtHead, stageTwoWorldPerTest } from './action-harness.js';

const { gh, w } = stageTwoWorldPerTest();
let sha: string;
beforeEach(async () => {
  sha = commitBlocklist(w, ['spam']);
  await createLive(w, 'blocklist', ['scam']);
  // Kept out of git on purpose: its name is the secret.
  await createLive(w, 'doxx-shield-jane-roe', ['Jane Roe 221B']);
});

describe('public outputs count unmanaged lists, never name them', () => {
  it('drift: the job summary and the drift issue of a public repository; the private one names it (the contrast)', async () => {
    const pub = await runAtHead(w, gh, sha, 'drift');
    expect(pub.result.hasChanges).toBe(true);
    const issue = gh.issues.at(-1)!.body;
    for (const text of [pub.summary, issue]) {
      expect(text).not.toContain('doxx-shield');
      expect(text).not.toContain('Jane Roe');
      expect(text).toContain('1 live list has no file (unmanaged); their names are withheld because this repository is public.');
    }
    gh.privateRepo = true;
    const priv = await runAtHead(w, gh, sha, 'drift');
    expect(priv.summary).toContain('doxx-shield-jane-roe');
  });

  it('status: the table of a public repository counts it; the private one names it', async () => {
    const pub = await runAtHead(w, gh, sha, 'status');
    expect(pub.summary).not.toContain('doxx-shield');
    expect(pub.summary).toContain('1 live list has no file (unmanaged); their names are withheld');
    gh.privateRepo = true;
    expect((await runAtHead(w, gh, sha, 'status')).summary).toContain('doxx-shield-jane-roe');
  });
});
