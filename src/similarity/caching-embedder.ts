// Embeddings computed once: the texts of a call are deduplicated, looked up in the run's store (the
// file cache when the caller named a folder, else an in-memory one), and only the misses go to the
// engine, in batches small enough to keep each worker's memory flat (docs/operating.md, "The sentence model", has
// the measurements). Texts longer than MAX_TEXT_CHARS are embedded by their first MAX_TEXT_CHARS
// characters: the model's memory grows with the tokens in a batch, and chat text is untrusted.
import { randomBytes, createHash } from 'node:crypto';
import { lruGet, lruSet, type EmbeddingCache } from './embed-cache.js';
import type { EmbedEngine } from './embed-engine.js';

export const MAX_TEXT_CHARS = 1000;
export const DEFAULT_BATCH_SIZE = 16;
/**
 * A batch also stops at this many characters: the model's time and memory grow faster than the
 * characters in a batch (measured: 16 texts up to 3,200 chars took 2.5x as long and 70 MB more than
 * up to 800).
 */
export const BATCH_CHARS = 800;
/** Without a file cache, the run remembers this many vectors (2 KB each). */
export const MEMORY_ENTRIES = 25_000;

export interface EmbedCallOptions {
  /** A key per text (e.g. a message id plus its edit time) to file the vector under instead of the text's hash. */
  keys?: readonly (string | undefined)[];
}

export interface EmbedStats {
  /** Texts asked for, over every call. */
  texts: number;
  /** Texts served without embedding: a repeat within the call, or found in the run's store or the file cache. */
  hits: number;
  /** Texts the model embedded (each distinct text once). */
  embedded: number;
  batches: number;
  engine: EmbedEngine['kind'];
  workers: number;
  /** Set when a worker pool embedded in this thread instead: why its workers were lost. */
  fallback?: string;
}

type Store = Pick<EmbeddingCache, 'keyOf' | 'get' | 'set'>;

export function memoryStore(maxEntries = MEMORY_ENTRIES): Store {
  const salt = randomBytes(16);
  const entries = new Map<string, Float32Array>();
  return {
    keyOf: (text, callerKey) =>
      createHash('sha256').update(salt).update(callerKey === undefined ? `t\0${text}` : `k\0${callerKey}`).digest('hex').slice(0, 32),
    get: (key) => lruGet(entries, key),
    set: (key, v) => lruSet(entries, key, v, maxEntries),
  };
}

export function boundText(text: string): string {
  if (text.length <= MAX_TEXT_CHARS) return text;
  const cut = text.slice(0, MAX_TEXT_CHARS);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Splits texts into batches of at most `size` texts and about BATCH_CHARS characters. */
export function batchTexts(texts: readonly string[], size: number): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const t of texts) {
    if (current.length > 0 && (current.length >= size || chars + t.length > BATCH_CHARS)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(t);
    chars += t.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export interface CachingEmbedder {
  embed(texts: readonly string[], options?: EmbedCallOptions): Promise<Float32Array[]>;
  stats(): EmbedStats;
  close(): Promise<void>;
}

export function createCachingEmbedder(engine: EmbedEngine, store: Store, batchSize = DEFAULT_BATCH_SIZE): CachingEmbedder {
  const stats = { texts: 0, hits: 0, embedded: 0, batches: 0 };
  return {
    async embed(texts, options) {
      stats.texts += texts.length;
      const keys = texts.map((t, i) => store.keyOf(boundText(t), options?.keys?.[i]));
      const out: (Float32Array | undefined)[] = keys.map((k) => store.get(k));
      // The distinct misses, in first-seen order.
      const missing = new Map<string, string>();
      keys.forEach((k, i) => {
        if (out[i] === undefined && !missing.has(k)) missing.set(k, boundText(texts[i]!));
      });
      stats.hits += texts.length - missing.size;
      const missKeys = [...missing.keys()];
      const batches = batchTexts([...missing.values()], batchSize);
      stats.batches += batches.length;
      const vectors = (await Promise.all(batches.map((b) => engine.embedBatch(b)))).flat();
      const fresh = new Map(vectors.map((v, j) => [missKeys[j]!, v] as const));
      for (const [k, v] of fresh) store.set(k, v);
      stats.embedded += missKeys.length;
      return keys.map((k, i) => out[i] ?? fresh.get(k)!);
    },
    stats: () => ({
      ...stats,
      engine: engine.kind,
      workers: engine.workers,
      ...(engine.fallbackReason === undefined ? {} : { fallback: engine.fallbackReason }),
    }),
    close: () => engine.close(),
  };
}
