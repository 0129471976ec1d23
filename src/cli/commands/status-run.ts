// `kwsync status`, the run: the status use case (src/sync/status.ts) picks the targets; this wires
// the ref, the repository, the deployment reader, local git and one client per target (each with
// its own key), then prints the report. Loaded when the command runs (status.ts holds the
// definition only).
import { EXIT, UsageError } from '../../errors.js';
import type { DeploymentReader } from '../../github/deployment-record.js';
import { createGitHubClient } from '../../github/client.js';
import { deploymentReader } from '../../github/deployments.js';
import type { KwsyncConfig, TargetConfig } from '../../model/config.js';
import { commitOf, insideGit, localCommitLists } from '../../status/git-lists.js';
import { githubTokenOf, parseRepoName, repoFromOrigin, TOKEN_ADVICE, type GitHubRepo } from '../../status/github-repo.js';
import { unavailableReader, type StatusDeps, type StatusRequest } from '../../status/read-status.js';
import { renderStatusJson, renderStatusMarkdown, renderStatusText } from '../../status/render-status.js';
import { targetInSync, targetUnread } from '../../status/classify.js';
import { maskStream, notice, type CliIO } from '../io.js';
import { connectService, debugOptions, serviceOptions, serviceSettingsFromEnv } from '../../sync/service.js';
import { loadRepo, parseFormat, type LoadedRepo } from '../target.js';
import { statusReport } from '../../sync/status.js';
import { readLocalApplies } from '../../status/local-applies.js';
import type { Applied, LocalApplied } from '../../status/status-schema.js';
import { readLocalPreviews } from '../../status/local-previews.js';
import { deploymentPredictions, type Predictions } from '../../status/rule-predictions.js';

export interface StatusCommandOptions {
  dir: string;
  target?: string;
  ref?: string;
  repo?: string;
  format?: string;
  detailedExitcode?: boolean;
}

export async function runStatus(outer: CliIO, opts: StatusCommandOptions, inject: Partial<StatusDeps> = {}): Promise<number> {
  const format = parseFormat(opts.format);
  const repoOption = opts.repo === undefined ? undefined : parseRepoName(opts.repo);
  if (opts.repo !== undefined && !repoOption) throw new UsageError(`--repo must be owner/name (got "${opts.repo}")`, { hint: 'e.g. --repo acme/moderation' });
  // Only the config has to be valid: status reads lists at commits, and reports what it could not.
  const onDisk = await loadRepo(outer, opts.dir, false);
  const { config } = onDisk;
  const io = maskTargetKeys(outer, config);
  const report = await statusReport({
    config,
    target: opts.target,
    // Wired once the targets are chosen: an unknown --target fails before a notice is printed.
    open: async () => {
      const git = inject.git ?? localCommitLists(io.cwd, opts.dir);
      const ref = await resolveRef(io, opts, git, onDisk);
      const repository = repoOption ?? parseRepoName(io.env.GITHUB_REPOSITORY ?? '') ?? (await repoFromOrigin(io.cwd));
      const deps: StatusDeps = {
        reader: inject.reader ?? openReader(io, repository),
        git,
        ...(inject.listsFor ? { listsFor: inject.listsFor } : {}),
        connect: inject.connect ?? ((t) => connectTargetKeyed(io, config, t)),
        ...(inject.connect ? {} : { app: (t: TargetConfig | undefined) => appOf(io, t) }),
        appliedLocally: inject.appliedLocally ?? ((name) => newestLocalApply(io.cwd, name)),
        // What the rules blocked, when the folder manages rules (keywords/rules/).
        ...(inject.connect || !onDisk.rules ? {} : { rulesClient: (t: TargetConfig | undefined) => clientKeyed(io, config, t) }),
        predictions: inject.predictions ?? ((name, applied, local) => predictionsFor(io, name, applied, local)),
        now: inject.now ?? (() => new Date()),
      };
      return { deps, ref, repository: repository ? `${repository.owner}/${repository.repo}` : null };
    },
  });
  const now = new Date(report.generatedAt);
  if (format === 'json') io.stdout.write(renderStatusJson(report));
  else if (format === 'markdown') io.stdout.write(renderStatusMarkdown(report, { now }));
  else io.stdout.write(renderStatusText(report, { now, columns: io.stdout.isTTY ? io.stdout.columns : undefined }));
  if (report.targets.some(targetUnread)) return EXIT.failure;
  return opts.detailedExitcode && !report.targets.every(targetInSync) ? EXIT.changes : EXIT.ok;
}

/** The ref's commit and lists; outside git (or before the first commit), the folder on disk. */
async function resolveRef(io: CliIO, opts: StatusCommandOptions, git: StatusDeps['git'], onDisk: LoadedRepo): Promise<StatusRequest['ref']> {
  const name = opts.ref ?? 'HEAD';
  if (name.startsWith('-')) throw new UsageError(`--ref ${name}: a git ref cannot start with "-"`, { hint: 'pass a branch or commit, e.g. --ref origin/main' });
  const sha = (await insideGit(io.cwd)) ? await git.resolve(name) : null;
  if (sha) return { name, sha, folder: await git.at(sha), source: 'ref' };
  if (name !== 'HEAD') {
    throw new UsageError(`--ref ${name}: git does not know the ref "${name}" here`, { hint: 'pass a branch or commit git has, e.g. --ref origin/main after `git fetch origin main`' });
  }
  notice(io, 'kwsync: not a git checkout with commits: "ahead" is unknown and drift compares with the lists on disk');
  return { name: 'working tree', folder: { config: onDisk.config, lists: onDisk.lists, errorCount: 0, targetLists: onDisk.targetLists }, source: 'working-tree' };
}

