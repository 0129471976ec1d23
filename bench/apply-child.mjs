// One side of the apply benchmark (bench/apply.bench.ts), in plain node as users run kwsync: the
// kwsync side imports the tree compiled by tsc (BENCH_DIST), the floor uses undici alone. The lists
// are made here from (n, round), so nothing big crosses between processes. Plain JavaScript, so
// neither side pays for tsx (~35 MB of RSS and its compile-on-load).
import pLimit from 'p-limit';
import { FormData, request } from 'undici';

const LIST_BYTES = 1_000_000;
export const CONCURRENCY = 4;

/** ~1 MB of terms per list, unique within it, no comma; one in a hundred changes from round to round. */
function terms(list, round) {
  const out = [];
  let bytes = 0;
  for (let i = 0; bytes < LIST_BYTES - 20; i++) {
    const t = i % 100 === 0 ? `r${round}-t${list}-${i}-xxxx` : `t${list}-${i}-xxxxxxx`;
    out.push(t);
    bytes += Buffer.byteLength(t) + 1;
  }
  return out;
}

export function listsOf(n, round) {
  return Array.from({ length: n }, (_, i) => ({ id: `bench-${String(i).padStart(2, '0')}`, name: `Bench ${i}`, description: '', category: 'word', searchTerms: terms(i, round) }));
}

/** kwsync's modules, imported before the lists are made, as the CLI loads them before it reads any file (and the floor's imports come first too). */
async function kwsyncModules(dist) {
  const { applyPlan } = await import(`${dist}/apply/index.js`);
  const { connectService, serviceSettingsFromEnv } = await import(`${dist}/sync/service.js`);
  const { DEFAULT_CONFIG } = await import(`${dist}/model/config.js`);
  const { computePlan, readLiveLists } = await import(`${dist}/plan/index.js`);
  return { applyPlan, connectService, serviceSettingsFromEnv, DEFAULT_CONFIG, computePlan, readLiveLists };
}

async function kwsyncApply(modules, env, desired) {
  const { applyPlan, connectService, serviceSettingsFromEnv, DEFAULT_CONFIG, computePlan, readLiveLists } = modules;
  const t0 = performance.now();
  const { client, keywords } = connectService(serviceSettingsFromEnv(env));
  // As the CLI's makePlan: the live read ends with the plan, so applying does not hold it.
  const freshPlan = async () => {
    const live = await readLiveLists(keywords, desired.map((l) => l.id));
    return computePlan(desired.map((l) => ({ ...l, source: { file: `${l.id}.yaml` } })), live.lists, { target: 'bench', prune: false, safety: DEFAULT_CONFIG.safety });
  };
  const report = await applyPlan(await freshPlan(), keywords, { force: true, concurrency: CONCURRENCY });
  await client.close();
  return { ms: performance.now() - t0, notApplied: report.results.filter((r) => r.outcome !== 'applied').length };
}

/** The floor: the same requests with plain undici, bodies as kwsync sends them, answers JSON.parsed. */
async function plainFetch(base, apiKey, desired) {
  const t0 = performance.now();
  const headers = { apikey: apiKey, accept: 'application/json' };
  const get = async (path) => JSON.parse(await (await request(`${base}${path}`, { headers })).body.text());
  await get('/moderation/keywords');
  const limit = pLimit(CONCURRENCY);
  await Promise.all(
    desired.map((l) =>
      limit(async () => {
        await get(`/moderation/keywords/${l.id}`);
        const form = new FormData();
        for (const [k, v] of [['id', l.id], ['name', l.name], ['description', l.description], ['category', l.category], ['searchTerms', l.searchTerms.join(',')]]) form.append(k, v);
        const res = await request(`${base}/moderation/keywords/${l.id}`, { method: 'PUT', headers, body: form });
        JSON.parse(await res.body.text());
      }),
    ),
  );
  await get('/moderation/keywords');
  return { ms: performance.now() - t0, notApplied: 0 };
}

if (process.env.BENCH_ROLE) {
  const { BENCH_ROLE: role, BENCH_URL: url, BENCH_KEY: key, BENCH_APP: app, BENCH_DIST: dist } = process.env;
  // 'floor-idle': nothing beyond this file's own imports (undici, p-limit), the floor's modules.
  const modules = role === 'kwsync' || role === 'idle' ? await kwsyncModules(dist) : undefined;
  const desired = listsOf(Number(process.env.BENCH_N), Number(process.env.BENCH_ROUND));
  const env = { COMETCHAT_API_KEY: key, COMETCHAT_APP_ID: app, COMETCHAT_BASE_URL: url };
  let result = { ms: 0, notApplied: 0 };
  if (role === 'kwsync') result = await kwsyncApply(modules, env, desired);
  else if (role === 'floor') result = await plainFetch(url, key, desired);
  console.log(JSON.stringify({ ...result, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
}
