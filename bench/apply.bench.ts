// Apply at the largest scale users reach: N lists of ~1 MB of terms each (1, 5, 25), every list
// changed, 100 ms of injected latency per request, concurrency 4. kwsync (read live, plan, apply,
// with the re-read before each write and the final read of the written lists) is set against a
// floor measured in the same run: plain undici requests of exactly the same kind and number
// (listing, GET + PUT per list with the same bodies, listing), each answer parsed with JSON.parse,
// at the same concurrency, against the same emulator. The ratio is what kwsync adds on top.
// Each side runs in a child process of its own (this file, run with a role), so its peak RSS is its
// own and not the emulator's, which holds every list in this process.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { FormData, request } from 'undici';
import { applyPlan } from '../src/apply/index.js';
import { connectService, serviceSettingsFromEnv } from '../src/cli/service.js';
import { startEmulator, type RunningEmulator } from '../src/emulator/index.js';
import { DEFAULT_CONFIG } from '../src/model/config.js';
import type { KeywordList } from '../src/model/keyword-list.js';
import type { Plan } from '../src/model/plan.js';
import type { KeywordTarget } from '../src/model/target.js';
import { computePlan, readLiveLists } from '../src/plan/index.js';

const LATENCY_MS = 100;
const CONCURRENCY = 4;
const LIST_BYTES = 1_000_000;
const SIZES = [1, 5, 25];

/** ~1 MB of terms: `t<list>r<round>-<i>` padded, unique within the list, no comma. */
function terms(list: number, round: number): string[] {
  const out: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < LIST_BYTES - 20; i++) {
    // Most terms stay from round to round; one in a hundred changes, as an edit of a big list does.
    const t = i % 100 === 0 ? `r${round}-t${list}-${i}-xxxx` : `t${list}-${i}-xxxxxxx`;
    out.push(t);
    bytes += Buffer.byteLength(t) + 1;
  }
  return out;
}

const listsOf = (n: number, round: number): KeywordList[] =>
  Array.from({ length: n }, (_, i) => ({ id: `bench-${String(i).padStart(2, '0')}`, name: `Bench ${i}`, description: '', category: 'word', searchTerms: terms(i, round) }));

interface ChildResult {
  ms: number;
  /** The child's peak RSS (process.resourceUsage().maxRSS), node and tsx included. */
  peakRssMb: number;
  notApplied: number;
}

/** Runs one side in a child process: the lists are made there from (n, round), so nothing big crosses. */
function inChild(role: 'kwsync' | 'floor' | 'idle', emulator: RunningEmulator, n: number, round: number): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, BENCH_ROLE: role, BENCH_N: String(n), BENCH_ROUND: String(round), BENCH_URL: emulator.chatBaseUrl, BENCH_KEY: emulator.apiKey, BENCH_APP: emulator.appId },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as ChildResult) : reject(new Error(`bench child ${role} exited ${code}`))));
  });
}

async function childMain(): Promise<void> {
  const n = Number(process.env.BENCH_N);
  const round = Number(process.env.BENCH_ROUND);
  const desired = listsOf(n, round);
  const env = { COMETCHAT_API_KEY: process.env.BENCH_KEY, COMETCHAT_APP_ID: process.env.BENCH_APP, COMETCHAT_BASE_URL: process.env.BENCH_URL };
  const t0 = performance.now();
  let notApplied = 0;
  if (process.env.BENCH_ROLE === 'kwsync') {
    const { client, keywords } = connectService(serviceSettingsFromEnv(env));
    notApplied = (await kwsyncApply(keywords, desired)).notApplied;
    await client.close();
  } else if (process.env.BENCH_ROLE === 'floor') {
    await plainFetch(process.env.BENCH_URL as string, process.env.BENCH_KEY as string, desired);
  }
  const ms = performance.now() - t0;
  console.log(JSON.stringify({ ms, peakRssMb: process.resourceUsage().maxRSS / 1024, notApplied }));
}

async function kwsyncApply(target: KeywordTarget, desired: KeywordList[]): Promise<{ notApplied: number }> {
  const plan = await freshPlan(target, desired);
  const report = await applyPlan(plan, target, { force: true, concurrency: CONCURRENCY });
  return { notApplied: report.results.filter((r) => r.outcome !== 'applied').length };
}

/** As the CLI's makePlan: the live read ends with the plan, so applying does not hold it. */
async function freshPlan(target: KeywordTarget, desired: KeywordList[]): Promise<Plan> {
  const live = await readLiveLists(target, desired.map((l) => l.id));
  return computePlan(desired.map((l) => ({ ...l, source: { file: `${l.id}.yaml` } })), live.lists, { target: 'bench', prune: false, safety: DEFAULT_CONFIG.safety });
}

/** The floor: the same requests with plain undici, bodies as kwsync sends them, answers JSON.parsed. */
async function plainFetch(base: string, apiKey: string, desired: KeywordList[]): Promise<void> {
  const headers = { apikey: apiKey, accept: 'application/json' };
  const get = async (path: string) => JSON.parse(await (await request(`${base}${path}`, { headers })).body.text()) as unknown;
  await get('/moderation/keywords');
  const limit = pLimit(CONCURRENCY);
  await Promise.all(
    desired.map((l) =>
      limit(async () => {
        await get(`/moderation/keywords/${l.id}`);
        const form = new FormData();
        for (const [k, v] of [['id', l.id], ['name', l.name], ['description', l.description], ['category', l.category], ['searchTerms', l.searchTerms.join(',')]] as const) form.append(k, v);
        const res = await request(`${base}/moderation/keywords/${l.id}`, { method: 'PUT', headers, body: form });
        JSON.parse(await res.body.text());
      }),
    ),
  );
  await get('/moderation/keywords');
}

export default async function bench(): Promise<void> {
  const emulator = await startEmulator({ port: 0, bodyLimitBytes: 4 * LIST_BYTES, rateLimitPerMinute: 1_000_000 });
  try {
    const env = { COMETCHAT_API_KEY: emulator.apiKey, COMETCHAT_APP_ID: emulator.appId, COMETCHAT_BASE_URL: emulator.chatBaseUrl };
    const target = connectService(serviceSettingsFromEnv(env)).keywords;
    for (const l of listsOf(Math.max(...SIZES), 0)) await target.createKeywordList(l);
    console.log(`every list ~${(LIST_BYTES / 1e6).toFixed(1)} MB of terms and changed; ${LATENCY_MS} ms latency per request; concurrency ${CONCURRENCY}`);
    const idle = await inChild('idle', emulator, 0, 0);
    console.log(`a child that only loads (node + tsx + kwsync's modules): peak RSS ${idle.peakRssMb.toFixed(0)} MB`);
    console.log('lists | requests | kwsync ms | floor ms | ratio | kwsync peak RSS MB | floor peak RSS MB | kwsync ms per list');
    let round = 1;
    for (const n of SIZES) {
      emulator.setFaults({ latencyMs: LATENCY_MS });
      emulator.clearRequests();
      const k = await inChild('kwsync', emulator, n, round++);
      const requests = emulator.requests.length;
      const f = await inChild('floor', emulator, n, round++);
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
  }
}

if (process.env.BENCH_ROLE) await childMain();
