// Sentence-similarity lists in the preview, with a fake embedder whose scores are known exactly:
// counts before/after at the threshold, each sentence's own catches, the broad flag, one embedding
// pass per run, the missing-model and deadline paths, and the local-model disclaimer everywhere.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { KeywordList } from '../../src/model/keyword-list.js';
import { computePlan } from '../../src/plan/index.js';
import {
  DEFAULT_SIMILARITY_THRESHOLD,
  openSimilarity,
  previewUntrusted,
  renderPreviewJson,
  renderPreviewMarkdown,
  renderPreviewText,
  similarityThreshold,
  startPreview,
  type Preview,
  type PreviewMessage,
} from '../../src/preview/index.js';
import { SCAN_BATCH } from '../../src/preview/similarity-scan.js';
import { cosine, type EmbedderLoad, type SentenceEmbedder } from '../../src/similarity/embedder.js';
import { desired, live, SAFETY } from '../plan/fixtures.js';
import { FAKE_MODEL, fakeEmbedder, fakeLoader, missingModel, topicVector } from './fake-embedder.js';

const sentences = (id: string, terms: string[]) => ({ id, terms, category: 'sentence-similarity' as const });
type Spec = { id: string; terms: string[]; category?: KeywordList['category'] };
const plan = (want: Spec[], current: Spec[] = []) =>
  computePlan(
    want.map((l) => desired(l.id, l.terms, { category: l.category ?? 'word' })),
    current.map((l) => live(l.id, l.terms, { category: l.category ?? 'word' })),
    { target: 'prod', prune: true, safety: SAFETY },
  );
const msgs = (...texts: string[]): PreviewMessage[] => texts.map((text, i) => ({ id: String(100 + i), text }));

/** The CLI's unbounded path: word lists by the matcher, sentence lists by the (fake) model. */
async function preview(p: ReturnType<typeof plan>, messages: PreviewMessage[], setup: { load: () => Promise<EmbedderLoad>; threshold?: number; examples?: number }): Promise<Preview> {
  const scan = startPreview(p, { examples: setup.examples ?? 0 });
  const sim = await openSimilarity(p, { threshold: DEFAULT_SIMILARITY_THRESHOLD, ...setup });
  for (const m of messages) {
    scan.add(m);
    await sim.add(m);
  }
  return sim.finish(scan.result(['market']));
}

describe('counting at the threshold', () => {
  test('a message is caught when its best sentence scores at or above the threshold: before, after, newly and no longer caught', async () => {
    const p = plan([sentences('scam', ['gift', 'prize'])], [sentences('scam', ['gift', 'bank'])]);
    const messages = msgs('a gift for you', 'the prize', 'my bank', 'gift hello', 'lunch', 'hello');
    const out = await preview(p, messages, { load: fakeLoader() });
    expect(out.lists).toHaveLength(1);
    // before (gift, bank): gift, bank, gift hello = 3; after (gift, prize): gift, prize, gift hello = 3
    expect(out.lists[0]).toMatchObject({ id: 'scam', kind: 'update', previewable: true, before: 3, after: 3, newlyCaught: 1, noLongerCaught: 1 });
    expect(out.lists[0]!.sentences).toEqual([
      { sentence: 'gift', messages: 2, broad: false },
      { sentence: 'prize', messages: 1, broad: false },
    ]);
    expect(out.lists[0]!.topTerms).toEqual([{ term: 'gift', messages: 2 }, { term: 'prize', messages: 1 }]);
    expect(out.similarity).toEqual({ model: FAKE_MODEL, threshold: 0.6, broadShare: 0.05 });
  });

  test('a score exactly at the threshold counts as caught; just above it does not catch', async () => {
    const at = cosine(topicVector('gift'), topicVector('gift hello'));
    const p = plan([sentences('scam', ['gift'])]);
    const exactly = await preview(p, msgs('gift hello'), { load: fakeLoader(), threshold: at });
    expect(exactly.lists[0]).toMatchObject({ after: 1 });
    // "Just above" is past the model's batch noise (SCORE_NOISE, isCaught): closer is "at".
    const above = await preview(p, msgs('gift hello'), { load: fakeLoader(), threshold: at + 1e-5 });
    expect(above.lists[0]).toMatchObject({ after: 0 });
  });

  test('a deleted sentence list counts the live sentences one by one', async () => {
    const out = await preview(plan([], [sentences('old', ['bank'])]), msgs('bank', 'bank hello', 'x'), { load: fakeLoader() });
    expect(out.lists[0]).toMatchObject({ kind: 'delete', before: 2, after: 0, noLongerCaught: 2, sentences: [{ sentence: 'bank', messages: 2, broad: false }] });
  });

  test('a list changing kind (word to sentence-similarity) is not previewed, and says why', async () => {
    const out = await preview(plan([sentences('x', ['gift'])], [{ id: 'x', terms: ['gift'] }]), msgs('gift'), { load: fakeLoader() });
    expect(out.lists[0]).toMatchObject({ previewable: false, notPreviewed: expect.stringMatching(/changes kind \(word to sentence-similarity\)/) });
  });

  test('the threshold comes from kwsync.yaml preview.similarity.threshold when set, else 0.6', () => {
    expect(similarityThreshold(undefined)).toBe(0.6);
    expect(similarityThreshold({ preview: { groups: [], messages: 1, similarity: { threshold: 0.72 } } })).toBe(0.72);
  });
});

