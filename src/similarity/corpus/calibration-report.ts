// The corpus scored with a sentence embedder, and the figures the thresholds in ../threshold.ts
// were chosen from: recall at 0 false positives, recall and false-positive rates at the default,
// a per-threshold table, the near-duplicate gap and how much everyday chat each sentence catches.
// The bench prints it; a test with the real model checks the constants still follow from it.
import { cosine, type SentenceEmbedder } from '../embedder.js';
import { DEFAULT_SIMILARITY_THRESHOLD, DUPLICATE_SIMILARITY_THRESHOLD, GENERIC_NEUTRAL_SHARE, THRESHOLD_RULE } from '../threshold.js';
import { chooseThreshold, maxScores, neutralShare, ratesAt, recallAtZeroFp, thresholdGrid, type Rates } from './calibrate.js';
import type { Corpus } from './index.js';

export interface CorpusScores {
  /** Per paraphrase (positive), its highest cosine to the disallowed sentences. */
  positives: number[];
  hard: number[];
  neutral: number[];
  /** Cosine of each disallowed sentence to its near-duplicate variant. */
  variants: number[];
  /** Cosines of every pair of distinct sentences among the disallowed sentences and paraphrases (none a near-duplicate of another). */
  distinctPairs: number[];
  /** Per list sentence (disallowed sentences and paraphrases), its cosines to the neutral set. */
  listToNeutral: number[][];
  /** Per generic sentence, its cosines to the neutral set. */
  genericToNeutral: number[][];
}

export async function scoreCorpus(corpus: Corpus, embedder: SentenceEmbedder): Promise<CorpusScores> {
  const topics = corpus.topics;
  const [seeds, variants, paraphrases, hard, neutral, generic] = await Promise.all([
    embedder.embed(topics.map((t) => t.sentence)),
    embedder.embed(topics.map((t) => t.variant)),
    embedder.embed(topics.flatMap((t) => t.paraphrases)),
    embedder.embed(corpus.hardNegatives.map((h) => h.text)),
    embedder.embed(corpus.neutral),
    embedder.embed(corpus.generic),
  ]);
  const list = [...seeds, ...paraphrases];
  const distinctPairs: number[] = [];
  for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) distinctPairs.push(cosine(list[i]!, list[j]!));
  const toNeutral = (v: Float32Array) => neutral.map((n) => cosine(v, n));
  return {
    positives: maxScores(paraphrases, seeds),
    hard: maxScores(hard, seeds),
    neutral: maxScores(neutral, seeds),
    variants: seeds.map((s, i) => cosine(s, variants[i]!)),
    distinctPairs,
    listToNeutral: list.map(toNeutral),
    genericToNeutral: generic.map(toNeutral),
  };
}

export interface CalibrationReport {
  counts: { positives: number; hard: number; neutral: number };
  /** No negative (hard or neutral) caught: thresholds above `above`. */
  zeroFp: { above: number; caught: number; recall: number };
  chosen: number | null;
  atDefault: { threshold: number; hard: Rates; neutral: Rates; all: Rates };
  table: { threshold: number; recall: number; hardFpr: number; neutralFpr: number }[];
  duplicates: { variantMin: number; distinctMax: number; threshold: number; variants: number; variantsCaught: number; distinctPairs: number; distinctCaught: number };
  generic: { threshold: number; share: number; flaggedGeneric: number; generic: number; flaggedList: number; list: number; listMaxShare: number };
}

