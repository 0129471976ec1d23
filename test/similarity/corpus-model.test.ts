// The thresholds still follow from the corpus with the real sentence model (loaded once for the
// file): the default catches at least 80% of the paraphrases with at most 15% of the hard negatives, the threshold rule re-derives the
// default, the near-duplicate threshold separates trivial rewordings from distinct sentences, and
// no disallowed sentence or paraphrase counts as generic. Fails, by design, without the optional model.
import { loadEmbedder, type SentenceEmbedder } from '../../src/similarity/embedder.js';
import { loadCorpus } from '../../src/similarity/corpus/index.js';
import { calibrationReport, scoreCorpus, type CalibrationReport } from '../../src/similarity/corpus/calibration-report.js';
import { DEFAULT_SIMILARITY_THRESHOLD } from '../../src/similarity/threshold.js';

let embedder: SentenceEmbedder;
let report: CalibrationReport;
beforeAll(async () => {
  const load = await loadEmbedder();
  if (!load.ok) throw new Error(`${load.reason}; ${load.install}`);
  embedder = load.embedder;
  report = calibrationReport(await scoreCorpus(await loadCorpus(), embedder));
}, 120_000);
afterAll(() => embedder?.close());

it('the default threshold catches at least 80% of the paraphrases, at most 15% of on-topic chat and 2% of everyday chat', () => {
  expect(report.atDefault.threshold).toBe(DEFAULT_SIMILARITY_THRESHOLD);
  expect(report.atDefault.hard.recall).toBeGreaterThanOrEqual(0.8);
  expect(report.atDefault.hard.fpr).toBeLessThanOrEqual(0.15);
  expect(report.atDefault.neutral.fpr).toBeLessThanOrEqual(0.02);
});

it('the threshold rule applied to the corpus gives the default (update threshold.ts when the corpus changes)', () => {
  expect(report.chosen).toBe(DEFAULT_SIMILARITY_THRESHOLD);
});

it('near-duplicates: every trivial variant at or above the threshold, no distinct pair', () => {
  expect(report.duplicates.variantsCaught).toBe(report.duplicates.variants);
  expect(report.duplicates.distinctCaught).toBe(0);
});

it('generic: some generic sentences flagged, no disallowed sentence or paraphrase', () => {
  expect(report.generic.flaggedGeneric).toBeGreaterThan(0);
  expect(report.generic.flaggedList).toBe(0);
});
