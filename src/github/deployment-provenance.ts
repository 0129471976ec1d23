// Whether a deployment record was made by this repository's apply workflow on a push to the
// default branch for that commit (issue 27). Anyone whose token has `deployments: write` (a workflow
// of any branch of this repository) can create a `deploy:kwsync` record and give it any payload
// and log_url; what GitHub itself asserts is the workflow run behind the link and the times it
// stamps. So a record counts only when the run its status links to is, per GitHub, a `push` run of
// the apply workflow file on the default branch at the record's sha, in this repository, and the
// record and its status were made while that run lasted. Only where a connection is confirmed
// (`byHand`) does a maintainer's Run workflow of that file on the default branch count too. Calls and shapes:
// test/contract/github-deployments.openapi.yaml (actions/get-workflow-run).
import { RequestError } from 'octokit';
import type { GitHubClient, RepoRef } from './client.js';

/** The apply workflow file kwsync's records must come from: what `kwsync init` writes (docs/security.md). */
export const APPLY_WORKFLOW = '.github/workflows/kwsync-apply.yml';
/** The only event whose runs count for status, promotion and the revert guard: a by-hand run is refused there. */
export const APPLY_EVENT = 'push';
/** A maintainer's Run workflow: counts only with `byHand` (confirmConnection), under every other rule a push run meets. */
export const BY_HAND_EVENT = 'workflow_dispatch';

/** The fields of GitHub's workflow-run schema the check reads (GET …/runs/{id}/attempts/{n}: that attempt's). */
interface RunJson {
  id: number;
  event: string;
  head_branch: string | null;
  head_sha: string;
  path: string;
  status: string | null;
  created_at: string;
  updated_at: string;
  run_attempt?: number;
  run_started_at?: string;
  repository: { full_name: string };
}

/** What the check needs of a record: the deployment and the status it is read by. */
export interface RecordToProve {
  id: number;
  sha: string;
  created_at?: string;
  status: { created_at: string; log_url?: string; target_url?: string };
}

/**
 * The run and attempt in a status's link (a path `/{owner}/{repo}/actions/runs/{id}`, optionally
 * `/attempts/{n}`), else undefined. A link without an attempt names the run's first attempt (what
 * kwsync wrote before issue 37, and what a re-run never widens).
 */
export function runOf(url: string | undefined): { id: number; attempt: number } | undefined {
  let path: string;
  try {
    path = new URL(url ?? '').pathname;
  } catch {
    return undefined;
  }
  const m = /^\/[^/]+\/[^/]+\/actions\/runs\/(\d{1,15})(?:\/attempts\/(\d{1,6}))?\/?$/.exec(path);
  return m ? { id: Number(m[1]), attempt: m[2] ? Number(m[2]) : 1 } : undefined;
}

/** The run id in a status's link, else undefined. */
export function runIdOf(url: string | undefined): number | undefined {
  return runOf(url)?.id;
}

/** `.github/workflows/x.yml` from GitHub's `path` (which may carry `@ref` and, in GitHub's example, `owner/repo/`). */
function workflowFile(path: string, repo: RepoRef): string {
  const bare = path.replace(/@.*$/, '');
  const prefix = `${repo.owner}/${repo.repo}/`.toLowerCase();
  return bare.toLowerCase().startsWith(prefix) ? bare.slice(prefix.length) : bare;
}

export type ProvenanceCheck = (record: RecordToProve) => Promise<string | undefined>;

export interface ProvenanceOptions {
  /** The apply workflow's file, when not .github/workflows/kwsync-apply.yml. */
  applyWorkflow?: string;
  /**
   * Whether the record's commit must be on the default branch's history (default true: "Live on",
   * status, drift, promotion). The revert guard passes false: a genuine apply of a commit that a
   * force-push later dropped is exactly what it must still see.
   */
  onDefaultBranch?: boolean;
  /**
   * Whether a by-hand run (workflow_dispatch) of the apply workflow counts as well (default false).
   * Only confirmConnection passes true: a maintainer's Run workflow on the default branch is what
   * confirms a re-pointed target (docs/security.md); the record's run must still be of this
   * repository, of the apply workflow file, on the default branch, at the record's sha, in its time.
   */
  byHand?: boolean;
}

/** A GitHub read the check could not make: says which request failed and, for a 403, what to grant. */
export class ProvenanceUnreadable extends Error {
  constructor(readonly request: string, readonly status: number | undefined, cause: string) {
    const grant = status === 403 || status === 404
      ? request.includes('/actions/') ? ' (the job needs `actions: read` to check a record against its run)' : ' (the job needs `contents: read`)'
      : '';
    super(`GitHub answered ${status ?? 'no status'} to ${request}${grant}: ${cause}`);
  }
}

/**
 * A checker bound to one reader: it asks GitHub for the default branch and whether a tag of that
 * name exists once, for each distinct run attempt once and for each distinct commit's place on the
 * default branch once (cached), so a page of records costs at most one request per attempt and per
 * commit behind it. It answers why a record does not count, or undefined when it does. Other GitHub
 * errors than a missing run or commit throw ProvenanceUnreadable (the reader reports them as
 * "cannot be checked", never as "none recorded").
 */
