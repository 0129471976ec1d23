// Embeddings computed once: dedupe within a call and across calls, the cache file across runs
// (hash keys only, never text), caller keys, bounds. A counting fake engine stands in for the model.
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batchTexts, BATCH_CHARS, boundText, createCachingEmbedder, MAX_TEXT_CHARS, memoryStore } from '../../src/similarity/caching-embedder.js';
import { cacheFileName, openEmbeddingCache } from '../../src/similarity/embed-cache.js';
import { MODEL_VERSION } from '../../src/similarity/embedder.js';
import { fakeEngine, fakeVector } from './fake-engine.js';

const tmp = (): Promise<string> => mkdtemp(join(tmpdir(), 'kwsync-embcache-'));

describe('createCachingEmbedder', () => {
  it('embeds each distinct text once, returns vectors in the order asked', async () => {
    const engine = fakeEngine();
    const e = createCachingEmbedder(engine, memoryStore(), 2);
    const texts = ['b', 'a', 'b', 'c', 'a', 'd'];
    const out = await e.embed(texts);
    expect(out.map((v) => Array.from(v))).toEqual(texts.map((t) => Array.from(fakeVector(t))));
    expect(engine.batches).toEqual([['b', 'a'], ['c', 'd']]);
    const again = await e.embed(['d', 'e', 'a']);
    expect(engine.batches.slice(2)).toEqual([['e']]);
    expect(again[0]).toBe(out[5]);
    expect(e.stats()).toMatchObject({ texts: 9, embedded: 5, hits: 4, batches: 3 });
  });

  it('reuses the cache file of an earlier run and never writes the text into it', async () => {
    const dir = await tmp();
    const secret = 'meet me behind the gym at 9, bring the stuff';
    const first = fakeEngine();
    const cache1 = await openEmbeddingCache(dir, MODEL_VERSION);
    const e1 = createCachingEmbedder(first, cache1, 16);
    await e1.embed([secret, 'hello']);
    await cache1.save();
    const file = join(dir, cacheFileName(MODEL_VERSION));
    const bytes = await readFile(file);
    expect(bytes.includes(Buffer.from('gym'))).toBe(false);
    expect(bytes.includes(Buffer.from('hello'))).toBe(false);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const second = fakeEngine();
    const e2 = createCachingEmbedder(second, await openEmbeddingCache(dir, MODEL_VERSION), 16);
    const [v] = await e2.embed([secret, 'new text']);
    expect(second.batches).toEqual([['new text']]);
    expect(Array.from(v!)).toEqual(Array.from(fakeVector(secret)));
  });

  it('files a vector under the caller key when one is given', async () => {
    const engine = fakeEngine();
    const e = createCachingEmbedder(engine, memoryStore(), 16);
    await e.embed(['first text', 'other'], { keys: ['msg-1', undefined] });
    const [v] = await e.embed(['first text, edited'], { keys: ['msg-1'] });
    expect(engine.batches).toEqual([['first text', 'other']]);
    expect(Array.from(v!)).toEqual(Array.from(fakeVector('first text')));
  });

  it('ignores a cache file of another model version or a damaged one', async () => {
    const dir = await tmp();
    const c = await openEmbeddingCache(dir, MODEL_VERSION);
    c.set(c.keyOf('x'), fakeVector('x'));
    await c.save();
    expect((await openEmbeddingCache(dir, MODEL_VERSION)).size).toBe(1);
    const file = join(dir, cacheFileName(MODEL_VERSION));
    await writeFile(file, (await readFile(file)).subarray(0, 100));
    expect((await openEmbeddingCache(dir, MODEL_VERSION)).size).toBe(0);
    expect(cacheFileName('other@1')).not.toBe(cacheFileName(MODEL_VERSION));
  });

  it('two runs of one process saving the same folder at once both succeed and leave a whole file', async () => {
    const dir = await tmp();
    const [a, b] = await Promise.all([openEmbeddingCache(dir, MODEL_VERSION), openEmbeddingCache(dir, MODEL_VERSION)]);
    for (let i = 0; i < 200; i++) a.set(a.keyOf(`a${i}`), fakeVector(`a${i}`));
    b.set(b.keyOf('b'), fakeVector('b'));
    await expect(Promise.all([a.save(), b.save()])).resolves.toBeDefined();
    const back = await openEmbeddingCache(dir, MODEL_VERSION);
    expect([1, 200]).toContain(back.size);
  });

  it('keeps at most maxEntries vectors, the most recently used', async () => {
    const dir = await tmp();
    const c = await openEmbeddingCache(dir, MODEL_VERSION, 3);
    for (const t of ['a', 'b', 'c']) c.set(c.keyOf(t), fakeVector(t));
    c.get(c.keyOf('a'));
    c.set(c.keyOf('d'), fakeVector('d'));
    await c.save();
    const back = await openEmbeddingCache(dir, MODEL_VERSION, 3);
    expect(['a', 'b', 'c', 'd'].map((t) => back.get(back.keyOf(t)) !== undefined)).toEqual([true, false, true, true]);
    expect((await stat(join(dir, cacheFileName(MODEL_VERSION)))).size).toBeLessThan(3 * 2100 + 100);
  });
});

describe('batches and bounds', () => {
  it('cuts batches by count and by characters, and long texts at MAX_TEXT_CHARS', () => {
    expect(batchTexts(['a', 'b', 'c'], 2)).toEqual([['a', 'b'], ['c']]);
    const long = 'x'.repeat(BATCH_CHARS - 10);
    expect(batchTexts([long, 'y'.repeat(20), 'z'], 16).map((b) => b.length)).toEqual([1, 2]);
    expect(boundText('w'.repeat(MAX_TEXT_CHARS + 50))).toHaveLength(MAX_TEXT_CHARS);
    expect(boundText(`${'w'.repeat(MAX_TEXT_CHARS - 1)}😀`)).toHaveLength(MAX_TEXT_CHARS - 1);
  });
});
