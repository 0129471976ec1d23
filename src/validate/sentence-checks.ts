// Checks of sentence-similarity lists that need the sentence model: near-duplicate sentences within
// and across lists, and sentences so generic they would catch everyday chat. They run only when a
// sentence list exists and the optional model loads; otherwise, and when the sentences are too many
// for the run's budget, they are skipped with a note (never a finding: a missing optional
// dependency, which the Action always lacks, must not fail validation, even under strict).
import type { Diagnostic, Fix } from '../model/diagnostic.js';
import { diagnose } from '../load/diagnose.js';
import { quote } from '../load/quote-value.js';
import type { Position } from '../load/source-text.js';
import type { TermsSource } from '../load/terms-source.js';
import { cosine, INSTALL_HINT, MODEL_NAME, MODEL_VERSION, type EmbedderLoad, type SentenceEmbedder } from '../similarity/embedder.js';
import { DUPLICATE_SIMILARITY_THRESHOLD, GENERIC_NEUTRAL_SHARE, isCaught, MAX_SENTENCES_EMBEDDED } from '../similarity/threshold.js';
import type { PlacedList } from './rules/repo.js';
import { overBudget, type ValidationBudget } from './work-budget.js';

/** What the sentence checks did, for the report: how many sentences, or why they were skipped. */
export interface SentenceChecks {
  sentences: number;
  /** Why the checks did not run (model missing, too many sentences, out of time), with what to do. */
  skipped?: string;
}

export interface ModelCost {
  /** From asking for the model to the last vector (load, workers' start, embedding). */
  ms: number;
  /** Texts embedded: the sentences and, once per process, the neutral set. */
  embedded: number;
  /** The process's peak RSS after the checks (worker threads included). */
  peakRssMb: number;
  engine: string;
  workers: number;
  /** Why a worker pool embedded in this thread instead (worker-pool.ts). */
  fallback?: string;
}

export interface SentenceCheckOptions {
  /** The sentence model (tests pass a fake); called only when a sentence list exists. */
  loadEmbedder: () => Promise<EmbedderLoad>;
  /** kwsync.yaml `preview.similarity.threshold`: what counts as caught. */
  threshold: number;
  budget: ValidationBudget;
  /** Default MAX_SENTENCES_EMBEDDED. */
  maxSentences?: number;
  /** The everyday chat a generic sentence is measured against (default: the corpus's neutral set). */
  neutral?: () => Promise<string[]>;
  /** When given, the model loads only if a sentence list passes `test` (`validate --base`: a changed one); else the note says `why` not. */
  onlyIf?: { test: (list: PlacedList) => boolean; why: string };
}

interface Entry {
  placed: PlacedList;
  terms: TermsSource;
  index: number;
  text: string;
}

/** Embedding batch: the budget is checked between batches. */
const BATCH = 64;

/** `model`: when the model ran, what it cost (printed by `kwsync validate --verbose`). */
export async function checkSentences(lists: readonly PlacedList[], opts: SentenceCheckOptions): Promise<{ diagnostics: Diagnostic[]; checks?: SentenceChecks; model?: ModelCost }> {
  const entries = sentenceEntries(lists);
  if (entries.length === 0) return { diagnostics: [] };
  const sentences = entries.length;
  const skip = (why: string) => ({ diagnostics: [], checks: { sentences, skipped: why } });
  const max = opts.maxSentences ?? MAX_SENTENCES_EMBEDDED;
  if (sentences > max) return skip(`the sentence checks (near-duplicates, generic sentences) were skipped: the lists hold ${sentences} sentences, over the ${max} one validation embeds; split the review, or check locally with fewer lists`);
  if (overBudget(opts.budget)) return skip('the sentence checks were skipped: validation had no time or memory left for them');
  if (opts.onlyIf && !entries.some((e) => opts.onlyIf!.test(e.placed))) {
    return skip(`the sentence checks (near-duplicates, generic sentences) were not run: ${opts.onlyIf.why}; run \`kwsync validate --sentence-checks\` to check them anyway (the model takes seconds to load)`);
  }
  const started = performance.now();
  let load: EmbedderLoad;
  try {
    load = await opts.loadEmbedder();
  } catch (e) {
    return skip(`the sentence checks (near-duplicates, generic sentences) were skipped: the sentence model could not be loaded (${firstLine(e)}); ${INSTALL_HINT}`);
  }
  if (!load.ok) return skip(`the sentence checks (near-duplicates, generic sentences) were skipped: ${load.reason}; ${load.install}`);
  const embedder = load.embedder;
  try {
    const texts = [...new Set(entries.map((e) => e.text))];
    const vectors = new Map<string, Float32Array>();
    for (let i = 0; i < texts.length; i += BATCH) {
      if (overBudget(opts.budget)) return skip(`the sentence checks were skipped: validation ran out of time or memory after embedding ${i} of ${texts.length} sentences`);
      const batch = texts.slice(i, i + BATCH);
      (await embedder.embed(batch)).forEach((v, k) => vectors.set(batch[k]!, v));
    }
    const neutralVectors = await neutralVectorsOf(embedder, opts.neutral);
    const at = (e: Entry) => vectors.get(e.text)!;
    const stats = embedder.stats?.();
    const model: ModelCost = {
      ms: Math.round(performance.now() - started),
      embedded: stats?.embedded ?? texts.length,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      engine: stats?.engine ?? 'unknown',
      workers: stats?.workers ?? 0,
      ...(stats?.fallback ? { fallback: stats.fallback } : {}),
    };
    return { diagnostics: [...nearDuplicates(entries, at), ...generic(entries, at, neutralVectors, opts.threshold)], checks: { sentences }, model };
  } catch (e) {
    return skip(`the sentence checks were skipped: the sentence model failed (${firstLine(e)}); ${INSTALL_HINT}`);
  } finally {
    await embedder.close().catch(() => undefined);
  }
}

