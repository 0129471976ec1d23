// mode plan-comment (issue 30 item 2): the comment job posts the PR's one plan comment from the
// sections the targets' plan-live jobs left. Through the Action and the fake GitHub: every target
// of kwsync.yaml has a row; only sections of the PR's current head count; a file that is not a
// section is skipped; 50 large sections still fit GitHub's 65,536 characters; a second run edits
// the same comment.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from '@jest/globals';
import { stringify } from 'yaml';
import { writeSectionFile } from '../../src/action/plan-sections.js';
import { runAction } from '../../src/action/run-action.js';
import { parseSections } from '../../src/github/render-pr-summary.js';
import { FakeGitHub } from '../github/fake-github.js';
import { planComment } from '../github/plan-comment.js';
import { context, harness, inputs, listYaml, TempRepo } from './action-harness.js';

let gh: FakeGitHub;
let repo: TempRepo;
let dir: string;
let headSha: string;
let baseSha: string;
const NAMES = Array.from({ length: 50 }, (_, i) => `t${String(i + 1).padStart(2, '0')}`);

beforeAll(async () => (gh = await new FakeGitHub().start()));
afterAll(() => gh.close());
beforeEach(() => {
  gh.reset();
  repo = new TempRepo();
  gh.gitDir = repo.dir;
  dir = mkdtempSync(join(tmpdir(), 'kwsync-sections-'));
  repo.write('keywords/kwsync.yaml', stringify({ targets: NAMES.map((name) => ({ name })) }));
  repo.write('keywords/a.yaml', listYaml('a', ['x']));
  baseSha = repo.commit();
  repo.write('keywords/a.yaml', listYaml('a', ['x', 'y']));
  headSha = repo.commit();
  gh.permissions.set('alice', 'write'); // R-M11: a trusted author also needs write access here
  gh.pulls.push({
    number: 9, state: 'open', user: { login: 'alice', type: 'User' }, author_association: 'MEMBER', labels: [],
    head: { sha: headSha, ref: 'feature', repo: { full_name: 'acme/lists', owner: { login: 'acme' } } }, base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } },
  });
});
afterEach(() => {
  repo.remove();
  rmSync(dir, { recursive: true, force: true });
});

const event = () => ({
  workflow_run: {
    id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', created_at: '2025-01-01T00:00:00Z',
    head_sha: headSha, head_branch: 'feature', head_repository: { full_name: 'acme/lists', owner: { login: 'acme' } }, pull_requests: [],
  },
});
const commentJob = () => runAction({ inputs: inputs('plan-comment', { artifactDir: join(dir, 'kwsync-plan-sections') }), context: context(repo, { eventName: 'workflow_run', sha: baseSha, event: event() }), deps: harness(repo, gh, undefined).deps });

it('one comment: a row per target, the current head\'s sections only, within GitHub\'s limit even with 50 large plans', async () => {
  const big = Array.from({ length: 400 }, (_, i) => `| \`list-${i}\` | update | +1 −0 |`).join('\n');
  for (const target of NAMES.slice(0, 48)) await writeSectionFile(dir, { pr: 9, headSha, target, summary: '0 to create, 1 to update, 0 to delete', details: `### kwsync plan for \`${target}\`\n\n${big}`, runUrl: 'https://github.com/acme/lists/actions/runs/42' });
  // An older push's section for t49 never reads as the current plan; t50's job left nothing.
  await writeSectionFile(dir, { pr: 9, headSha: 'a'.repeat(40), target: 't49', summary: 'stale', details: 'old', runUrl: 'u' });
  writeFileSync(join(dir, 'kwsync-plan-sections', 'junk.json'), '{"formatVersion":1,"pr":9}');
  const result = await commentJob();
  expect({ failed: result.failed, message: result.message }).toEqual({ failed: false, message: undefined });
  const comments = gh.comments.filter((c) => c.issue === 9);
  expect(comments).toHaveLength(1);
  const body = planComment(gh, 9)!.body;
  expect(body.length).toBeLessThanOrEqual(65_536);
  expect([...parseSections(body).keys()]).toEqual(NAMES.slice(0, 48));
  expect(body).toContain('| `t49` | _not planned yet (its job has not finished)_ |');
  expect(body).not.toContain('stale');
  expect(body).toContain('[the job summary](https://github.com/acme/lists/actions/runs/42) has all of it.');

  // The next push: the same comment, edited.
  await writeSectionFile(dir, { pr: 9, headSha, target: 't50', summary: 'no changes', details: 'nothing', runUrl: 'u' });
  await commentJob();
  expect(gh.comments.filter((c) => c.issue === 9)).toHaveLength(1);
  expect(planComment(gh, 9)!.body).toContain('| `t50` | no changes |');
});
