// A deterministic stand-in for the local sentence model: each text is a vector over a few topic
// words (gift, prize, bank, hello), plus a small constant axis (0.3), normalised; so the scores are
// exact and known: "gift" vs "a gift" 1.0, vs "gift hello" 0.72, vs "lunch" 0.29, vs "hello" 0.08.
// It counts what it embeds, to prove one embedding pass per run.
import type { EmbedderLoad, SentenceEmbedder } from '../../src/similarity/embedder.js';

export const TOPICS = ['gift', 'prize', 'bank', 'hello'] as const;
export const FAKE_MODEL = 'fake topic model 1.0';

export function topicVector(text: string): Float32Array {
  const words = text.toLowerCase().split(/[^a-z]+/);
  const v = [...TOPICS.map((t) => words.filter((w) => w === t).length), 0.3];
  const norm = Math.hypot(...v);
  return Float32Array.from(v, (x) => x / norm);
}

export interface FakeEmbedder extends SentenceEmbedder {
  /** Every text embedded, in order. */
  embedded: string[];
  calls: number;
  closed: boolean;
}

export function fakeEmbedder(): FakeEmbedder {
  const e: FakeEmbedder = {
    model: FAKE_MODEL,
    embedded: [],
    calls: 0,
    closed: false,
    async embed(texts) {
      e.calls++;
      e.embedded.push(...texts);
      return texts.map(topicVector);
    },
    async close() {
      e.closed = true;
    },
  };
  return e;
}

/** A loader that hands out `embedder` and counts how often it was asked. */
export function fakeLoader(embedder: SentenceEmbedder = fakeEmbedder()) {
  const loader = Object.assign(async (): Promise<EmbedderLoad> => {
    loader.loads++;
    return { ok: true, embedder };
  }, { loads: 0, embedder });
  return loader;
}

export const missingModel = async (): Promise<EmbedderLoad> => ({ ok: false, reason: 'the sentence model is not installed (Cannot find package)', install: 'install it with npm install x' });
