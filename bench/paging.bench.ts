// Paging the busy group (12,000 messages) at limit 1000 as `messages list --all` does (reading one
// page ahead), at 20 and 50 ms of service response time per page (the issue's case: 12 pages x
// 50 ms). The floor is pages x response time: the cursor makes pages strictly sequential.
//
// The emulator runs in a child process of its own, as a remote service's work does not run on the
// client's CPU (in this process, its rendering and writing of ~0.7 MB per page were counted as
// kwsync's). Two latency models are printed:
// - response time (RandomFaults.responseTimeMs): each answer leaves the emulator this long after its
//   request arrived, the emulator's own work inside it: the figure the target is about;
// - added latency (latencyMs): a delay before the emulator starts its work, which comes on top.
// Beside kwsync, a plain floor in the same run: undici requests following `meta.next`, each answer
// read with body.text() and JSON.parse, nothing else. Its excess over pages x response time is the
// emulator's writing and the transfer of ~0.7 MB per page, which no client can avoid.
//
// Then the keyword listing (issue 30): an app of 25 lists of 100 terms plus the default lists,
// answered 10 a page with meta.pagination, read whole by readKeywordListing (strictly sequential:
// each page's meta names the next), beside the same floor.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { createClient, iterateGroupMessages, readKeywordListing } from '../src/api/index.js';
import { BUSY_GROUP, startEmulator, type RandomFaults } from '../src/emulator/index.js';

const MESSAGES = 12_000;
const LIMIT = 1000;
const LATENCIES_MS = [20, 50];
const LISTING_LISTS = 25;
const LISTING_PAGE = 10;

type Command = { faults: RandomFaults } | { requests: true };

/** The emulator in a child process, driven over IPC. */
async function emulatorChild(): Promise<{ url: string; key: string; listingUrl: string; ask: (c: Command) => Promise<number>; stop: () => void }> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--kwsync-bench-emulator'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const first = await new Promise<{ url: string; key: string; listingUrl: string }>((resolve) => child.once('message', (m) => resolve(m as { url: string; key: string; listingUrl: string })));
  const ask = (c: Command) =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => resolve(Number(m)));
      child.send(c);
    });
  return { ...first, ask, stop: () => child.kill() };
}

async function serveInChild(): Promise<void> {
  const emulator = await startEmulator({ port: 0 });
  const keywordLists = Array.from({ length: LISTING_LISTS }, (_, i) => ({ id: `list-${i}`, name: `List ${i}`, category: 'word' as const, searchTerms: Array.from({ length: 100 }, (_, t) => `term${i}x${t}`) }));
  const listing = await startEmulator({ port: 0, keywordListLimit: LISTING_PAGE, keywordListPaging: 'pagination', defaultLists: 'all', data: { keywordLists } });
  process.on('message', (c: Command) => {
    if ('faults' in c) {
      for (const e of [emulator, listing]) {
        e.setFaults(c.faults);
        e.clearRequests();
      }
      process.send?.(0);
    } else process.send?.(emulator.requests.length + listing.requests.length);
  });
  process.send?.({ url: emulator.chatBaseUrl, key: emulator.apiKey, listingUrl: listing.chatBaseUrl });
}

