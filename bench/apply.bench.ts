// Apply at the largest scale users reach: N lists of ~1 MB of terms each (1, 5, 25), every list
// changed, 100 ms of injected latency per request, concurrency 4. kwsync (read live, plan, apply,
// with the re-read before each write and the final read of the written lists) is set against a
// floor measured in the same run: plain undici requests of exactly the same kind and number
// (listing, GET + PUT per list with the same bodies, listing), each answer parsed with JSON.parse,
// at the same concurrency, against the same emulator. The ratio is what kwsync adds on top.
// Each side runs in a plain-node child process of its own (bench/apply-child.mjs; kwsync compiled by
// tsc, as users run it), so its peak RSS is its own and not the emulator's, which holds every list
// in this process.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { connectService, serviceSettingsFromEnv } from '../src/sync/service.js';
import { startEmulator, type RunningEmulator } from '../src/emulator/index.js';
import { CONCURRENCY, listsOf } from './apply-child.mjs';
import type { Figure } from './check.js';
import { compileTree, type CompiledTree } from './compiled-tree.js';

const LATENCY_MS = 100;
const LIST_BYTES = 1_000_000;
const SIZES = [1, 5, 25];
const here = dirname(fileURLToPath(import.meta.url));

interface ChildResult {
  ms: number;
  /** The child's peak RSS (process.resourceUsage().maxRSS), node included. */
  peakRssMb: number;
  notApplied: number;
}

/** Runs one side in a plain-node child process (bench/apply-child.mjs). */
function inChild(role: 'kwsync' | 'floor' | 'idle' | 'floor-idle', emulator: RunningEmulator, dist: string, n: number, round: number): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, 'apply-child.mjs')], {
      env: { ...process.env, BENCH_ROLE: role, BENCH_N: String(n), BENCH_ROUND: String(round), BENCH_URL: emulator.chatBaseUrl, BENCH_KEY: emulator.apiKey, BENCH_APP: emulator.appId, BENCH_DIST: pathToFileURL(dist).href },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as ChildResult) : reject(new Error(`bench child ${role} exited ${code}`))));
  });
}

/** Runs per side in `--check`: one run of either side moves by ±15% on a shared machine, and peak RSS is bimodal on both sides (whether V8 collects before the last listing read), so 5. */
const CHECK_RUNS = 5;
const medianBy = <T>(runs: T[], key: (r: T) => number): T => [...runs].sort((a, b) => key(a) - key(b))[runs.length >> 1]!;

/** `npm run bench -- --check`: 25 lists, kwsync and the floor alternating CHECK_RUNS times against one emulator; the median of each side. */
export async function check(tree: CompiledTree): Promise<Figure[]> {
  const n = Math.max(...SIZES);
  const emulator = await startEmulator({ port: 0, bodyLimitBytes: 4 * LIST_BYTES, rateLimitPerMinute: 1_000_000 });
  try {
    const env = { COMETCHAT_API_KEY: emulator.apiKey, COMETCHAT_APP_ID: emulator.appId, COMETCHAT_BASE_URL: emulator.chatBaseUrl };
    const target = connectService(serviceSettingsFromEnv(env)).keywords;
    for (const l of listsOf(n, 0)) await target.createKeywordList(l);
    const dist = join(tree.dir, 'dist');
    emulator.setFaults({ latencyMs: LATENCY_MS });
    const ks: ChildResult[] = [];
    const fs: ChildResult[] = [];
    for (let r = 0; r < CHECK_RUNS; r++) {
      ks.push(await inChild('kwsync', emulator, dist, n, 2 * r + 1));
      fs.push(await inChild('floor', emulator, dist, n, 2 * r + 2));
    }
    const notApplied = ks.reduce((sum, k) => sum + k.notApplied, 0);
    if (notApplied > 0) throw new Error(`apply bench: ${notApplied} lists not applied`);
    const [k, f] = [medianBy(ks, (r) => r.ms), medianBy(fs, (r) => r.ms)];
    const [kRss, fRss] = [medianBy(ks, (r) => r.peakRssMb).peakRssMb, medianBy(fs, (r) => r.peakRssMb).peakRssMb];
    // What each side's modules alone hold, so a peak can be read as modules + the work's own memory.
    const [kIdle, fIdle] = [(await inChild('idle', emulator, dist, 0, 0)).peakRssMb, (await inChild('floor-idle', emulator, dist, 0, 0)).peakRssMb];
    const line =
      `kwsync ${k.ms.toFixed(0)} ms, peak RSS ${kRss.toFixed(0)} MB; undici floor ${f.ms.toFixed(0)} ms, peak RSS ${fRss.toFixed(0)} MB (${n} lists of ~1 MB, ${LATENCY_MS} ms latency; medians of ${CHECK_RUNS} alternating runs); ` +
      `above what each side's modules hold alone (kwsync ${kIdle.toFixed(0)} MB, the floor ${fIdle.toFixed(0)} MB): kwsync ${(kRss - kIdle).toFixed(0)} MB, the floor ${(fRss - fIdle).toFixed(0)} MB`;
    return [
      { id: 'apply-25', value: k.ms / f.ms, unit: 'x', line },
      { id: 'apply-25-rss', value: kRss / fRss, unit: 'x', line },
    ];
  } finally {
    await emulator.close();
  }
}

