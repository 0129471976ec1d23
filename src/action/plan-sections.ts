// The hand-over from the plan-live matrix (one job per target) to the one job that posts the PR's
// plan comment: each target's job writes its section (the table row and its plan) as a JSON file
// in RUNNER_TEMP/kwsync-plan-sections, uploaded as an artifact of this trusted run; the comment job
// downloads them all and writes the comment once. One writer, so no target's section is lost to
// another job's edit (GitHub has no conditional comment edit). Files are read back with caps.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export const SECTIONS_FOLDER = 'kwsync-plan-sections';
/** Far above 256 targets (GitHub's matrix cap) × a few PRs sharing a head, each under a comment's size. */
const MAX_FILES = 1024;
const MAX_FILE_BYTES = 256 * 1024;

const sectionFileSchema = z.strictObject({
  formatVersion: z.literal(1),
  pr: z.number().int().positive(),
  headSha: z.string().regex(/^[0-9a-f]{40}$/),
  target: z.string().regex(/^[A-Za-z0-9_.-]+$/),
  summary: z.string().max(500),
  details: z.string(),
  runUrl: z.string(),
});
export type SectionFile = z.infer<typeof sectionFileSchema>;

export async function writeSectionFile(tempDir: string, s: Omit<SectionFile, 'formatVersion'>): Promise<string> {
  const dir = join(tempDir, SECTIONS_FOLDER);
  await mkdir(dir, { recursive: true });
  const file = join(dir, `pr-${s.pr}-${s.target}.json`);
  await writeFile(file, JSON.stringify({ formatVersion: 1, ...s }));
  return file;
}

/** Every section file in `dir` (the downloaded artifacts, merged); files that do not parse are named in `skipped`. */
export async function readSectionFiles(dir: string): Promise<{ sections: SectionFile[]; skipped: string[] }> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  const sections: SectionFile[] = [];
  const skipped: string[] = [];
  for (const name of names.slice(0, MAX_FILES)) {
    const file = join(dir, name);
    const st = await stat(file).catch(() => undefined);
    if (!st?.isFile() || st.size > MAX_FILE_BYTES) {
      skipped.push(name);
      continue;
    }
    try {
      sections.push(sectionFileSchema.parse(JSON.parse(await readFile(file, 'utf8'))));
    } catch {
      skipped.push(name);
    }
  }
  skipped.push(...names.slice(MAX_FILES));
  return { sections, skipped };
}
