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
  /** What the apply job's impact preview predicted per changed list (counts only); absent in older records and without preview groups. */
  predicted?: AppliedPrediction;
}

/** The impact preview of an apply, in its record: when it ran, the messages read, per list the counts before and after. Bounded by MAX_PREDICTED_LISTS. */
export interface AppliedPrediction {
  at: string;
  sample: number;
  lists: Record<string, { before: number; after: number }>;
}

/** Lists a record's prediction keeps (a deployment payload is small). */
export const MAX_PREDICTED_LISTS = 100;

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** The payload's prediction when it has the shape kwsync writes, else undefined (a record is read, never trusted blindly). */
export function predictionOf(p: unknown): AppliedPrediction | undefined {
  if (!p || typeof p !== 'object') return undefined;
  const o = p as { at?: unknown; sample?: unknown; lists?: unknown };
  if (typeof o.at !== 'string' || Number.isNaN(Date.parse(o.at)) || !isCount(o.sample) || !o.lists || typeof o.lists !== 'object' || Array.isArray(o.lists)) return undefined;
  const entries = Object.entries(o.lists as Record<string, unknown>);
  if (entries.length > MAX_PREDICTED_LISTS) return undefined;
  const lists: AppliedPrediction['lists'] = {};
  for (const [id, c] of entries) {
    const v = c as { before?: unknown; after?: unknown } | null;
    if (!v || typeof v !== 'object' || !isCount(v.before) || !isCount(v.after) || id.length > 200) return undefined;
    lists[id] = { before: v.before, after: v.after };
  }
  return { at: o.at, sample: o.sample, lists };
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
  /** The last successful apply of `target` (its environment), or why there is none; `byHand`: a maintainer's Run workflow counts too (confirmConnection only). */
  lastApplied(target: { name: string; environment?: string | undefined }, opts?: { byHand?: boolean }): Promise<LastApplied>;
  /** The newest record of `sha` on the target the apply workflow made (any state): promotion asks whether it succeeded; state `ignored` (reasons in `description`) when only others' records exist. */
  recordOf?(target: { name: string; environment?: string | undefined }, sha: string): Promise<{ state: string; record: AppliedRecord; description?: string } | undefined>;
}

/** The environment a target's records live in: its `environment`, else its name. */
export function environmentOf(target: { name: string; environment?: string | undefined }): string {
  return target.environment ?? target.name;
}

/** The `task` kwsync's deployments carry, so other deployments of the environment are never read as applies. */
export const KWSYNC_DEPLOYMENT_TASK = 'deploy:kwsync';
