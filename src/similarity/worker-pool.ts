// A pool of embedding workers (worker_threads), each holding its own copy of the model. Workers
// start lazily, one per batch waiting, up to `workers`; a batch goes to the first idle worker. If no
// worker can start (no worker_threads, a sandbox, a model that fails to load in a worker), every
// batch runs on the fallback engine instead (the model in this thread). The pool holds the event
// loop only while a batch is waiting or running, so a forgotten close() never hangs the process.
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { EmbedEngine } from './embed-engine.js';
import { EMBED_WORKER_SOURCE } from './embed-worker-source.js';
import { DIM } from './in-thread-engine.js';

export interface WorkerPoolOptions {
  /** The file the model packages resolve from (model-location.ts). */
  from: string;
  /** Most workers to start (>= 1). */
  workers: number;
  /** Where batches go when no worker can start. */
  fallback: () => Promise<EmbedEngine>;
  /** V8 heap limits per worker: small heaps keep each worker's garbage (and RSS) small. */
  resourceLimits?: ResourceLimits;
  /** For tests: the worker source (default: the model worker). */
  source?: string;
  /** A worker not ready after this long is stopped, as one that failed to load (default LOAD_TIMEOUT_MS). */
  loadTimeoutMs?: number;
}

/** The model loads in well under a second here; a worker silent for two minutes is stuck, not slow. */
export const LOAD_TIMEOUT_MS = 120_000;

/**
 * Measured (docs/operating.md, the sentence model): a 4 MB young generation keeps a worker ~40 MB
 * smaller at the same speed. The old generation is a cap, not a target: 256 MB leaves a worker
 * loading the model room under load (once, in a loaded full test run, a worker was lost and the
 * pool fell back to this thread) and still bounds a worker fed hostile text.
 */
export const WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 4 };

interface Job {
  texts: readonly string[];
  resolve: (v: Float32Array[]) => void;
  reject: (e: Error) => void;
  tries: number;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
}

export function createWorkerPool(options: WorkerPoolOptions): EmbedEngine {
  const max = Math.max(1, Math.floor(options.workers));
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let everReady = false;
  let closed = false;
  let fallback: Promise<EmbedEngine> | null = null;
  let started = 0;
  let startFailed = false;

  const hold = (): void => {
    const busy = queue.length > 0 || [...slots].some((s) => s.job !== null);
    for (const s of slots) (busy ? s.worker.ref() : s.worker.unref());
  };

  const useFallback = (): void => {
    fallback ??= options.fallback();
    const jobs = queue.splice(0);
    for (const job of jobs) fallback.then((engine) => engine.embedBatch(job.texts)).then(job.resolve, job.reject);
  };

  const spawn = (): void => {
    started++;
    let worker: Worker;
    try {
      worker = new Worker(options.source ?? EMBED_WORKER_SOURCE, {
        eval: true,
        workerData: { from: options.from },
        resourceLimits: options.resourceLimits ?? WORKER_LIMITS,
      });
    } catch {
      lost(null);
      return;
    }
    const slot: Slot = { worker, ready: false, job: null };
    slots.add(slot);
    // A worker that never says ready nor fails would hold its batches (and explain or validate) forever.
    const loading = setTimeout(() => {
      if (!slot.ready) void worker.terminate();
    }, options.loadTimeoutMs ?? LOAD_TIMEOUT_MS);
    loading.unref();
    worker.on('message', (m: { type: string; packed?: Float32Array; message?: string }) => {
      if (m.type === 'ready') {
        clearTimeout(loading);
        slot.ready = true;
        everReady = true;
      } else if (m.type === 'load-failed') {
        void worker.terminate();
        return;
      } else if (slot.job) {
        const job = slot.job;
        slot.job = null;
        if (m.type === 'done') job.resolve(unpack(m.packed!, job.texts.length));
        else job.reject(new Error(`the sentence model failed on a batch: ${m.message}`));
      }
      pump();
    });
    worker.on('error', () => {}); // 'exit' follows and decides
    worker.on('exit', () => {
      slots.delete(slot);
      lost(slot);
    });
    hold();
  };

  /** A worker is gone: retry its batch once elsewhere; a worker that never loaded stops new starts. */
  const lost = (slot: Slot | null): void => {
    if (closed) return;
    if (!slot?.ready && !everReady) startFailed = true;
    const job = slot?.job;
    if (job) {
      if (job.tries++ < 1) queue.unshift(job);
      else job.reject(new Error('the sentence model worker stopped twice on the same batch'));
    }
    pump();
  };

  const pump = (): void => {
    if (closed) return;
    if (fallback) return useFallback();
    for (const slot of slots) {
      if (queue.length === 0) break;
      if (slot.ready && slot.job === null) {
        const job = queue.shift()!;
        slot.job = job;
        slot.worker.postMessage({ texts: job.texts });
      }
    }
    const loading = [...slots].filter((s) => !s.ready).length;
    // Start another worker while batches outnumber the workers still loading (restarts are bounded).
    const canSpawn = !startFailed && slots.size < max && started < max * 2;
    if (queue.length > loading && canSpawn) spawn();
    else if (slots.size === 0 && queue.length > 0) return useFallback();
    hold();
  };

  return {
    kind: 'workers',
    get workers() {
      return slots.size;
    },
    embedBatch(texts) {
      if (closed) return Promise.reject(new Error('the sentence embedder is closed'));
      if (texts.length === 0) return Promise.resolve([]);
      return new Promise<Float32Array[]>((resolve, reject) => {
        queue.push({ texts, resolve, reject, tries: 0 });
        pump();
      });
    },
    async close() {
      closed = true;
      // Queued batches and the ones workers are running: no answer comes after terminate().
      const running = [...slots].flatMap((s) => (s.job ? [s.job] : []));
      for (const slot of slots) slot.job = null;
      for (const job of [...queue.splice(0), ...running]) job.reject(new Error('the sentence embedder is closed'));
      await Promise.all([...slots].map((s) => s.worker.terminate()));
      slots.clear();
      if (fallback) await (await fallback).close();
    },
  };
}

function unpack(packed: Float32Array, n: number): Float32Array[] {
  return Array.from({ length: n }, (_, i) => packed.subarray(i * DIM, (i + 1) * DIM));
}
