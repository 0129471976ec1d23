#!/usr/bin/env node
// The bundle proof: builds the Action bundle from a commit's src/ with THIS checkout's recipe
// (package.json's build:action, node_modules from this checkout's package-lock.json, this script)
// and compares it byte for byte with the commit's action-dist/index.js.
//
//   node scripts/prove-bundle.mjs                 prove this checkout's own bundle
//   node scripts/prove-bundle.mjs --source DIR    prove DIR's bundle (DIR: a checkout of the commit,
//                                                 read as data); REPLACES this checkout's src/ with
//                                                 DIR's, so run it in a throwaway checkout
//
// In .github/workflows/bundle-proof.yml this checkout is the default branch, so a pull request
// cannot change the recipe that judges it. Nothing from DIR is executed: esbuild only reads src/.
// Links are refused (a link could pull a runner's file into the build), and every line printed
// from the compared files is one JSON string behind a prefix, so no line of a pull request's
// files can become a workflow command. Exit 0 equal, 1 different or refused, 64 bad usage.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLE = 'action-dist/index.js';
const OUTFILE_FLAG = `--outfile=${BUNDLE}`;

class Refused extends Error {}

function main(argv) {
  const source = sourceDir(argv);
  const expectedFile = join(source ?? ROOT, BUNDLE);
  if (source) {
    refuseLinks(join(source, 'src'));
    rmSync(join(ROOT, 'src'), { recursive: true, force: true });
    cpSync(join(source, 'src'), join(ROOT, 'src'), { recursive: true, verbatimSymlinks: true });
  }
  refuseLinks(join(ROOT, 'src'));
  const st = lstatSync(expectedFile, { throwIfNoEntry: false });
  if (!st?.isFile()) throw new Refused(`${BUNDLE} is missing or not a regular file in the commit to prove`);
  const committed = readFileSync(expectedFile);
  const built = build();
  const sum = (b) => createHash('sha256').update(b).digest('hex');
  if (committed.equals(built)) {
    report(`${BUNDLE} equals the bundle built from src/ with the recipe in ${ROOT} (${built.length} bytes, sha256 ${sum(built)})`, `equals the sources (sha256 ${sum(built).slice(0, 12)})`);
    return 0;
  }
  const at = firstDifference(committed.toString('utf8'), built.toString('utf8'));
  const changed = source ? recipeChanges(source) : [];
  if (changed.length > 0) {
    report(
      `${BUNDLE} differs from the bundle built from src/ with the recipe in ${ROOT} (first difference at line ${at.line}),\n` +
        `  and the commit changes the recipe itself: ${changed.join(', ')}.\n` +
        '  A recipe cannot be proved by the recipe it replaces. A code owner reviews the change to the recipe (it is\n' +
        '  readable: versions, integrity hashes, one command line) and merges it; the push to main then proves the\n' +
        '  bundle with the new recipe. See "The bundle proof" in docs/security.md.',
      `the commit changes the build recipe (${changed.join(', ')}): proved after merge, see the run`,
    );
    return 1;
  }
  report(
    `${BUNDLE} differs from the bundle built from src/ with the recipe in ${ROOT}\n` +
      `  committed: ${committed.length} bytes, sha256 ${sum(committed)}\n` +
      `  built:     ${built.length} bytes, sha256 ${sum(built)}\n` +
      `  first difference at line ${at.line}:\n` +
      `    committed: ${at.committed}\n` +
      `    built:     ${at.built}\n` +
      '  hint: run `npm run build:action` on the commit and commit action-dist/index.js. A pull request that\n' +
      '  changes package-lock.json or the build:action script is proved with the default branch\'s, which it\n' +
      '  cannot change: see "The bundle proof" in docs/security.md.',
    `differs from the sources at line ${at.line}: see the run`,
  );
  return 1;
}

