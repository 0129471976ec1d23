// Sentence-similarity lists previewed with a local sentence model (src/similarity/embedder.ts): a
// message is caught by a list when its cosine to some sentence of the list is at or above the
// threshold. The scores are this model's, never CometChat's: every renderer says so.
//
// One embedding pass per run: the sentences of every changed sentence list (live and desired,
// without repeats) are embedded once, and each message once, in batches as it arrives; every
// list is then counted from the same vectors. A deadline (bounded-preview.ts) stops the work
// between batches; the lists then say they took too long, and nothing else is held up.
import type { KeywordList } from '../model/keyword-list.js';
import type { ListChange, Plan } from '../model/plan.js';
import { cosine, type SentenceEmbedder } from '../similarity/embedder.js';
import { isCaught } from '../similarity/threshold.js';
import type { ListPreview, Preview, PreviewMessage } from './compute-preview.js';

/** A sentence catching more than this share of the messages read is flagged as too broad ... */
export const BROAD_SHARE = 0.05;
/** ... once it catches at least this many (so 1 of 10 messages is not "broad"). */
export const BROAD_MIN_MESSAGES = 5;
/**
 * Messages per embedding call (the deadline races each call). Each call is awaited, so the workers
 * idle while one call's last batch finishes: at 32 the preview's scan of 5k messages took 45.8 s
 * beside 22.3 s for the same texts in one call (`npm run bench -- similarity`, loaded machine);
 * at 128, 32.7 s.
 */
export const SCAN_BATCH = 128;
const BATCH = SCAN_BATCH;

export const LOCAL_MODEL_NOTE =
  "the scores come from a local model, not CometChat's: the service decides with its own AI model, which may catch more or fewer messages";

/** One sentence of a list and the messages it catches on its own. */
export interface SentenceCatch {
  sentence: string;
  messages: number;
  /** Catches more than BROAD_SHARE of the messages read (and at least BROAD_MIN_MESSAGES). */
  broad: boolean;
}

export interface NearestMessage {
  id: string;
  text: string;
  /** Cosine to the sentence, from the local model. */
  score: number;
}

/** The messages nearest one sentence, best first, caught or not: for the terminal only. */
export interface SentenceNearest {
  sentence: string;
  messages: NearestMessage[];
}

/** How the sentence lists of a preview were scored: named in every output. */
export interface SimilarityInfo {
  model: string;
  threshold: number;
  broadShare: number;
}

export interface SimilarityScanOptions {
  threshold: number;
  /** Nearest messages to keep per sentence (default 0: counts only). */
  examples?: number;
  /** Stop at this time (Date.now() milliseconds); `seconds` names the bound in the message. */
  deadline?: { at: number; seconds: number };
}

export interface SimilarityScan {
  /** Offers one message; embeds when a batch is full. */
  add(m: PreviewMessage): Promise<void>;
  /** Embeds what is left; then each changed sentence list's preview, in plan order. */
  finish(): Promise<ListPreview[]>;
}

/** Changed lists that are sentence-similarity lists on either side, in plan order. */
export function sentenceChanges(plan: Plan): ListChange[] {
  return plan.changes.filter((c) => c.kind !== 'noop' && (c.before?.category === 'sentence-similarity' || c.after?.category === 'sentence-similarity'));
}

/** Whether a sentence change can be scored: a list changing kind (word to sentence, or back) is not. */
export function scorable(c: ListChange): boolean {
  return !(c.before && c.after && c.before.category !== c.after.category);
}

class TookTooLong extends Error {}

interface ListSide {
  /** Indices into the sentence vectors. */
  sentences: number[];
}

interface ListState {
  change: ListChange;
  before: ListSide | undefined;
  after: ListSide | undefined;
  /** The side whose sentences are counted one by one: the desired list, or the live one for a delete. */
  shown: ListSide;
  shownTerms: readonly string[];
  counts: { before: number; after: number; newlyCaught: number; noLongerCaught: number };
  perSentence: number[];
  nearest: NearestMessage[][];
}

