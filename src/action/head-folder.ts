// The PR head's keywords folder, read ONCE per stage-two run (issue 27 item 7). It carries the
// files and the verified PRs, never the trust verdict: each plan job decides trust itself when it
// reads with the key (issue 37), so a job re-run after an approval was withdrawn withholds. The `targets` job
// (the default branch's code, no key) verifies the PRs of the run and reads their head's folder
// through the API once, writes it as one file for an artifact, and outputs its sha256. Each target's
// plan job takes the file only when its bytes hash to that digest (a job output of this run, not
// the PR's word) and it names the run's head; anything else is refused, and the job reads through
// the API as before. What the file holds stays untrusted data: the path, size and link checks run
// again when it is written out (writeUntrustedFolder). Stage one's artifact is never read.
import { createHash } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { readFolderAtCommit, type FolderAtCommit } from '../github/folder-at-commit.js';
import type { ActionRun } from './deps.js';
import { formatError } from './format-error.js';
import { DEFAULT_BUNDLE_LIMITS, HEAD_READ_LIMITS, unsafePathReason, type BundleLimits } from './pr-bundle.js';
import { findPullRequests, workflowRunOf, type VerifiedPullRequest } from './pr-from-run.js';

export const HEAD_FILE = 'kwsync-head.json';
export const HEAD_ARTIFACT = 'kwsync-head';
const FORMAT_VERSION = 2;

const prSchema = z.strictObject({
  number: z.number().int().positive(),
  headSha: z.string(),
  baseSha: z.string(),
  baseRef: z.string(),
  fromFork: z.boolean(),
  headRepo: z.string(),
  headOwner: z.string(),
  author: z.string(),
  authorAssociation: z.string(),
  labels: z.array(z.string()),
});
const headSchema = z.strictObject({
  formatVersion: z.literal(FORMAT_VERSION),
  dir: z.string(),
  headSha: z.string().regex(/^[0-9a-f]{40}$/),
  prs: z.array(z.strictObject({ pr: prSchema })).min(1),
  exists: z.boolean(),
  /** Content base64: the bytes as git holds them. */
  files: z.array(z.strictObject({ path: z.string(), content: z.string() })),
});

/** What the targets job hands to every plan job of the run. */
export interface HeadHandover {
  headSha: string;
  prs: { pr: VerifiedPullRequest }[];
  folder: FolderAtCommit;
}

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Writes the handover as `<out>/kwsync-head.json`; returns the sha256 of its bytes (the job output). */
export async function writeHeadFile(out: string, dir: string, h: HeadHandover): Promise<string> {
  const body = {
    formatVersion: FORMAT_VERSION,
    dir,
    headSha: h.headSha,
    prs: h.prs,
    exists: h.folder.exists,
    files: h.folder.files.map((f) => ({ path: f.path, content: f.content.toString('base64') })),
  };
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  await mkdir(out, { recursive: true });
  await writeFile(join(out, HEAD_FILE), bytes);
  return sha256(bytes);
}

/**
 * mode targets on workflow_run: verify the run's PRs (the same calls the plan job makes), read the
 * head's folder once, and write the handover (no trust: the plan job decides it when it reads). Undefined (with a line saying
 * why) when there is nothing to hand over: each plan job then finds, reads and reports on its own.
 */