/** The real model's vectors of the neutral set, kept for the process (each validate in a test run, a property run, reuses them). */
const neutralCache = new Map<string, Promise<Float32Array[]>>();

async function neutralVectorsOf(embedder: SentenceEmbedder, neutral: SentenceCheckOptions['neutral']): Promise<Float32Array[]> {
  if (neutral) return embedder.embed(await neutral());
  const texts = async () => (await import('../similarity/corpus/index.js')).neutralReference();
  if (embedder.model !== MODEL_NAME) return embedder.embed(await texts());
  let cached = neutralCache.get(MODEL_VERSION);
  if (!cached) {
    cached = texts().then((t) => embedder.embed(t));
    cached.catch(() => neutralCache.delete(MODEL_VERSION));
    neutralCache.set(MODEL_VERSION, cached);
  }
  return cached;
}

/** Every sentence of every sentence-similarity list, in list order; blank terms (reported elsewhere) left out. */
function sentenceEntries(lists: readonly PlacedList[]): Entry[] {
  const out: Entry[] = [];
  for (const placed of lists) {
    const terms = placed.terms;
    if (placed.list.category !== 'sentence-similarity' || !terms) continue;
    terms.values.forEach((text, index) => {
      if (text.trim() !== '') out.push({ placed, terms, index, text });
    });
  }
  return out;
}

/**
 * Each sentence scoring at or above DUPLICATE_SIMILARITY_THRESHOLD with an earlier one, reported
 * once, on the later one, naming the earlier's place. Copies within a list that only differ by case
 * or Unicode form are left to duplicate-term and duplicate-term-folded.
 */
function nearDuplicates(entries: readonly Entry[], at: (e: Entry) => Float32Array): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (let j = 1; j < entries.length; j++) {
    const later = entries[j]!;
    let best: { entry: Entry; score: number } | undefined;
    for (let i = 0; i < j; i++) {
      const earlier = entries[i]!;
      if (earlier.placed === later.placed && fold(earlier.text) === fold(later.text)) continue;
      const score = cosine(at(earlier), at(later));
      if (score >= DUPLICATE_SIMILARITY_THRESHOLD && (!best || score > best.score)) best = { entry: earlier, score };
    }
    if (!best) continue;
    const other = best.entry;
    const where = place(other.terms.locate(other.index));
    const same = other.placed === later.placed ? 'this list' : `list ${quote(other.placed.list.id)}`;
    const d = diagnose(
      later.terms.locate(later.index),
      'warning',
      'sentence-near-duplicate',
      `${quote(later.text)} is a near-duplicate of ${quote(other.text)} in ${same} (${where}), similarity ${best.score.toFixed(2)} (>= ${DUPLICATE_SIMILARITY_THRESHOLD}): both catch the same messages; remove this one, or reword it to cover another way of saying it`,
    );
    const fix = removeLine(later);
    if (fix) d.fix = fix;
    out.push(d);
  }
  return out;
}

/** Sentences that, alone, reach the preview threshold against more than GENERIC_NEUTRAL_SHARE of everyday chat. */
function generic(entries: readonly Entry[], at: (e: Entry) => Float32Array, neutral: readonly Float32Array[], threshold: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (neutral.length === 0) return out;
  for (const e of entries) {
    const v = at(e);
    const caught = neutral.filter((n) => isCaught(cosine(v, n), threshold)).length;
    if (caught / neutral.length <= GENERIC_NEUTRAL_SHARE) continue;
    const d = diagnose(
      e.terms.locate(e.index),
      'warning',
      'sentence-generic',
      `${quote(e.text)} is too generic: at the preview threshold ${threshold} it alone catches ${caught} of kwsync's ${neutral.length} everyday chat messages (${((caught / neutral.length) * 100).toFixed(1)}%, more than ${GENERIC_NEUTRAL_SHARE * 100}%); say who asks for what (e.g. "send me the code from your text message"), or remove it`,
    );
    const fix = removeLine(e);
    if (fix) d.fix = fix;
    out.push(d);
  }
  return out;
}

/**
 * The fix that deletes the sentence's line: offered when the sentence is alone on its line (a block
 * `- item` or a CSV record) and the list keeps another sentence.
 */
function removeLine(e: Entry): Fix | undefined {
  if (e.terms.values.length < 2) return undefined;
  const raw = e.terms.raw?.(e.index);
  const line = e.terms.locate(e.index).sourceLine;
  if (!raw || line === undefined) return undefined;
  const csv = /\.csv$/i.test(e.terms.file);
  const alone = csv ? raw.column === 1 && line === raw.text : line.trimEnd() === `${line.slice(0, raw.column - 1)}${raw.text}` && /^\s*-\s+$/.test(line.slice(0, raw.column - 1));
  return alone ? { line: raw.line, column: 1, replace: line, with: '' } : undefined;
}

const firstLine = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
const place = (p: Position): string => `${p.file}:${p.line}:${p.column}`;
const fold = (s: string): string => s.normalize('NFKC').toLowerCase();