describe('one embedding pass per run', () => {
  test('two sentence lists share the sentences and the messages: each text embedded once, in batches', async () => {
    const embedder = fakeEmbedder();
    const load = fakeLoader(embedder);
    const p = plan([sentences('a', ['gift', 'prize']), sentences('b', ['prize', 'bank']), { id: 'w', terms: ['hello'] }]);
    const messages = msgs(...Array.from({ length: 70 }, (_, i) => `message ${i} ${i % 7 === 0 ? 'gift' : 'hello'}`));
    const out = await preview(p, messages, { load });
    expect(load.loads).toBe(1);
    expect(embedder.embedded.filter((t) => t === 'prize')).toHaveLength(1);
    expect(embedder.embedded).toHaveLength(3 + 70);
    expect(new Set(embedder.embedded).size).toBe(73);
    expect(embedder.calls).toBe(1 + Math.ceil(70 / SCAN_BATCH));
    expect(embedder.closed).toBe(true);
    expect(out.lists.map((l) => [l.id, l.after])).toEqual([['a', 10], ['b', 0], ['w', 60]]);
  });

  test('only lists changing kind (nothing to score): the messages are not embedded, the model not loaded', async () => {
    const embedder = fakeEmbedder();
    const load = fakeLoader(embedder);
    const out = await preview(plan([sentences('x', ['gift'])], [{ id: 'x', terms: ['gift'] }]), msgs(...Array.from({ length: 40 }, (_, i) => `gift ${i}`)), { load });
    expect(out.lists[0]).toMatchObject({ previewable: false, notPreviewed: expect.stringMatching(/changes kind/) });
    expect(embedder.embedded).toEqual([]);
    // Nor is the model loaded (the Action would install it for nothing).
    expect(load.loads).toBe(0);
    expect(out.similarity).toMatchObject({ threshold: DEFAULT_SIMILARITY_THRESHOLD });
  });

  test('the model is not loaded when no changed list is a sentence list (an unchanged one included)', async () => {
    const load = fakeLoader();
    const p = plan([sentences('s', ['gift']), { id: 'w', terms: ['hello', 'new'] }], [sentences('s', ['gift']), { id: 'w', terms: ['hello'] }]);
    const out = await preview(p, msgs('gift', 'hello'), { load });
    expect(load.loads).toBe(0);
    expect(out.similarity).toBeUndefined();
    expect(renderPreviewText(out)).not.toMatch(/local model/);
  });
});

