// The pool's mechanics with model-free workers: order across workers, the in-thread fallback when no
// worker can load, close(), and that neither an open nor a closed pool keeps the process alive.
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { EmbedEngine } from '../../src/similarity/embed-engine.js';
import { createWorkerPool } from '../../src/similarity/worker-pool.js';
import { BROKEN_WORKER_SOURCE, ECHO_WORKER_SOURCE, GREEDY_WORKER_SOURCE, ONCE_LOST_WORKER_SOURCE, SILENT_WORKER_SOURCE, STUCK_WORKER_SOURCE } from './fixtures/echo-worker.js';
import { fakeEngine } from './fake-engine.js';

const run = promisify(execFile);
const noFallback = (): Promise<EmbedEngine> => Promise.reject(new Error('fallback not expected'));

describe('createWorkerPool', () => {
  it('spreads batches over the workers and keeps each batch in order', async () => {
    const pool = createWorkerPool({ from: import.meta.url, workers: 2, source: ECHO_WORKER_SOURCE, fallback: noFallback });
    try {
      const batches = Array.from({ length: 16 }, (_, b) => Array.from({ length: 3 }, (_, i) => 'x'.repeat(b * 3 + i + 1)));
      const out = await Promise.all(batches.map((texts) => pool.embedBatch(texts)));
      expect(out.map((vs) => vs.map((v) => v[0]))).toEqual(batches.map((texts) => texts.map((t) => t.length)));
      expect(new Set(out.flat().map((v) => v[1])).size).toBe(2);
      expect(pool.workers).toBe(2);
    } finally {
      await pool.close();
    }
    await expect(pool.embedBatch(['late'])).rejects.toThrow('closed');
  });

  it('starts one worker for one batch', async () => {
    const pool = createWorkerPool({ from: import.meta.url, workers: 4, source: ECHO_WORKER_SOURCE, fallback: noFallback });
    await pool.embedBatch(['only']);
    expect(pool.workers).toBe(1);
    await pool.close();
  });

  it('stops a worker stuck while loading and embeds in this thread', async () => {
    const inThread = fakeEngine();
    const pool = createWorkerPool({ from: import.meta.url, workers: 1, source: STUCK_WORKER_SOURCE, loadTimeoutMs: 300, fallback: async () => inThread });
    try {
      const out = await pool.embedBatch(['a', 'b']);
      expect(out).toHaveLength(2);
      expect(pool.workers).toBe(0);
      expect(pool.fallbackReason).toBe('the model worker was not ready after 300 ms');
    } finally {
      await pool.close();
    }
  });

  it('embeds in this thread when no worker can load', async () => {
    const inThread = fakeEngine();
    const pool = createWorkerPool({ from: import.meta.url, workers: 2, source: BROKEN_WORKER_SOURCE, fallback: async () => inThread });
    const out = await Promise.all([pool.embedBatch(['a', 'b']), pool.embedBatch(['c'])]);
    expect(out.flat()).toHaveLength(3);
    expect(inThread.batches).toEqual([['a', 'b'], ['c']]);
    expect(pool.workers).toBe(0);
    expect(pool.fallbackReason).toBe('the model did not load in a worker (Cannot find module)');
    await pool.close();
  });

  it('says when a worker was stopped at its heap cap, and embeds in this thread', async () => {
    const inThread = fakeEngine();
    const limits = { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 };
    const pool = createWorkerPool({ from: import.meta.url, workers: 1, source: GREEDY_WORKER_SOURCE, resourceLimits: limits, fallback: async () => inThread });
    try {
      expect(await pool.embedBatch(['a'])).toHaveLength(1);
      expect(pool.fallbackReason).toMatch(/^the model worker stopped: ERR_WORKER_OUT_OF_MEMORY/);
    } finally {
      await pool.close();
    }
  });

  it('starts a worker again when one was lost before it was ready without a verdict, and says nothing fell back', async () => {
    const marker = join(await mkdtemp(join(tmpdir(), 'kwsync-pool-')), 'lost');
    const pool = createWorkerPool({ from: marker, workers: 1, source: ONCE_LOST_WORKER_SOURCE, fallback: noFallback });
    try {
      expect((await pool.embedBatch(['abc'])).map((v) => v[0])).toEqual([3]);
      expect(pool.workers).toBe(1);
      expect(pool.fallbackReason).toBeUndefined();
    } finally {
      await pool.close();
    }
  });

  it('close() settles a batch a worker is running (it would otherwise wait forever)', async () => {
    const pool = createWorkerPool({ from: import.meta.url, workers: 1, source: SILENT_WORKER_SOURCE, fallback: noFallback });
    const running = pool.embedBatch(['never answered']).then(
      () => 'resolved',
      (e: Error) => e.message,
    );
    // Until the worker is ready and holds the batch.
    for (let i = 0; i < 200 && pool.workers === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 200));
    await pool.close();
    let timer: NodeJS.Timeout | undefined;
    const pending = new Promise((r) => (timer = setTimeout(() => r('still pending'), 2000)));
    expect(await Promise.race([running, pending])).toMatch(/closed/);
    clearTimeout(timer);
  });

  it.each(['close', 'no-close'])('lets the process exit (%s)', async (mode) => {
    const script = fileURLToPath(new URL('./fixtures/pool-exit.mts', import.meta.url));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, mode], { timeout: 60_000 });
    expect(stdout).toContain('embedded 3 with 2 workers');
  });
});
