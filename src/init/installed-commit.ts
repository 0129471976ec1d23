// Which kwsync commit is installed, so `kwsync init` can pin the workflows to it. Two records:
// - dist/build-info.json, written into the package when it is packed (scripts/record-build-commit.mjs,
//   the prepack script), so a registry install (or npx) knows the commit it was packed from;
// - the project's package-lock.json, whose entry for a git install (npm install github:OWNER/kwsync#SHA)
//   ends in the commit (npm runs no prepack for git dependencies, so they have no build-info).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export interface InstalledCommit {
  commit: string;
  version?: string;
  /** Where the commit was read, for the message. */
  source: string;
}

export const BUILD_INFO_FILE = 'dist/build-info.json';

const BuildInfo = z.strictObject({ commit: z.string().regex(/^[0-9a-f]{40}$/), version: z.string().min(1) });
const LockFile = z.object({
  packages: z.record(z.string(), z.object({ resolved: z.string().optional(), version: z.string().optional() })).optional(),
});

/** The package's root: src/init/ in this repository, dist/init/ in the installed package. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function readInstalledCommit(where: { packageRoot: string; projectRoot: string }): Promise<InstalledCommit | undefined> {
  return (await fromBuildInfo(where.packageRoot)) ?? (await fromLockFile(where.projectRoot));
}

async function fromBuildInfo(packageRoot: string): Promise<InstalledCommit | undefined> {
  const file = join(packageRoot, BUILD_INFO_FILE);
  const parsed = BuildInfo.safeParse(await readJson(file));
  return parsed.success ? { commit: parsed.data.commit, version: parsed.data.version, source: file } : undefined;
}

async function fromLockFile(projectRoot: string): Promise<InstalledCommit | undefined> {
  const file = join(projectRoot, 'package-lock.json');
  const parsed = LockFile.safeParse(await readJson(file));
  const entry = parsed.success ? parsed.data.packages?.['node_modules/kwsync'] : undefined;
  // git+ssh://git@github.com/OWNER/kwsync.git#<sha>, git+https://…#<sha>: only git sources name a commit.
  const m = entry?.resolved?.match(/^git\+[^#]+#([0-9a-f]{40})$/);
  if (!m) return undefined;
  return { commit: m[1]!, ...(entry?.version ? { version: entry.version } : {}), source: `${file} (node_modules/kwsync)` };
}

/** A missing or unreadable record is no record: init then asks for --ref. */
async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}
