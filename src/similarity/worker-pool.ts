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
  /** Workers lost before ready without a verdict (no load-failed, no deadline): a second start is tried. */
  let unexplained = 0;
  /** Why batches went to this thread instead of a worker (the latest cause), for stats() and --verbose. */
  let why: string | undefined;
  const note = (reason: string): void => {
    why = reason;
  };

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
    } catch (e) {
      note(`a worker could not start (${firstLine(e)})`);
      lost(null, false);
      return;
    }
    const slot: Slot = { worker, ready: false, job: null };
    slots.add(slot);
    const deadline = options.loadTimeoutMs ?? LOAD_TIMEOUT_MS;
    let cause: string | undefined;
    /** A verdict on the model, not on this start: the model failed to load, or a worker hung. */
    let fatal = false;
    // A worker that never says ready nor fails would hold its batches (and explain or validate) forever.
    const loading = setTimeout(() => {
      if (slot.ready) return;
      cause = `the model worker was not ready after ${deadline >= 1000 ? `${Math.round(deadline / 1000)} s` : `${deadline} ms`}`;
      fatal = true;
      void worker.terminate();
    }, deadline);
    loading.unref();
    worker.on('message', (m: { type: string; packed?: Float32Array; message?: string }) => {
      if (m.type === 'ready') {
        clearTimeout(loading);
        slot.ready = true;
        everReady = true;
      } else if (m.type === 'load-failed') {
        cause = `the model did not load in a worker (${m.message ?? 'no reason given'})`;
        fatal = true;
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
    // 'exit' follows and decides; the error names the cause (ERR_WORKER_OUT_OF_MEMORY: the heap cap).
    worker.on('error', (e) => {
      cause ??= `the model worker stopped: ${firstLine(e)}`;
    });
    worker.on('exit', (code) => {
      clearTimeout(loading);
      slots.delete(slot);
      if (!slot.ready) note(cause ?? `the model worker exited (code ${code}) before it was ready`);
      else if (slot.job) note(cause ?? `the model worker exited (code ${code}) during a batch`);
      lost(slot, fatal);
    });
    hold();
  };

  /**
   * A worker is gone: retry its batch once elsewhere. Before any worker was ready, a verdict on the
   * model (load-failed, the deadline) stops new starts; an exit without one (a thread the loaded
   * machine could not start, a crash) gets one more start before the pool embeds in this thread.
   */
  const lost = (slot: Slot | null, fatal: boolean): void => {
    if (closed) return;
    if (!slot?.ready && !everReady && (fatal || ++unexplained >= 2)) startFailed = true;
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
    get fallbackReason() {
      return fallback ? (why ?? 'no worker could start') : undefined;
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

function firstLine(e: unknown): string {
  const err = e as { code?: string; message?: string };
  const text = String(err?.message ?? e).split('\n')[0]!;
  return err?.code && !text.includes(err.code) ? `${err.code}: ${text}` : text;
}

function unpack(packed: Float32Array, n: number): Float32Array[] {
  return Array.from({ length: n }, (_, i) => packed.subarray(i * DIM, (i + 1) * DIM));
}