/** Embeds the sentences of the changed sentence lists (once each) and returns a scan for the messages. */
export async function startSimilarityScan(plan: Plan, embedder: SentenceEmbedder, opts: SimilarityScanOptions): Promise<SimilarityScan> {
  const keep = Math.max(0, opts.examples ?? 0);
  const changes = sentenceChanges(plan);
  const kindChange = changes.filter((c) => !scorable(c));
  const scored = changes.filter((c) => !kindChange.includes(c));
  const index = new Map<string, number>();
  const side = (list: KeywordList | null): ListSide | undefined => {
    if (!list) return undefined;
    return { sentences: list.searchTerms.map((s) => index.get(s) ?? (index.set(s, index.size), index.size - 1)) };
  };
  const states: ListState[] = scored.map((change) => {
    const before = side(change.before);
    const after = side(change.after);
    const shownTerms = (change.after ?? change.before)!.searchTerms;
    return {
      change,
      before,
      after,
      shown: (after ?? before)!,
      shownTerms,
      counts: { before: 0, after: 0, newlyCaught: 0, noLongerCaught: 0 },
      perSentence: shownTerms.map(() => 0),
      nearest: shownTerms.map(() => []),
    };
  });
  const e = embedder;
  let stopped: string | undefined;
  let scanned = 0;
  const inTime = async <T>(work: () => Promise<T>): Promise<T> => {
    const d = opts.deadline;
    if (!d) return work();
    if (Date.now() >= d.at) throw new TookTooLong();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new TookTooLong()), Math.max(0, d.at - Date.now()))));
    const working = work();
    working.catch(() => undefined); // a late batch that fails afterwards is no one's news
    try {
      return await Promise.race([working, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  const tooLong = () => `took longer than ${opts.deadline?.seconds ?? 0} s (the local sentence model is slow on this machine, or the lists or messages are many)`;
  let sentenceVectors: Float32Array[] = [];
  try {
    const texts = [...index.keys()];
    for (let i = 0; i < texts.length; i += BATCH) sentenceVectors.push(...(await inTime(() => embedder.embed(texts.slice(i, i + BATCH)))));
  } catch (err) {
    if (!(err instanceof TookTooLong)) throw err;
    stopped = tooLong();
    sentenceVectors = [];
  }
  const batch: PreviewMessage[] = [];
  const flush = async (): Promise<void> => {
    if (batch.length === 0 || stopped) return;
    const texts = batch.map((m) => m.text);
    let vectors: Float32Array[];
    try {
      vectors = await inTime(() => e.embed(texts));
    } catch (err) {
      if (!(err instanceof TookTooLong)) throw err;
      stopped = tooLong();
      return;
    }
    batch.forEach((m, i) => {
      const v = vectors[i]!;
      const scores = sentenceVectors.map((s) => cosine(s, v));
      for (const s of states) count(s, m, scores, opts.threshold, keep);
    });
    scanned += batch.length;
    batch.length = 0;
  };
  return {
    async add(m) {
      // Nothing to count (every sentence list changes kind): no message is embedded.
      if (stopped || states.length === 0) return;
      batch.push(m);
      if (batch.length >= BATCH) await flush();
    },
    async finish() {
      await flush();
      const byId = new Map(states.map((s) => [s.change.id, s]));
      return changes.map((c) => {
        if (kindChange.includes(c)) return notPreviewedList(c, `the list changes kind (${c.before!.category} to ${c.after!.category}), so before and after would not compare`);
        if (stopped) return notPreviewedList(c, stopped);
        return result(byId.get(c.id)!, scanned, keep);
      });
    },
  };
}

function best(scores: readonly number[], side: ListSide | undefined): number {
  let max = -Infinity;
  if (side) for (const i of side.sentences) if (scores[i]! > max) max = scores[i]!;
  return max;
}

function count(s: ListState, m: PreviewMessage, scores: readonly number[], threshold: number, keep: number): void {
  const was = isCaught(best(scores, s.before), threshold);
  const is = isCaught(best(scores, s.after), threshold);
  if (was) s.counts.before++;
  if (is) s.counts.after++;
  if (is && !was) s.counts.newlyCaught++;
  if (was && !is) s.counts.noLongerCaught++;
  s.shown.sentences.forEach((at, i) => {
    const score = scores[at]!;
    if (isCaught(score, threshold)) s.perSentence[i]!++;
    if (keep > 0) keepNearest(s.nearest[i]!, { id: m.id, text: m.text, score }, keep);
  });
}

/** Keeps the `keep` best scores, best first; ties keep reading order. */
function keepNearest(list: NearestMessage[], m: NearestMessage, keep: number): void {
  if (list.length >= keep && m.score <= list[list.length - 1]!.score) return;
  let at = list.length;
  while (at > 0 && list[at - 1]!.score < m.score) at--;
  list.splice(at, 0, m);
  if (list.length > keep) list.pop();
}

function result(s: ListState, scanned: number, keep: number): ListPreview {
  const sentences = s.shownTerms.map((sentence, i) => {
    const messages = s.perSentence[i]!;
    return { sentence, messages, broad: isBroad(messages, scanned) };
  });
  const topTerms = sentences
    .filter((t) => t.messages > 0)
    .map((t) => ({ term: t.sentence, messages: t.messages }))
    .sort((a, b) => b.messages - a.messages || a.term.localeCompare(b.term))
    .slice(0, 5);
  const category = (s.change.after ?? s.change.before)!.category;
  const base: ListPreview = { id: s.change.id, kind: s.change.kind, category, previewable: true, ...s.counts, topTerms, sentences };
  return keep > 0 ? { ...base, nearest: s.shownTerms.map((sentence, i) => ({ sentence, messages: [...s.nearest[i]!] })) } : base;
}

export function isBroad(messages: number, scanned: number): boolean {
  return messages >= BROAD_MIN_MESSAGES && scanned > 0 && messages / scanned > BROAD_SHARE;
}

/** A sentence list with no counts, and why (model missing, too slow, untrusted): renderers print "not previewed: <reason>". */
export function notPreviewedList(c: ListChange, reason: string): ListPreview {
  const category = (c.after ?? c.before)?.category ?? 'sentence-similarity';
  return { id: c.id, kind: c.kind, category, previewable: false, before: 0, after: 0, newlyCaught: 0, noLongerCaught: 0, topTerms: [], notPreviewed: reason };
}

/** The preview with its sentence lists replaced by these (matched by id) and the model named. */
export function withSimilarity(preview: Preview, info: SimilarityInfo, lists: readonly ListPreview[]): Preview {
  const byId = new Map(lists.map((l) => [l.id, l]));
  return { ...preview, lists: preview.lists.map((l) => byId.get(l.id) ?? l), similarity: info };
}

/** Every sentence list of the plan not previewed, for one reason. */
export function withoutSimilarity(preview: Preview, plan: Plan, info: SimilarityInfo, reason: string): Preview {
  return withSimilarity(preview, info, sentenceChanges(plan).map((c) => notPreviewedList(c, reason)));
}