/** Which parts of the recipe the commit to prove changes (read as data: nothing of it runs). */
function recipeChanges(source) {
  const read = (dir, file) => {
    const st = lstatSync(join(dir, file), { throwIfNoEntry: false });
    return st?.isFile() ? readFileSync(join(dir, file), 'utf8') : undefined;
  };
  const buildScript = (dir) => {
    try {
      return JSON.parse(read(dir, 'package.json') ?? 'null')?.scripts?.['build:action'];
    } catch {
      return undefined;
    }
  };
  const changed = [];
  if (read(source, 'package-lock.json') !== read(ROOT, 'package-lock.json')) changed.push('package-lock.json');
  if (buildScript(source) !== buildScript(ROOT)) changed.push("package.json's build:action");
  return changed;
}

function sourceDir(argv) {
  if (argv.length === 0) return undefined;
  if (argv.length !== 2 || argv[0] !== '--source') usage();
  const dir = resolve(argv[1]);
  if (!existsSync(dir)) usage(`--source ${argv[1]} does not exist`);
  if (realpathSync(dir) === realpathSync(ROOT)) return undefined;
  return dir;
}

function usage(problem) {
  process.stderr.write(`prove-bundle: ${problem ?? 'usage: node scripts/prove-bundle.mjs [--source DIR]'}\n`);
  process.exit(64);
}

/** src/ must hold only folders and regular files. */
function refuseLinks(dir) {
  const st = lstatSync(dir, { throwIfNoEntry: false });
  if (!st?.isDirectory()) throw new Refused(`${relativeName(dir)} is missing or not a folder`);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isDirectory() || entry.isFile()) continue;
    throw new Refused(`${relativeName(join(entry.parentPath, entry.name))} is a link or special file: the proof builds from regular files only`);
  }
}

const relativeName = (p) => JSON.stringify(relative(process.cwd(), p) || '.');

/** The recipe's build:action, writing to a temporary file instead of action-dist/index.js. */
function build() {
  const script = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts?.['build:action'];
  if (typeof script !== 'string' || !script.includes(OUTFILE_FLAG)) throw new Refused(`package.json's build:action must contain ${OUTFILE_FLAG}`);
  const tmp = mkdtempSync(join(tmpdir(), 'kwsync-bundle-proof-'));
  try {
    const out = join(tmp, 'index.js');
    try {
      execFileSync('sh', ['-c', script.replace(OUTFILE_FLAG, `--outfile=${out}`)], {
        cwd: ROOT,
        env: { ...process.env, PATH: [...binDirs(ROOT), process.env.PATH].join(delimiter) },
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (err) {
      const said = `${err.stdout ?? ''}${err.stderr ?? ''}`.split('\n').filter((l) => l.trim() !== '').slice(-40);
      throw new Refused(`the build with the recipe in ${ROOT} failed:\n${said.map((l) => `  | ${JSON.stringify(l).slice(1, -1)}`).join('\n')}`);
    }
    return readFileSync(out);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** node_modules/.bin of the folder and its parents, nearest first, as `npm run` puts them on PATH. */
function binDirs(dir) {
  const dirs = [];
  for (let d = dir; ; d = dirname(d)) {
    dirs.push(join(d, 'node_modules/.bin'));
    if (dirname(d) === d) return dirs;
  }
}

function firstDifference(a, b) {
  const x = a.split('\n');
  const y = b.split('\n');
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const show = (line) => (line === undefined ? '(end of file)' : JSON.stringify(line.length > 160 ? `${line.slice(0, 160)}…` : line));
  return { line: i + 1, committed: show(x[i]), built: show(y[i]) };
}

/** Prints the result; in GitHub Actions also the step's `description` output (the commit status, ≤ 140 characters). */
function report(text, description) {
  process.stdout.write(`bundle proof: ${text}\n`);
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `description=${description.slice(0, 140)}\n`);
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof Refused)) throw err;
  report(`refused: ${err.message}`, `refused: ${err.message.split('\n')[0]}`);
  process.exitCode = 1;
}
