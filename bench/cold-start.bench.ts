// Benchmark (not a test): how long the installed CLI takes to start, beside the Action bundle
// (action-dist/index.js, one esbuild file, run with no inputs so it stops at once) and `node -e 0`,
// in the same run. The CLI is compiled with tsc into a temporary folder, as `npm run build` makes
// dist/, and started through bin/kwsync.js. Target: `--help` and `validate` of a small repo within
// 2x the bundle. KWSYNC_BENCH_ROOT=<folder> measures another checkout (e.g. with a proposed change).
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figure } from './check.js';
import { compileTree, type CompiledTree } from './compiled-tree.js';

const RUNS = 9;
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(process.env.KWSYNC_BENCH_ROOT ?? join(here, '..'));

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Wall time of `node args` from spawn to exit, median and spread of RUNS runs (one warm-up first). */
function startTime(args: string[], cwd: string): { ms: number; min: number; max: number } {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  spawnSync(process.execPath, args, { cwd, env });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, args, { cwd, env, stdio: 'ignore' });
    times.push(performance.now() - t0);
  }
  return { ms: median(times), min: Math.min(...times), max: Math.max(...times) };
}

/** `npm run bench -- --check`: `--help` and `validate` of keywords/ against the Action bundle's start. */
export async function check(tree: CompiledTree): Promise<Figure[]> {
  const dir = tree.dir;
  const bundle = startTime([join(here, '..', 'action-dist/index.js')], dir);
  const help = startTime([join(dir, 'bin/kwsync.js'), '--help'], dir);
  const validate = startTime([join(dir, 'bin/kwsync.js'), 'validate', '--dir', join(root, 'keywords')], dir);
  return [
    { id: 'cold-start-help', value: help.ms / bundle.ms, unit: 'x', line: `kwsync --help ${help.ms.toFixed(0)} ms, the Action bundle ${bundle.ms.toFixed(0)} ms (medians of ${RUNS})` },
    { id: 'cold-start-validate', value: validate.ms / bundle.ms, unit: 'x', line: `kwsync validate (keywords/) ${validate.ms.toFixed(0)} ms, the Action bundle ${bundle.ms.toFixed(0)} ms` },
  ];
}

export default async function bench(): Promise<void> {
  const tree = compileTree(root);
  const dir = tree.dir;
  try {
    const repo = join(root, 'keywords');
    const rows: [string, { ms: number; min: number; max: number }][] = [
      ['node -e 0', startTime(['-e', '0'], dir)],
      ['Action bundle (no inputs)', startTime([join(here, '..', 'action-dist/index.js')], dir)],
      ['kwsync --help', startTime([join(dir, 'bin/kwsync.js'), '--help'], dir)],
      ['kwsync validate (keywords/)', startTime([join(dir, 'bin/kwsync.js'), 'validate', '--dir', repo], dir)],
    ];
    const bundle = rows[1]![1].ms;
    console.log(`tree: ${root}; median of ${RUNS} runs (min..max)`);
    console.log('start                        |  median ms | spread ms   | x bundle');
    for (const [name, t] of rows) {
      console.log(`${name.padEnd(28)} | ${t.ms.toFixed(0).padStart(10)} | ${`${t.min.toFixed(0)}..${t.max.toFixed(0)}`.padEnd(11)} | ${(t.ms / bundle).toFixed(2)}`);
    }
    console.log('target: kwsync --help and validate <= 2.00 x bundle');
  } finally {
    tree.remove();
  }
}
