// A throwaway git repository with a keywords folder, a fake GitHub and the emulator, wired into
// the Action's dependencies the way main.ts wires the real ones.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateAtRef } from '../../src/plan/base-lists.js';
import type { RunContext } from '../../src/action/context.js';
import type { ActionDeps } from '../../src/action/deps.js';
import type { ActionInputs } from '../../src/action/inputs.js';
import { recentTextMessages } from '../../src/action/recent-messages.js';
import { runAction } from '../../src/action/run-action.js';
import { connectService, serviceOptions, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { createGitHubClient } from '../../src/github/client.js';
import { deploymentReader } from '../../src/github/deployments.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import type { KeywordTarget } from '../../src/model/target.js';
import { savePlan } from '../../src/plan/index.js';
import { validateRepo } from '../../src/validate/index.js';
import { RUNNER_RUNS, startRun, type FakeGitHub } from '../github/fake-github.js';

export function listYaml(id: string, terms: string[]): string {
  return `id: ${id}\nname: ${id}\ncategory: word\nsearchTerms: [${terms.join(', ')}]\n`;
}

export class TempRepo {
  dir = mkdtempSync(join(tmpdir(), 'kwsync-action-'));
  constructor() {
    this.git('init', '-q', '-b', 'main');
    mkdirSync(join(this.dir, 'keywords'));
  }
  git(...args: string[]): string {
    return execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: this.dir }).toString().trim();
  }
  write(file: string, text: string): void {
    writeFileSync(join(this.dir, file), text);
  }
  commit(): string {
    this.git('add', '-A');
    this.git('commit', '-q', '-m', 'change', '--allow-empty');
    return this.git('rev-parse', 'HEAD');
  }
  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface Harness {
  deps: ActionDeps;
  summaries: string[];
  annotations: Diagnostic[];
  warnings: string[];
}

export function harness(repo: TempRepo, gh: FakeGitHub, emu: RunningEmulator | undefined): Harness {
  const summaries: string[] = [];
  const annotations: Diagnostic[] = [];
  const warnings: string[] = [];
  // One emulator stands in for every target's app: COMETCHAT_BASE_URL wins over their appId (envWins; no command sets it).
  const env = emu ? { COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl } : {};
  const octokit = createGitHubClient({ token: 'gh-token', baseUrl: gh.url, throttle: false, retryBaseMs: 1 });
  const deps: ActionDeps = {
    octokit,
    deploymentReader: deploymentReader(octokit, { owner: 'acme', repo: 'lists' }),
    validateRepo,
    connect: emu
      ? (t, service) => connectService(serviceSettingsFromEnv(env, t, { envWins: true }), { ...serviceOptions(service), retry: { maxRetries: service.maxRetries, minDelayMs: 1, maxDelayMs: 5 } }).keywords
      : undefined,
    ...(emu ? { recentMessages: (t, service) => recentTextMessages(connectService(serviceSettingsFromEnv(env, t, { envWins: true }), { ...serviceOptions(service), retry: { maxRetries: 0 } }).client) } : {}),
    validateAtRef: (ref, dir, target) => validateAtRef(repo.dir, ref, dir, target),
    writeSummary: async (md) => void summaries.push(md),
    writePlanFile: async (plan) => {
      const file = join(repo.dir, '..', `${repo.dir.split('/').pop()}-plan.json`);
      writeFileSync(file, JSON.stringify(savePlan(plan)));
      return file;
    },
    log: { info: () => undefined, warning: (m) => void warnings.push(m), annotate: (d) => void annotations.push(d) },
    now: () => new Date('2025-01-02T03:04:05.000Z'),
    tempDir: mkdtempSync(join(tmpdir(), 'kwsync-runner-temp-')),
  };
  return { deps, summaries, annotations, warnings };
}

export function inputs(mode: ActionInputs['mode'], extra: Partial<ActionInputs> = {}): ActionInputs {
  return { mode, dir: 'keywords', target: undefined, githubToken: 'gh-token', force: false, prune: undefined, artifactDir: undefined, ...extra };
}

/**
 * The run context of one workflow run. Each is a distinct run the runner started (the fake GitHub
 * serves it from GET /actions/runs/{id}): its event, default branch and sha are the context's, its
 * workflow the apply workflow unless `workflowPath` says otherwise. A given `runUrl` names a run
 * recorded the same way the first time it is seen.
 */
export function context(repo: TempRepo, extra: Partial<RunContext> = {}, workflowPath = '.github/workflows/kwsync-apply.yml'): RunContext {
  const base = { owner: 'acme', repo: 'lists', eventName: 'push', sha: 'f'.repeat(40), defaultBranch: 'main', apiUrl: 'unused', workspace: repo.dir, ...extra };
  const describe = { event: base.eventName, head_branch: base.defaultBranch ?? 'main', head_sha: base.sha, path: workflowPath, repository: `${base.owner}/${base.repo}` };
  const given = extra.runUrl && /\/actions\/runs\/(\d+)$/.exec(extra.runUrl);
  if (given) {
    if (!RUNNER_RUNS.has(Number(given[1]))) startRun({ ...describe, id: Number(given[1]) });
    return { ...base, runUrl: extra.runUrl! };
  }
  return { ...base, runUrl: extra.runUrl ?? startRun(describe).url };
}

/** What one stage-two test runs against: a fresh emulator, a git repository the fake GitHub serves, a runner temp folder. */
export interface StageTwoWorld {
  emu: RunningEmulator;
  repo: TempRepo;
  artifactDir: string;
}

/** For a beforeEach: the fake GitHub reset and pointed at a new repository, a new emulator. */
export async function openStageTwoWorld(gh: FakeGitHub): Promise<StageTwoWorld> {
  gh.reset();
  const emu = await startEmulator({ port: 0 });
  const repo = new TempRepo();
  gh.gitDir = repo.dir;
  return { emu, repo, artifactDir: mkdtempSync(join(tmpdir(), 'kwsync-artifact-')) };
}

/** For the afterEach: everything openStageTwoWorld made, stopped and removed. */
export async function closeStageTwoWorld(w: StageTwoWorld): Promise<void> {
  await w.emu.close();
  w.repo.remove();
  rmSync(w.artifactDir, { recursive: true, force: true });
}

/** The world's app, as a service client: what a dashboard edit or a check of live goes through. */
export function liveOf(w: StageTwoWorld): KeywordTarget {
  return connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: w.emu.apiKey, COMETCHAT_BASE_URL: w.emu.chatBaseUrl })).keywords;
}

/** `mode` at `sha` made the head of main (so an apply is not superseded), with the harness's deps (deployment records read from `gh`). */
export async function runAtHead(w: StageTwoWorld, gh: FakeGitHub, sha: string, mode: ActionInputs['mode'], opts: { target?: string; force?: boolean } = {}) {
  gh.branches.set('main', sha);
  const h = harness(w.repo, gh, w.emu);
  const result = await runAction({ inputs: inputs(mode, { target: opts.target, force: opts.force ?? false }), context: context(w.repo, { sha }), deps: h.deps });
  return { result, summary: h.summaries.join('\n'), h };
}
