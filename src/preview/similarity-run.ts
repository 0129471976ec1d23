// The sentence-similarity part of one preview run: loads the local model only when a changed list
// is a sentence list, feeds it the messages the rest of the preview reads, and never fails the
// preview: a missing model, a failing one or one past its deadline becomes "not previewed: <why>"
// on the sentence lists, and every other list is previewed as before.
import type { Plan } from '../model/plan.js';
import { MODEL_NAME, type EmbedderLoad, type SentenceEmbedder } from '../similarity/embedder.js';
import type { Preview, PreviewMessage } from './compute-preview.js';
import { BROAD_SHARE, scorable, sentenceChanges, startSimilarityScan, withoutSimilarity, withSimilarity, type SimilarityInfo, type SimilarityScan } from './similarity-scan.js';

export interface SimilaritySetup {
  /** Loads the sentence model (src/similarity/embedder.ts loadEmbedder); called only when a changed list is a sentence list. */
  load: () => Promise<EmbedderLoad>;
  threshold: number;
  /** Nearest messages to keep per sentence (terminal only). */
  examples?: number;
  /** Seconds the load and all embedding may take together; past it the sentence lists say so. */
  deadlineSeconds?: number;
  /** Set when the sentence lists must not be previewed at all (an untrusted pull request): the model is never loaded. */
  withheld?: string;
}

export interface SimilarityRun {
  add(m: PreviewMessage): Promise<void>;
  /** The preview with its sentence lists filled in; frees the model. */
  finish(preview: Preview): Promise<Preview>;
  /** Frees the model without a result (the run failed); finish does it too. */
  close(): Promise<void>;
}

/** The similarity part of a run over `plan`; a no-op when no changed list is a sentence list. */
export async function openSimilarity(plan: Plan, setup: SimilaritySetup): Promise<SimilarityRun> {
  const info = (model: string): SimilarityInfo => ({ model, threshold: setup.threshold, broadShare: BROAD_SHARE });
  if (sentenceChanges(plan).length === 0) return { add: async () => undefined, finish: async (p) => p, close: async () => undefined };
  const skip = (reason: string): SimilarityRun => ({ add: async () => undefined, finish: async (p) => withoutSimilarity(p, plan, info(MODEL_NAME), reason), close: async () => undefined });
  if (setup.withheld !== undefined) return skip(setup.withheld);
  if (!sentenceChanges(plan).some(scorable)) {
    // Only lists changing kind: nothing to score, so the model is not loaded (in the Action, not installed); the scan says why per list.
    const none: SentenceEmbedder = { model: MODEL_NAME, embed: async () => [], close: async () => undefined };
    const scan = await startSimilarityScan(plan, none, { threshold: setup.threshold });
    return { add: async () => undefined, finish: async (p) => withSimilarity(p, info(MODEL_NAME), await scan.finish()), close: async () => undefined };
  }
  const seconds = setup.deadlineSeconds;
  const deadline = seconds !== undefined ? { at: Date.now() + seconds * 1000, seconds } : undefined;
  const tooLong = `took longer than ${seconds} s`;
  let embedder: SentenceEmbedder;
  try {
    const loading = setup.load();
    const loaded = await beforeDeadline(loading, deadline?.at);
    if (loaded === 'late') {
      // Loaded after all: freed then, so no worker outlives the run.
      loading.then((l) => (l.ok ? l.embedder.close() : undefined)).catch(() => undefined);
      return skip(`${tooLong} (loading the local sentence model)`);
    }
    if (!loaded.ok) return skip(`${loaded.reason}; ${loaded.install}`);
    embedder = loaded.embedder;
  } catch (err) {
    return skip(`the local sentence model could not be loaded: ${firstLine(err)}`);
  }
  let scan: SimilarityScan | undefined;
  let failed: string | undefined;
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= embedder.close().catch(() => undefined));
  try {
    scan = await startSimilarityScan(plan, embedder, { threshold: setup.threshold, examples: setup.examples ?? 0, ...(deadline ? { deadline } : {}) });
  } catch (err) {
    failed = `the local sentence model failed: ${firstLine(err)}`;
  }
  return {
    async add(m) {
      if (!scan || failed) return;
      try {
        await scan.add(m);
      } catch (err) {
        failed = `the local sentence model failed: ${firstLine(err)}`;
      }
    },
    async finish(p) {
      try {
        if (scan && !failed) {
          try {
            return withSimilarity(p, info(embedder.model), await scan.finish());
          } catch (err) {
            failed = `the local sentence model failed: ${firstLine(err)}`;
          }
        }
        return withoutSimilarity(p, plan, info(embedder.model), failed!);
      } finally {
        await close();
      }
    },
    close,
  };
}

async function beforeDeadline<T>(work: Promise<T>, at: number | undefined): Promise<T | 'late'> {
  if (at === undefined) return work;
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, at - Date.now()))));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
}
