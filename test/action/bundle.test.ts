// The committed bundle is what other repositories run: it must be exactly what `npm run
// build:action` makes from the sources today, and it must start and talk to GitHub.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { FakeGitHub } from '../github/fake-github.js';
import { listYaml, TempRepo } from './action-harness.js';

const root = process.cwd();
const bundle = join(root, 'action-dist/index.js');
const tmp = mkdtempSync(join(tmpdir(), 'kwsync-bundle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('action bundle', () => {
  it('is up to date with the sources (run npm run build:action)', () => {
    const script: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts['build:action'];
    const out = join(tmp, 'index.js');
    expect(script).toContain('--outfile=action-dist/index.js');
    execSync(script.replace('--outfile=action-dist/index.js', `--outfile=${out}`), {
      cwd: root,
      env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}` },
      stdio: 'pipe',
    });
    const fresh = readFileSync(out, 'utf8');
    const committed = readFileSync(bundle, 'utf8');
    if (fresh !== committed) throw new Error('action-dist/index.js is out of date: run npm run build:action and commit it');
    expect(fresh.startsWith("import { createRequire as __kwsyncCreateRequire } from 'node:module';")).toBe(true);
  });

  it('action.yml runs the bundle on node24 with the documented inputs and outputs', () => {
    const action = parse(readFileSync(join(root, 'action.yml'), 'utf8'));
    expect(action.runs).toEqual({ using: 'node24', main: 'action-dist/index.js' });
    expect(Object.keys(action.inputs).sort()).toEqual(['artifact-dir', 'dir', 'force', 'github-token', 'mode', 'prune', 'target']);
    expect(action.inputs['github-token'].default).toBe('${{ github.token }}');
    expect(Object.keys(action.outputs).sort()).toEqual(['artifact-dir', 'failed', 'has-changes', 'plan-json', 'targets']);
  });

  describe('running the bundle as GitHub would', () => {
    let gh: FakeGitHub;
    let repo: TempRepo;
    beforeAll(async () => {
      gh = await new FakeGitHub().start();
      repo = new TempRepo();
    });
    afterAll(async () => {
      await gh.close();
      repo.remove();
    });

    it('plans a PR offline, comments, and sets its outputs', async () => {
      repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
      const base = repo.commit();
      repo.write('keywords/scam.yaml', listYaml('scam', ['free money', 'wire now']));
      const event = join(tmp, 'event.json');
      writeFileSync(event, JSON.stringify({ pull_request: { number: 4, head: { sha: 'd'.repeat(40) }, base: { sha: base, ref: 'main' } } }));
      for (const f of ['summary.md', 'output.txt']) writeFileSync(join(tmp, f), '');
      const env = {
        PATH: process.env.PATH, 'INPUT_MODE': 'plan', 'INPUT_DIR': 'keywords', 'INPUT_GITHUB-TOKEN': 'gh-token',
        GITHUB_REPOSITORY: 'acme/lists', GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_RUN_ID: '1',
        GITHUB_API_URL: gh.url, GITHUB_WORKSPACE: repo.dir, GITHUB_STEP_SUMMARY: join(tmp, 'summary.md'),
        GITHUB_OUTPUT: join(tmp, 'output.txt'), RUNNER_TEMP: tmp,
      };
      const stdout = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, [bundle], { cwd: repo.dir, env }, (err, out) => (err ? reject(err) : resolve(out))),
      );
      expect(stdout).not.toContain('::error');
      expect(gh.comments).toHaveLength(1);
      expect(gh.comments[0]!.body).toContain('+ wire now');
      expect(readFileSync(join(tmp, 'summary.md'), 'utf8')).toContain('+ wire now');
      const outputs = readFileSync(join(tmp, 'output.txt'), 'utf8');
      expect(outputs).toContain('has-changes');
      expect(outputs).toMatch(/has-changes<<[^\n]+\ntrue/);
    });
  });
});
