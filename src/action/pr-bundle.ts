// The hand-over between the two stages of the PR plan. Stage one (pull_request, no secret) packs the
// keywords folder's regular files into one JSON file, uploaded as an artifact. Stage two
// (workflow_run, holding the key) reads it back as untrusted data: whatever a pull request's code
// put there (it may have changed the stage-one workflow itself). So the reader refuses a link in
// place of the file, any path that is absolute, has `..` or leaves the folder, and anything over the
// size caps; it writes the files into a fresh directory of its own, which is what gets validated.
import { lstat, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../errors.js';

export const BUNDLE_FILE = 'kwsync-pr.json';
export const BUNDLE_ARTIFACT = 'kwsync-pr';
export const BUNDLE_FORMAT_VERSION = 1;

/** Caps on what stage one packs and stage two accepts: far above 25 lists of 1 MiB each. */
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

const bundleSchema = z.strictObject({
  formatVersion: z.literal(BUNDLE_FORMAT_VERSION),
  /** The keywords folder, relative to the repository root. Stage two uses its own `dir` input, not this. */
  dir: z.string(),
  /** What stage one saw; stage two checks the PR through the API and never trusts these. */
  pullRequest: z.strictObject({ number: z.number().int().positive(), headSha: z.string(), baseSha: z.string() }).optional(),
  files: z.array(z.strictObject({ path: z.string(), content: z.string() })),
});
export type PrBundle = z.infer<typeof bundleSchema>;

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Stage one: the folder's regular files (a symlink anywhere in it is refused), as a bundle. */
export async function packFolder(opts: { workspace: string; dir: string; pullRequest?: PrBundle['pullRequest']; limits?: BundleLimits }): Promise<PrBundle> {
  const limits = opts.limits ?? DEFAULT_BUNDLE_LIMITS;
  const root = resolve(opts.workspace, opts.dir);
  const files: PrBundle['files'] = [];
  let total = 0;
  const walk = async (abs: string): Promise<void> => {
    for (const entry of await readdir(abs, { withFileTypes: true })) {
      const path = join(abs, entry.name);
      const rel = relative(root, path).split(sep).join('/');
      if (entry.isSymbolicLink()) throw new ConfigError(`${opts.dir}/${rel} is a symbolic link; the keywords folder may hold only files and folders`, { hint: 'replace the link with the file itself' });
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        const content = await readFile(path, 'utf8');
        total += bytes(content);
        files.push({ path: rel, content });
        if (files.length > limits.maxFiles || total > limits.maxBytes) throw tooLarge(opts.dir, limits);
      }
    }
  };
  await walk(root);
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { formatVersion: BUNDLE_FORMAT_VERSION, dir: opts.dir, ...(opts.pullRequest ? { pullRequest: opts.pullRequest } : {}), files };
}

function tooLarge(where: string, limits: BundleLimits): ConfigError {
  return new ConfigError(`${where} is larger than the PR plan accepts (${limits.maxFiles} files, ${limits.maxBytes} bytes)`, {
    hint: 'keyword lists are far smaller than this; remove what is not a list file from the keywords folder',
  });
}

export async function writeBundle(out: string, bundle: PrBundle): Promise<string> {
  await mkdir(out, { recursive: true });
  const file = join(out, BUNDLE_FILE);
  await writeFile(file, JSON.stringify(bundle));
  return file;
}

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
 * Stage two: reads the downloaded artifact folder (which must hold only the bundle, a regular file)
 * and writes the listed files under `<new temp dir>/<dir>`. Returns that temp root.
 */
export async function unpackUntrusted(opts: { artifactDir: string; dir: string; limits?: BundleLimits }): Promise<{ root: string; bundle: PrBundle }> {
  const limits = opts.limits ?? DEFAULT_BUNDLE_LIMITS;
  const refuse = (why: string) => new ConfigError(`the PR plan artifact is refused: ${why}`, { hint: 'the artifact comes from the pull request\'s run and is untrusted; nothing was planned from it' });
  const names = await readdir(opts.artifactDir).catch(() => {
    throw refuse(`${opts.artifactDir} cannot be read (was the artifact "${BUNDLE_ARTIFACT}" downloaded?)`);
  });
  const extra = names.filter((n) => n !== BUNDLE_FILE);
  if (extra.length > 0) throw refuse(`it holds more than ${BUNDLE_FILE}: ${extra.slice(0, 5).join(', ')}`);
  const file = join(opts.artifactDir, BUNDLE_FILE);
  const st = await lstat(file).catch(() => undefined);
  if (!st) throw refuse(`${BUNDLE_FILE} is missing`);
  if (st.isSymbolicLink()) throw refuse(`${BUNDLE_FILE} is a symbolic link`);
  if (!st.isFile()) throw refuse(`${BUNDLE_FILE} is not a regular file`);
  if (st.size > limits.maxBytes * 2) throw refuse(`${BUNDLE_FILE} is ${st.size} bytes, over the cap`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw refuse(`${BUNDLE_FILE} is not JSON`);
  }
  const result = bundleSchema.safeParse(parsed);
  if (!result.success) throw refuse(`${BUNDLE_FILE} is not a kwsync PR bundle (${result.error.issues[0]?.path.join('.')}: ${result.error.issues[0]?.message})`);
  const bundle = result.data;
  if (bundle.files.length > limits.maxFiles) throw refuse(`${bundle.files.length} files, over the cap of ${limits.maxFiles}`);
  const total = bundle.files.reduce((n, f) => n + bytes(f.content), 0);
  if (total > limits.maxBytes) throw refuse(`${total} bytes of files, over the cap of ${limits.maxBytes}`);
  const root = await writeUntrustedFolder({ dir: opts.dir, files: bundle.files, refuse });
  return { root, bundle };
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
