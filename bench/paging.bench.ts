// Paging the busy group (12,000 messages) at limit 1000 through iterateGroupMessages, as
// `messages list --all` does, with 0, 20 and 50 ms of injected latency per request (the issue's
// case: 12 pages x 50 ms). Ideal = pages x latency (the cursor makes pages strictly sequential);
// the walk without latency, in the same run, is the HTTP + emulator + parse share per page.
// Each latency row must grow by about pages x latency over the first: the figure moves with it.
import { createClient, iterateGroupMessages } from '../src/api/index.js';
import { BUSY_GROUP, startEmulator } from '../src/emulator/index.js';

const MESSAGES = 12_000;
const LIMIT = 1000;
const LATENCIES_MS = [20, 50];

export default async function bench(): Promise<void> {
  const emulator = await startEmulator({ port: 0 });
  const client = createClient({ apiKey: emulator.apiKey, baseUrl: emulator.chatBaseUrl, callsBaseUrl: emulator.callsBaseUrl });
  const walk = async (): Promise<{ ms: number; pages: number; count: number }> => {
    emulator.clearRequests();
    const t0 = performance.now();
    let count = 0;
    for await (const _m of iterateGroupMessages(client, BUSY_GROUP, { limit: LIMIT })) {
      if (++count >= MESSAGES) break;
    }
    return { ms: performance.now() - t0, pages: emulator.requests.length, count };
  };
  try {
    await walk(); // warm up connections and JIT
    const bare = await walk();
    const rows = [];
    for (const latency of LATENCIES_MS) {
      emulator.setFaults({ latencyMs: latency });
      rows.push({ latency, ...(await walk()) });
    }
    emulator.setFaults({});
    console.log(`${bare.count} messages, limit ${LIMIT}, ${bare.pages} pages; target: wall <= 1.3 x pages x latency`);
    console.log('latency | wall ms | pages x latency | ratio | wall - no-latency wall');
    console.log(`   0 ms | ${bare.ms.toFixed(0).padStart(7)} |               0 |     - |`);
    for (const r of rows) {
      const ideal = r.pages * r.latency;
      console.log(`${String(r.latency).padStart(4)} ms | ${r.ms.toFixed(0).padStart(7)} | ${String(ideal).padStart(15)} | ${(r.ms / ideal).toFixed(2).padStart(5)} | ${(r.ms - bare.ms).toFixed(0)} ms (pages x latency = ${ideal})`);
    }
    console.log(`per page without latency: ${(bare.ms / bare.pages).toFixed(1)} ms (emulator answer + HTTP + parse)`);
  } finally {
    await client.close();
    await emulator.close();
  }
}
