// Issue 27 item 4 through stage two: a PR's target name and validate.rules key land in what
// reviewers read. Each runs as the PR would: the fake GitHub, the emulator over HTTP, the comment
// and the check parsed by the markdown oracle (GitHub's autolinks on).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { runAction } from '../../src/action/run-action.js';
import { planComment } from '../github/plan-comment.js';
import { BOT, FakeGitHub } from '../github/fake-github.js';
import { assertInert } from '../github/markdown-oracle.js';
import { closeStageTwoWorld, context, harness, inputs, listYaml, openStageTwoWorld, type StageTwoWorld } from './action-harness.js';

const RUN = 'https://github.com/acme/lists/actions/runs/42';
let gh: FakeGitHub;
let w: StageTwoWorld;
let baseSha: string;
beforeAll(async () => {
  gh = await new FakeGitHub().start();
});
afterAll(() => gh.close());
beforeEach(async () => {
  w = await openStageTwoWorld(gh);
  w.repo.write('keywords/blocklist.yaml', listYaml('blocklist', ['spam']));
  baseSha = w.repo.commit();
});
afterEach(() => closeStageTwoWorld(w));

async function stageTwo(files: Record<string, string>): Promise<{ body: string; check: any }> {
  w.repo.git('checkout', '-q', '-b', 'feature');
  for (const [p, t] of Object.entries(files)) w.repo.write(p, t);
  const head = w.repo.commit();
  w.repo.git('checkout', '-q', 'main');
  gh.permissions.set('insider', 'write'); // R-M11: a trusted author also needs write access here
  gh.pulls.push({
    number: 7, state: 'open', user: { login: 'insider', type: 'User' }, author_association: 'MEMBER', labels: [],
    head: { sha: head, ref: 'feature', repo: { full_name: 'acme/lists', owner: { login: 'acme' } } }, base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } },
  });
  const event = { workflow_run: { event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', head_sha: head, head_branch: 'feature', head_repository: { full_name: 'acme/lists', owner: { login: 'acme' } }, pull_requests: [] } };
  const h = harness(w.repo, gh, w.emu);
  await runAction({ inputs: inputs('plan-live'), context: context(w.repo, { eventName: 'workflow_run', sha: baseSha, event, runUrl: RUN }), deps: h.deps });
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
