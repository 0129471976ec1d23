// One rule for "caught" (src/similarity/threshold.ts isCaught): a message scored at the threshold
// is caught in the preview's counts, in its caught/below label and in `kwsync explain`, even though
// the model gives the same pair a score that moves by ~1e-8 with the batch it was embedded in (the
// preview embeds messages in batches; explain embeds one message with the sentences).
import fc from 'fast-check';
import { explainMessageReport } from '../../src/explain/explain-report.js';
import { computePlan } from '../../src/plan/index.js';
import { openSimilarity, renderPreviewText, startPreview, type PreviewMessage } from '../../src/preview/index.js';
import { cosine, type EmbedderLoad, type SentenceEmbedder } from '../../src/similarity/embedder.js';
import { isCaught, SCORE_NOISE } from '../../src/similarity/threshold.js';
import { desired, live, SAFETY } from '../plan/fixtures.js';
import { FAKE_MODEL, topicVector } from './fake-embedder.js';

/** The fake topic model, plus what the real one does: a text's vector moves a little with its batch's size. */
function batchNoisyLoader(noise: number): () => Promise<EmbedderLoad> {
  const embedder: SentenceEmbedder = {
    model: FAKE_MODEL,
    async embed(texts) {
      return texts.map((t) => {
        const v = topicVector(t);
        v[4] = v[4]! + noise * texts.length;
        const norm = Math.hypot(...v);
        return v.map((x) => x / norm);
      });
    },
    async close() {},
  };
  return async () => ({ ok: true, embedder });
}

const SENTENCE = 'gift';
const MESSAGE = 'gift hello';
/** The pair's exact score without noise (0.722...): the threshold of the boundary case. */
const AT = cosine(topicVector(SENTENCE), topicVector(MESSAGE));

async function verdicts(threshold: number, noise: number) {
  const load = batchNoisyLoader(noise);
  const p = computePlan([desired('scam', [SENTENCE], { category: 'sentence-similarity' })], [live('scam', ['prize'], { category: 'sentence-similarity' })], {
    target: 'prod',
    prune: true,
    safety: SAFETY,
  });
  const scan = startPreview(p, { examples: 1 });
  const sim = await openSimilarity(p, { load, threshold, examples: 1 });
  const messages: PreviewMessage[] = [MESSAGE, 'lunch', 'hello there', 'the bank'].map((text, i) => ({ id: String(i + 1), text }));
  for (const m of messages) {
    scan.add(m);
    await sim.add(m);
  }
  const preview = await sim.finish(scan.result(['market']));
  const explain = await explainMessageReport(MESSAGE, {
    cwd: process.cwd(),
    lists: [desired('scam', [SENTENCE], { category: 'sentence-similarity' })],
    git: null,
    similarity: { load, threshold },
  });
  const label = /\d\.\d{3} (caught|below ) {2}#1 {2}gift hello/.exec(renderPreviewText(preview, { color: false }))?.[1];
  return { preview: preview.lists[0]!.after === 1, label: label === 'caught', explain: explain.lists[0]!.caught };
}

test('a score at the threshold is caught in the preview count, its label and explain, whatever the batch noise', async () => {
  expect(await verdicts(AT, 0)).toEqual({ preview: true, label: true, explain: true });
  await fc.assert(
    fc.asyncProperty(fc.double({ min: -SCORE_NOISE / 10, max: SCORE_NOISE / 10, noNaN: true }), fc.double({ min: -1e-7, max: 1e-7, noNaN: true }), async (offset, noise) => {
      const v = await verdicts(AT + offset, noise);
      expect(v).toEqual({ preview: true, label: true, explain: true });
    }),
    { numRuns: 50, seed: 31 },
  );
  // Clearly above the score: caught nowhere.
  expect(await verdicts(AT + 1e-4, 0)).toEqual({ preview: false, label: false, explain: false });
  expect(isCaught(AT, AT)).toBe(true);
  expect(isCaught(AT - 2 * SCORE_NOISE, AT)).toBe(false);
});
