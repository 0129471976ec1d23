// The similarity thresholds, chosen from kwsync's labelled corpus (src/similarity/corpus/) scored by
// the sentence model; `npm run bench calibration` prints the figures named below. A score is the
// cosine between a message and the nearest list sentence from the local model, not CometChat's.

// The default lives in src/model (kwsync.yaml's schema defaults it; the model imports nothing above it).
export { DEFAULT_SIMILARITY_THRESHOLD } from '../model/similarity-threshold.js';

/**
 * How far the same pair's cosine moves with the batch it was embedded in (measured: 7.4e-8 between a
 * text embedded alone and in a batch of five). Preview embeds messages in batches and explain one
 * message with the sentences, so without it a score at the threshold could be caught in one and not
 * the other.
 */
export const SCORE_NOISE = 1e-6;

/** The one rule for "caught" (preview counts, explain's verdict, the examples' caught/below): a score at the threshold is caught. */
export function isCaught(score: number, threshold: number): boolean {
  return score >= threshold - SCORE_NOISE;
}

/** How DEFAULT_SIMILARITY_THRESHOLD is chosen from the corpus (the calibration test re-derives it). */
export const THRESHOLD_RULE = { maxNeutralFpr: 0.02, maxHardFpr: 0.15 } as const;

/**
 * Two list sentences at or above this are near-duplicates (validate's `sentence-near-duplicate`).
 * On the corpus a trivial rewording scores 0.941 or more, and two different sentences (the
 * disallowed sentences and their paraphrases, 2,080 pairs) 0.839 at most: 0.9 sits in the gap.
 */
export const DUPLICATE_SIMILARITY_THRESHOLD = 0.9;

/**
 * A list sentence is too generic (validate's `sentence-generic`) when, alone, it reaches the preview
 * threshold against more than this share of the neutral set: more everyday chat than the whole
 * default list is allowed to catch (measured at the preview threshold: `npm run bench calibration`
 * prints how many of the corpus's generic sentences and list sentences it flags).
 */
export const GENERIC_NEUTRAL_SHARE = 0.02;

/** Validate embeds at most this many sentences (all lists together); past it the sentence checks are skipped with a note. */
export const MAX_SENTENCES_EMBEDDED = 2000;