export default async function bench(): Promise<void> {
  const emulator = await startEmulator({ port: 0, bodyLimitBytes: 4 * LIST_BYTES, rateLimitPerMinute: 1_000_000 });
  const tree = compileTree(join(here, '..'));
  const dist = join(tree.dir, 'dist');
  try {
    const env = { COMETCHAT_API_KEY: emulator.apiKey, COMETCHAT_APP_ID: emulator.appId, COMETCHAT_BASE_URL: emulator.chatBaseUrl };
    const target = connectService(serviceSettingsFromEnv(env)).keywords;
    for (const l of listsOf(Math.max(...SIZES), 0)) await target.createKeywordList(l);
    console.log(`every list ~${(LIST_BYTES / 1e6).toFixed(1)} MB of terms and changed; ${LATENCY_MS} ms latency per request; concurrency ${CONCURRENCY}`);
    const idle = await inChild('idle', emulator, dist, 0, 0);
    const floorIdle = await inChild('floor-idle', emulator, dist, 0, 0);
    console.log(`a child that only loads (node + kwsync's compiled modules): peak RSS ${idle.peakRssMb.toFixed(0)} MB; one that loads only the floor's undici and p-limit: ${floorIdle.peakRssMb.toFixed(0)} MB`);
    console.log('lists | requests | kwsync ms | floor ms | ratio | kwsync peak RSS MB | floor peak RSS MB | kwsync ms per list');
    let round = 1;
    for (const n of SIZES) {
      emulator.setFaults({ latencyMs: LATENCY_MS });
      emulator.clearRequests();
      const k = await inChild('kwsync', emulator, dist, n, round++);
      const requests = emulator.requests.length;
      const f = await inChild('floor', emulator, dist, n, round++);
      emulator.setFaults({});
      const warn = k.notApplied > 0 ? `  (${k.notApplied} not applied!)` : '';
      console.log(
        `${String(n).padStart(5)} | ${String(requests).padStart(8)} | ${k.ms.toFixed(0).padStart(9)} | ${f.ms.toFixed(0).padStart(8)} | ${(k.ms / f.ms).toFixed(2).padStart(5)}x | ` +
          `${k.peakRssMb.toFixed(0).padStart(18)} | ${f.peakRssMb.toFixed(0).padStart(17)} | ${(k.ms / n).toFixed(0).padStart(18)}${warn}`,
      );
    }
    console.log('target: ratio <= 1.3x at 25 lists; kwsync peak RSS under 400 MB. The emulator always holds 25 lists, so its listing is ~25 MB at every size.');
  } finally {
    await emulator.close();
    tree.remove();
  }
}
