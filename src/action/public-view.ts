// What a public output may name. A job summary and an issue of a public repository are readable by
// anyone, so the drift summary, the drift issue and `mode: status` show how many live lists have no
// file, never their names (a PR plan withholds them from outsiders; these outputs must not undo
// that). Names are shown only when every reader is trusted: the repository is private, as GitHub
// reports it. A failure to ask counts as public. Likewise a live edit's terms (an emergency term a
// moderator typed on the dashboard) and the live side of a field change: counts only in public.
import type { GitHubClient, RepoRef } from '../github/client.js';
import type { Plan } from '../model/plan.js';
import type { RenderPlanMarkdown } from '../github/render-comments.js';
import type { RuleActivity } from '../status/rule-activity.js';

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

export const WITHHELD_LIVE_VALUE = '(the live value is withheld: this repository is public)';
export const WITHHELD_TERMS_NOTE = 'The terms of each change are counted, not shown, because this repository is public: run `kwsync plan` with the key, or read the plan-json output, to see them.';

/** The plan as a public output may show it: the live side of field changes withheld (terms are left to `countsOnly`). */
export function withoutLiveValues(plan: Plan): Plan {
  return { ...plan, changes: plan.changes.map((c) => (c.fieldChanges.length === 0 ? c : { ...c, fieldChanges: c.fieldChanges.map((f) => ({ ...f, before: WITHHELD_LIVE_VALUE })) })) };
}

/** `render` with every list's terms shown as counts only (+n −m), never the terms themselves. */
export function countsOnly(render: RenderPlanMarkdown): RenderPlanMarkdown {
  return (plan, opts) => render(plan, { ...opts, maxTermsPerList: 0 });
}

/**
 * What the rules blocked, as a public repository shows it: a live rule with no file, and the lists
 * it names that have none, are the app's, not the repository's: counted, not named.
 */
export function withoutUnfiledRules(activity: RuleActivity, ruleFiles: ReadonlySet<string>, listFiles: ReadonlySet<string>): RuleActivity {
  return { ...activity, rules: activity.rules.map((r) => (r.default || ruleFiles.has(r.id) ? r : { ...r, id: '(a live rule with no file)', name: '', lists: r.lists.filter((l) => listFiles.has(l)) })) };
}