export async function prepareHeadFolder(run: ActionRun, planWorkflow: string): Promise<{ artifactDir: string; digest: string } | undefined> {
  const { inputs, context, deps } = run;
  if (!(context.event as { workflow_run?: unknown } | undefined)?.workflow_run) return undefined;
  const repo = { owner: context.owner, repo: context.repo };
  try {
    const lookup = await findPullRequests(deps.octokit, repo, context.event, { planWorkflow });
    if (lookup.status !== 'found') {
      deps.log.info(`no head folder handed over: ${lookup.status === 'superseded' ? `#${lookup.number} has moved on` : lookup.reason}`);
      return undefined;
    }
    const headSha = lookup.prs[0]!.headSha;
    const prs: HeadHandover['prs'] = lookup.prs.map((pr) => ({ pr }));
    const folder = await readFolderAtCommit(deps.octokit, { ...repo, sha: headSha, dir: inputs.dir, limits: HEAD_READ_LIMITS, pathProblem: unsafePathReason, ...(deps.readLocalBlob ? { readLocalBlob: deps.readLocalBlob } : {}) });
    const artifactDir = join(deps.tempDir, HEAD_ARTIFACT);
    const digest = await writeHeadFile(artifactDir, inputs.dir, { headSha, prs, folder });
    deps.log.info(`head folder of ${lookup.prs.map((p) => `#${p.number}`).join(', ')} at ${headSha}: ${folder.files.length} file(s) (${folder.local} from the checkout's objects), sha256 ${digest}`);
    return { artifactDir, digest };
  } catch (err) {
    // Never fatal here: the plan jobs read again and report the refusal, or GitHub's failure, on the PR (a comment and a check per target).
    deps.log.warning(`no head folder handed over (each plan job reads it itself): ${formatError(err).replace(/\n/g, ' ')}`);
    return undefined;
  }
}

export class HeadRefused extends Error {}

/**
 * The plan job's side: the handover in `artifactDir`, taken only when its bytes hash to `digest`
 * and it is for `headSha` (the run's head, from GitHub's event) and `dir`. Throws HeadRefused.
 */
export async function readHeadFile(opts: { artifactDir: string; digest: string; headSha: string; dir: string; limits?: BundleLimits }): Promise<HeadHandover> {
  const limits = opts.limits ?? DEFAULT_BUNDLE_LIMITS;
  const refuse = (why: string) => new HeadRefused(why);
  if (!/^[0-9a-f]{64}$/.test(opts.digest)) throw refuse('the digest input is not a sha256');
  const names = await readdir(opts.artifactDir).catch(() => {
    throw refuse(`${opts.artifactDir} cannot be read (was the artifact "${HEAD_ARTIFACT}" downloaded?)`);
  });
  const extra = names.filter((n) => n !== HEAD_FILE);
  if (extra.length > 0) throw refuse(`it holds more than ${HEAD_FILE}: ${extra.slice(0, 5).map((n) => JSON.stringify(n.slice(0, 100))).join(', ')}`);
  const file = join(opts.artifactDir, HEAD_FILE);
  const st = await lstat(file).catch(() => undefined);
  if (!st || !st.isFile()) throw refuse(`${HEAD_FILE} is missing or not a regular file`);
  // base64 is 4/3 of the bytes; the rest is the PRs and the paths.
  if (st.size > limits.maxBytes * 2 + 1024 * 1024) throw refuse(`${HEAD_FILE} is ${st.size} bytes, over the cap`);
  const bytes = await readFile(file);
  // Before parsing: only the bytes this run's targets job wrote are read at all.
  if (sha256(bytes) !== opts.digest) throw refuse(`${HEAD_FILE} does not match the digest the targets job gave`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw refuse(`${HEAD_FILE} is not JSON`);
  }
  const result = headSchema.safeParse(parsed);
  if (!result.success) throw refuse(`${HEAD_FILE} is not a head handover (${result.error.issues[0]?.path.join('.')}: ${result.error.issues[0]?.message})`);
  const h = result.data;
  if (h.headSha !== opts.headSha) throw refuse(`it is for ${h.headSha.slice(0, 7)}, not the run's head ${opts.headSha.slice(0, 7)}`);
  if (h.dir !== opts.dir) throw refuse(`it is for the folder ${JSON.stringify(h.dir.slice(0, 200))}, not ${JSON.stringify(opts.dir.slice(0, 200))}`);
  if (h.prs.some((p) => p.pr.headSha !== h.headSha)) throw refuse('a pull request in it has another head');
  if (h.files.length > limits.maxFiles) throw refuse(`${h.files.length} files, over the cap of ${limits.maxFiles}`);
  const files = h.files.map((f) => ({ path: f.path, content: Buffer.from(f.content, 'base64') }));
  const total = files.reduce((n, f) => n + f.content.length, 0);
  if (total > limits.maxBytes) throw refuse(`${total} bytes of files, over the cap of ${limits.maxBytes}`);
  for (const f of files) {
    const why = unsafePathReason(f.path);
    if (why) throw refuse(`the path ${JSON.stringify(f.path.slice(0, 200))} ${why}`);
  }
  return { headSha: h.headSha, prs: h.prs as HeadHandover['prs'], folder: { exists: h.exists, files, local: 0 } };
}

/**
 * plan-live: the handover when the workflow passed one (artifact-dir and head-digest) and it holds;
 * undefined otherwise, with a warning when one was passed but refused (the job then reads itself).
 */
export async function takeHeadFolder(run: ActionRun): Promise<HeadHandover | undefined> {
  const { inputs, context, deps } = run;
  if (!inputs.artifactDir || !inputs.headDigest) return undefined;
  try {
    return await readHeadFile({ artifactDir: inputs.artifactDir, digest: inputs.headDigest, headSha: workflowRunOf(context.event).head_sha, dir: inputs.dir });
  } catch (err) {
    if (!(err instanceof HeadRefused)) throw err;
    deps.log.warning(`the head folder handed over by the targets job is refused (${err.message}); reading the pull request through the API instead`);
    return undefined;
  }
}
