// The few git questions provenance asks, each one `git` process with its arguments as an array (no
// shell: a file name or ref is never parsed as a command), bounded in time and output.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const TIMEOUT_MS = 20_000;
const MAX_BUFFER = 16 * 1024 * 1024;

export interface BlamedLine {
  commit: string;
  /** The line's number and file name in that commit (a file renamed since keeps its old name there). */
  line: number;
  file: string;
}

export interface CommitInfo {
  commit: string;
  /** Committer date, ISO 8601. */
  date: string;
  subject: string;
}

export interface GitHistory {
  /** Absolute path of the repository's top folder. */
  top: string;
  /** Who last wrote `line` of `file` (a path from the top), in the working tree or at `rev`. */
  blame(file: string, line: number, rev?: string): Promise<BlamedLine | null>;
  /** The file at `rev`, or null when it has no such file. */
  show(rev: string, file: string): Promise<string | null>;
  /** The first parent of `commit`, or null for a root commit. */
  parent(commit: string): Promise<string | null>;
  info(commit: string): Promise<CommitInfo>;
  /** The commits on HEAD's first-parent line that are descendants of `commit`, oldest first. */
  firstParentDescendants(commit: string): Promise<string[]>;
}

export const UNCOMMITTED = '0000000000000000000000000000000000000000';

/** The repository holding `cwd`, or null when there is none (or no git). */
export async function openGitHistory(cwd: string): Promise<GitHistory | null> {
  let top: string;
  try {
    top = (await run('git', ['rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8', timeout: TIMEOUT_MS })).stdout.trim();
  } catch {
    return null;
  }
  const git = async (args: string[]): Promise<string> => (await run('git', args, { cwd: top, encoding: 'utf8', timeout: TIMEOUT_MS, maxBuffer: MAX_BUFFER })).stdout;
  const attempt = async (args: string[]): Promise<string | null> => {
    try {
      return await git(args);
    } catch {
      return null;
    }
  };
  return {
    top,
    async blame(file, line, rev) {
      // -w: a change of indentation alone is not a change of the term.
      const out = await attempt(['blame', '--porcelain', '-w', '-L', `${line},${line}`, ...(rev ? [rev] : []), '--', file]);
      const head = out ? /^([0-9a-f]{40}) (\d+) \d+/.exec(out) : null;
      if (!out || !head) return null;
      const name = /^filename (.*)$/m.exec(out)?.[1] ?? file;
      return { commit: head[1]!, line: Number(head[2]), file: name };
    },
    show: (rev, file) => attempt(['show', `${rev}:${file}`]),
    async parent(commit) {
      const out = await attempt(['rev-parse', '--verify', '--quiet', `${commit}^1`]);
      return out ? out.trim() : null;
    },
    async info(commit) {
      const [sha = commit, date = '', ...subject] = (await git(['show', '-s', '--format=%H%n%cI%n%s', commit])).trimEnd().split('\n');
      return { commit: sha, date, subject: subject.join('\n') };
    },
    async firstParentDescendants(commit) {
      const [firstParent, ancestry] = await Promise.all([
        git(['rev-list', '--first-parent', `${commit}..HEAD`]),
        git(['rev-list', '--ancestry-path', `${commit}..HEAD`]),
      ]);
      const descends = new Set(ancestry.split('\n').filter(Boolean));
      return firstParent.split('\n').filter((c) => c && descends.has(c)).reverse();
    },
  };
}
