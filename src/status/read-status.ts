// The status of each target: the last applied commit (its deployment record), drift (live against
// that commit's lists) and ahead (the ref's lists against that commit's). Everything outside comes in
// through StatusDeps: the CLI and the Action wire the real ones, tests an in-memory reader and git.
import { ConfigError } from '../errors.js';
import { environmentOf, type DeploymentReader } from '../github/deployment-record.js';
import type { KwsyncConfig, TargetConfig } from '../model/config.js';
import type { DesiredList } from '../model/keyword-list.js';
import type { KeywordTarget } from '../model/target.js';
import { computePlan, liveContext, readLiveLists } from '../plan/index.js';
import { classifyDrift, compareAhead, targetInSync, uncheckedDrift, unknownAhead } from './classify.js';
import { noRecordText, readLastApplied } from './last-applied.js';
import { STATUS_FORMAT_VERSION, type Ahead, type ComparedWith, type Drift, type StatusApp, type StatusReport, type TargetStatus } from './status-schema.js';

/** A keywords folder as validated (at a commit, or on disk): the lists that loaded count. */
export interface FolderLists {
  config: KwsyncConfig;
  lists: DesiredList[];
  errorCount: number;
  /** Each kwsync.yaml target's lists (its include, exclude and overrides applied), by target name. */
  targetLists?: Record<string, DesiredList[]> | undefined;
}

/** The lists `target` takes of a folder: its resolved selection when the folder's kwsync.yaml defines it, else the folder's lists. */
export function targetListsOf(folder: FolderLists, target: TargetConfig | undefined): DesiredList[] {
  return (target && folder.targetLists && Object.hasOwn(folder.targetLists, target.name) ? folder.targetLists[target.name] : undefined) ?? folder.lists;
}

/** The keywords folder at commits of local git. */
export interface CommitLists {
  /** The full sha of a commit this clone has, or null when it has not. */
  resolve(ref: string): Promise<string | null>;
  /** The folder at a commit `resolve` found. */
  at(sha: string): Promise<FolderLists>;
}

export interface StatusDeps {
  /** Deployment records (src/github/deployments.ts); `unavailableReader(why)` when they cannot be read. */
  reader: DeploymentReader;
  git: CommitLists;
  /** The lists a target takes of a folder; default targetListsOf (its kwsync.yaml selection at that folder). */
  listsFor?: (folder: FolderLists, target: TargetConfig | undefined) => DesiredList[];
  /** The target's app; throws a ConfigError (its key unset, ...) when it cannot connect: drift is then "not checked". */
  connect(target: TargetConfig | undefined): KeywordTarget;
  /** Which app `connect` reaches (for the report, never the key); undefined when it cannot connect. */
  app?: (target: TargetConfig | undefined) => StatusApp | undefined;
  now(): Date;
}

export interface StatusRequest {
  /** The targets to report, from kwsync.yaml (undefined: the environment's single target). */
  targets: (TargetConfig | undefined)[];
  /** The ref "ahead" compares with, and the fallback lists: its name, its sha and its folder. */
  ref: { name: string; sha?: string | undefined; folder: FolderLists; source: 'ref' | 'working-tree' };
  /** owner/name, for the report (null when unknown). */
  repository: string | null;
}

export const DEFAULT_TARGET_NAME = 'default';

/** A reader for a run that cannot read records (no token, no repository): every target says why. */
export function unavailableReader(reason: string): DeploymentReader {
  return { lastApplied: async () => ({ found: false, reason }) };
}

export async function readStatus(deps: StatusDeps, req: StatusRequest): Promise<StatusReport> {
  const folders = new Map<string, Promise<FolderLists>>();
  const folderAt = (sha: string) => {
    let f = folders.get(sha);
    if (!f) folders.set(sha, (f = deps.git.at(sha)));
    return f;
  };
  // One target after another: each reads GitHub, git and its app; a run has a handful of targets.
  const targets: TargetStatus[] = [];
  for (const t of req.targets) targets.push(await readTargetStatus(deps, req, t, folderAt));
  return {
    formatVersion: STATUS_FORMAT_VERSION,
    generatedAt: deps.now().toISOString(),
    repository: req.repository,
    ref: req.ref.name,
    inSync: targets.every(targetInSync),
    targets,
  };
}

