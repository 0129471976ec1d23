// The similarity threshold the previews and explain use: cosine at or above it counts as caught.
// The default is calibrated on kwsync's corpus (src/similarity/threshold.ts says how).
import type { KwsyncConfig } from '../model/config.js';
import { DEFAULT_SIMILARITY_THRESHOLD } from '../similarity/threshold.js';

export { DEFAULT_SIMILARITY_THRESHOLD };

/** kwsync.yaml `preview.similarity.threshold` when the config has it, else the default. */
export function similarityThreshold(config: Pick<KwsyncConfig, 'preview'> | undefined): number {
  return config?.preview.similarity.threshold ?? DEFAULT_SIMILARITY_THRESHOLD;
}

/** A threshold as people read it: two decimals ("0.60"). */
export function formatThreshold(t: number): string {
  return t.toFixed(2);
}
