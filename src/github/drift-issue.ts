// One open issue per target tells the team that live has drifted from the repository. It is found
// again by marker (label first), updated while the drift lasts and closed once live matches.
import type { Plan } from '../model/plan.js';
import { fenceFor, mdCode } from '../render/markdown-escape.js';
import type { GitHubClient, RepoRef } from './client.js';
import { ownLogin } from './identity.js';
import { createOnce } from './create-once.js';
import { fitText, GITHUB_LIMITS } from './fit-markdown.js';
import { DRIFT_LABEL, driftMarker, findOwnMarked } from './markers.js';

export interface DriftIssueSync extends RepoRef {
  target: string;
  /** The issue body when live differs from the repository; null when they match. */
  driftBody: string | null;
  title: string;
  /** Comment left when the issue is closed. */
  resolvedComment: string;
}

export interface DriftIssueResult {
  action: 'opened' | 'updated' | 'closed' | 'none';
  issueNumber: number | null;
}

export interface FoundDriftIssue {
  number: number;
  /** False when it was found without the label (someone removed it); the label is put back. */
  labelled: boolean;
}

/**
 * kwsync's open drift issue for the target: by label first, then among all open issues, so that
 * removing the label never leads to a second issue. Only kwsync's own issue (by its login) starting with the marker counts.
 */
export async function findDriftIssue(
  octokit: GitHubClient,
  opts: RepoRef & { target: string },
): Promise<FoundDriftIssue | undefined> {
  const byLabel = await findOpenIssue(octokit, opts, DRIFT_LABEL);
  if (byLabel !== undefined) return { number: byLabel, labelled: true };
  const any = await findOpenIssue(octokit, opts, undefined);
  return any === undefined ? undefined : { number: any, labelled: false };
}

async function findOpenIssue(
  octokit: GitHubClient,
  opts: RepoRef & { target: string },
  label: string | undefined,
): Promise<number | undefined> {
  const marker = driftMarker(opts.target);
  const pages = octokit.paginate.iterator(octokit.rest.issues.listForRepo, {
    owner: opts.owner,
    repo: opts.repo,
    state: 'open',
    ...(label ? { labels: label } : {}),
    per_page: 100,
  });
  const hit = await findOwnMarked(pages, marker, await ownLogin(octokit), (i) => !i.pull_request);
  return hit?.number;
}

export async function syncDriftIssue(octokit: GitHubClient, opts: DriftIssueSync): Promise<DriftIssueResult> {
  const { owner, repo } = opts;
  const existing = await findDriftIssue(octokit, opts);
  if (opts.driftBody !== null) {
    const body = fitText(opts.driftBody, GITHUB_LIMITS.issueBody);
    if (existing !== undefined) {
      const issue_number = existing.number;
      await octokit.rest.issues.update({ owner, repo, issue_number, title: opts.title, body });
      if (!existing.labelled) await octokit.rest.issues.addLabels({ owner, repo, issue_number, labels: [DRIFT_LABEL] });
      return { action: 'updated', issueNumber: issue_number };
    }
    // A 5xx after GitHub opened the issue must not open a second: look for it before sending again.
    return createOnce<DriftIssueResult>({
      send: async () => {
        const res = await octokit.rest.issues.create({ owner, repo, title: opts.title, body, labels: [DRIFT_LABEL] });
        return { action: 'opened', issueNumber: res.data.number };
      },
      find: async () => {
        const landed = await findDriftIssue(octokit, opts);
        return landed === undefined ? undefined : { action: 'opened', issueNumber: landed.number };
      },
    });
  }
  if (existing === undefined) return { action: 'none', issueNumber: null };
  const issue_number = existing.number;
  await octokit.rest.issues.createComment({ owner, repo, issue_number, body: opts.resolvedComment });
  await octokit.rest.issues.update({ owner, repo, issue_number, state: 'closed', state_reason: 'completed' });
  return { action: 'closed', issueNumber: issue_number };
}

/**
 * What the team can do about drift, with the exact `kwsync import --list` command that brings the
 * lists changed live into their files (a test runs it verbatim). Lists deleted live cannot be
 * imported; they are named with their files instead.
 */
export function driftAdvice(plan: Plan, dir: string, maxIds = Number.MAX_SAFE_INTEGER): string {
  const folder = dir.replace(/\/+$/, '') || '.';
  const changedAll = plan.changes.filter((c) => c.kind === 'update' || c.kind === 'delete').map((c) => c.id);
  const deletedAll = plan.changes.filter((c) => c.kind === 'create');
  // An issue has room for some ids; the job summary, written first, names them all.
  const changedLive = changedAll.slice(0, maxIds);
  const deletedLive = deletedAll.slice(0, maxIds);
  const more = (n: number) => (n > 0 ? ` …and ${n} more (the job summary of the run names every one).` : '');
  const lines = [
    'Someone changed them outside the repository, or an apply did not finish. Either run the apply ' +
      'workflow (**Run workflow** on the default branch) to put the repository state back, or bring the ' +
      'live change into the repository in a pull request. This issue closes itself once live matches again.',
  ];
  if (changedLive.length > 0) {
    const command = driftImportCommand(plan.target, folder, changedLive);
    const fence = fenceFor([command]);
    lines.push(
      '',
      'To bring the live change in, run this at the root of a checkout of the default branch, with `COMETCHAT_API_KEY` ' +
        `(the key of ${mdCode(plan.target)}) in the environment, then open a pull request with the changed files:`,
      '',
      `${fence}sh`,
      command,
      fence,
    );
    if (changedAll.length > changedLive.length) lines.push('', `This command brings in the first ${changedLive.length} of ${changedAll.length} lists changed live.${more(changedAll.length - changedLive.length)}`);
  }
  if (deletedLive.length > 0) {
    lines.push(
      '',
      `Not on the live app (deleted there, or never applied): ${deletedLive.map((c) => `${mdCode(c.id)} (${c.file ? mdCode(c.file) : 'no file'})`).join(', ')}. To accept a deletion, delete the file in the pull request; the apply workflow creates the list again otherwise.${more(deletedAll.length - deletedLive.length)}`,
    );
  }
  return lines.join('\n');
}

/** `npx kwsync import --list …` for the lists changed live; `default` is the environment's target. */
export function driftImportCommand(target: string, dir: string, ids: readonly string[]): string {
  const words = ['npx', 'kwsync', 'import', '--dir', shellWord(dir)];
  if (target !== 'default') words.push('--target', shellWord(target));
  for (const id of ids) words.push('--list', shellWord(id));
  return words.join(' ');
}

// Ids and target names are plain words; a folder may hold a space or a quote. An id from the live
// app may hold anything: a control character is written as a `$'\xHH'` escape, so the command stays
// one line (it cannot close the code block) and still names the list exactly.
function shellWord(word: string): string {
  if (/^[\w./@%+=:,-]+$/.test(word)) return word;
  if (!/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(word)) return `'${word.replace(/'/g, `'\\''`)}'`;
  return `$'${[...Buffer.from(word, 'utf8')].map((b) => (b >= 0x20 && b < 0x7f && b !== 0x27 && b !== 0x5c ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`)).join('')}'`;
}
