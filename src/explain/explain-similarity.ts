// Sentence-similarity lists in `kwsync explain`: the sentence of each list nearest the message and
// its score from the local sentence model (src/similarity/embedder.ts), and whether that is at or
// above the threshold. One embedding call for the message and every sentence. The scores are this
// model's estimate, never CometChat's: the report and its renderers say so.
import type { KeywordList } from '../model/keyword-list.js';
import { cosine, type EmbedderLoad } from '../similarity/embedder.js';
import { isCaught } from '../similarity/threshold.js';

export interface SimilarityInput {
  /** Loads the sentence model; called only when a sentence list is explained. */
  load: () => Promise<EmbedderLoad>;
  threshold: number;
}

export interface SentenceVerdict {
  /** The sentence nearest the message, and its cosine; null for a list with no sentences. */
  nearest: { sentence: string; score: number } | null;
  caught: boolean;
}

export type SimilarityOutcome =
  | { ok: true; model: string; verdicts: Map<string, SentenceVerdict> }
  | { ok: false; model: string | undefined; reason: string };

type Sentences = Pick<KeywordList, 'id' | 'category' | 'searchTerms'>;

/** Scores `message` against every sentence-similarity list of `lists`; undefined when there is none. */
export async function scoreSentenceLists(message: string, lists: readonly Sentences[], input: SimilarityInput): Promise<SimilarityOutcome | undefined> {
  const sentenceLists = lists.filter((l) => l.category === 'sentence-similarity');
  if (sentenceLists.length === 0) return undefined;
  let loaded: EmbedderLoad;
  try {
    loaded = await input.load();
  } catch (err) {
    return { ok: false, model: undefined, reason: `the local sentence model could not be loaded: ${firstLine(err)}` };
  }
  if (!loaded.ok) return { ok: false, model: undefined, reason: `${loaded.reason}; ${loaded.install}` };
  const { embedder } = loaded;
  try {
    const sentences = [...new Set(sentenceLists.flatMap((l) => l.searchTerms))];
    const [m, ...vectors] = await embedder.embed([message, ...sentences]);
    const score = new Map(sentences.map((s, i) => [s, cosine(m!, vectors[i]!)]));
    const verdicts = new Map<string, SentenceVerdict>();
    for (const l of sentenceLists) {
      let nearest: SentenceVerdict['nearest'] = null;
      for (const sentence of l.searchTerms) {
        const s = score.get(sentence)!;
        if (!nearest || s > nearest.score) nearest = { sentence, score: s };
      }
      verdicts.set(l.id, { nearest, caught: nearest !== null && isCaught(nearest.score, input.threshold) });
    }
    return { ok: true, model: embedder.model, verdicts };
  } catch (err) {
    return { ok: false, model: embedder.model, reason: `the local sentence model failed: ${firstLine(err)}` };
  } finally {
    await embedder.close().catch(() => undefined);
  }
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
}
