// The record of a preview run from this machine (`kwsync preview`): one JSON line per preview in
// `.git/kwsync/previews-<target>.jsonl`, beside the applies (local-applies.ts; found through git, so
// never committed). Counts and list ids only, never a message's text: `status` shows, per rule, what
// the newest preview before the apply predicted for its lists beside what the rule really blocked.
// Bounded: the newest MAX_PREVIEW_RECORDS are kept, and a line that is not a record is skipped and
// counted, so status can warn about it rather than fail.
import { execFile } from 'node:child_process';
import { appendFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import type { Preview } from '../preview/index.js';
import { localRecordDir } from './local-applies.js';

const run = promisify(execFile);

/** Records kept per target (the oldest go first). */
export const MAX_PREVIEW_RECORDS = 50;
/** Lists kept per record: a preview of more changed lists than this keeps the first ones. */
export const MAX_PREVIEW_LISTS = 500;
const MAX_FILE_BYTES = 1024 * 1024;

const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const localPreviewSchema = z.strictObject({
  kwsyncLocalPreview: z.literal(1),
  at: z.iso.datetime(),
  /** HEAD when the preview ran (the lists previewed may have been uncommitted changes on it); null outside a commit. */
  commit: z.string().regex(/^[0-9a-f]{40,64}$/).nullable(),
  target: z.string().max(200),
  /** The recent messages read. */
  sample: count,
  lists: z.record(z.string().max(200), z.strictObject({ before: count, after: count })),
});
export type LocalPreview = z.output<typeof localPreviewSchema>;

/** What a read found: the records (newest first) and how many lines were skipped as not records. */
export interface LocalPreviews {
  records: LocalPreview[];
  skipped: number;
  /** The file read (for a warning), or null outside git. */
  file: string | null;
}

const fileOf = (dir: string, target: string) => join(dir, `previews-${target.replace(/[^A-Za-z0-9_.-]/g, '_')}.jsonl`);

/** The record of one preview: its counts per previewable list (a sentence list not previewed has none). */
export function localPreviewOf(preview: Preview, commit: string | null, at: Date): LocalPreview {
  const lists: LocalPreview['lists'] = {};
  for (const l of preview.lists.filter((x) => x.previewable).slice(0, MAX_PREVIEW_LISTS)) lists[l.id] = { before: l.before, after: l.after };
  return { kwsyncLocalPreview: 1, at: at.toISOString(), commit, target: preview.target, sample: preview.messagesScanned, lists };
}

/** HEAD of the checkout at `cwd`, or null (outside git, or before the first commit). */
export async function headCommit(cwd: string): Promise<string | null> {
  try {
    const { stdout } = await run('git', ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], { cwd, timeout: 10_000 });
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

/** Appends the record, keeping the newest MAX_PREVIEW_RECORDS; returns the file, or null (outside git, or it could not be written). Never throws. */
export async function recordLocalPreview(cwd: string, record: LocalPreview): Promise<string | null> {
  const dir = await localRecordDir(cwd);
  if (!dir) return null;
  try {
    await mkdir(dir, { recursive: true });
    const file = fileOf(dir, record.target);
    const kept = (await readLocalPreviews(cwd, record.target)).records.reverse().slice(-(MAX_PREVIEW_RECORDS - 1));
    const lines = await lineCount(file);
    // Rewritten whenever the file holds more lines than it will keep (old records or skipped lines), else appended.
    if (lines >= MAX_PREVIEW_RECORDS || lines > kept.length) await writeFile(file, [...kept, record].map((r) => JSON.stringify(r)).join('\n') + '\n', 'utf8');
    else await appendFile(file, `${JSON.stringify(record)}\n`, 'utf8');
    return file;
  } catch {
    return null;
  }
}

async function lineCount(file: string): Promise<number> {
  try {
    return (await readFile(file, 'utf8')).split('\n').filter((l) => l.trim() !== '').length;
  } catch {
    return 0;
  }
}

/** The target's records, newest first; lines that are not a record (or of another target) are skipped and counted. */
export async function readLocalPreviews(cwd: string, target: string): Promise<LocalPreviews> {
  const dir = await localRecordDir(cwd);
  if (!dir) return { records: [], skipped: 0, file: null };
  const file = fileOf(dir, target);
  let text: string;
  try {
    if ((await stat(file)).size > MAX_FILE_BYTES) return { records: [], skipped: 1, file };
    text = await readFile(file, 'utf8');
  } catch {
    return { records: [], skipped: 0, file };
  }
  const records: LocalPreview[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      skipped++;
      continue;
    }
    const parsed = localPreviewSchema.safeParse(json);
    if (parsed.success && parsed.data.target === target) records.push(parsed.data);
    else skipped++;
  }
  return { records: records.reverse(), skipped, file };
}
