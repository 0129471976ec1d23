// The similarity threshold the previews and explain use: cosine at or above it counts as caught.
// One place for the default until the calibrated one (src/similarity/threshold.ts) lands: then the
// constant below becomes `export { DEFAULT_SIMILARITY_THRESHOLD } from '../similarity/threshold.js';`.
import type { KwsyncConfig } from '../model/config.js';

export const DEFAULT_SIMILARITY_THRESHOLD = 0.6;

/** kwsync.yaml `preview.similarity.threshold` when the config has it, else the default. */
export function similarityThreshold(config: Pick<KwsyncConfig, 'preview'> | undefined): number {
  const set = (config?.preview as { similarity?: { threshold?: unknown } } | undefined)?.similarity?.threshold;
  return typeof set === 'number' && Number.isFinite(set) ? set : DEFAULT_SIMILARITY_THRESHOLD;
}

/** A threshold as people read it: two decimals ("0.60"). */
export function formatThreshold(t: number): string {
  return t.toFixed(2);
}
