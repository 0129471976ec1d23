// The rule that keeps pull-request code away from the key: a job that a workflow_run event can start
// (it runs with the default branch's secrets, also for a fork's PR) must never check out or run
// the PR's code. Allowed checkouts: the default one (the default branch) and kwsync's own repository
// at the reusable workflow's commit. No `run:` steps, no local action other than kwsync's, and no
// expression naming the PR's head (sha, branch, repository) anywhere in the job. A job calling a
// reusable workflow by path is checked through the called workflow's jobs.
import { parse } from 'yaml';
import { triggersOf } from './secret-guard.js';

const PRIVILEGED_EVENTS = ['workflow_run'];
const ALLOWED_LOCAL_ACTION = './.kwsync-action';
const HEAD_EXPRESSION = /github\.event\.(workflow_run\.head_(sha|branch|repository|commit)|pull_request\.head)|github\.head_ref/;

type Job = Record<string, any>;

/** One message per way a privileged job could reach the PR's code; empty when the workflow is safe. */
export function prCodeInPrivilegedJobs(source: string, file: string, readLocal?: (path: string) => string): string[] {
  const workflow = parse(source) as Record<string, any>;
  if (!triggersOf(workflow).some((t) => PRIVILEGED_EVENTS.includes(t))) return [];
  return checkJobs(workflow.jobs ?? {}, file, readLocal);
}

function checkJobs(jobs: Record<string, Job>, file: string, readLocal?: (path: string) => string): string[] {
  const out: string[] = [];
  for (const [name, job] of Object.entries(jobs)) {
    const where = `${file}: job "${name}"`;
    if (typeof job.uses === 'string') {
      if (!job.uses.startsWith('./')) continue; // a remote reusable workflow is checked in its own repository
      if (!readLocal) throw new Error(`cannot check the reusable workflow ${job.uses}: no reader given`);
      const called = parse(readLocal(job.uses)) as Record<string, any>;
      out.push(...checkJobs(called.jobs ?? {}, job.uses.replace(/^\.\//, ''), readLocal));
      continue;
    }
    for (const [i, step] of ((job.steps ?? []) as Job[]).entries()) {
      const at = `${where} step ${i + 1}`;
      if (step.run !== undefined) out.push(`${at} runs a shell command on workflow_run`);
      const uses = String(step.uses ?? '');
      if (uses.startsWith('./') && uses !== ALLOWED_LOCAL_ACTION) out.push(`${at} runs the local action ${uses}`);
      if (uses.startsWith('actions/checkout@') && !allowedCheckout(step.with ?? {})) out.push(`${at} checks out something other than the default branch or kwsync itself`);
    }
    if (HEAD_EXPRESSION.test(JSON.stringify({ ...job, concurrency: undefined }))) out.push(`${where} names the pull request's head (its code) in an expression`);
  }
  return out;
}

function allowedCheckout(w: Record<string, unknown>): boolean {
  const repo = w.repository;
  const ref = w.ref;
  const kwsyncItself = repo === '${{ job.workflow_repository }}' && ref === '${{ job.workflow_sha }}' && w.path === '.kwsync-action';
  const defaultBranch = repo === undefined && ref === undefined;
  return kwsyncItself || defaultBranch;
}
