// When a term entered the repository, through which commit and which pull request. The line that
// holds the term is blamed; if the term was already in the file before that commit (the line was
// only reformatted, or a neighbour on an inline `[a, b]` line was added), the walk goes on in the
// parent, where the term is found again by parsing that version of the file. The pull request is
// read from the subject of the merge commit that brought the commit into HEAD's first-parent line
// ("Merge pull request #12 from …"), or of the commit itself when it was squashed ("Title (#12)").
import { readTermLines } from './term-lines.js';
import { UNCOMMITTED, type CommitInfo, type GitHistory } from './git-history.js';

export interface PullRequestRef {
  number: number;
  /** merge: a merge commit named it; squash: the commit's own subject ends in (#N). */
  via: 'merge' | 'squash';
  /** The commit on the first-parent line that landed the change (the merge commit, or the squashed commit). */
  landedIn: string;
  /** Its committer date, ISO 8601. */
  landedAt: string;
}

export type Provenance =
  | { status: 'found'; commit: CommitInfo; pullRequest?: PullRequestRef }
  | { status: 'uncommitted' }
  | { status: 'unavailable'; reason: string };

/** Commits walked back through before giving up on a term that was reformatted again and again. */
const MAX_STEPS = 25;

/**
 * `file` is the path from the repository top; `line` holds the term in the working tree.
 * Never throws: a git that fails mid-way makes the provenance unavailable, with the reason.
 */
export async function termProvenance(git: GitHistory, file: string, line: number, term: string): Promise<Provenance> {
  try {
    const entered = await enteringCommit(git, file, line, term);
    if (entered === 'uncommitted') return { status: 'uncommitted' };
    if (entered === null) return { status: 'unavailable', reason: 'git blame could not read this line' };
    const commit = await git.info(entered);
    const pullRequest = await pullRequestOf(git, commit);
    return { status: 'found', commit, ...(pullRequest ? { pullRequest } : {}) };
  } catch (err) {
    return { status: 'unavailable', reason: `git failed (${err instanceof Error ? err.message.split('\n')[0] : String(err)})` };
  }
}

async function enteringCommit(git: GitHistory, file: string, line: number, term: string): Promise<string | 'uncommitted' | null> {
  let at: { file: string; line: number; rev?: string } = { file, line };
  for (let step = 0; step < MAX_STEPS; step++) {
    const blamed = await git.blame(at.file, at.line, at.rev);
    if (!blamed) return at.rev === undefined && (await git.show('HEAD', at.file)) === null ? 'uncommitted' : null;
    if (blamed.commit === UNCOMMITTED) return 'uncommitted';
    const parent = await git.parent(blamed.commit);
    const before = parent ? await git.show(parent, blamed.file) : null;
    const terms = before === null ? null : readTermLines(blamed.file, before);
    const index = terms ? terms.values.indexOf(term) : -1;
    if (!parent || !terms || index < 0) return blamed.commit;
    at = { file: blamed.file, line: terms.lineOf(index), rev: parent };
  }
  return null;
}

const MERGED_PR = /^Merge pull request #(\d+)\b/;
const SQUASHED_PR = /\(#(\d+)\)\s*$/;

async function pullRequestOf(git: GitHistory, commit: CommitInfo): Promise<PullRequestRef | undefined> {
  const squashed = SQUASHED_PR.exec(commit.subject) ?? MERGED_PR.exec(commit.subject);
  if (squashed) return { number: Number(squashed[1]), via: SQUASHED_PR.test(commit.subject) ? 'squash' : 'merge', landedIn: commit.commit, landedAt: commit.date };
  // The first commit on HEAD's first-parent line that holds `commit`: the merge that landed it.
  const [landing] = await git.firstParentDescendants(commit.commit);
  // Its first parent being the commit itself: the commit was made on this line, not merged into it.
  if (!landing || (await git.parent(landing)) === commit.commit) return undefined;
  const merge = await git.info(landing);
  const m = MERGED_PR.exec(merge.subject) ?? SQUASHED_PR.exec(merge.subject);
  return m ? { number: Number(m[1]), via: 'merge', landedIn: merge.commit, landedAt: merge.date } : undefined;
}
