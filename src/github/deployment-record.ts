// The seam between the Action's apply (which writes a GitHub deployment per target per apply) and
// everything that asks "what is live on this target?" (kwsync status, drift, the PR plan, promotion).
// One meaning of "last applied": the newest kwsync deployment of the target's environment whose
// latest status is success (or inactive after a success that a newer one replaced).

/** What the apply writes into the deployment's `payload` (the plan's summary). */
export interface AppliedPayload {
  kwsync: 1;
  target: string;
  created: string[];
  updated: string[];
  deleted: string[];
  /** Each list's revision after the apply, as the service reported it (absent when it reports none). */
  revisions: Record<string, string | number>;
}

/** One apply of one target, as its deployment record tells it. */
export interface AppliedRecord {
  deploymentId: number;
  target: string;
  environment: string;
  /** The applied commit. */
  sha: string;
  /** When the apply finished (the success status's created_at), ISO 8601. */
  appliedAt: string;
  /** The run that applied it (the status's log_url), when known. */
  runUrl?: string;
  payload?: AppliedPayload;
}

/** The answer to "what was last applied to this target?". */
export type LastApplied =
  /** `ignored`: newer records that do not count (not made by the apply workflow on a push to the default branch), each with why. */
  | { found: true; record: AppliedRecord; ignored?: string[] }
  /** `reason` says why there is none, for output: no record yet, no token, no repository, ...; `error` when the records could not be read at all (not: none exist). */
  | { found: false; reason: string; error?: true };

export interface DeploymentReader {
  /** The last successful apply of `target` (its environment), or why there is none. */
  lastApplied(target: { name: string; environment?: string | undefined }): Promise<LastApplied>;
  /** The newest record of `sha` on the target the apply workflow made (any state): promotion asks whether it succeeded; state `ignored` (reasons in `description`) when only others' records exist. */
  recordOf?(target: { name: string; environment?: string | undefined }, sha: string): Promise<{ state: string; record: AppliedRecord; description?: string } | undefined>;
}

/** The environment a target's records live in: its `environment`, else its name. */
export function environmentOf(target: { name: string; environment?: string | undefined }): string {
  return target.environment ?? target.name;
}

/** The `task` kwsync's deployments carry, so other deployments of the environment are never read as applies. */
export const KWSYNC_DEPLOYMENT_TASK = 'deploy:kwsync';
