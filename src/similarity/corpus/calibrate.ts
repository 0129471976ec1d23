// Calibration of the similarity thresholds from scores (pure: no model here; the bench and the
// model test embed the corpus and pass vectors or scores in). A message is caught by a list when
// its highest cosine to any of the list's sentences is at or above the threshold.
import { cosine } from '../embedder.js';

/** Per message, its highest cosine to any reference vector (-1 when there are none). */
export function maxScores(messages: readonly Float32Array[], references: readonly Float32Array[]): number[] {
  return messages.map((m) => references.reduce((best, r) => Math.max(best, cosine(m, r)), -1));
}

export interface Rates {
  threshold: number;
  /** Positives at or above the threshold, and their share. */
  caught: number;
  recall: number;
  /** Negatives at or above the threshold, and their share. */
  falsePositives: number;
  fpr: number;
}

export function ratesAt(positives: readonly number[], negatives: readonly number[], threshold: number): Rates {
  const caught = positives.filter((s) => s >= threshold).length;
  const falsePositives = negatives.filter((s) => s >= threshold).length;
  return { threshold, caught, recall: share(caught, positives.length), falsePositives, fpr: share(falsePositives, negatives.length) };
}

/**
 * Recall with no negative caught: the threshold just above the highest negative score (`above`,
 * exclusive), and the share of positives scoring higher than every negative.
 */
export function recallAtZeroFp(positives: readonly number[], negatives: readonly number[]): { above: number; caught: number; recall: number } {
  const above = negatives.length === 0 ? -1 : Math.max(...negatives);
  const caught = positives.filter((s) => s > above).length;
  return { above, caught, recall: share(caught, positives.length) };
}

/** The grid a threshold is chosen on (two decimals: what a team writes in kwsync.yaml). */
export const THRESHOLD_STEP = 0.01;

/**
 * The default threshold rule: the lowest threshold on the 0.01 grid whose false-positive rate is at
 * most `maxHardFpr` on the hard negatives and at most `maxNeutralFpr` on the neutral set (low
 * thresholds catch more paraphrases; the negatives bound how low it may go). Null when none is.
 */
export function chooseThreshold(
  scores: { positives: readonly number[]; hard: readonly number[]; neutral: readonly number[] },
  rule: { maxHardFpr: number; maxNeutralFpr: number },
): number | null {
  for (let i = 0; i <= 100; i++) {
    const t = round2(i * THRESHOLD_STEP);
    if (ratesAt(scores.positives, scores.hard, t).fpr <= rule.maxHardFpr && ratesAt(scores.positives, scores.neutral, t).fpr <= rule.maxNeutralFpr) return t;
  }
  return null;
}

/** Thresholds from `from` to `to` by `step`, two decimals (0.5, 0.55, ... 0.8). */
export function thresholdGrid(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let i = 0; from + i * step <= to + 1e-9; i++) out.push(round2(from + i * step));
  return out;
}

/** Share of `reference` scores at or above `threshold`, per sentence: how much everyday chat it would catch. */
export function neutralShare(sentenceScores: readonly number[], threshold: number): number {
  return share(sentenceScores.filter((s) => s >= threshold).length, sentenceScores.length);
}

const share = (n: number, of: number): number => (of === 0 ? 0 : n / of);
export const round2 = (x: number): number => Math.round(x * 100) / 100;
