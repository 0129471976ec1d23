// What the status use case (readStatus, src/sync/status.ts) reads through: the keywords folder at
// commits, the deployment records and a client per target, as StatusDeps. The CLI and the Action
// wire the real ones, tests an in-memory reader and git.
import type { DeploymentReader } from '../github/deployment-record.js';
import type { KwsyncConfig, TargetConfig } from '../model/config.js';
import type { DesiredList } from '../model/keyword-list.js';
import type { KeywordTarget } from '../model/target.js';
import type { CometChatClient } from '../api/index.js';
import type { Applied, LocalApplied, StatusApp } from './status-schema.js';
import type { Predictions } from './rule-predictions.js';

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
  /** The newest apply made from this machine (.git/kwsync/, src/status/local-applies.ts); the CLI only. */
  appliedLocally?: (target: string) => Promise<LocalApplied | undefined>;
  now(): Date;
  /** The target's client for what its rules blocked (status's rules section); absent: not read. */
  rulesClient?: (target: TargetConfig | undefined) => CometChatClient | undefined;
  /** What previews predicted for the target's lists, shown per rule beside what it blocked: the local record or the apply's deployment record; absent: not shown. */
  predictions?: (target: string, applied: Applied, local: LocalApplied | undefined) => Promise<Predictions | undefined>;
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