describe('broad sentences', () => {
  test('a sentence catching more than 5% of the messages (and at least 5) is flagged, in every output', async () => {
    const messages = msgs(...Array.from({ length: 40 }, (_, i) => (i < 6 ? 'hello there' : i === 6 ? 'gift card' : `chat ${i}`)));
    const out = await preview(plan([sentences('s', ['gift', 'hello'])]), messages, { load: fakeLoader() });
    expect(out.lists[0]!.sentences).toEqual([
      { sentence: 'gift', messages: 1, broad: false },
      { sentence: 'hello', messages: 6, broad: true },
    ]);
    expect(renderPreviewText(out)).toContain('      6  hello   <- broad: catches 15.0% of the messages (over 5%)');
    expect(renderPreviewMarkdown(out)).toContain('| hello | 6 (broad: catches 15.0% of the messages (over 5%)) |');
    expect(JSON.parse(renderPreviewJson(out)).lists[0].sentences[1]).toEqual({ sentence: 'hello', messages: 6, broad: true });
  });

  test('4 of 10 messages is not "broad": fewer than 5 messages never are', async () => {
    const out = await preview(plan([sentences('s', ['hello'])]), msgs('hello', 'hello', 'hello', 'hello', 'a', 'b', 'c', 'd', 'e', 'f'), { load: fakeLoader() });
    expect(out.lists[0]!.sentences).toEqual([{ sentence: 'hello', messages: 4, broad: false }]);
  });
});

