// The rule that keeps pull-request code away from the key: a job that a workflow_run event can start
// (it runs with the default branch's secrets, also for a fork's PR) must never check out or run
// the PR's code. Allowed checkouts: the default one (the default branch) and kwsync's own repository
// at the reusable workflow's commit. No `run:` steps, no local action other than kwsync's, and no
// expression naming the PR's head (sha, branch, repository) anywhere in the job. A job calling a
// reusable workflow by path is checked through the called workflow's jobs.
//
// One narrow exception, for the bundle proof: a KEYLESS job (no secret, no environment, and a token
// that can only read, or write commit statuses) may read the PR's head as data. Even then: the
// PR's files are checked out into a folder of their own without credentials; nothing runs from
// that folder (no interpreter, `cd` or `working-directory` into it); npm installs with
// --ignore-scripts; and no cache is saved (a workflow_run job writes the default branch's caches).
import { parse } from 'yaml';
import { triggersOf } from './secret-guard.js';

const PRIVILEGED_EVENTS = ['workflow_run'];
const ALLOWED_LOCAL_ACTION = './.kwsync-action';
const HEAD_EXPRESSION = /github\.event\.(workflow_run\.head_(sha|branch|repository|commit)|pull_request\.head)|github\.head_ref/;
/** Permissions a keyless job may hold: reading, and commit statuses (how the bundle proof reports). */
const KEYLESS_WRITES = ['statuses'];

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
    out.push(...(isKeyless(job) ? checkKeylessJob(job, where) : checkKeyedJob(job, where)));
  }
  return out;
}

function checkKeyedJob(job: Job, where: string): string[] {
  const out: string[] = [];
  for (const [i, step] of ((job.steps ?? []) as Job[]).entries()) {
    const at = `${where} step ${i + 1}`;
    if (step.run !== undefined) out.push(`${at} runs a shell command on workflow_run`);
    const uses = String(step.uses ?? '');
    if (uses.startsWith('./') && uses !== ALLOWED_LOCAL_ACTION) out.push(`${at} runs the local action ${uses}`);
    if (uses.startsWith('actions/checkout@') && !allowedCheckout(step.with ?? {})) out.push(`${at} checks out something other than the default branch or kwsync itself`);
  }
  if (HEAD_EXPRESSION.test(JSON.stringify({ ...job, concurrency: undefined }))) out.push(`${where} names the pull request's head (its code) in an expression`);
  return out;
}

/** A job with nothing worth stealing: no secret, no environment, explicit read-only permissions (statuses aside). */
export function isKeyless(job: Job): boolean {
  if (/\bsecrets\s*\./.test(JSON.stringify(job)) || 'secrets' in job || 'environment' in job) return false;
  const p = job.permissions;
  // Without job-level permissions the job inherits the workflow's, or the repository's default token.
  if (!p || typeof p !== 'object') return false;
  return Object.entries(p).every(([scope, level]) => level === 'read' || level === 'none' || (KEYLESS_WRITES.includes(scope) && level === 'write'));
}

function checkKeylessJob(job: Job, where: string): string[] {
  const out: string[] = [];
  const steps = (job.steps ?? []) as Job[];
  const dataDirs: string[] = [];
  let readsPrData = false;
  for (const [i, step] of steps.entries()) {
    const uses = String(step.uses ?? '');
    const w = (step.with ?? {}) as Record<string, unknown>;
    if (!uses.startsWith('actions/checkout@') || allowedCheckout(w)) continue;
    const path = typeof w.path === 'string' ? w.path.replace(/^\.\/|\/+$/g, '') : '';
    const at = `${where} step ${i + 1}`;
    readsPrData = true;
    if (path === '' || path === '.' || path.split('/').includes('..')) out.push(`${at} checks out the pull request's files into the workspace itself, not a folder of their own`);
    if (w['persist-credentials'] !== false) out.push(`${at} checks out the pull request's files with the token left in .git/config (set persist-credentials: false)`);
    if (path !== '' && path !== '.') dataDirs.push(path);
  }
  if (!readsPrData) return checkKeyedJob(job, where); // reads no PR data: the usual rules hold
  for (const [i, step] of steps.entries()) {
    const at = `${where} step ${i + 1}`;
    const uses = String(step.uses ?? '');
    if (uses.startsWith('./') && uses !== ALLOWED_LOCAL_ACTION) out.push(`${at} runs the local action ${uses}`);
    if (uses.startsWith('actions/cache') || (uses.startsWith('actions/setup-') && step.with?.cache !== undefined)) {
      out.push(`${at} saves a cache, which a workflow_run job writes for the default branch (cache poisoning)`);
    }
    if (step['working-directory'] !== undefined || job.defaults?.run?.['working-directory'] !== undefined) out.push(`${at} sets working-directory: commands run only in the default branch's checkout`);
    if (typeof step.run !== 'string') continue;
    if (/\b(npm\s+(ci|install|i|rebuild)|yarn|pnpm)\b/.test(step.run) && !/--ignore-scripts\b/.test(step.run)) out.push(`${at} installs packages without --ignore-scripts`);
    for (const dir of dataDirs) if (runsFrom(step.run, dir)) out.push(`${at} runs something from the pull request's files (${dir})`);
  }
  return out;
}

/** Whether a shell command executes, sources or enters the folder (`node dir/x.js`, `./dir/x.sh`, `cd dir`). */
export function runsFrom(run: string, dir: string): boolean {
  const d = dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const commandStart = String.raw`(?:^|[;&|(\n]|\$\()\s*`;
  const interpreter = String.raw`(?:node|bash|sh|zsh|dash|python3?|ruby|perl|deno|bun|npx|tsx|source|cd|pushd|\.|npm\s+(?:--prefix|-C)|make\s+-C|git\s+-C)\s+(?:-\S+\s+)*`;
  return new RegExp(String.raw`(?:${commandStart}|${commandStart}${interpreter}|\s--prefix[=\s])["']?(?:\.\/)?${d}(?:[/"'\s]|$)`).test(run);
}

function allowedCheckout(w: Record<string, unknown>): boolean {
  const repo = w.repository;
  const ref = w.ref;
  const kwsyncItself = repo === '${{ job.workflow_repository }}' && ref === '${{ job.workflow_sha }}' && w.path === '.kwsync-action';
  const defaultBranch = repo === undefined && ref === undefined;
  return kwsyncItself || defaultBranch;
}
