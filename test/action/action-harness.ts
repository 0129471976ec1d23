// A throwaway git repository with a keywords folder, a fake GitHub and the emulator, wired into
// the Action's dependencies the way main.ts wires the real ones.
import { afterAll, afterEach, beforeAll, beforeEach } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateAtRef } from '../../src/plan/base-lists.js';
import type { RunContext } from '../../src/action/context.js';
import type { ActionDeps, ActionResult } from '../../src/action/deps.js';
import type { ActionInputs } from '../../src/action/inputs.js';
import { recentTextMessages } from '../../src/sync/preview.js';
import { runAction } from '../../src/action/run-action.js';
import { connectService, serviceOptions, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { createGitHubClient } from '../../src/github/client.js';
import { deploymentReader } from '../../src/github/deployments.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import type { KeywordTarget } from '../../src/model/target.js';
import { savePlan } from '../../src/plan/index.js';
import { validateRepo } from '../../src/validate/index.js';
import { FakeGitHub, RUNNER_RUNS, startRun } from '../github/fake-github.js';

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
    // The same app's rules, through the same connection settings (main.ts wires connectService(...).rules).
    ...(emu ? { connectRules: (t, service) => connectService(serviceSettingsFromEnv(env, t, { envWins: true }), { ...serviceOptions(service), retry: { maxRetries: service.maxRetries, minDelayMs: 1, maxDelayMs: 5 } }).rules } : {}),
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

/** For a beforeEach: the fake GitHub reset and pointed at a new repository, a new emulator (started with `emulator`). */
export async function openStageTwoWorld(gh: FakeGitHub, emulator: EmulatorOptions = {}): Promise<StageTwoWorld> {
  gh.reset();
  const emu = await startEmulator({ port: 0, ...emulator });
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

/**
 * The hooks of a stage-two test file: one fake GitHub for the file, a fresh world for each test.
 * The world's fields are replaced in place, so the `w` a test holds is always its own test's.
 */
export function stageTwoWorldPerTest(emulator: () => EmulatorOptions = () => ({})): { gh: FakeGitHub; w: StageTwoWorld } {
  const gh = new FakeGitHub();
  const w = {} as StageTwoWorld;
  beforeAll(() => gh.start());
  afterAll(() => gh.close());
  beforeEach(async () => void Object.assign(w, await openStageTwoWorld(gh, emulator())));
  afterEach(() => closeStageTwoWorld(w));
  return { gh, w };
}

/** Twelve terms: a list long enough that the PR plan's count mask (k) has rows to show. */
export const TWELVE = Array.from({ length: 12 }, (_, i) => `word${i}`);
/** A preview of group cometchat-guid-2's last 100 messages: what the live plan's impact preview reads. */
export const PREVIEW_CONFIG = 'preview:\n  groups: [cometchat-guid-2]\n  messages: 100\n';

/** A word list made straight in the world's app (a dashboard edit: no file, no apply). */
export function createLive(w: StageTwoWorld, id: string, searchTerms: string[], extra: { name?: string; description?: string } = {}) {
  return liveOf(w).createKeywordList({ id, name: id, description: '', category: 'word', searchTerms, ...extra });
}

/** `keywords/blocklist.yaml` with `terms` (and any other `files`) committed on main; returns the commit. */
export function commitBlocklist(w: StageTwoWorld, terms: string[], files: Record<string, string> = {}): string {
  w.repo.write('keywords/blocklist.yaml', listYaml('blocklist', terms));
  for (const [path, text] of Object.entries(files)) w.repo.write(path, text);
  return w.repo.commit();
}

/**
 * The base of a live-plan test: the preview config and a TWELVE-term blocklist committed on main and
 * live, `alsoLive` lists live only; the app's request log then cleared. Returns the base commit.
 */
export async function seedPreviewBase(w: StageTwoWorld, alsoLive: Record<string, string[]> = {}): Promise<string> {
  const sha = commitBlocklist(w, TWELVE, { 'keywords/kwsync.yaml': PREVIEW_CONFIG });
  await createLive(w, 'blocklist', TWELVE);
  for (const [id, terms] of Object.entries(alsoLive)) await createLive(w, id, terms);
  w.emu.requests.length = 0;
  return sha;
}

/** A commit of `files` on `branch`, made from `from`, with `extra` git work; the checkout goes back to main. */
export function commitOn(repo: TempRepo, branch: string, from: string, files: Record<string, string>, extra: (dir: string) => void = () => undefined): string {
  repo.git('checkout', '-q', '-B', branch, from);
  for (const [path, text] of Object.entries(files)) repo.write(path, text);
  extra(repo.dir);
  const sha = repo.commit();
  repo.git('checkout', '-q', '-f', 'main');
  return sha;
}

/**
 * Stage two of a trusted author's PR: PR 7 by `insider` (a MEMBER with write access; R-M11: a
 * read-only member is an outsider) from this repository's `feature` at `head` onto main at `base`,
 * then mode plan-live as the plan workflow's completed pull_request run (`runId`: its id in the event).
 */
export async function memberPlanLive(w: StageTwoWorld, gh: FakeGitHub, head: string, base: string, run: { runId?: number; runUrl?: string } = {}): Promise<Harness> {
  gh.permissions.set('insider', 'write');
  gh.pulls = [{
    number: 7, state: 'open', user: { login: 'insider', type: 'User' }, author_association: 'MEMBER', labels: [],
    head: { sha: head, ref: 'feature', repo: { full_name: 'acme/lists', owner: { login: 'acme' } } }, base: { sha: base, ref: 'main', repo: { full_name: 'acme/lists' } },
  }];
  const event = { workflow_run: { ...(run.runId === undefined ? {} : { id: run.runId }), event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', head_sha: head, head_branch: 'feature', head_repository: { full_name: 'acme/lists', owner: { login: 'acme' } }, pull_requests: [] } };
  const h = harness(w.repo, gh, w.emu);
  await runAction({ inputs: inputs('plan-live'), context: context(w.repo, { eventName: 'workflow_run', sha: base, event, ...(run.runUrl ? { runUrl: run.runUrl } : {}) }), deps: h.deps });
  return h;
}

/** Stage two for an outside author's PR (a fork, no approval: the live plan is withheld); the harness and the result. */
export async function outsiderPlanLive(w: StageTwoWorld, gh: FakeGitHub, head: string, base: string, run: { runUrl?: string } = {}): Promise<{ h: Harness; result: ActionResult }> {
  gh.pulls = [{
    number: 7, state: 'open', user: { login: 'mallory', type: 'User' }, author_association: 'CONTRIBUTOR', labels: [],
    head: { sha: head, ref: 'feature', repo: { full_name: 'mallory/lists', owner: { login: 'mallory' } } }, base: { sha: base, ref: 'main', repo: { full_name: 'acme/lists' } },
  }];
  const event = { workflow_run: { id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', head_sha: head, head_branch: 'feature', head_repository: { full_name: 'mallory/lists', owner: { login: 'mallory' } }, pull_requests: [] } };
  const h = harness(w.repo, gh, w.emu);
  const result = await runAction({ inputs: inputs('plan-live'), context: context(w.repo, { eventName: 'workflow_run', sha: base, event, ...(run.runUrl ? { runUrl: run.runUrl } : {}) }), deps: h.deps });
  return { h, result };
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

/** The run link the stage-two tests give their runs. */
export const STAGE_TWO_RUN = 'https://github.com/acme/lists/actions/runs/42';
/** The links kwsync may write into a comment: `run` and the fake's own workflow runs (each harness run is a real run of the fake, issue 27). */
export function runLinks(run = STAGE_TWO_RUN): Set<string> {
  return new Set([run, ...[...RUNNER_RUNS.keys()].map((id) => `https://github.com/acme/lists/actions/runs/${id}`)]);
}
