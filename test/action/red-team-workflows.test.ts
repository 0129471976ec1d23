// Issue 27 item 9, red team: attacks on the workflows themselves (kwsync's own and the ones `kwsync
// init` writes for adopters), as a pull request that edits workflows, package.json or the lock files
// would try them. GitHub runs these files, not kwsync, so the attack is checked on the files GitHub
// would run: which events reach a job holding the key, what it checks out, what it executes.
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { localUses, WORKFLOW_KINDS, workflowText } from '../../src/init/workflow-templates.js';

const dir = join(process.cwd(), '.github/workflows');
const own = Object.fromEntries(readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).map((f) => [f, parse(readFileSync(join(dir, f), 'utf8'))]));
const adopters = Object.fromEntries(WORKFLOW_KINDS.map((k) => [`init:${k}`, parse(workflowText(k, { uses: localUses, dir: 'keywords', branch: 'main' }))]));
const all: Record<string, any> = { ...own, ...adopters };
const events = (wf: any): string[] => (typeof wf.on === 'string' ? [wf.on] : Array.isArray(wf.on) ? wf.on : Object.keys(wf.on ?? {}));
/** A workflow that can bring the key into a job: it passes or reads a secret. */
const keyed = (text: string) => /secrets\.COMETCHAT_API_KEY/.test(text);
const textOf = (name: string) => (name.startsWith('init:') ? workflowText(name.slice(5) as any, { uses: localUses, dir: 'keywords', branch: 'main' }) : readFileSync(join(dir, name), 'utf8'));
const steps = (wf: any) => Object.values(wf.jobs ?? {}).flatMap((j: any) => j.steps ?? []);

