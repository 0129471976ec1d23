// `npm run bench -- --check`: the hot-path benches at their largest size, each against its floor
// measured in the same run, compared with the bounds in bench/bounds.json. Exits 1 when a figure
// passes its bound. A guard to run when src/validate, src/load, src/match, src/api or src/similarity
// change; a benchmark, not a test (.ci/run does not run it: timings on a shared runner are noise).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileTree, type CompiledTree } from './compiled-tree.js';

/** One guarded figure: a ratio to the floor measured beside it ('x'), or a peak RSS ('MB'). */
export interface Figure {
  id: string;
  value: number;
  unit: 'x' | 'MB' | 'requests';
  /** The measurement behind it, as printed. */
  line: string;
}

export interface Bound {
  /** The figure may not pass this. */
  max: number;
  unit: 'x' | 'MB' | 'requests';
  /** What the figure is. */
  what: string;
  /** The measurement that set the bound (date, machine, figure). */
  set: string;
}

const here = dirname(fileURLToPath(import.meta.url));
/** In this order: the cheap ones first, so a broken tree fails fast. */
const CHECKS = ['validate', 'preview', 'cold-start', 'apply', 'rules', 'similarity'] as const;

export async function runCheck(): Promise<number> {
  const bounds = JSON.parse(readFileSync(join(here, 'bounds.json'), 'utf8')) as { bounds: Record<string, Bound> };
  const tree: CompiledTree = compileTree(join(here, '..'));
  const figures: Figure[] = [];
  try {
    for (const name of CHECKS) {
      const mod = (await import(`./${name}.bench.js`)) as { check: (tree: CompiledTree) => Promise<Figure[]> };
      const t0 = performance.now();
      const got = await mod.check(tree);
      console.log(`## ${name} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
      for (const f of got) console.log(`  ${f.id}: ${f.line}`);
      figures.push(...got);
    }
  } finally {
    tree.remove();
  }
  console.log('\nfigure                      |   value | bound  | ok   (the machine: see `uptime`; ratios are against floors measured in this run)');
  let failed = 0;
  for (const f of figures) {
    const b = bounds.bounds[f.id];
    const shown = f.unit === 'x' ? `${f.value < 0.1 ? f.value.toPrecision(2) : f.value.toFixed(2)}x` : f.unit === 'requests' ? `${f.value.toFixed(2)}` : `${f.value.toFixed(0)} MB`;
    if (!b) {
      console.log(`${f.id.padEnd(27)} | ${shown.padStart(7)} | none   | no bound in bench/bounds.json`);
      failed++;
      continue;
    }
    const over = f.value > b.max;
    if (over) failed++;
    const bound = b.unit === 'x' ? `${b.max}x` : b.unit === 'requests' ? `${b.max}` : `${b.max} MB`;
    console.log(`${f.id.padEnd(27)} | ${shown.padStart(7)} | ${bound.padEnd(6)} | ${over ? `PAST THE BOUND (${b.what})` : 'yes'}`);
  }
  for (const id of Object.keys(bounds.bounds)) if (!figures.some((f) => f.id === id)) console.log(`${id}: not measured (skipped)`);
  console.log(failed === 0 ? '\ncheck: every figure within its bound' : `\ncheck: ${failed} figure(s) past the bound; a slower path is a finding: profile it, or re-set the bound with the measurement that justifies it`);
  return failed === 0 ? 0 : 1;
}
