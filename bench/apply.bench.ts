// 25 changed lists applied to the emulator with 100 ms injected latency per request, at a few
// concurrencies. Ideal wall time = ceil(writes / concurrency) x 2 requests (the re-read GET and
// the write) x latency: it counts only the injected latency, not the HTTP or emulator work.
import { applyPlan } from '../src/apply/index.js';
import { connectService, serviceSettingsFromEnv } from '../src/cli/service.js';
import { startEmulator } from '../src/emulator/index.js';
import { DEFAULT_CONFIG } from '../src/model/config.js';
import type { KeywordList } from '../src/model/keyword-list.js';
import { computePlan } from '../src/plan/index.js';

const LISTS = 25;
const LATENCY_MS = 100;

export default async function bench(): Promise<void> {
  const emulator = await startEmulator({ port: 0 });
  try {
    const env = { COMETCHAT_API_KEY: emulator.apiKey, COMETCHAT_APP_ID: emulator.appId, COMETCHAT_BASE_URL: emulator.chatBaseUrl };
    const target = connectService(serviceSettingsFromEnv(env)).keywords;
    const lists = (round: number): KeywordList[] =>
      Array.from({ length: LISTS }, (_, i) => ({
        id: `bench-${String(i).padStart(2, '0')}`,
        name: `Bench ${i}`,
        description: '',
        category: 'word',
        searchTerms: ['alpha', 'beta', `round-${round}`],
      }));
    for (const l of lists(0)) await target.createKeywordList(l);

    console.log(`${LISTS} changed lists, ${LATENCY_MS} ms injected latency per request`);
    console.log('concurrency | wall ms | ideal ms | write requests | changed lists');
    for (const [round, concurrency] of [1, 4, 8].entries()) {
      const desired = lists(round + 1);
      const plan = computePlan(desired, (await target.listKeywordLists()).lists, { target: 'bench', prune: false, safety: DEFAULT_CONFIG.safety });
      const changed = plan.changes.filter((c) => c.kind !== 'noop').length;
      emulator.setFaults({ latencyMs: LATENCY_MS });
      emulator.clearRequests();
      const t0 = performance.now();
      const report = await applyPlan(plan, target, { force: false, concurrency });
      const wall = performance.now() - t0;
      emulator.setFaults({});
      const writes = emulator.requests.filter((r) => r.method === 'POST' || r.method === 'PUT' || r.method === 'DELETE').length;
      const ideal = Math.ceil(changed / concurrency) * 2 * LATENCY_MS;
      const notApplied = report.results.filter((r) => r.outcome !== 'applied').length;
      console.log(
        `${String(concurrency).padStart(11)} | ${wall.toFixed(0).padStart(7)} | ${String(ideal).padStart(8)} | ${String(writes).padStart(14)} | ${String(changed).padStart(13)}` +
          (notApplied > 0 ? `  (${notApplied} not applied!)` : ''),
      );
    }
  } finally {
    await emulator.close();
  }
}
