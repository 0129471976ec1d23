// Benchmark (not a test): the similarity calibration. Scores kwsync's labelled corpus with the
// sentence model and prints the figures the thresholds in src/similarity/threshold.ts come from:
// recall at 0 false positives, recall and FPR at the default, the table 0.50 ... 0.80 by 0.05, the
// near-duplicate gap and the generic-sentence rule; then the model's speed on the corpus.
import { loadEmbedder, MODEL_NAME } from '../src/similarity/embedder.js';
import { loadCorpus } from '../src/similarity/corpus/index.js';
import { calibrationReport, renderCalibration, scoreCorpus } from '../src/similarity/corpus/calibration-report.js';

export default async function bench(): Promise<void> {
  const t0 = performance.now();
  const load = await loadEmbedder();
  if (!load.ok) {
    console.log(`skipped: ${load.reason}; ${load.install}`);
    return;
  }
  // loadEmbedder only finds the model; it loads in the first worker on the first text.
  await load.embedder.embed(['warm up']);
  const loadMs = performance.now() - t0;
  const corpus = await loadCorpus();
  const t1 = performance.now();
  const scores = await scoreCorpus(corpus, load.embedder);
  const scoreMs = performance.now() - t1;
  const sentences = corpus.topics.length * 2 + corpus.topics.reduce((n, t) => n + t.paraphrases.length, 0) + corpus.hardNegatives.length + corpus.neutral.length + corpus.generic.length;
  console.log(`model: ${MODEL_NAME}`);
  for (const line of renderCalibration(calibrationReport(scores))) console.log(line);
  console.log(`model load (one worker, first text) ${loadMs.toFixed(0)} ms; ${sentences} sentences embedded in ${scoreMs.toFixed(0)} ms (${((sentences / scoreMs) * 1000).toFixed(0)} sentences/s; a second worker's load included)`);
  await load.embedder.close();
}