describe('red team, workflows: a pull request that edits what runs', () => {
  it('R-W1 no event a pull request raises runs a workflow that holds the key (no pull_request, no pull_request_target), here or in what init writes', () => {
    const hits = Object.entries(all).filter(([n, wf]) => keyed(textOf(n)) && events(wf).some((e) => e === 'pull_request' || e === 'pull_request_target' || e === 'issue_comment'));
    expect(hits.map(([n]) => n)).toEqual([]);
    expect(Object.keys(all).filter((n) => keyed(textOf(n))).length).toBeGreaterThanOrEqual(6);
  });

  it('R-W2 jobs that hold the key check out only the default branch and kwsync\'s own pinned commit, keep no token, and run no shell', () => {
    for (const [name, wf] of Object.entries(own).filter(([n]) => /^reusable-(apply|drift|plan-live)/.test(n))) {
      for (const s of steps(wf)) {
        expect(s.run).toBeUndefined();
        if (String(s.uses ?? '').startsWith('actions/checkout@')) {
          expect([undefined, '${{ job.workflow_sha }}']).toContain(s.with?.ref);
          expect(s.with?.['persist-credentials']).toBe(false);
          expect(s.with?.submodules).toBeUndefined();
        }
      }
      expect(name).toMatch(/reusable/);
    }
  });

  it('R-W3 stage one (the PR\'s own code) gets no secret and a read-only token', () => {
    for (const name of ['kwsync-plan.yml', 'reusable-plan.yml', 'init:plan']) {
      const wf = all[name];
      expect(textOf(name)).not.toMatch(/secrets\./);
      for (const job of Object.values(wf.jobs) as any[]) expect(job.permissions).toEqual({ contents: 'read' });
    }
  });

  it('R-W4 a PR that changes package.json, the lock or the proof script is judged by the default branch\'s recipe, installing with scripts off, holding no secret', () => {
    const wf = own['bundle-proof.yml'];
    const job = wf.jobs.prove;
    expect(job.permissions).toEqual({ contents: 'read', statuses: 'write' });
    expect(readFileSync(join(dir, 'bundle-proof.yml'), 'utf8')).not.toMatch(/secrets\.(?!GITHUB_TOKEN)/);
    const s = steps(wf);
    const checkouts = s.filter((x: any) => String(x.uses ?? '').startsWith('actions/checkout@'));
    // The recipe: the default branch (no ref); the proved commit: data in its own folder, src and the bundle only.
    expect(checkouts[0].with?.ref).toBeUndefined();
    expect(checkouts[1].with).toMatchObject({ ref: '${{ env.PROVED_SHA }}', path: '.bundle-proof', 'persist-credentials': false });
    expect(String(checkouts[1].with['sparse-checkout']).trim().split(/\s+/).sort()).toEqual(['action-dist', 'src']);
    for (const x of s.filter((y: any) => /npm (ci|install)/.test(String(y.run ?? '')))) expect(x.run).toContain('--ignore-scripts');
    // The script run is the default branch's, never one from the proved commit's folder.
    expect(s.some((x: any) => /\.bundle-proof\/.*\.(m?js|sh)/.test(String(x.run ?? '')))).toBe(false);
  });

  it('R-W5 a PR that swaps the model lock: its diff is not collapsed, and CODEOWNERS asks a maintainer for it, the bundle and the workflows', () => {
    const attrs = readFileSync('.gitattributes', 'utf8');
    expect(attrs).toMatch(/^action-model\/package-lock\.json linguist-generated=false$/m);
    expect(attrs).not.toMatch(/^action-dist\/\S* .*linguist-generated(=true)?\s*$/m);
    const owners = readFileSync('.github/CODEOWNERS', 'utf8');
    for (const path of ['/action-model/', '/action-dist/', '/package.json', '/package-lock.json', '/scripts/', '/.github/', '/.gitattributes', '/action.yml']) {
      expect(owners).toMatch(new RegExp(`^${path.replace(/[.]/g, '\\.')}\\s+@`, 'm'));
    }
  });

  it('R-W6 stage two\'s concurrency group is keyed by the head repository\'s full name: an outsider\'s branch named like a member\'s cannot cancel the member\'s run', () => {
    for (const name of ['kwsync-plan-live.yml', 'init:plan-live']) {
      const group = String(all[name].concurrency?.group ?? '');
      expect(group).toContain('github.event.workflow_run.head_repository.full_name');
      expect(group.indexOf('head_repository.full_name')).toBeLessThan(group.indexOf('head_branch'));
    }
  });

  // Was PARTLY (low): the keyed workflows pass `secrets.COMETCHAT_API_KEY` by name (GitHub requires
  // it, even for an environment's secret), so a repository or organisation secret of that name
  // filled in for a target whose environment has none. Fixed (issue 37 item 4): every step that
  // runs kwsync with a key hands it over only when the environment's own variable
  // KWSYNC_ENVIRONMENT names the job's environment; a repository-level secret alone is never used.
  it('R-W7 no keyed step hands kwsync a key its own environment does not vouch for', () => {
    const environment = 'fromJSON(needs.targets.outputs.environments)[matrix.target]';
    const gated = `\${{ vars.KWSYNC_ENVIRONMENT == ${environment} && secrets.COMETCHAT_API_KEY || '' }}`;
    const keyedSteps = Object.entries(own).flatMap(([name, wf]) => Object.entries(wf.jobs ?? {}).flatMap(([job, j]: [string, any]) => (j.steps ?? []).filter((s: any) => s.env?.COMETCHAT_API_KEY !== undefined).map((s: any) => ({ name, job, env: s.env, environment: j.environment?.name }))));
    expect(keyedSteps.length).toBe(5);
    for (const k of keyedSteps) {
      expect({ at: `${k.name} ${k.job}`, key: k.env.COMETCHAT_API_KEY, job: k.env.KWSYNC_JOB_ENVIRONMENT, environment: k.environment }).toEqual({ at: `${k.name} ${k.job}`, key: gated, job: `\${{ ${environment} }}`, environment: `\${{ ${environment} }}` });
    }
    // Nothing else in a keyed workflow reads the secret: the callers only pass it by name, as GitHub requires.
    for (const [name, wf] of Object.entries(all)) {
      const reads = Object.values(wf.jobs ?? {}).flatMap((j: any) => (j.steps ?? []).filter((s: any) => JSON.stringify(s).includes('secrets.COMETCHAT_API_KEY')));
      expect({ name, ungated: reads.filter((s: any) => s.env?.COMETCHAT_API_KEY !== gated).length }).toEqual({ name, ungated: 0 });
    }
  });
});