export default async function bench(): Promise<void> {
  const emulator = await emulatorChild();
  const client = createClient({ apiKey: emulator.key, baseUrl: emulator.url });
  const walk = async (faults: RandomFaults, readAhead = true): Promise<{ ms: number; pages: number; count: number }> => {
    await emulator.ask({ faults });
    const t0 = performance.now();
    let count = 0;
    for await (const _m of iterateGroupMessages(client, BUSY_GROUP, { limit: LIMIT }, { readAhead })) count++;
    const ms = performance.now() - t0;
    return { ms, pages: await emulator.ask({ requests: true }), count };
  };
  /** The plain floor: the same pages with undici + JSON.parse, the cursor read from the parsed body. */
  const plainWalk = async (faults: RandomFaults): Promise<{ ms: number; pages: number }> => {
    await emulator.ask({ faults });
    const headers = { apikey: emulator.key, accept: 'application/json' };
    const t0 = performance.now();
    let cursor = '';
    for (;;) {
      const res = await request(`${emulator.url}/groups/${BUSY_GROUP}/messages?limit=${LIMIT}${cursor}`, { headers });
      const body = JSON.parse(await res.body.text()) as { data: unknown[]; meta?: { next?: { affix: string; id: string } } };
      const next = body.meta?.next;
      if (!next || body.data.length === 0) break;
      cursor = `&affix=${next.affix}&id=${next.id}`;
    }
    const ms = performance.now() - t0;
    return { ms, pages: await emulator.ask({ requests: true }) };
  };
  try {
    await walk({}); // warm up connections and JIT on both sides
    await plainWalk({});
    const bare = await walk({});
    console.log(`${bare.count} messages, limit ${LIMIT}, ${bare.pages} pages, read ahead, emulator in its own process; target: wall <= 1.3 x pages x response time`);
    console.log(`no latency at all: ${bare.ms.toFixed(0)} ms (${(bare.ms / bare.pages).toFixed(1)} ms per page: emulator + HTTP + parse)`);
    console.log('model         | per page | kwsync ms | pages x latency | ratio | plain floor ms | floor ratio | kwsync / floor');
    for (const latency of LATENCIES_MS) {
      for (const [model, faults] of [
        ['response time', { responseTimeMs: latency }],
        ['added latency', { latencyMs: latency }],
      ] as const) {
        const r = await walk(faults);
        const f = await plainWalk(faults);
        const ideal = r.pages * latency;
        console.log(
          `${model} | ${String(latency).padStart(5)} ms | ${r.ms.toFixed(0).padStart(9)} | ${String(ideal).padStart(15)} | ${(r.ms / ideal).toFixed(2).padStart(5)} | ` +
            `${f.ms.toFixed(0).padStart(14)} | ${(f.ms / ideal).toFixed(2).padStart(11)} | ${(r.ms / f.ms).toFixed(2).padStart(14)}`,
        );
      }
    }
    const without = await walk({ responseTimeMs: 50 }, false);
    console.log(`response time 50 ms, without read-ahead: ${without.ms.toFixed(0)} ms (${(without.ms / (without.pages * 50)).toFixed(2)})`);
    if (MESSAGES !== bare.count) console.log(`(the busy group held ${bare.count} messages, not ${MESSAGES})`);
    await benchListing(emulator);
  } finally {
    await client.close();
    emulator.stop();
  }
}

/** The keyword listing, every page, by readKeywordListing and by a plain undici walk of meta.pagination. */
async function benchListing(emulator: Awaited<ReturnType<typeof emulatorChild>>): Promise<void> {
  const client = createClient({ apiKey: emulator.key, baseUrl: emulator.listingUrl });
  const read = async (faults: RandomFaults) => {
    await emulator.ask({ faults });
    const t0 = performance.now();
    const listing = await readKeywordListing(client);
    const ms = performance.now() - t0;
    const items = listing.lists.length + listing.defaults.length + listing.unknownCategory.length + listing.unreadable.length + listing.withoutId;
    return { ms, pages: await emulator.ask({ requests: true }), items, whole: !listing.mayBeTruncated };
  };
  const plain = async (faults: RandomFaults) => {
    await emulator.ask({ faults });
    const headers = { apikey: emulator.key, accept: 'application/json' };
    const t0 = performance.now();
    for (let page = 1; ; page++) {
      const res = await request(`${emulator.listingUrl}/moderation/keywords${page === 1 ? '' : `?page=${page}&perPage=${LISTING_PAGE}`}`, { headers });
      const body = JSON.parse(await res.body.text()) as { meta?: { pagination?: { current_page: number; total_pages: number } } };
      const p = body.meta?.pagination;
      if (!p || p.current_page >= p.total_pages) break;
    }
    return performance.now() - t0;
  };
  try {
    await read({});
    await plain({});
    const bare = await read({});
    console.log(`\nkeyword listing: ${bare.items} items (${LISTING_LISTS} lists of 100 terms + default lists), ${LISTING_PAGE} a page with meta.pagination, ${bare.pages} pages, whole: ${bare.whole}`);
    console.log('response time | kwsync ms | pages x latency | ratio | plain floor ms | kwsync / floor');
    for (const latency of [0, ...LATENCIES_MS]) {
      const r = await read(latency === 0 ? {} : { responseTimeMs: latency });
      const f = await plain(latency === 0 ? {} : { responseTimeMs: latency });
      const ideal = r.pages * latency;
      console.log(
        `${String(latency).padStart(10)} ms | ${r.ms.toFixed(0).padStart(9)} | ${String(ideal).padStart(15)} | ${(ideal === 0 ? '-' : (r.ms / ideal).toFixed(2)).padStart(5)} | ${f.toFixed(0).padStart(14)} | ${(r.ms / f).toFixed(2).padStart(14)}`,
      );
    }
  } finally {
    await client.close();
  }
}

if (process.argv[2] === '--kwsync-bench-emulator') await serveInChild();