async function readTargetStatus(
  deps: StatusDeps,
  req: StatusRequest,
  target: TargetConfig | undefined,
  folderAt: (sha: string) => Promise<FolderLists>,
): Promise<TargetStatus> {
  const named = { name: target?.name ?? DEFAULT_TARGET_NAME, environment: target?.environment };
  const app = deps.app?.(target);
  return { ...(await readTargetParts(deps, req, target, folderAt, named)), ...(app ? { app } : {}) };
}

async function readTargetParts(
  deps: StatusDeps,
  req: StatusRequest,
  target: TargetConfig | undefined,
  folderAt: (sha: string) => Promise<FolderLists>,
  named: { name: string; environment: string | undefined },
): Promise<TargetStatus> {
  const listsFor = deps.listsFor ?? targetListsOf;
  const refName = { name: req.ref.name, sha: req.ref.sha };
  const applied = await readLastApplied(deps.reader, named);

  // The lists live is compared with: the applied commit's, else the ref's (said so).
  let base: { lists: DesiredList[]; comparedWith: ComparedWith };
  let appliedLists: DesiredList[] | undefined;
  const refBasis = (note: string): ComparedWith => ({ source: req.ref.source, ...(req.ref.sha ? { sha: req.ref.sha } : {}), note });
  let aheadUnknown: string;
  if (applied.found && applied.sha) {
    const sha = await deps.git.resolve(applied.sha);
    const folder = sha ? await folderAt(sha).catch((err: unknown) => err instanceof Error ? err : new Error(String(err))) : undefined;
    if (folder instanceof Error) {
      // The commit is there but its lists could not be read: nothing is compared, and it says why.
      const why = `the lists at the applied commit ${applied.sha.slice(0, 7)} could not be read: ${folder.message}`;
      return { target: named.name, environment: environmentOf(named), applied, comparedWith: { source: 'applied', sha: sha! }, drift: uncheckedDrift('error', why), ahead: unknownAhead(refName, why) };
    }
    if (sha && folder) {
      appliedLists = listsFor(folder, target);
      base = { lists: appliedLists, comparedWith: { source: 'applied', sha } };
      aheadUnknown = '';
    } else {
      const short = applied.sha.slice(0, 7);
      const why = `the applied commit ${short} is not in this clone (git fetch origin ${applied.sha})`;
      base = { lists: listsFor(req.ref.folder, target), comparedWith: refBasis(`${why}; compared with ${refLabel(req.ref)} instead`) };
      aheadUnknown = why;
    }
  } else {
    base = { lists: listsFor(req.ref.folder, target), comparedWith: refBasis(noRecordText(applied.reason ?? 'none yet', refLabel(req.ref))) };
    aheadUnknown = 'no deployment record to compare with';
  }

  // Only against the applied commit is a difference a live edit; against the ref it "differs from" it.
  const differsFrom = base.comparedWith.source === 'applied' ? undefined : req.ref.source === 'working-tree' ? 'the lists on disk' : req.ref.name;
  const drift = await readDrift(deps, target, base.lists, req.ref.folder.config.prune, differsFrom);
  const ahead: Ahead = appliedLists ? compareAhead(appliedLists, listsFor(req.ref.folder, target), refName) : unknownAhead(refName, aheadUnknown);
  return { target: named.name, environment: environmentOf(named), applied, comparedWith: base.comparedWith, drift, ahead };
}

async function readDrift(deps: StatusDeps, target: TargetConfig | undefined, lists: DesiredList[], prune: boolean, differsFrom: string | undefined): Promise<Drift> {
  let keywords: KeywordTarget;
  try {
    keywords = deps.connect(target);
  } catch (err) {
    if (err instanceof ConfigError) return uncheckedDrift('not-checked', err.message.replace(/^not connected to CometChat: /, ''));
    throw err;
  }
  try {
    const live = await readLiveLists(keywords, lists.map((l) => l.id));
    const plan = computePlan(lists, live.lists, { ...liveContext(live), target: keywords.label, prune: false, safety: { maxRemovedShare: 1, minTermsForShareCheck: 0 } });
    return classifyDrift(plan, prune, differsFrom);
  } catch (err) {
    return uncheckedDrift('error', err instanceof Error ? err.message : String(err));
  }
}

function refLabel(ref: StatusRequest['ref']): string {
  if (ref.source === 'working-tree') return 'the lists on disk';
  return `${ref.name}${ref.sha ? ` (${ref.sha.slice(0, 7)})` : ''}`;
}
