// What a public output may name. A job summary and an issue of a public repository are readable by
// anyone, so the drift summary, the drift issue and `mode: status` show how many live lists have no
// file, never their names (a PR plan withholds them from outsiders; these outputs must not undo
// that). Names are shown only when every reader is trusted: the repository is private, as GitHub
// reports it. A failure to ask counts as public.
import type { GitHubClient, RepoRef } from '../github/client.js';
import type { Plan } from '../model/plan.js';

export async function readersTrusted(octokit: GitHubClient, repo: RepoRef): Promise<boolean> {
  try {
    const { data } = await octokit.rest.repos.get({ ...repo });
    return data.private === true;
  } catch {
    return false;
  }
}

export function withheldNamesNote(count: number): string {
  return `${count} live list${count === 1 ? ' has' : 's have'} no file (unmanaged); their names are withheld because this repository is public.`;
}

/** The plan as a public output may show it: unmanaged lists counted, not named. */
export function withoutUnmanagedNames(plan: Plan): { plan: Plan; note: string | undefined } {
  if (plan.unmanaged.length === 0) return { plan, note: undefined };
  return { plan: { ...plan, unmanaged: [] }, note: withheldNamesNote(plan.unmanaged.length) };
}
