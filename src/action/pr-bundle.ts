// What the PR plan's stage two writes from an untrusted source (the PR head read through the API,
// head-folder.ts): whatever a pull request put there. So paths are checked (nothing absolute, no
// `..`, nothing leaving the folder, no control characters) and sizes capped; the files go into a
// fresh directory of its own, which is what gets validated. (Stage one uploads nothing: stage two
// never read its artifact, so the pack and unpack code is gone.)
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix, resolve, sep } from 'node:path';

/** Caps on what stage two accepts from the PR head: far above 25 lists of 1 MiB each. */
export interface BundleLimits {
  maxBytes: number;
  maxFiles: number;
}
export const DEFAULT_BUNDLE_LIMITS: BundleLimits = { maxBytes: 32 * 1024 * 1024, maxFiles: 500 };
/**
 * Stage two's read of the PR head: the bundle caps, and at most 100 files not already in the
 * checkout (each is one GitHub request; with the commit and trees that is the per-run budget of
 * the head read, docs/targets.md). Far above a pull request of lists.
 */
export const HEAD_READ_LIMITS = { ...DEFAULT_BUNDLE_LIMITS, maxFetched: 100 };

/** A path inside the folder, or a reason to refuse it. */
export function unsafePathReason(path: string): string | null {
  if (path === '' || path.includes('\0')) return 'is empty or holds a NUL';
  // A newline or other control character in a name would break every line it is shown on.
  if (/[\u0001-\u001f\u007f-\u009f]/.test(path)) return 'holds a control character';
  if (path.includes('\\')) return 'holds a backslash';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'is absolute';
  if (path.split('/').some((seg) => seg === '..' || seg === '.' || seg === '')) return 'has a "..", "." or empty segment';
  if (posix.normalize(path) !== path) return 'is not in normal form';
  return null;
}

/**
 * Writes untrusted files under `<new temp dir>/<dir>` after checking every path (inside the folder,
 * normal form, no control characters, no duplicates); returns the temp root. Nothing is executed.
 */
export async function writeUntrustedFolder(opts: { dir: string; files: readonly { path: string; content: string | Buffer }[]; refuse: (why: string) => Error }): Promise<string> {
  const { refuse } = opts;
  const seen = new Set<string>();
  for (const f of opts.files) {
    const why = unsafePathReason(f.path);
    if (why) throw refuse(`the path ${JSON.stringify(f.path.slice(0, 200))} ${why}`);
    if (seen.has(f.path)) throw refuse(`the path ${JSON.stringify(f.path.slice(0, 200))} is listed twice`);
    seen.add(f.path);
  }
  const root = await mkdtemp(join(tmpdir(), 'kwsync-pr-'));
  const folder = resolve(root, opts.dir);
  await mkdir(folder, { recursive: true });
  for (const f of opts.files) {
    const target = resolve(folder, f.path);
    // Belt and braces: the checks above already keep every path inside the folder.
    if (!target.startsWith(folder + sep)) throw refuse(`the path ${JSON.stringify(f.path.slice(0, 200))} leaves the folder`);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, f.content, { flag: 'wx' });
  }
  return root;
}
