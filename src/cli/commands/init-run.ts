// `kwsync init`, the run: checks the options, reads the live lists with --import, writes the scaffold.
import { readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { UsageError, EXIT } from '../../errors.js';
import { importable, listFilesFor } from '../../import/index.js';
import {
  chooseActionRef,
  localUses,
  PACKAGE_ROOT,
  readInstalledCommit,
  remoteUses,
  scaffoldFiles,
  updateUsesRefs,
  WORKFLOW_KINDS,
  workflowFileName,
  schemaHint,
  writeScaffold,
  type ActionRef,
  type InstalledCommit,
  type TargetSeed,
} from '../../init/index.js';
import { DEFAULT_CONFIG, REGIONS, type TargetConfig } from '../../model/config.js';
import { liveNotes, readLiveLists } from '../../plan/index.js';
import type { CliIO } from '../io.js';
import { connectTarget } from '../target.js';
import { KWSYNC_REPOSITORY } from '../../init/workflow-templates.js';

export interface InitCommandOptions {
  dir: string;
  target: string;
  /** `--targets a,b`: several targets (apps) instead of --target's one. */
  targets?: string;
  appId?: string;
  region?: string;
  /** Default: the commit the installed kwsync was built from. */
  ref?: string;
  allowMovingRef?: boolean;
  kwsyncRepo: string;
  branch: string;
  import?: boolean;
}

export interface InitDeps {
  /** The installed kwsync's commit, if it records one (tests pass their own). */
  installedCommit: (projectRoot: string) => Promise<InstalledCommit | undefined>;
}

const defaultDeps: InitDeps = { installedCommit: (projectRoot) => readInstalledCommit({ packageRoot: PACKAGE_ROOT, projectRoot }) };

export async function runInit(io: CliIO, opts: InitCommandOptions, deps: InitDeps = defaultDeps): Promise<number> {
  const seeds = targetSeeds(opts);
  const seed = seeds[0]!;
  const dir = opts.dir.replace(/\/+$/, '') || 'keywords';
  // `--kwsync-repo .` is for kwsync's own repository: call the reusable workflows by path.
  const ref = opts.kwsyncRepo === '.' ? undefined : await actionRef(opts, deps, io.cwd);
  const lists = opts.import ? await liveListFiles(io, seed, dir) : undefined;
  const uses = ref ? remoteUses(opts.kwsyncRepo, ref.ref, ref.version) : localUses;
  const files = scaffoldFiles({ dir, target: seeds, uses, branch: opts.branch, ...(lists ? { lists } : {}) });
  const { written, kept: existing } = await writeScaffold(files, io.cwd);
  // An explicit --ref also moves the existing workflows' kwsync references, and nothing else.
  const refs = ref && opts.ref !== undefined ? await updateExistingRefs(io.cwd, existing, opts.kwsyncRepo, ref) : { updated: [], notChanged: [] };
  const kept = existing.filter((f) => !refs.updated.some((u) => u.path === f));
  io.stdout.write(
    (written.length > 0 ? `Wrote:\n${written.map((f) => `  ${f}\n`).join('')}` : 'Wrote nothing.\n') +
      (refs.updated.length > 0
        ? `Updated to ${ref?.ref} (only the uses: lines calling ${opts.kwsyncRepo}'s reusable workflows changed):\n${refs.updated.map((u) => `  ${u.path} (${u.lines} line${u.lines === 1 ? '' : 's'})\n`).join('')}`
        : '') +
      (refs.notChanged.length > 0 ? `Did not change the reference in:\n${refs.notChanged.map((u) => `  ${u.path}: ${u.why}\n`).join('')}` : '') +
      (kept.length > 0 ? `Kept as they were (init never overwrites):\n${kept.map((f) => `  ${f}\n`).join('')}` : '') +
      nextSteps(seeds, dir, opts, ref),
  );
  return EXIT.ok;
}

const WORKFLOW_FILES = new Set(WORKFLOW_KINDS.map((k) => `.github/workflows/${workflowFileName(k)}`));

/** Each existing kwsync workflow with its kwsync `uses:` lines moved to the new reference, or why not. */
async function updateExistingRefs(
  root: string,
  existing: readonly string[],
  repo: string,
  ref: Extract<ActionRef, { ok: true }>,
): Promise<{ updated: { path: string; lines: number }[]; notChanged: { path: string; why: string }[] }> {
  const updated: { path: string; lines: number }[] = [];
  const notChanged: { path: string; why: string }[] = [];
  for (const path of existing.filter((f) => WORKFLOW_FILES.has(f))) {
    const abs = join(root, path);
    const result = updateUsesRefs(await readFile(abs, 'utf8'), repo, ref.ref, ref.version);
    if (result.changed) {
      await writeFile(abs, result.text, 'utf8');
      updated.push({ path, lines: result.lines });
    } else notChanged.push({ path, why: result.why });
  }
  return { updated, notChanged };
}

/** Decided before anything is read or written: a refused reference leaves the folder untouched. */
async function actionRef(opts: InitCommandOptions, deps: InitDeps, cwd: string): Promise<Extract<ActionRef, { ok: true }>> {
  const installed = opts.ref === undefined ? await deps.installedCommit(cwd) : undefined;
  const choice = chooseActionRef({
    ...(opts.ref !== undefined ? { ref: opts.ref } : {}),
    allowMovingRef: opts.allowMovingRef === true,
    kwsyncRepo: opts.kwsyncRepo,
    defaultRepo: KWSYNC_REPOSITORY,
    ...(installed ? { installed } : {}),
  });
  if (!choice.ok) throw new UsageError(choice.message, { hint: choice.hint });
  return choice;
}

/** `--targets a,b` (the first takes --app-id and --region), else `--target`. */
function targetSeeds(opts: InitCommandOptions): TargetSeed[] {
  if (opts.targets === undefined) return [targetSeed(opts)];
  const names = opts.targets.split(',').map((n) => n.trim()).filter((n) => n !== '');
  if (names.length === 0) throw new UsageError('--targets needs at least one name, e.g. --targets staging,production');
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new UsageError(`--targets names "${twice}" twice; each target is one app, named once`);
  for (const name of names) if (!TARGET_NAME.test(name)) throw new UsageError(`--targets: each name must be letters, digits, _ . and - (got "${name}")`);
  const [first, ...rest] = names;
  return [targetSeed({ ...opts, target: first! }), ...rest.map((name) => ({ name }))];
}

const TARGET_NAME = /^[A-Za-z0-9_.-]+$/;

function targetSeed(opts: InitCommandOptions): TargetSeed {
  if (!TARGET_NAME.test(opts.target)) throw new UsageError(`--target must be letters, digits, _ . and - (got "${opts.target}")`);
  if (opts.region !== undefined && !(REGIONS as readonly string[]).includes(opts.region)) {
    throw new UsageError(`--region must be one of ${REGIONS.join(', ')} (got "${opts.region}")`);
  }
  if (!/^[\w.-]+\/[\w.-]+$/.test(opts.kwsyncRepo) && opts.kwsyncRepo !== '.') throw new UsageError(`--kwsync-repo must be OWNER/NAME (got "${opts.kwsyncRepo}")`);
  if (isAbsolute(opts.dir) || opts.dir.split(/[\\/]/).includes('..')) {
    throw new UsageError(`--dir must be a folder inside the repository, relative to its root (got "${opts.dir}")`);
  }
  if (opts.ref !== undefined && !/^[\w./-]+$/.test(opts.ref)) throw new UsageError(`--ref must be a commit SHA, or with --allow-moving-ref a tag or branch (got "${opts.ref}")`);
  return { name: opts.target, ...(opts.appId ? { appId: opts.appId } : {}), ...(opts.region ? { region: opts.region } : {}) };
}

/** The live app's lists as files, read before anything is written so a failure leaves no half-scaffold. */
async function liveListFiles(io: CliIO, seed: TargetSeed, dir: string): Promise<{ name: string; text: string }[]> {
  const config = { ...DEFAULT_CONFIG, targets: [seed as TargetConfig] };
  const target = connectTarget(io, config, seed.name);
  const read = await readLiveLists(target, []);
  for (const note of liveNotes(read)) io.stderr.write(`warning: ${note}\n`);
  const live = importable(read.lists);
  io.stderr.write(`Read ${live.length} list${live.length === 1 ? '' : 's'} from ${target.label}.\n`);
  const hint = schemaHint(dir, 'list-file');
  return listFilesFor(live, target.label).map((f) => (f.name.endsWith('.yaml') ? { ...f, text: hint + f.text } : f));
}

function nextSteps(seeds: readonly TargetSeed[], dir: string, opts: InitCommandOptions, ref: Extract<ActionRef, { ok: true }> | undefined): string {
  // docs/adopting.md's "Adopt kwsync in your repository", from step 4 on, in the same order.
  const noApp = seeds.filter((s) => !s.appId).map((s) => `"${s.name}"`);
  const names = seeds.map((s) => `"${s.name}"`);
  const steps = [
    `npx kwsync validate --dir ${dir}   (kwsync as a devDependency: npm install -D kwsync)`,
    ...(noApp.length === 0 ? [] : [`set appId (and region) of target${noApp.length === 1 ? '' : 's'} ${noApp.join(', ')} in ${dir}/kwsync.yaml`]),
    `GitHub → Settings → Environments → New environment ${names.join(', ')}${seeds.length === 1 ? '' : ' (one per target)'}: add the secret COMETCHAT_API_KEY (a full-access REST API key) and allow only the branch ${opts.branch} to deploy`,
    `merge the workflows into ${opts.branch} first (a workflow_run workflow runs only from the default branch); the apply workflow then creates the lists on the live app`,
    `Settings → Branches → protect ${opts.branch}: require a pull request before merging`,
    'then open a pull request that changes a list: the plan appears as a comment; merging applies it',
  ];
  return `Next steps:\n${steps.map((s, i) => `  ${i + 1}. ${s}\n`).join('')}${pinNote(opts.kwsyncRepo, ref)}`;
}

function pinNote(repo: string, ref: Extract<ActionRef, { ok: true }> | undefined): string {
  if (!ref) return '';
  if (!ref.pinned) {
    return `The workflows call ${repo} at "${ref.ref}", which can move (--allow-moving-ref): whatever it points at next runs with your API key. Pin a full commit SHA instead (kwsync init --ref <sha>, or edit the uses: lines of the four workflows).\n`;
  }
  const from = ref.from === 'installed' ? `, the commit the installed kwsync${ref.version ? ` ${ref.version}` : ''} was built from` : '';
  return `The workflows call ${repo} at ${ref.ref}${from}. To upgrade, run kwsync init --ref <newer sha> (it changes only the uses: lines) with a commit whose "bundle proof" status is green.\n`;
}

