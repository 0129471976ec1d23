// Apply reconciles live with the commit the run is for. A re-run of an older run would put that
// older state back over newer merges, so apply first checks that its commit is still the head of
// the default branch; if not, a newer run applies (or has applied) the current state.
import type { GitHubClient } from '../github/client.js';
import type { RunContext } from './context.js';

export interface Superseded {
  branch: string;
  head: string;
}

/** The default branch and its head when they are ahead of this run's commit; undefined when current. */
export async function supersededBy(octokit: GitHubClient, context: RunContext): Promise<Superseded | undefined> {
  const { owner, repo } = context;
  const branch = context.defaultBranch ?? (await octokit.rest.repos.get({ owner, repo })).data.default_branch;
  const head = (await octokit.rest.repos.getBranch({ owner, repo, branch })).data.commit.sha;
  return head === context.sha ? undefined : { branch, head };
}

export function supersededNotice(s: Superseded, sha: string): string {
  return (
    `superseded: ${s.branch} is at ${s.head}; the newest apply run applies the current state ` +
    `(this run is for the older commit ${sha.slice(0, 7)}, so it applied nothing)`
  );
}
