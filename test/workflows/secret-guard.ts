// The rule that keeps the API key away from pull requests: a job that references `secrets.` must
// live in a workflow that no pull_request/pull_request_target event can start (fork PRs run the
// PR's code, and pull_request_target would hand it the secrets).
import { parse } from 'yaml';

const PR_EVENTS = ['pull_request', 'pull_request_target'];

export function triggersOf(workflow: Record<string, unknown>): string[] {
  const on = workflow.on;
  if (typeof on === 'string') return [on];
  if (Array.isArray(on)) return on.map(String);
  if (on && typeof on === 'object') return Object.keys(on);
  return [];
}

/** One message per job that could see a secret on a pull request; empty when the workflow is safe. */
export function secretsOnPullRequests(source: string, file: string): string[] {
  const workflow = parse(source) as Record<string, unknown>;
  const prTriggers = triggersOf(workflow).filter((t) => PR_EVENTS.includes(t));
  if (prTriggers.length === 0) return [];
  const mentions = (x: unknown) => /\bsecrets\s*\./.test(JSON.stringify(x ?? null));
  // Workflow-level env is inherited by every job.
  const globalSecret = mentions(workflow.env);
  const jobs = (workflow.jobs ?? {}) as Record<string, unknown>;
  return Object.entries(jobs)
    .filter(([, job]) => globalSecret || mentions(job))
    .map(([name]) => `${file}: job "${name}" references secrets but the workflow runs on ${prTriggers.join(', ')}`);
}
