// The real model, loaded twice in this file (once in this thread, once in one worker): the pool's
// vectors equal the in-thread ones, order and repeats are kept, a later run with the same cache
// folder embeds nothing (and starts no worker), and close() is all it takes to finish.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cosine, loadEmbedder, type SentenceEmbedder } from '../../src/similarity/embedder.js';
import { locateModel, modelResolveBase } from '../../src/similarity/model-location.js';

// The model is an optional dependency: without it these tests cannot run (missing-model.test.ts covers that path).
const describeModel = locateModel(modelResolveBase()).ok ? describe : describe.skip;

const TEXTS = [
  'buy cheap pills online now',
  'hey, are we still meeting for lunch tomorrow?',
  'you are a complete idiot',
  'limited offer!!! cheap medication, no prescription',
  'see you at the match 👍',
  'hey, are we still meeting for lunch tomorrow?',
];

async function load(options: Parameters<typeof loadEmbedder>[0]): Promise<SentenceEmbedder> {
  const r = await loadEmbedder(options);
  if (!r.ok) throw new Error(r.reason);
  return r.embedder;
}

describeModel('loadEmbedder with the model', () => {
  let inThread: number[][];
  const cacheDir = join(tmpdir(), `kwsync-embmodel-${process.pid}`);

  beforeAll(async () => {
    const e = await load({ workers: 0 });
    inThread = (await e.embed(TEXTS)).map((v) => Array.from(v));
    expect(e.stats?.()).toMatchObject({ engine: 'in-thread', texts: 6, embedded: 5 });
    await e.close();
  }, 120_000);

  it('gives unit vectors of 512 that rank a paraphrase above an unrelated message', () => {
    expect(inThread[0]).toHaveLength(512);
    expect(Math.hypot(...inThread[0]!)).toBeCloseTo(1, 5);
    const [pills, , , offer, match] = inThread.map((v) => Float32Array.from(v));
    expect(cosine(pills!, offer!)).toBeGreaterThan(cosine(pills!, match!) + 0.1);
  });

  it('returns from a worker the same vectors as in this thread, in the order asked', async () => {
    const e = await load({ workers: 1, batchSize: 2, cacheDir: await mkdtemp(cacheDir) });
    try {
      const reversed = [...TEXTS].reverse();
      const out = await e.embed(reversed);
      const expected = [...inThread].reverse();
      out.forEach((v, i) => v.forEach((x, j) => expect(Math.abs(x - expected[i]![j]!)).toBeLessThan(1e-5)));
      expect(out[0]).toBe(out[4]);
      const stats = e.stats!();
      if (process.env.KWSYNC_POOL_LOG) console.log(`pool: ${JSON.stringify(stats)}`);
      expect(stats).toMatchObject({ engine: 'workers', texts: 6, embedded: 5, batches: 3 });
      // What the pool guarantees is the vectors, not a worker: at most the one asked for, and when
      // none is left (lost under load, and the batches ran in this thread) it says why.
      expect(stats.workers).toBeLessThanOrEqual(1);
      if (stats.workers === 0) expect(stats.fallback).toMatch(/\w/);
      else expect(stats.fallback).toBeUndefined();
    } finally {
      await e.close();
    }
  }, 120_000);

  it('embeds nothing on a later run that finds every text in the cache folder', async () => {
    const dir = await mkdtemp(cacheDir);
    const first = await load({ workers: 1, cacheDir: dir });
    await first.embed(TEXTS.slice(0, 2));
    await first.close();
    const second = await load({ workers: 1, cacheDir: dir });
    const [v] = await second.embed([TEXTS[1]!, TEXTS[0]!]);
    expect(second.stats?.()).toMatchObject({ embedded: 0, hits: 2, workers: 0 });
    v!.forEach((x, j) => expect(Math.abs(x - inThread[1]![j]!)).toBeLessThan(1e-5));
    await second.close();
  }, 120_000);
});
