// Every apply of a target, recorded as a GitHub deployment of the target's environment: created
// before the first write (status in_progress), finished with success or failure and the run's link.
// GitHub keeps a deployment's payload as it was created (there is no update), so the payload is
// the plan's summary with the revisions the apply expects to leave; the final status says how it
// ended. The reader answers "what was last applied?" from these records, reading pages only as far
// as the answer needs. Calls and shapes: test/contract/github-deployments.openapi.yaml.
import { randomUUID } from 'node:crypto';
import { RequestError } from 'octokit';
import type { GitHubClient, RepoRef } from './client.js';
import { createOnce } from './create-once.js';
import { APPLY_EVENT, APPLY_WORKFLOW, ProvenanceUnreadable, provenanceChecker, type ProvenanceOptions } from './deployment-provenance.js';
import { environmentOf, KWSYNC_DEPLOYMENT_TASK, predictionOf, type AppliedPayload, type AppliedRecord, type DeploymentReader, type LastApplied } from './deployment-record.js';

/** GitHub's cap on a deployment status description ("The maximum description length is 140 characters"). */
export const STATUS_DESCRIPTION_MAX = 140;
/** How many of an environment's newest kwsync deployments lastApplied looks through for a success. */
export const RECORDS_LOOKED_AT = 100;
const PER_PAGE = 30;
/** How many records of one commit recordOf looks through for one the apply workflow made. */
export const RECORDS_OF_A_COMMIT = 10;
/** How many of the apply workflow's newest push runs the look-up by run reads when the newest records hold no genuine one. */
export const RUNS_LOOKED_AT = 10;
/** How many pages of 100 records of a run's commit the look-up by runs reads (newest first, down to the run's start). */
export const RECORD_PAGES_OF_A_RUN = 3;

export type TargetRef = { name: string; environment?: string | undefined };
export type FinalState = 'success' | 'failure' | 'error';

/** A description cut to GitHub's 140 characters (a longer one is refused with 422). */
export function statusDescription(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length <= STATUS_DESCRIPTION_MAX ? one : `${one.slice(0, STATUS_DESCRIPTION_MAX - 1)}…`;
}

export interface CreateRecordOptions extends RepoRef {
  target: TargetRef;
  /** The applied commit (the deployment's ref). */
  sha: string;
  payload: AppliedPayload;
}

/**
 * Creates the deployment of one apply. `required_contexts: []` so GitHub does not refuse it for
 * checks still pending on the commit; `auto_merge: false` so it never merges the default branch
 * into the ref. After a 5xx the deployment may exist: it is looked up by a nonce in its payload
 * before the POST is sent again.
 */
export async function createApplyDeployment(octokit: GitHubClient, opts: CreateRecordOptions): Promise<{ id: number }> {
  const environment = environmentOf(opts.target);
  const nonce = randomUUID();
  const payload = { ...opts.payload, nonce };
  const created = await createOnce({
    send: async () => {
      const res = await octokit.rest.repos.createDeployment({
        owner: opts.owner,
        repo: opts.repo,
        ref: opts.sha,
        environment,
        task: KWSYNC_DEPLOYMENT_TASK,
        auto_merge: false,
        required_contexts: [],
        payload,
        description: statusDescription(`kwsync apply of ${opts.target.name} at ${opts.sha.slice(0, 7)}`),
        transient_environment: false,
      });
      // 202 is GitHub's "merged the default branch instead" answer, which auto_merge: false rules out.
      if (res.status !== 201 || !('id' in res.data)) throw new Error(`GitHub answered ${res.status} without a deployment: ${JSON.stringify(res.data).slice(0, 200)}`);
      return { id: res.data.id };
    },
    find: async () => {
      const res = await octokit.rest.repos.listDeployments({ owner: opts.owner, repo: opts.repo, sha: opts.sha, environment, task: KWSYNC_DEPLOYMENT_TASK, per_page: PER_PAGE });
      const hit = res.data.find((d) => typeof d.payload === 'object' && (d.payload as { nonce?: unknown }).nonce === nonce);
      return hit ? { id: hit.id } : undefined;
    },
  });
  return created;
}

export interface StatusOptions extends RepoRef {
  deploymentId: number;
  state: 'in_progress' | FinalState;
  description: string;
  /** The run that applied (GitHub shows it as the deployment's log). */
  logUrl: string;
}

/**
 * A status of one apply's deployment. GitHub's auto_inactive (on by default) marks the earlier
 * successful deployments of the environment inactive when this one succeeds, but only for
 * environments that are neither transient nor production; kwsync relies on nothing of it: the
 * reader takes the newest deployment that has a success among its statuses.
 */
export async function setDeploymentStatus(octokit: GitHubClient, opts: StatusOptions): Promise<void> {
  const description = statusDescription(opts.description);
  await createOnce({
    send: () => octokit.rest.repos.createDeploymentStatus({
      owner: opts.owner,
      repo: opts.repo,
      deployment_id: opts.deploymentId,
      state: opts.state,
      description,
      log_url: opts.logUrl,
    }),
    find: async () => {
      const res = await octokit.rest.repos.listDeploymentStatuses({ owner: opts.owner, repo: opts.repo, deployment_id: opts.deploymentId, per_page: 1 });
      const newest = res.data[0];
      return newest && newest.state === opts.state && newest.description === description ? { data: newest } : undefined;
    },
  });
}

