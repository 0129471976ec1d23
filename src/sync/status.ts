// The status use case, one for both shells (`kwsync status` and the Action's status mode): the
// targets a run covers, then per target the last applied record, drift against live (the drift
// use case, src/sync/drift.ts) and commits ahead. The shells read their inputs, wire the readers
// (deployment records, git, a client per target: StatusDeps) and render the report. The targets are
// chosen first, on their own: an unknown --target fails before anything is read or said, so the
// shell wires its readers (and says what it cannot read) only when `open` is called.
import { ConfigError } from '../errors.js';
import { environmentOf } from '../github/deployment-record.js';
import type { KwsyncConfig, TargetConfig } from '../model/config.js';
import type { DesiredList } from '../model/keyword-list.js';
import type { KeywordTarget } from '../model/target.js';
import { compareAhead, targetInSync, targetUnread, uncheckedDrift, unknownAhead } from '../status/classify.js';
import { noRecordText, readLastApplied } from '../status/last-applied.js';
import { DEFAULT_TARGET_NAME, targetListsOf, type FolderLists, type StatusDeps, type StatusRequest } from '../status/read-status.js';
import { STATUS_FORMAT_VERSION, type Ahead, type ComparedWith, type Drift, type LocalApplied, type StatusReport, type TargetStatus } from '../status/status-schema.js';
import { resolveTargetConfig } from '../targets/target-config.js';
import { liveDrift } from './drift.js';
import { readRuleActivity, type RuleActivity } from '../status/rule-activity.js';
import { latestOf, withPredictions } from '../status/rule-predictions.js';

/** The targets a status run covers: the one named, else every target of kwsync.yaml, else the environment's. */
export function statusTargets(config: KwsyncConfig, target: string | undefined, optionName?: string): (TargetConfig | undefined)[] {
  if (target !== undefined) return [resolveTargetConfig(config, target, optionName)];
  return config.targets && config.targets.length > 0 ? config.targets : [undefined];
}

export interface StatusRun {
  config: KwsyncConfig;
  /** The target asked for (`--target`, the Action's input); undefined: every target of kwsync.yaml. */
  target: string | undefined;
  /** How the shell names the target option in an error (the CLI's --target by default). */
  optionName?: string;
  /** Wires the readers and the ref, once the targets are known. */
  open(): Promise<{ deps: StatusDeps; ref: StatusRequest['ref']; repository: string | null }>;
}

/** The status report of a run: its targets, then each one read (statusTargets, then readStatus). */
export async function statusReport(run: StatusRun): Promise<StatusReport> {
  const targets = statusTargets(run.config, run.target, run.optionName);
  const { deps, ref, repository } = await run.open();
  return readStatus(deps, { targets, ref, repository });
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
    inSync: targets.every((t) => targetInSync(t) && !targetUnread(t)),
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
  const local = await deps.appliedLocally?.(named.name);
  const parts = await readTargetParts(deps, req, target, folderAt, named);
  const read = await readRules(deps, target, parts.applied.appliedAt);
  const rules = read && deps.predictions ? await predicted(deps, read, named.name, parts, local) : read;
  return { ...parts, ...(app ? { app } : {}), ...(local ? { appliedLocally: local } : {}), ...(rules ? { rules } : {}) };
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
    // Records that exist but could not be read or checked (403, 5xx) are never "no deployment record".
    const note = applied.error ? `the last apply cannot be told (${applied.reason ?? 'the deployment records could not be read'}); compared with ${refLabel(req.ref)}` : noRecordText(applied.reason ?? 'none yet', refLabel(req.ref));
    base = { lists: listsFor(req.ref.folder, target), comparedWith: refBasis(note) };
    aheadUnknown = applied.error ? 'the deployment records could not be checked' : 'no deployment record to compare with';
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
    return await liveDrift(keywords, lists, prune, differsFrom);
  } catch (err) {
    return uncheckedDrift('error', err instanceof Error ? err.message : String(err));
  }
}

/** What each live rule blocked since the last apply (item 8); undefined when not asked or not connected. */
async function readRules(deps: StatusDeps, target: TargetConfig | undefined, appliedAt: string | undefined): Promise<RuleActivity | undefined> {
  let client;
  try {
    client = deps.rulesClient?.(target);
  } catch {
    return undefined; // not connected: drift already says why
  }
  if (!client) return undefined;
  try {
    return await readRuleActivity(client, appliedAt ? new Date(appliedAt) : undefined);
  } catch (err) {
    return { since: appliedAt ?? null, complete: false, reason: `the rules or blocked messages could not be read: ${err instanceof Error ? err.message : String(err)}`, rules: [] };
  }
}

/** The rules' activity with what previews predicted for their lists; a failure to read them leaves it as it was. */
async function predicted(deps: StatusDeps, activity: RuleActivity, target: string, parts: TargetStatus, local: LocalApplied | undefined): Promise<RuleActivity> {
  try {
    const p = await deps.predictions!(target, parts.applied, local);
    // A preview predicts the apply after it: records newer than the last apply are of the next change.
    return p ? withPredictions(activity, p, latestOf(parts.applied.appliedAt, local?.appliedAt)) : activity;
  } catch {
    return activity;
  }
}

function refLabel(ref: StatusRequest['ref']): string {
  if (ref.source === 'working-tree') return 'the lists on disk';
  return `${ref.name}${ref.sha ? ` (${ref.sha.slice(0, 7)})` : ''}`;
}
