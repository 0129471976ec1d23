// The one thing the caching layer needs from a model runner: embed a batch, in order. Implemented by
// the worker pool and by the in-thread fallback; tests pass counting fakes.

export interface EmbedEngine {
  readonly kind: 'workers' | 'in-thread' | 'fake';
  /** Worker threads started so far (0 in-thread). */
  readonly workers: number;
  /** Set once a pool embeds in this thread instead of its workers: why (a worker's exit, error or deadline). */
  readonly fallbackReason?: string;
  /** One unit-length vector per text, in order. Batches may run concurrently. */
  embedBatch(texts: readonly string[]): Promise<Float32Array[]>;
  close(): Promise<void>;
}
