// kwsync.yaml as it was at each commit of the checked-out branch's history (first parent only: the
// states the default branch itself was in), read from git as data. What the Action asks before a
// target's key goes where kwsync.yaml points it (src/action/confirmed-connection.ts). A shallow
// checkout (a runner's, depth 1) is deepened from origin a bounded number of times; history that
// still cannot be read is said, never guessed.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { CONFIG_FILES } from '../load/config-files.js';
import { configSchema, type KwsyncConfig } from '../model/config.js';
import { insideGit } from './git-lists.js';

const run = promisify(execFile);

/** One state of kwsync.yaml: absent (no file), unparsable (null config) or its settings. */
export interface ConfigState {
  sha: string;
  config: KwsyncConfig | null | 'absent';
}

export type ConfigHistory = { states: ConfigState[] } | { unreadable: string };

/** Commits fetched per deepening, and how many deepenings at most (20,000 commits of history). */
export const DEEPEN_BY = 2_000;
export const DEEPEN_TIMES = 10;
/** The most states of kwsync.yaml read (commits that changed it); more is refused as unreadable. */
export const MAX_STATES = 1_000;

/** kwsync.yaml of `dir` at every first-parent commit of HEAD that changed it, newest first. */
export async function configHistory(cwd: string, dir: string): Promise<ConfigHistory> {
  if (!(await insideGit(cwd))) return { unreadable: 'this checkout is not a git repository' };
  const deep = await unshallow(cwd);
  if (deep) return { unreadable: deep };
  const paths = CONFIG_FILES.map((f) => `${dir}/${f}`);
  let shas: string[];
  try {
    const { stdout } = await run('git', ['log', '--first-parent', '--format=%H', 'HEAD', '--', ...paths], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    shas = stdout.split('\n').filter(Boolean);
  } catch (err) {
    return { unreadable: `git log failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}` };
  }
  if (shas.length > MAX_STATES) return { unreadable: `kwsync.yaml changed in ${shas.length} commits, more than the ${MAX_STATES} read` };
  const states: ConfigState[] = [];
  for (const sha of shas) states.push({ sha, config: await configAt(cwd, paths, sha) });
  return { states };
}

/** kwsync.yaml's settings at `sha`: the first spelling present; null when it does not parse or validate. */
export async function configAt(cwd: string, paths: readonly string[], sha: string): Promise<KwsyncConfig | null | 'absent'> {
  for (const path of paths) {
    let text: string;
    try {
      text = (await run('git', ['show', `${sha}:${path}`], { cwd, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })).stdout;
    } catch {
      continue;
    }
    try {
      const parsed = configSchema.safeParse(parse(text, { maxAliasCount: 100 }) ?? {});
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
  return 'absent';
}

/** Undefined once the checkout holds its whole history; otherwise why it cannot be had. */
async function unshallow(cwd: string): Promise<string | undefined> {
  for (let i = 0; ; i += 1) {
    const shallow = await run('git', ['rev-parse', '--is-shallow-repository'], { cwd, encoding: 'utf8' }).then((r) => r.stdout.trim() === 'true', () => true);
    if (!shallow) return undefined;
    if (i === DEEPEN_TIMES) return `this checkout is shallow and ${DEEPEN_TIMES * DEEPEN_BY} more commits fetched from origin did not reach the first commit`;
    try {
      const head = (await run('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8' })).stdout.trim();
      await run('git', ['fetch', '--no-tags', `--deepen=${DEEPEN_BY}`, 'origin', head], { cwd, encoding: 'utf8', timeout: 120_000 });
    } catch (err) {
      const why = err instanceof Error ? err.message.split('\n').filter(Boolean).slice(-1)[0] ?? err.message : String(err);
      return `this checkout is shallow and fetching more of its history from origin failed (${why.trim()})`;
    }
  }
}