describe('rendering', () => {
  const SECRET = 'gift from my private note';
  const build = () => preview(plan([sentences('scam', ['gift', 'prize']), { id: 'mild', terms: ['heck'] }]), msgs(SECRET, 'oh heck', 'lunch', 'prize hello'), { load: fakeLoader(), examples: 2 });

  test('text: the disclaimer names the model and threshold; per sentence its catches; --examples the nearest messages with scores', async () => {
    const text = renderPreviewText(await build(), { color: false });
    expect(text).toBe(
      [
        'Preview for target "prod": 4 recent messages from market',
        '',
        `Sentence-similarity lists: scores from a local model, not CometChat's (${FAKE_MODEL});`,
        '  a message counts as caught at similarity 0.60 or more to a sentence of the list. The service decides with its own AI model and may catch more or fewer.',
        '',
        'mild (create): catches 0 -> 1 (+1); 1 newly caught, 0 no longer caught',
        '    top terms: heck (1)',
        '    newly caught (1 of 1, all):',
        '      #101  oh [heck]',
        '',
        'scam (create): catches 0 -> 2 (+2); 2 newly caught, 0 no longer caught',
        '    messages each sentence catches on its own (of 4):',
        '      1  gift',
        '      1  prize',
        '    nearest messages to "gift":',
        `      1.000 caught  #100  ${SECRET}`,
        '      0.287 below   #101  oh heck',
        '    nearest messages to "prize":',
        '      0.722 caught  #103  prize hello',
        '      0.287 below   #101  oh heck',
        '',
      ].join('\n'),
    );
  });

  test('markdown and JSON: the disclaimer, model and threshold, the sentences; never a message', async () => {
    const p = await build();
    const md = renderPreviewMarkdown(p);
    expect(md).toContain(`**Sentence-similarity lists** are scored by a local model, not CometChat's: ${FAKE_MODEL}, threshold 0.60`);
    expect(md).toContain('| `scam` | create | 0 | 2 | 2 | 0 |');
    expect(md).toContain('| gift | 1 |');
    const json = JSON.parse(renderPreviewJson(p));
    expect(json.similarity).toEqual({ source: 'local-model', model: FAKE_MODEL, threshold: 0.6, broadShare: 0.05, note: expect.stringMatching(/local model, not CometChat's/) });
    for (const out of [md, renderPreviewJson(p)]) {
      expect(out).not.toContain(SECRET);
      expect(out).not.toContain('lunch');
      expect(out).not.toContain('nearest');
    }
  });

  test('the JSON validates against the committed schema/preview-report.schema.json', async () => {
    const schema = JSON.parse(await readFile(join(process.cwd(), 'schema/preview-report.schema.json'), 'utf8'));
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
    const missing = await preview(plan([sentences('s', ['gift'])]), msgs('gift'), { load: missingModel });
    for (const p of [await build(), missing]) {
      const ok = validate(JSON.parse(renderPreviewJson(p)));
      expect(ok ? [] : validate.errors).toEqual([]);
    }
  });
});

describe('without the model', () => {
  test('sentence lists say "not previewed: <reason>; <install>", everything else previews as before', async () => {
    const p = plan([sentences('scam', ['gift']), { id: 'mild', terms: ['heck'] }]);
    const out = await preview(p, msgs('gift', 'oh heck'), { load: missingModel });
    expect(out.lists.find((l) => l.id === 'mild')).toMatchObject({ previewable: true, after: 1 });
    expect(out.lists.find((l) => l.id === 'scam')).toMatchObject({ previewable: false, after: 0, notPreviewed: 'the sentence model is not installed (Cannot find package); install it with npm install x' });
    expect(renderPreviewText(out)).toContain('scam (create): not previewed: the sentence model is not installed (Cannot find package); install it with npm install x');
    expect(renderPreviewMarkdown(out)).toContain('| `scam` | create | n/a | n/a | n/a | n/a |');
    expect(renderPreviewMarkdown(out)).toContain('`scam`: not previewed: the sentence model is not installed');
  });

  test('a model that throws while loading or embedding is "not previewed" too, never a failed preview', async () => {
    const throwing = async (): Promise<EmbedderLoad> => {
      throw new Error('bad weights\nstack');
    };
    const p = plan([sentences('scam', ['gift']), { id: 'mild', terms: ['heck'] }]);
    expect((await preview(p, msgs('gift'), { load: throwing })).lists.find((l) => l.id === 'scam')!.notPreviewed).toBe('the local sentence model could not be loaded: bad weights');
    const failing: SentenceEmbedder = { model: 'm', embed: async (t) => (t.includes('gift') ? [topicVector('gift')] : Promise.reject(new Error('out of memory'))), close: async () => undefined };
    const out = await preview(p, msgs('oh heck'), { load: async () => ({ ok: true, embedder: failing }) });
    expect(out.lists.find((l) => l.id === 'scam')!.notPreviewed).toBe('the local sentence model failed: out of memory');
    expect(out.lists.find((l) => l.id === 'mild')).toMatchObject({ after: 1 });
  });
});

describe('bounded (the Action, kwsync preview --deadline)', () => {
  const source = (texts: string[]) => async function* (_guid: string, count: number) {
    yield* msgs(...texts).slice(0, count);
  };

  test('sentence lists are scored inside the bounded preview, with the word lists', async () => {
    const p = plan([sentences('scam', ['gift']), { id: 'mild', terms: ['heck'] }]);
    const out = await previewUntrusted(p, ['g'], 10, source(['gift', 'oh heck', 'gift card']), { similarity: { load: fakeLoader(), threshold: 0.6 } });
    expect(out.lists.map((l) => [l.id, l.after])).toEqual([['mild', 1], ['scam', 2]]);
    expect(out.stopped).toBeUndefined();
  });

  test('an embedder that never answers: the sentence lists say "took longer than N s" and the others are counted', async () => {
    const stuck: SentenceEmbedder = { model: 'm', embed: () => new Promise(() => undefined), close: async () => undefined };
    const p = plan([sentences('scam', ['gift']), { id: 'mild', terms: ['heck'] }]);
    const out = await previewUntrusted(p, ['g'], 10, source(['gift', 'oh heck']), { deadlineMs: 60_000, similarity: { load: async () => ({ ok: true, embedder: stuck }), threshold: 0.6, deadlineSeconds: 1 } });
    expect(out.lists.find((l) => l.id === 'scam')!.notPreviewed).toMatch(/^took longer than 1 s/);
    expect(out.lists.find((l) => l.id === 'mild')).toMatchObject({ after: 1 });
    expect(out.stopped).toBeUndefined();
    expect(renderPreviewText(out)).toMatch(/scam \(create\): not previewed: took longer than 1 s/);
  });

  test('a model that never loads: the same, and the loader is not waited for', async () => {
    const p = plan([sentences('scam', ['gift'])]);
    const out = await previewUntrusted(p, ['g'], 10, source(['gift']), { similarity: { load: () => new Promise(() => undefined), threshold: 0.6, deadlineSeconds: 1 } });
    expect(out.lists[0]!.notPreviewed).toBe('took longer than 1 s (loading the local sentence model)');
  });

  test('withheld (an untrusted pull request): the model is never loaded and the lists say why', async () => {
    const load = fakeLoader();
    const out = await previewUntrusted(plan([sentences('scam', ['gift'])]), ['g'], 10, source(['gift']), { similarity: { load, threshold: 0.6, withheld: 'not for you' } });
    expect(load.loads).toBe(0);
    expect(out.lists[0]).toMatchObject({ previewable: false, notPreviewed: 'not for you' });
  });
});