/** The deployment records of `repository`, or a reader that says why they cannot be read. */
export function openReader(io: CliIO, repository: GitHubRepo | null): DeploymentReader {
  const token = githubTokenOf(io.env);
  if (!repository) {
    notice(io, 'kwsync: no GitHub repository known, so no deployment records were read: pass --repo owner/name (or set GITHUB_REPOSITORY)');
    return unavailableReader('the GitHub repository is unknown');
  }
  if (!token) {
    notice(io, `kwsync: no GitHub token, so no deployment records were read: ${TOKEN_ADVICE}`);
    return unavailableReader('no GitHub token to read it');
  }
  return deploymentReaderFor({ token, repository, apiUrl: io.env.GITHUB_API_URL?.trim() || undefined });
}

/** The GitHub deployments reader (src/github/deployments.ts) over a client of `token` (GITHUB_API_URL for GitHub Enterprise). */
export function deploymentReaderFor(opts: { token: string; repository: GitHubRepo; apiUrl: string | undefined }): DeploymentReader {
  return deploymentReader(createGitHubClient({ token: opts.token, ...(opts.apiUrl ? { baseUrl: opts.apiUrl } : {}) }), opts.repository);
}

/** One target's client, keyed by its own variable (apiKeyEnv); a missing one throws a ConfigError naming it. */
function clientKeyed(io: CliIO, config: KwsyncConfig, target: TargetConfig | undefined) {
  const settings = serviceSettingsFromEnv(io.env, target, { keyFromTarget: true, envWins: io.envWins === true });
  return connectService(settings, { ...serviceOptions(config.service), ...debugOptions(io.env, io.stderr) }).client;
}

function connectTargetKeyed(io: CliIO, config: KwsyncConfig, target: TargetConfig | undefined) {
  const settings = serviceSettingsFromEnv(io.env, target, { keyFromTarget: true, envWins: io.envWins === true });
  return connectService(settings, { ...serviceOptions(config.service), ...debugOptions(io.env, io.stderr) }).keywords;
}

/** The app a target's drift is read from, as every header names it; undefined when it cannot connect (drift says why). */
function appOf(io: CliIO, target: TargetConfig | undefined) {
  try {
    const s = serviceSettingsFromEnv(io.env, target, { keyFromTarget: true, envWins: io.envWins === true });
    return { appId: s.appId ?? null, region: s.region, baseUrl: s.chatBaseUrl };
  } catch {
    return undefined;
  }
}

/** Keys from the targets' own variables are masked like COMETCHAT_API_KEY (src/cli/run.ts masks that one). */
function maskTargetKeys(io: CliIO, config: KwsyncConfig): CliIO {
  const keys = (config.targets ?? [])
    .map((t) => (t.apiKeyEnv ? io.env[t.apiKeyEnv]?.trim() : undefined))
    .filter((k): k is string => k !== undefined && k.length >= 4);
  return keys.length === 0 ? io : { ...io, stdout: maskStream(io.stdout, keys), stderr: maskStream(io.stderr, keys) };
}

/**
 * What previews predicted: the apply job's (its deployment record) when that is the newest apply,
 * else `kwsync preview` runs on this machine (.git/kwsync/previews-<target>.jsonl). A line of that
 * file that is not a record is skipped with a warning.
 */
async function predictionsFor(io: CliIO, target: string, applied: Applied, local: LocalApplied | undefined): Promise<Predictions> {
  const deployed = deploymentPredictions(applied);
  if (deployed && (!local || !applied.appliedAt || Date.parse(applied.appliedAt) >= Date.parse(local.appliedAt))) return deployed;
  const read = await readLocalPreviews(io.cwd, target);
  if (read.skipped > 0) io.stderr.write(`warning: ${read.skipped} line${read.skipped === 1 ? '' : 's'} of ${read.file ?? 'the preview record'} ${read.skipped === 1 ? 'is' : 'are'} not a preview record and ${read.skipped === 1 ? 'was' : 'were'} skipped\n`);
  return { from: `kwsync preview on this machine (.git/kwsync/previews-${target}.jsonl)`, records: read.records };
}

/** The newest apply made from this machine for `target` (.git/kwsync/), as status shows it. */
export async function newestLocalApply(cwd: string, target: string): Promise<LocalApplied | undefined> {
  const newest = (await readLocalApplies(cwd, target))[0];
  if (!newest) return undefined;
  return { sha: newest.sha, ...(newest.sha ? { shortSha: newest.sha.slice(0, 7) } : {}), dirty: newest.dirty, appliedAt: newest.appliedAt };
}
