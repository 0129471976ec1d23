// The rule that keeps the API key away from pull requests: a job that references `secrets.` must
// live in a workflow that no pull_request/pull_request_target event can start (fork PRs run the
// PR's code, and pull_request_target would hand it the secrets). A job calling a reusable workflow
// counts as holding what it passes (`secrets:`) and whatever the called workflow references.
import { parse } from 'yaml';

const PR_EVENTS = ['pull_request', 'pull_request_target'];

export function triggersOf(workflow: Record<string, unknown>): string[] {
  const on = workflow.on;
  if (typeof on === 'string') return [on];
  if (Array.isArray(on)) return on.map(String);
  if (on && typeof on === 'object') return Object.keys(on);
  return [];
}

const mentions = (x: unknown) => /\bsecrets\s*\./.test(JSON.stringify(x ?? null));

/**
 * One message per job that could see a secret on a pull request; empty when the workflow is safe.
 * `readLocal` reads a reusable workflow the job calls by a local path (`./.github/workflows/x.yml`).
 */
export function secretsOnPullRequests(source: string, file: string, readLocal?: (path: string) => string): string[] {
  const workflow = parse(source) as Record<string, unknown>;
  const prTriggers = triggersOf(workflow).filter((t) => PR_EVENTS.includes(t));
  if (prTriggers.length === 0) return [];
  // Workflow-level env is inherited by every job.
  const globalSecret = mentions(workflow.env);
  const jobs = (workflow.jobs ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(jobs)
    // An environment's secrets are readable by any step of a job that names it.
    .filter(([, job]) => globalSecret || mentions(job) || 'secrets' in job || 'environment' in job || calledHoldsSecrets(job, readLocal))
    .map(([name]) => `${file}: job "${name}" references secrets but the workflow runs on ${prTriggers.join(', ')}`);
}

function calledHoldsSecrets(job: Record<string, unknown>, readLocal: ((path: string) => string) | undefined): boolean {
  const uses = job.uses;
  if (typeof uses !== 'string') return false;
  // A remote reusable workflow cannot be read here: without `secrets:` it gets none (GitHub passes none).
  if (!uses.startsWith('./')) return false;
  if (!readLocal) throw new Error(`cannot check the reusable workflow ${uses}: no reader given`);
  const called = parse(readLocal(uses)) as Record<string, unknown>;
  const jobs = Object.values((called.jobs ?? {}) as Record<string, Record<string, unknown>>);
  return mentions(called.jobs) || mentions(called.env) || jobs.some((j) => 'environment' in j);
}

/**
 * The key's jobs run only the committed, proven bundle: a job that holds a secret or names an
 * environment runs no shell command (no `npm ci`, no build, nothing that could execute code the
 * bundle proof does not cover), also inside a local reusable workflow it calls. One message per
 * such step; empty when the workflow is safe.
 */
export function shellWhereTheKeyIs(source: string, file: string, readLocal?: (path: string) => string): string[] {
  const workflow = parse(source) as Record<string, unknown>;
  const globalSecret = mentions(workflow.env);
  const out: string[] = [];
  for (const [name, job] of Object.entries((workflow.jobs ?? {}) as Record<string, Record<string, unknown>>)) {
    if (typeof job.uses === 'string') {
      if (!job.uses.startsWith('./')) continue; // a remote reusable workflow is checked in its own repository
      if (!readLocal) throw new Error(`cannot check the reusable workflow ${job.uses}: no reader given`);
      out.push(...shellWhereTheKeyIs(readLocal(job.uses), job.uses.replace(/^\.\//, ''), readLocal));
      continue;
    }
    if (!(globalSecret || mentions(job) || 'environment' in job)) continue;
    for (const [i, step] of ((job.steps ?? []) as Record<string, unknown>[]).entries()) {
      if (step.run !== undefined) out.push(`${file}: job "${name}" step ${i + 1} runs a shell command where the key is (keyed jobs run only the committed bundle)`);
    }
  }
  return out;
}
