// The default of kwsync.yaml `preview.similarity.threshold`, here so the config schema (model) need
// not import the similarity engine; src/similarity/threshold.ts re-exports it with the other
// thresholds and the rule that chose them.

/**
 * A message is "caught" by a sentence-similarity list in preview and explain when its cosine to a
 * list sentence is at or above this (kwsync.yaml `preview.similarity.threshold` overrides it).
 * Rule (THRESHOLD_RULE): the lowest threshold on the 0.01 grid that catches at most 2% of the
 * neutral set of everyday chat and at most 15% of the hard negatives (ordinary chat on the same
 * topics and words). On the corpus: recall 80.8% (42/52 paraphrases); FPR 1.0% (1/105) on everyday
 * chat, 13.8% (9/65) on hard negatives; recall at 0 false positives is 17.3% (above 0.721). The
 * everyday-chat bound alone gives 0.52 (recall 92.3%, but 38.5% of hard negatives caught): a preview
 * that counts a third of on-topic chat as caught makes every sentence look broad, so the hard-negative
 * bound is kept. The model separates topics, not intent.
 */
export const DEFAULT_SIMILARITY_THRESHOLD = 0.6;
