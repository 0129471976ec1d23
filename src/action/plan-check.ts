// The one check run per target of the live PR plan. GitHub attaches checks to a commit, and PRs
// that share a head share its checks: so the run carries every PR's outcome for that commit, with
// the worst conclusion, and says which commit's files were planned.
import { mdCode, mdText } from '../render/markdown-escape.js';
import { checkRunName, publishCheckRun, type CheckConclusion } from '../github/check-run.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { ActionRun } from './deps.js';
import type { VerifiedPullRequest } from './pr-from-run.js';

export interface PrOutcome {
  pr: VerifiedPullRequest;
  diagnostics: readonly Diagnostic[];
  /** One sentence for the check's summary. */
  headline: string;
  conclusion: CheckConclusion;
  hasChanges: boolean;
  planJsonPath: string;
  /** Why the run fails, for core.setFailed. */
  message?: string;
  /** The check's title when it is not derived from the diagnostics. */
  title?: string;
}

const RANK: Record<CheckConclusion, number> = { success: 0, action_required: 1, failure: 2 };

export function worstConclusion(outcomes: readonly PrOutcome[]): CheckConclusion {
  return outcomes.reduce<CheckConclusion>((worst, o) => (RANK[o.conclusion] > RANK[worst] ? o.conclusion : worst), 'success');
}

function checkTitle(outcome: PrOutcome | undefined, diagnostics: readonly Diagnostic[]): string {
  if (outcome?.title) return outcome.title;
  if (outcome?.conclusion === 'action_required') return 'Valid; the live plan awaits a maintainer';
  const e = diagnostics.filter((d) => d.severity === 'error').length;
  const w = diagnostics.length - e;
  return e + w === 0 ? 'Valid; apply would succeed' : `${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}`;
}

export async function publishPlanCheck({ context, deps }: ActionRun, headSha: string, target: string, outcomes: readonly PrOutcome[]): Promise<void> {
  const seen = new Set<string>();
  const diagnostics = outcomes.flatMap((o) => o.diagnostics).filter((d) => {
    const key = JSON.stringify([d.file, d.line, d.column, d.rule, d.message]);
    return seen.has(key) ? false : (seen.add(key), true);
  });
  const conclusion = worstConclusion(outcomes);
  const worst = outcomes.find((o) => o.conclusion === conclusion);
  // A headline may quote a refused path from the PR's tree; a branch name is the PR author's text too.
  const lines = outcomes.map((o) => `- #${o.pr.number} (into ${mdCode(o.pr.baseRef)}): ${mdText(o.headline)}`);
  await publishCheckRun(deps.octokit, {
    owner: context.owner,
    repo: context.repo,
    name: checkRunName(target),
    headSha,
    diagnostics,
    title: checkTitle(worst, worst?.diagnostics ?? diagnostics),
    summary: [`Planned the lists at commit \`${headSha}\` for target ${mdCode(target)}; details in the [job summary](${context.runUrl}).`, '', ...lines].join('\n'),
    detailsUrl: context.runUrl,
    conclusion,
  });
}