export function calibrationReport(s: CorpusScores, threshold = DEFAULT_SIMILARITY_THRESHOLD): CalibrationReport {
  const negatives = [...s.hard, ...s.neutral];
  const shares = (rows: number[][]) => rows.map((r) => neutralShare(r, threshold));
  const listShares = shares(s.listToNeutral);
  const genericShares = shares(s.genericToNeutral);
  return {
    counts: { positives: s.positives.length, hard: s.hard.length, neutral: s.neutral.length },
    zeroFp: recallAtZeroFp(s.positives, negatives),
    chosen: chooseThreshold({ positives: s.positives, hard: s.hard, neutral: s.neutral }, THRESHOLD_RULE),
    atDefault: { threshold, hard: ratesAt(s.positives, s.hard, threshold), neutral: ratesAt(s.positives, s.neutral, threshold), all: ratesAt(s.positives, negatives, threshold) },
    table: thresholdGrid(0.5, 0.8, 0.05).map((t) => ({
      threshold: t,
      recall: ratesAt(s.positives, [], t).recall,
      hardFpr: ratesAt([], s.hard, t).fpr,
      neutralFpr: ratesAt([], s.neutral, t).fpr,
    })),
    duplicates: {
      variantMin: Math.min(...s.variants),
      distinctMax: Math.max(...s.distinctPairs),
      threshold: DUPLICATE_SIMILARITY_THRESHOLD,
      variants: s.variants.length,
      distinctPairs: s.distinctPairs.length,
      variantsCaught: s.variants.filter((x) => x >= DUPLICATE_SIMILARITY_THRESHOLD).length,
      distinctCaught: s.distinctPairs.filter((x) => x >= DUPLICATE_SIMILARITY_THRESHOLD).length,
    },
    generic: {
      threshold,
      share: GENERIC_NEUTRAL_SHARE,
      flaggedGeneric: genericShares.filter((x) => x > GENERIC_NEUTRAL_SHARE).length,
      generic: genericShares.length,
      flaggedList: listShares.filter((x) => x > GENERIC_NEUTRAL_SHARE).length,
      list: listShares.length,
      listMaxShare: Math.max(...listShares),
    },
  };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const f3 = (x: number): string => x.toFixed(3);

/** The report as the lines the bench prints. */
export function renderCalibration(r: CalibrationReport): string[] {
  const d = r.atDefault;
  return [
    `corpus: ${r.counts.positives} paraphrases (positives), ${r.counts.hard} hard negatives, ${r.counts.neutral} everyday chat messages (neutral)`,
    `recall at 0 false positives: ${pct(r.zeroFp.recall)} (${r.zeroFp.caught}/${r.counts.positives}), threshold above ${f3(r.zeroFp.above)} (the highest negative score)`,
    `rule: lowest threshold (0.01 grid) with FPR <= ${pct(THRESHOLD_RULE.maxNeutralFpr)} on the neutral set${THRESHOLD_RULE.maxHardFpr < 1 ? ` and <= ${pct(THRESHOLD_RULE.maxHardFpr)} on hard negatives` : ''} -> ${r.chosen ?? 'none'}`,
    `default ${d.threshold}: recall ${pct(d.hard.recall)} (${d.hard.caught}/${r.counts.positives}); FPR hard ${pct(d.hard.fpr)} (${d.hard.falsePositives}/${r.counts.hard}), neutral ${pct(d.neutral.fpr)} (${d.neutral.falsePositives}/${r.counts.neutral}), all negatives ${pct(d.all.fpr)}`,
    'threshold  recall  FPR hard  FPR neutral',
    ...r.table.map((t) => `${t.threshold.toFixed(2).padEnd(9)}  ${pct(t.recall).padStart(6)}  ${pct(t.hardFpr).padStart(8)}  ${pct(t.neutralFpr).padStart(11)}`),
    `near-duplicates: variants score >= ${f3(r.duplicates.variantMin)}, distinct sentences <= ${f3(r.duplicates.distinctMax)}; at ${r.duplicates.threshold}: ${r.duplicates.variantsCaught}/${r.duplicates.variants} variants, ${r.duplicates.distinctCaught}/${r.duplicates.distinctPairs} distinct pairs`,
    `generic (share of neutral at or above ${r.generic.threshold} > ${pct(r.generic.share)}): ${r.generic.flaggedGeneric}/${r.generic.generic} generic sentences, ${r.generic.flaggedList}/${r.generic.list} list sentences (their highest share ${pct(r.generic.listMaxShare)})`,
  ];
}
