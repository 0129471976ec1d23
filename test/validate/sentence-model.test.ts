// The sentence checks through the real sentence model on a small keywords folder (the model loaded
// once for the file): a trivial rewording within a list and across lists is a near-duplicate, a
// vague sentence is generic, and distinct disallowed sentences pass. Fails without the optional model.
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEmbedder, type EmbedderLoad, type SentenceEmbedder } from '../../src/similarity/embedder.js';
import { validateRepo, type RepoValidation } from '../../src/validate/index.js';

let root: string;
let model: SentenceEmbedder;
let result: RepoValidation;
beforeAll(async () => {
  const load = await loadEmbedder();
  if (!load.ok) throw new Error(`${load.reason}; ${load.install}`);
  model = load.embedder;
  root = await mkdtemp(join(tmpdir(), 'kwsync-sentence-model-'));
  mkdirSync(join(root, 'keywords'));
  const list = (id: string, sentences: string[]) => [`id: ${id}`, `name: ${id}`, 'category: sentence-similarity', 'searchTerms:', ...sentences.map((s) => `  - ${JSON.stringify(s)}`), ''].join('\n');
  writeFileSync(
    join(root, 'keywords/scams.yaml'),
    list('scams', [
      'Send me your bank details so I can transfer the money.',
      'Buy a gift card and send me the code on the back.',
      'Please send me your bank details so I can transfer the money to you.',
      'Talk to me later tonight.',
    ]),
  );
  writeFileSync(join(root, 'keywords/threats.yaml'), list('threats', ['I know where you live and I am going to hurt you.', 'You should just kill yourself.', 'Buy me a gift card and send me the code on the back of it.']));
  // The file's one model, lent to validate (which closes what it loads: here nothing).
  const lent: EmbedderLoad = { ok: true, embedder: { model: model.model, embed: (t) => model.embed(t), close: async () => undefined } };
  result = await validateRepo({ dir: 'keywords', cwd: root, sentenceChecks: async () => lent });
}, 120_000);
afterAll(async () => {
  await model?.close();
  await rm(root, { recursive: true, force: true });
});

it('finds the near-duplicates within and across lists and the generic sentence, and nothing else', () => {
  expect(result.sentenceChecks).toEqual({ sentences: 7 });
  expect(result.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}`)).toEqual([
    'keywords/scams.yaml:7 sentence-near-duplicate',
    'keywords/scams.yaml:8 sentence-generic',
    'keywords/threats.yaml:7 sentence-near-duplicate',
  ]);
  expect(result.diagnostics[0]!.message).toMatch(/in this list \(keywords\/scams\.yaml:5:6\), similarity 0\.9\d/);
  expect(result.diagnostics[2]!.message).toMatch(/in list "scams" \(keywords\/scams\.yaml:6:6\), similarity 0\.9\d/);
  expect(result.errorCount).toBe(0);
});
