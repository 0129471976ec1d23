// Paging 10,000 group messages at limit 1000 through iterateGroupMessages with 20 ms injected
// latency per request. Ideal = pages x latency (the cursor makes pages strictly sequential);
// the same walk without latency, measured in the same run, shows the HTTP + emulator share.
import { createClient, iterateGroupMessages } from '../src/api/index.js';
import { BUSY_GROUP, startEmulator } from '../src/emulator/index.js';

const MESSAGES = 10_000;
const LIMIT = 1000;
const LATENCY_MS = 20;

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
    emulator.setFaults({ latencyMs: LATENCY_MS });
    const slow = await walk();
    emulator.setFaults({});
    const ideal = slow.pages * LATENCY_MS;
    console.log(`${slow.count} messages, limit ${LIMIT}, ${slow.pages} pages, ${LATENCY_MS} ms injected latency per request`);
    console.log('run              | wall ms | ideal ms | ratio');
    console.log(`no latency       | ${bare.ms.toFixed(0).padStart(7)} |        0 |   -`);
    console.log(`${LATENCY_MS} ms latency    | ${slow.ms.toFixed(0).padStart(7)} | ${String(ideal).padStart(8)} | ${(slow.ms / ideal).toFixed(2)}`);
    console.log(`per page: ${(slow.ms / slow.pages).toFixed(1)} ms with latency, ${(bare.ms / bare.pages).toFixed(1)} ms without`);
  } finally {
    await client.close();
    await emulator.close();
  }
}