export function provenanceChecker(octokit: GitHubClient, repo: RepoRef, opts: ProvenanceOptions = {}): ProvenanceCheck {
  const applyWorkflow = opts.applyWorkflow ?? APPLY_WORKFLOW;
  const cache = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, request: string, read: () => Promise<T>, missing: T): Promise<T> => {
    let hit = cache.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = read().catch((err: unknown) => {
        if (err instanceof RequestError && err.status === 404) return missing;
        cache.delete(key);
        throw new ProvenanceUnreadable(request, err instanceof RequestError ? err.status : undefined, err instanceof Error ? err.message : String(err));
      });
      cache.set(key, hit);
    }
    return hit;
  };
  const here = `${repo.owner}/${repo.repo}`;
  const attemptOf = (id: number, attempt: number) => once(`run ${id} ${attempt}`, `GET /repos/${here}/actions/runs/${id}/attempts/${attempt}`, () =>
    octokit.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}/attempts/{attempt_number}', { ...repo, run_id: id, attempt_number: attempt, exclude_pull_requests: true }).then((res) => res.data as unknown as RunJson), undefined);
  const branch = () => once('branch', `GET /repos/${here}`, () => octokit.rest.repos.get({ ...repo }).then((res) => res.data.default_branch), '');
  // The commit a tag of that name points at; '' when it is an annotated tag (its object is not the commit: every record is then in doubt).
  const tagNamed = (name: string) => once(`tag ${name}`, `GET /repos/${here}/git/ref/tags/${name}`, () => octokit.rest.git.getRef({ ...repo, ref: `tags/${name}` }).then((res) => (res.data.object.type === 'commit' ? res.data.object.sha : '')), undefined as string | undefined);
  // The commit is on the default branch's history: GitHub compares it with the branch (behind or identical).
  const onBranch = (main: string, sha: string) => once(`on ${sha}`, `GET /repos/${here}/compare/${main}...${sha}`, () =>
    octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: `${main}...${sha}`, per_page: 1 }).then((res) => res.data.status === 'behind' || res.data.status === 'identical'), false);

  return async (record) => {
    const who = `deployment ${record.id}`;
    const link = runOf(record.status.log_url || record.status.target_url);
    if (link === undefined) return `${who} links to no workflow run (made outside the apply workflow)`;
    const { id, attempt } = link;
    const run = await attemptOf(id, attempt);
    if (!run) return `${who}: its run ${id} (attempt ${attempt}) is not a workflow run of ${here}`;
    if (run.repository?.full_name?.toLowerCase() !== here.toLowerCase()) return `${who}: its run ${id} belongs to ${String(run.repository?.full_name)}, not ${here}`;
    const file = workflowFile(run.path ?? '', repo);
    if (file !== applyWorkflow) return `${who}: its run ${id} is of ${JSON.stringify(file.slice(0, 200))}, not the apply workflow ${applyWorkflow}`;
    const byHand = opts.byHand === true && run.event === BY_HAND_EVENT;
    if (run.event !== APPLY_EVENT && !byHand) return `${who}: its run ${id} was triggered by ${JSON.stringify(String(run.event).slice(0, 50))}, not a push${opts.byHand ? ' or a Run workflow' : ''}`;
    const main = await branch();
    if (run.head_branch !== main) return `${who}: its run ${id} ran on ${JSON.stringify(String(run.head_branch).slice(0, 200))}, not the default branch ${main}`;
    if (run.head_sha !== record.sha) return `${who}: its run ${id} was for ${run.head_sha.slice(0, 7)}, not the record's ${record.sha.slice(0, 7)}`;
    // A push of a tag named like the branch makes a run GitHub reports "on" it: refused while such a tag exists.
    const tagged = await tagNamed(main);
    if (tagged !== undefined && (tagged === '' || tagged === record.sha)) return `${who}: a tag named ${JSON.stringify(main.slice(0, 200))} exists at ${tagged ? tagged.slice(0, 7) : 'an annotated tag'}, so its run ${id} may be that tag's push, not the branch's (delete the tag)`;
    if (opts.onDefaultBranch !== false && !(await onBranch(main, record.sha))) return `${who}: its commit ${record.sha.slice(0, 7)} is not on the history of the default branch ${main}`;
    // The record and its status must be written while that very attempt lasted (a re-run starts a
    // new attempt with its own start; the first attempt's end stays its end): a status added later
    // (to turn a real failed apply into a success) or a record made before the attempt is someone else's.
    const startText = run.run_started_at ?? run.created_at;
    const start = Date.parse(startText);
    const end = run.status === 'completed' ? Date.parse(run.updated_at) : Infinity;
    for (const [what, at] of [['record', record.created_at], ['status', record.status.created_at]] as const) {
      const t = at ? Date.parse(at) : NaN;
      if (!(t >= start && t <= end)) return `${who}: its ${what} was written at ${at ?? 'an unknown time'}, outside attempt ${attempt} of its run ${id} (${startText} to ${run.status === 'completed' ? run.updated_at : 'now'})`;
    }
    return undefined;
  };
}
