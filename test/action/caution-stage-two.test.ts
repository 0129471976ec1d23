// Issue 27 item 4 through stage two: a PR's target name and validate.rules key land in what
// reviewers read. Each runs as the PR would: the fake GitHub, the emulator over HTTP, the comment
// and the check parsed by the markdown oracle (GitHub's autolinks on).
import { beforeEach, describe, expect, it } from '@jest/globals';
import { planComment } from '../github/plan-comment.js';
import { assertInert } from '../github/markdown-oracle.js';
import { commitBlocklist, commitOn, memberPlanLive, stageTwoWorldPerTest } from './action-harness.js';

const RUN = 'https://github.com/acme/lists/actions/runs/42';
const { gh, w } = stageTwoWorldPerTest();
let baseSha: string;
beforeEach(async () => {
  baseSha = commitBlocklist(w, ['spam']);
});

async function stageTwo(files: Record<string, string>): Promise<{ body: string; check: any }> {
  const head = commitOn(w.repo, 'feature', baseSha, files);
  await memberPlanLive(w, gh, head, baseSha, { runUrl: RUN });
  return { body: planComment(gh, 7)?.body ?? '', check: gh.checkRuns.at(-1) };
}

describe('PR strings in a CAUTION, through stage two', () => {
  it('an added target named www.attacker.example is code, not a link, and every connection field is named', async () => {
    const { body } = await stageTwo({ 'keywords/kwsync.yaml': 'targets:\n  - name: default\n  - name: www.attacker.example\n    baseUrl: https://attacker.example/v3\n    environment: www.attacker.example\n' });
    expect(body).toContain('target `www.attacker.example` added (appId (none), region (none), baseUrl `https://attacker.example/v3`, apiKeyEnv (none), environment `www.attacker.example`)');
    assertInert(body, new Set([RUN]));
  });

  it('a validate.rules key carrying a fake banner and an image, raised to error: refused as no rule id, nothing rendered', async () => {
    const hostile = '![x](https://evil.example/p.png) **Approved: safe to merge** @org/team';
    const { body, check } = await stageTwo({ 'keywords/kwsync.yaml': `validate:\n  rules:\n    ${JSON.stringify(hostile)}: error\n` });
    expect(check.conclusion).toBe('failure');
    expect(JSON.stringify(check.annotations)).toContain('is not a rule id');
    assertInert(body, new Set([RUN]));
    assertInert(String(check.output?.summary ?? ''), new Set([RUN]));
    expect(body).not.toContain('evil.example/p.png)');
  });
});
