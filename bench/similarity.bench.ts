// Benchmark (not a test): sentence embedding for a preview of sentence lists. The floor, measured in
// the same run: the model by itself embedding 1,000 generated chat messages in one thread (kwsync's
// batches; scaled per message for the larger rows). Then kwsync's path (worker pool, dedupe, batching,
// scoring the best cosine against 25 lists x 10 sentences) at 1k, 5k and 20k messages, in one
// thread at 5k, and the preview's own scan loop (src/preview/similarity-scan.ts) at 5k. Each row
// runs in its own process (similarity-child.ts) so its peak RSS, worker threads included, is its
// own. Targets: 5k messages <= 1.2x the floor; peak RSS < 400 MB. The floor embeds repeats too,
// which kwsync skips: "x distinct floor" is beside the model on the distinct messages only (scaled
// per distinct text), the fairer ratio.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { locateModel, modelResolveBase } from '../src/similarity/model-location.js';
import type { Figure } from './check.js';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./similarity-child.ts', import.meta.url));
const FLOOR_MESSAGES = 1_000;

async function measure(mode: string, n: number): Promise<Record<string, number>> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', CHILD, mode, String(n)], { maxBuffer: 1 << 20, timeout: 30 * 60_000 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, number>;
}

/** `npm run bench -- --check`: the preview's sentence scan of 5,000 messages against the model alone. */
export async function check(): Promise<Figure[]> {
  if (!locateModel(modelResolveBase()).ok) return [];
  const floor = await measure('floor', FLOOR_MESSAGES);
  const n = 5_000;
  const r = await measure('scan', n);
  const floorMs = (floor.embedMs! / FLOOR_MESSAGES) * n;
  return [
    { id: 'sentence-scan', value: r.totalMs! / floorMs, unit: 'x', line: `scan of ${n} messages x 25 lists ${r.totalMs!.toFixed(0)} ms (load included, ${r.workers} workers), peak RSS ${r.peakMb} MB; the model alone ${floorMs.toFixed(0)} ms (scaled from ${FLOOR_MESSAGES})` },
    { id: 'sentence-scan-rss', value: r.peakMb!, unit: 'MB', line: `peak RSS ${r.peakMb} MB, worker threads included` },
  ];
}

export default async function bench(): Promise<void> {
  if (!locateModel(modelResolveBase()).ok) {
    console.log('skipped: the optional sentence model is not installed (npm ci installs it)');
    return;
  }
  const floor = await measure('floor', FLOOR_MESSAGES);
  const perMessage = floor.embedMs! / FLOOR_MESSAGES;
  const distinctFloor = await measure('floor-distinct', FLOOR_MESSAGES);
  const perDistinct = distinctFloor.embedMs! / distinctFloor.texts!;
  console.log(
    `floor: the model alone, one thread, batches of 16 texts / 800 chars: load ${floor.loadMs!.toFixed(0)} ms, ${FLOOR_MESSAGES} messages in ${floor.embedMs!.toFixed(0)} ms (${perMessage.toFixed(2)} ms/message), their ${distinctFloor.texts} distinct texts alone (a process of their own) in ${distinctFloor.embedMs!.toFixed(0)} ms (${perDistinct.toFixed(2)} ms/text), peak RSS ${floor.peakMb} MB`,
  );
  console.log('path      | messages | distinct | workers | total ms | embed ms | score ms | floor ms | x floor | x distinct floor | peak RSS MB | >= 0.6');
  // 'scan' is the preview's own loop (SCAN_BATCH messages per embedding call, each awaited); the 'pool' rows embed all messages in one call.
  const rows: [string, number][] = [['kwsync', 1_000], ['kwsync', 5_000], ['kwsync', 20_000], ['inthread', 5_000], ['scan', 5_000]];
  for (const [mode, n] of rows) {
    const r = await measure(mode, n);
    const floorMs = perMessage * n;
    const distinctFloorMs = perDistinct * r.distinct!;
    console.log(
      `${({ kwsync: 'pool', inthread: 'in-thread', scan: 'scan' } as Record<string, string>)[mode]!.padEnd(9)} | ${String(n).padStart(8)} | ${String(r.distinct).padStart(8)} | ${String(r.workers).padStart(7)} | ${r.totalMs!.toFixed(0).padStart(8)} | ${r.embedMs!.toFixed(0).padStart(8)} | ${r.scoreMs!.toFixed(0).padStart(8)} | ${floorMs.toFixed(0).padStart(8)} | ${(r.totalMs! / floorMs).toFixed(2).padStart(7)} | ${(r.totalMs! / distinctFloorMs).toFixed(2).padStart(16)} | ${String(r.peakMb).padStart(11)} | ${r.flagged}${mode === 'scan' ? ' (sum of the lists\' catches)' : ''}`,
    );
  }
  console.log('total: load + embed 250 sentences and the messages + score; the floor embeds every message, repeats included, and excludes its load');
  console.log('x distinct floor: beside the model alone embedding only the distinct messages, once each, in one thread (kwsync embeds each distinct text once: the x floor column credits it with skipping repeats; the pool also has two workers)');
}
