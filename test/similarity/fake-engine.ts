// A counting stand-in for the model (no model needed): the vector of a text is a function of its
// characters, so tests can check order, and every batch it embeds is recorded.
import type { EmbedEngine } from '../../src/similarity/embed-engine.js';
import { DIM, unitVector } from '../../src/similarity/in-thread-engine.js';

export function fakeVector(text: string): Float32Array {
  const v = new Array<number>(DIM).fill(0);
  for (let i = 0; i < text.length; i++) v[(text.charCodeAt(i) * 31 + i) % DIM]! += 1;
  v[DIM - 1] = 0.5;
  return unitVector(v);
}

export function fakeEngine(): EmbedEngine & { batches: string[][] } {
  const batches: string[][] = [];
  return {
    kind: 'fake',
    workers: 0,
    batches,
    async embedBatch(texts) {
      batches.push([...texts]);
      return texts.map(fakeVector);
    },
    async close() {},
  };
}
