// The record of an apply made from this machine (`kwsync apply` in a terminal): one JSON line per
// apply in `.git/kwsync/applies-<target>.jsonl` of the checkout (found through git, so never
// committed, and never read by the Action, which trusts only GitHub deployment records). `status`
// shows the newest as "applied from this machine", `plan` offers its commit as --base, and
// `kwsync history` lists them beside the GitHub record. Bounded: the newest MAX_RECORDS are kept.
import { execFile } from 'node:child_process';
import { appendFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import type { ApplyReport } from '../model/plan.js';

const run = promisify(execFile);

/** Records kept per target (the oldest go first). */
export const MAX_RECORDS = 50;
/** A record file larger than this is not read (it is not one kwsync wrote). */
const MAX_FILE_BYTES = 1024 * 1024;

export const localApplySchema = z.strictObject({
  kwsyncLocalApply: z.literal(1),
  target: z.string(),
  /** The commit checked out, or null outside a commit. */
  sha: z.string().regex(/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/).nullable(),
  /** The keywords folder differed from that commit (uncommitted changes were applied). */
  dirty: z.boolean(),
  appliedAt: z.iso.datetime(),
  app: z.strictObject({ appId: z.string().nullable(), baseUrl: z.string() }),
  created: z.array(z.string()),
  updated: z.array(z.string()),
  deleted: z.array(z.string()),
  failed: z.array(z.string()),
  /** Each list's revision after the apply, as the service reported it. */
  revisions: z.record(z.string(), z.string()),
});
export type LocalApply = z.output<typeof localApplySchema>;

async function git(cwd: string, args: string[]): Promise<string | null> {
  try {
    const { stdout } = await run('git', args, { cwd, maxBuffer: 1024 * 1024, timeout: 10_000 });
    return stdout.trim();
  } catch {
    return null;
  }
}

/** `.git/kwsync` of the checkout (the common git dir, so worktrees share it), or null outside git. */
export async function localRecordDir(cwd: string): Promise<string | null> {
  const dir = await git(cwd, ['rev-parse', '--git-common-dir']);
  if (!dir) return null;
  return join(isAbsolute(dir) ? dir : resolve(cwd, dir), 'kwsync');
}

const fileOf = (dir: string, target: string) => join(dir, `applies-${target.replace(/[^A-Za-z0-9_.-]/g, '_')}.jsonl`);

/** The record of one apply: what it wrote, the revisions after, the commit and whether the folder had uncommitted changes. */
export async function localApplyOf(cwd: string, dir: string, report: ApplyReport, app: LocalApply['app']): Promise<LocalApply> {
  const sha = await git(cwd, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  const status = sha ? await git(cwd, ['status', '--porcelain', '--', dir]) : null;
  const applied = report.results.filter((r) => r.outcome === 'applied');
  const ids = (kind: string) => applied.filter((r) => r.kind === kind).map((r) => r.id);
  return {
    kwsyncLocalApply: 1,
    target: report.target,
    sha: sha || null,
    dirty: status === null ? true : status !== '',
    appliedAt: report.finishedAt,
    app,
    created: ids('create'),
    updated: ids('update'),
    deleted: ids('delete'),
    failed: report.results.filter((r) => r.outcome !== 'applied' && r.outcome !== 'unchanged').map((r) => r.id),
    revisions: Object.fromEntries(report.results.filter((r) => (r.outcome === 'applied' || r.outcome === 'unchanged') && r.kind !== 'delete' && r.revisionId !== null).map((r) => [r.id, r.revisionId!])),
  };
}

/** Appends the record; returns the file, or null outside git (nothing is written then). Never throws: a record is a convenience. */
export async function recordLocalApply(cwd: string, record: LocalApply): Promise<string | null> {
  const dir = await localRecordDir(cwd);
  if (!dir) return null;
  try {
    await mkdir(dir, { recursive: true });
    const file = fileOf(dir, record.target);
    const kept = (await readLocalApplies(cwd, record.target)).reverse().slice(-(MAX_RECORDS - 1));
    if (kept.length >= MAX_RECORDS - 1) await writeFile(file, [...kept, record].map((r) => JSON.stringify(r)).join('\n') + '\n', 'utf8');
    else await appendFile(file, `${JSON.stringify(record)}\n`, 'utf8');
    return file;
  } catch {
    return null;
  }
}

/** The target's records, newest first; lines that are not a record are skipped. */
export async function readLocalApplies(cwd: string, target: string): Promise<LocalApply[]> {
  const dir = await localRecordDir(cwd);
  if (!dir) return [];
  const file = fileOf(dir, target);
  try {
    if ((await stat(file)).size > MAX_FILE_BYTES) return [];
    const out: LocalApply[] = [];
    for (const line of (await readFile(file, 'utf8')).split('\n')) {
      if (line.trim() === '') continue;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        continue;
      }
      const parsed = localApplySchema.safeParse(json);
      if (parsed.success && parsed.data.target === target) out.push(parsed.data);
    }
    return out.reverse();
  } catch {
    return [];
  }
}
