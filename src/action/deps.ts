// Everything a mode needs from the outside world, passed in by main.ts (and by tests).
import type { DesiredRule } from '../model/moderation-rule.js';
import type { GitHubClient } from '../github/client.js';
import type { DeploymentReader } from '../github/deployment-record.js';
import type { KwsyncConfig, Limits, ServiceConfig, ValidateLevels, TargetConfig } from '../model/config.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { DesiredList } from '../model/keyword-list.js';
import type { Plan } from '../model/plan.js';
import type { KeywordTarget, RuleTarget } from '../model/target.js';
import type { CometChatClient } from '../api/index.js';
import type { RecentMessages } from './impact-preview.js';
import type { EmbedderLoad } from '../similarity/embedder.js';
import type { ActionInputs } from './inputs.js';
import type { RunContext } from './context.js';
import type { ValidationBudget } from '../validate/work-budget.js';

/** What src/validate's validateRepo returns. */
export interface RepoValidation {
  config: KwsyncConfig;
  configFile: string | null;
  /** The chosen target's lists (kwsync.yaml selection and overrides applied), else the folder's. */
  lists: DesiredList[];
  /** Every list of the folder as written. */
  folderLists?: DesiredList[];
  /** Every kwsync.yaml target's lists, by target name (mode status compares each target with its own). */
  targetLists?: Record<string, DesiredList[]>;
  /** The rule files (keywords/rules/*.yaml), when the folder has rules/ (`rulesManaged`). */
  rules?: DesiredRule[];
  rulesManaged?: boolean;
  diagnostics: Diagnostic[];
  errorCount: number;
  warningCount: number;
}

/** `base`: a git ref the PR is compared with (repository-wide rules point at changed files; list-shrunk runs). */
/** `limits`: validate with these instead of the folder's kwsync.yaml's (the stricter of base and head). */
/** `budget`: one deadline, heap cap and example budget for the whole run (a PR's files: untrustedBudget()). */
/** `target`: the kwsync.yaml target whose lists `lists` holds; `onlyTarget`: without one, the only target's. */
export type ValidateRepo = (opts: { dir: string; cwd: string; base?: string; limits?: Limits; levels?: ValidateLevels; budget?: ValidationBudget; target?: string; onlyTarget?: boolean }) => Promise<RepoValidation>;

export interface ActionLog {
  info(message: string): void;
  warning(message: string): void;
  /** A workflow-command annotation: the fallback when the token may not create check runs. */
  annotate(d: Diagnostic): void;
}

export interface ActionDeps {
  octokit: GitHubClient;
  validateRepo: ValidateRepo;
  /** Connects to the service; undefined when the run has no API key (plan then runs offline). */
  connect: ((target: TargetConfig | undefined, service: ServiceConfig) => KeywordTarget) | undefined;
  /** Why there is no key, when the workflow said which environment the job runs in (keyReason in api-key-env.ts). */
  noKeyReason?: string;
  /** The same app's moderation rules (plan, apply and drift read and write rules through it); absent: rules are not read. */
  connectRules?: (target: TargetConfig | undefined, service: ServiceConfig) => RuleTarget;
  /** mode status: connects with the target's own key (its `apiKeyEnv`); throws a ConfigError naming the variable when unset. */
  connectKeyed?: (target: TargetConfig | undefined, service: ServiceConfig) => KeywordTarget;
  /** drift: the client of `connect`'s connection, for what the rules blocked since the last apply; absent: not read. */
  connectClient?: (target: TargetConfig | undefined, service: ServiceConfig) => CometChatClient;
  /** mode status: the same keyed connection's client, for what the rules blocked (src/status/rule-activity.ts); absent: not read. */
  clientKeyed?: (target: TargetConfig | undefined, service: ServiceConfig) => CometChatClient;
  /** The deployment records (src/github/deployments.ts): what was last applied, for status, drift, the PR plan, promotion and the revert guard. */
  deploymentReader: DeploymentReader;
  /** Recent messages of a group for the impact preview; undefined without an API key. */
  recentMessages?: (target: TargetConfig | undefined, service: ServiceConfig) => RecentMessages;
  /** Loads the local sentence model for a trusted PR's sentence lists (default: src/similarity/embedder.ts; tests pass a fake). */
  loadEmbedder?: () => Promise<EmbedderLoad>;
  /** A blob of this checkout's git object store by its sha, or undefined when absent: spares API calls for files the PR did not change. */
  readLocalBlob?: (sha: string) => Promise<Buffer | undefined>;
  /** Validates the keywords folder as it is at a git ref (the PR's base) in a temporary copy; `lists` are `target`'s there (default the only target's). */
  validateAtRef: (ref: string, dir: string, target?: string) => Promise<RepoValidation>;
  writeSummary(markdown: string): Promise<void>;
  /** Writes the plan JSON for the `plan-json` output; returns its path. */
  writePlanFile(plan: Plan): Promise<string>;
  log: ActionLog;
  now(): Date;
  /** A fresh temporary folder (RUNNER_TEMP on a runner). */
  tempDir: string;
}

export interface ActionRun {
  inputs: ActionInputs;
  context: RunContext;
  deps: ActionDeps;
}

export interface ActionResult {
  hasChanges: boolean;
  /** Path of the plan JSON, or '' when no plan was made. */
  planJsonPath: string;
  failed: boolean;
  /** mode targets: the kwsync.yaml target names (the `targets` output, as JSON). */
  targets?: string[];
  /** mode targets: each target's GitHub environment (`environments` output, a JSON object). */
  environments?: Record<string, string>;
  /** mode targets: the target names in promotion waves, always three (`wave-1`..`wave-3` outputs). */
  waves?: string[][];
  /** mode targets on workflow_run: the folder holding the head handover (head-folder.ts), for actions/upload-artifact. */
  artifactDir?: string;
  /** mode targets on workflow_run: the sha256 of the head folder written to artifactDir (head-folder.ts). */
  headDigest?: string;
  /** Why the run failed, for core.setFailed. */
  message?: string;
}