interface DeploymentJson {
  id: number;
  sha: string;
  environment: string;
  payload: unknown;
  created_at: string;
}
interface StatusJson {
  state: string;
  created_at: string;
  description?: string | null;
  log_url?: string;
  target_url?: string;
}

/**
 * The records kept as GitHub deployments of `repo`, read with `octokit`. Only records the apply
 * workflow made on a push to the default branch count (deployment-provenance.ts); the others are
 * skipped and named in the answer's `ignored`. `applyWorkflow`: that workflow's file, when not
 * .github/workflows/kwsync-apply.yml.
 */
export function deploymentReader(octokit: GitHubClient, repo: RepoRef, opts: ProvenanceOptions = {}): DeploymentReader & { recordOf: NonNullable<DeploymentReader['recordOf']> } {
  const refusal = provenanceChecker(octokit, repo, opts);
  const byHandRefusal = provenanceChecker(octokit, repo, { ...opts, byHand: true });
  const whyOf = (check: typeof refusal) => (d: DeploymentJson, status: StatusJson) => check({ id: d.id, sha: d.sha, created_at: d.created_at, status });
  const why = whyOf(refusal);
  const statusesOf = async (id: number): Promise<StatusJson[]> => {
    // Newest first; one page of 100 is every status an apply writes (in_progress, then one end).
    const res = await octokit.rest.repos.listDeploymentStatuses({ ...repo, deployment_id: id, per_page: 100 });
    return res.data as StatusJson[];
  };
  const toRecord = (target: TargetRef, d: DeploymentJson, status: StatusJson): AppliedRecord => ({
    deploymentId: d.id,
    target: target.name,
    environment: d.environment,
    sha: d.sha,
    appliedAt: status.created_at,
    ...((status.log_url || status.target_url) ? { runUrl: status.log_url || status.target_url } : {}),
    ...(isAppliedPayload(d.payload) ? { payload: withCheckedPrediction(d.payload) } : {}),
  });

  /**
   * The look-up by what a record claims, when the newest records hold no genuine one (a flood of
   * forged records can fill any page of everything): the apply workflow's own push runs (GitHub's,
   * newest first, at most RUNS_LOOKED_AT; of `sha` when given), then per run the records of its
   * commit (newest first, down to the run's start, at most RECORD_PAGES_OF_A_RUN pages of 100), and
   * only those created while that run lasted get their statuses read. Forged records
   * made at any other time cost no request.
   */
  const byRuns = async (target: TargetRef, sha: string | undefined, pick: (d: DeploymentJson, statuses: StatusJson[]) => Promise<StatusJson | undefined>, why = whyOf(refusal)) => {
    const environment = environmentOf(target);
    const file = (opts.applyWorkflow ?? APPLY_WORKFLOW).split('/').pop()!;
    const res = await octokit.request('GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs', { ...repo, workflow_id: file, event: APPLY_EVENT, per_page: RUNS_LOOKED_AT, exclude_pull_requests: true, ...(sha ? { head_sha: sha } : {}) });
    for (const run of res.data.workflow_runs.slice(0, RUNS_LOOKED_AT)) {
      const from = Date.parse(run.created_at);
      const to = run.status === 'completed' ? Date.parse(run.updated_at) : Infinity;
      // Newest first, down to the run's start: forged records made while the run lasted can fill a
      // page, so up to RECORD_PAGES_OF_A_RUN pages are read (R2-M3); older records end the look.
      let pages = 0;
      records: for await (const page of octokit.paginate.iterator(octokit.rest.repos.listDeployments, { ...repo, environment, task: KWSYNC_DEPLOYMENT_TASK, sha: run.head_sha, per_page: 100 })) {
        for (const d of page.data as DeploymentJson[]) {
          const at = Date.parse(d.created_at);
          if (at < from) break records;
          if (!(at <= to)) continue;
          const status = await pick(d, await statusesOf(d.id));
          if (status && !(await why(d, status))) return { d, status };
        }
        if (++pages >= RECORD_PAGES_OF_A_RUN) break;
      }
    }
    return undefined;
  };

  return {
    async lastApplied(target, { byHand = false } = {}) {
      const environment = environmentOf(target);
      // With byHand a maintainer's Run workflow's record counts too; the look-up by runs below still reads push runs only.
      const why = whyOf(byHand ? byHandRefusal : refusal);
      try {
        let seen = 0;
        const ignored: string[] = [];
        const withIgnored = (reason: string) => (ignored.length ? `${reason}; ignored: ${listed(ignored)}` : reason);
        // Newest first (GitHub lists deployments by creation, newest first); stop at the first success the apply workflow made.
        pages: for await (const page of octokit.paginate.iterator(octokit.rest.repos.listDeployments, { ...repo, environment, task: KWSYNC_DEPLOYMENT_TASK, per_page: PER_PAGE })) {
          for (const d of page.data as DeploymentJson[]) {
            if (++seen > RECORDS_LOOKED_AT) break pages;
            const success = (await statusesOf(d.id)).find((s) => s.state === 'success');
            if (!success) continue;
            const refused = await why(d, success);
            if (refused) ignored.push(refused);
            else return { found: true, record: toRecord(target, d, success), ...(ignored.length ? { ignored } : {}) };
          }
        }
        if (ignored.length > 0 || seen > RECORDS_LOOKED_AT) {
          const hit = await byRuns(target, undefined, async (_d, statuses) => statuses.find((s) => s.state === 'success'), why);
          if (hit) return { found: true, record: toRecord(target, hit.d, hit.status), ...(ignored.length ? { ignored } : {}) };
          if (seen > RECORDS_LOOKED_AT) return { found: false, reason: withIgnored(`no successful apply among the newest ${RECORDS_LOOKED_AT} kwsync records of environment ${environment}, nor among the records of the newest ${RUNS_LOOKED_AT} push runs of the apply workflow`) };
        }
        return { found: false, reason: withIgnored(seen === 0 ? `no kwsync apply recorded in environment ${environment} yet` : ignored.length ? `no successful kwsync apply by the apply workflow recorded in environment ${environment}` : `no successful kwsync apply recorded in environment ${environment}`) } satisfies LastApplied;
      } catch (err) {
        // Records that exist but cannot be checked are never "none recorded": which request failed, and what to grant.
        if (err instanceof ProvenanceUnreadable) return { found: false, reason: `the deployment records of environment ${environment} cannot be checked: ${err.message}`, error: true };
        if (!(err instanceof RequestError)) throw err;
        return { found: false, reason: `the deployment records of environment ${environment} cannot be read (GitHub answered ${err.status} to ${err.request.method} ${new URL(err.request.url).pathname}${err.status === 403 ? `; the job needs \`${err.request.url.includes('/actions/') ? 'actions' : 'deployments'}: read\`` : ''}: ${err.message})`, error: true };
      }
    },

    /**
     * The newest record of `sha` the apply workflow made; its state is the newest status's, with
     * inactive after a success read as success. Only records of the apply workflow: none gives
     * undefined, or `{ state: 'ignored' }` with the reasons when records exist that do not count.
     * Throws when GitHub cannot be read.
     */
    async recordOf(target, sha) {
      const environment = environmentOf(target);
      const res = await octokit.rest.repos.listDeployments({ ...repo, environment, task: KWSYNC_DEPLOYMENT_TASK, sha, per_page: RECORDS_OF_A_COMMIT });
      const ignored: string[] = [];
      for (const d of res.data as DeploymentJson[]) {
        const statuses = await statusesOf(d.id);
        const newest = statuses[0];
        const success = statuses.find((s) => s.state === 'success');
        const state = !newest ? 'pending' : newest.state === 'inactive' && success ? 'success' : newest.state;
        const shown = (state === 'success' ? success : newest) ?? { state, created_at: '', description: null };
        // A record without any status links to no run: it is not the apply workflow's (which marks it in_progress first).
        const refused = await why(d, shown);
        if (refused) {
          ignored.push(refused);
          continue;
        }
        return { state, record: toRecord(target, d, shown), ...(shown.description ? { description: shown.description } : {}) };
      }
      const first = res.data[0] as DeploymentJson | undefined;
      if (!first) return undefined;
      // Forged records of this commit may fill the page: ask by the apply workflow's runs of it.
      const shownOf = (statuses: StatusJson[]) => {
        const newest = statuses[0];
        const success = statuses.find((s) => s.state === 'success');
        return (newest?.state === 'inactive' && success) || newest?.state === 'success' ? success : newest;
      };
      const hit = await byRuns(target, sha, async (_d, statuses) => shownOf(statuses));
      if (hit) return { state: hit.status.state === 'inactive' ? 'success' : hit.status.state, record: toRecord(target, hit.d, hit.status), ...(hit.status.description ? { description: hit.status.description } : {}) };
      return { state: 'ignored', record: toRecord(target, first, { state: 'ignored', created_at: '' }), description: listed(ignored) };
    },
  };
}

/** The first three reasons and how many more: a forger's hundred records make no hundred-line status. */
function listed(reasons: string[]): string {
  return reasons.length <= 3 ? reasons.join('; ') : `${reasons.slice(0, 3).join('; ')}; and ${reasons.length - 3} more`;
}

/** The payload with its prediction kept only when it has kwsync's shape (older records have none). */
function withCheckedPrediction(p: AppliedPayload): AppliedPayload {
  const { predicted, ...rest } = p;
  const checked = predictionOf(predicted);
  return checked ? { ...rest, predicted: checked } : rest;
}

function isAppliedPayload(p: unknown): p is AppliedPayload {
  const o = p as Partial<AppliedPayload> | null;
  return !!o && typeof o === 'object' && o.kwsync === 1 && Array.isArray(o.created) && Array.isArray(o.updated) && Array.isArray(o.deleted) && typeof o.revisions === 'object';
}
