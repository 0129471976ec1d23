// Benchmark (not a test): what bounding costs. (1) The bounded preview (patterns in a worker, in
// batches) against the in-thread preview on the same plan and messages. (2) A list file of many
// unknown keys through validate, beside the yaml parser's own duplicate-key check (quadratic) on
// fewer keys, the baseline this change removed. Figures and ratios only; nothing is asserted.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import type { Plan } from '../src/model/plan.js';
import { previewUntrusted, startPreview } from '../src/preview/index.js';
import { validateRepo } from '../src/validate/index.js';

const PATTERNS = 1000;
const MESSAGES = 10_000;
const pattern = (i: number): string => `\\b(?:p${i % 2}x${i})[ .-]?\\d{3,10}\\b`;
const FILLER = ['hello', 'there', 'what', 'a', 'day', 'see', 'you', 'call', 'me', 'p1x77-4411', 'café'];

function messages(count: number): { id: string; text: string }[] {
  return Array.from({ length: count }, (_, k) => ({ id: String(k), text: Array.from({ length: 12 }, (_, j) => FILLER[(k * 7 + j * 3) % FILLER.length]).join(' ') }));
}

const ms = (t0: number): number => Math.round(performance.now() - t0);

export default async function bench(): Promise<void> {
  const after = { id: 'p', name: 'p', description: '', category: 'pattern' as const, searchTerms: Array.from({ length: PATTERNS }, (_, i) => pattern(i)) };
  const plan = { target: 'bench', changes: [{ kind: 'create', id: 'p', before: null, after }] } as unknown as Plan;
  const msgs = messages(MESSAGES);
  let t0 = performance.now();
  const scan = startPreview(plan);
  for (const m of msgs) scan.add(m);
  const inThread = ms(t0);
  const caught = scan.result([]).lists[0]!.after;
  t0 = performance.now();
  const bounded = await previewUntrusted(plan, ['g'], MESSAGES, async function* () {
    yield* msgs;
  });
  const worker = ms(t0);
  console.log(`preview, ${PATTERNS} patterns x ${MESSAGES} messages: in-thread ${inThread} ms, bounded (worker) ${worker} ms, ratio ${(worker / Math.max(1, inThread)).toFixed(2)}; caught ${caught} / ${bounded.lists[0]!.after}`);

  const cwd = mkdtempSync(join(tmpdir(), 'kwsync-bench-'));
  try {
    mkdirSync(join(cwd, 'keywords'));
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}: 1\n`).join('');
    const big = 150_000;
    writeFileSync(join(cwd, 'keywords/many.yaml'), `id: many\nname: Many\ncategory: word\nsearchTerms: [darn]\n${keys(big)}`);
    t0 = performance.now();
    const result = await validateRepo({ dir: 'keywords', cwd });
    console.log(`validate, ${big} unknown keys (${Math.round((keys(big).length + 60) / 1024)} KB): ${ms(t0)} ms, ${result.errorCount} errors`);
    for (const n of [10_000, 20_000]) {
      t0 = performance.now();
      parseDocument(keys(n), { uniqueKeys: true });
      const quadratic = ms(t0);
      t0 = performance.now();
      parseDocument(keys(n), { uniqueKeys: false });
      console.log(`yaml parse of ${n} keys: uniqueKeys (the old way) ${quadratic} ms, without ${ms(t0)} ms, ratio ${(quadratic / Math.max(1, ms(t0))).toFixed(0)}`);
    }
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}
