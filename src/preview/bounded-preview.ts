// The preview of lists nobody vouched for (a pull request's, in the Action's stage two), bounded:
// one deadline and one heap cap for the whole preview. Word lists are matched here (their matcher
// is linear); pattern lists run in a worker (src/match/bounded-regex.ts) that is stopped at the
// deadline, since a backtracking regex never yields. Messages go to the worker in batches; a
// preview that stops keeps the counts of the messages it finished and says which list and
// pattern were running (Preview.stopped), rather than burning the job's timeout. Sentence lists,
// when asked for, get the local model under half the deadline (similarity-run.ts): past it they
// say they took too long, and the other lists keep the rest of the time.
import { BoundedRegex, compileMatcher, patternCandidates, type Matcher, type RegexJob, type RegexStop } from '../match/index.js';
import type { DesiredList, KeywordList } from '../model/keyword-list.js';
import type { Plan } from '../model/plan.js';
import { quote } from '../load/quote-value.js';
import { startPreview, type Preview, type PreviewMessage, type PreviewStop } from './compute-preview.js';
import { openSimilarity, type SimilaritySetup } from './similarity-run.js';

/** The whole preview of a pull request's lists: reading the messages included. */
export const PREVIEW_DEADLINE_MS = 60_000;
/** The regex worker's heap. */
export const PREVIEW_HEAP_MB = 128;
const BATCH = 64;

export type MessageSource = (guid: string, count: number) => AsyncIterable<PreviewMessage>;

export interface BoundedPreviewOptions {
  deadlineMs?: number;
  maxHeapMb?: number;
  /** Caught messages to keep per list (terminal only); pattern-list examples come without marked spans. */
  examples?: number;
  /** The list file of a list id (the plan carries ids only), to locate a stop: e.g. from validateUntrusted's lists. */
  fileOf?: (listId: string) => string | undefined;
  /** Called after each message with the count so far (progress lines). */
  onMessage?: (n: number, guid: string) => void;
  /** Preview sentence-similarity lists with the local model (default: they are not previewable); deadlineSeconds defaults to half of deadlineMs. */
  similarity?: SimilaritySetup;
}

interface PatternSet {
  id: string;
  file?: string;
  patterns: readonly string[];
  candidates: (text: string) => number[];
}

/** previewImpact with a bound: the newest `perGroup` messages of each group, or as many as the deadline allows. */
export async function previewUntrusted(plan: Plan, groups: readonly string[], perGroup: number, messages: MessageSource, opts: BoundedPreviewOptions = {}): Promise<Preview> {
  const deadlineMs = opts.deadlineMs ?? PREVIEW_DEADLINE_MS;
  const deadline = Date.now() + deadlineMs;
  const sets: PatternSet[] = [];
  // The hits of the message being offered, per pattern set: what the pattern lists' matchers answer.
  let current: number[][] = [];
  const compile = (list: KeywordList, id: string): Matcher | null => {
    if (list.category !== 'pattern') return compileMatcher(list);
    const set = sets.length;
    const file = (list as Partial<DesiredList>).source?.file ?? opts.fileOf?.(id);
    sets.push({ id, patterns: list.searchTerms, candidates: patternCandidates(list.searchTerms), ...(file ? { file } : {}) });
    return { matches: () => (current[set] ?? []).map((i) => list.searchTerms[i]!), spans: () => [] };
  };
  const scan = startPreview(plan, { examples: opts.examples ?? 0, compile });
  const runner = new BoundedRegex(
    sets.map((s) => s.patterns),
    { deadline, maxHeapMb: opts.maxHeapMb ?? PREVIEW_HEAP_MB },
  );
  // Opened after the pattern runner, so a runner that cannot start leaves no model loaded.
  const similarity = opts.similarity ? await openSimilarity(plan, { deadlineSeconds: Math.max(1, Math.floor(deadlineMs / 2000)), ...opts.similarity }) : undefined;
  let stopped: PreviewStop | undefined;
  const batch: PreviewMessage[] = [];
  /** Runs the batch's pattern jobs and offers each finished message; false once the preview must stop. */
  const flush = async (): Promise<boolean> => {
    const jobs: RegexJob[] = [];
    const firstJob: number[] = [];
    for (const m of batch) {
      firstJob.push(jobs.length);
      sets.forEach((s, set) => {
        const candidates = s.candidates(m.text);
        if (candidates.length > 0) jobs.push({ set, text: m.text, candidates });
      });
    }
    const run = jobs.length > 0 ? await runner.run(jobs) : { results: [] };
    for (let i = 0; i < batch.length; i++) {
      const end = i + 1 < batch.length ? firstJob[i + 1]! : jobs.length;
      if (end > run.results.length) break; // this message's answers are not all in: the run stopped on it
      current = sets.map(() => []);
      for (let j = firstJob[i]!; j < end; j++) {
        const hits = run.results[j]!;
        // A job past its budget is only possible with a per-job budget, which the preview does not set.
        current[jobs[j]!.set] = hits === 'timeout' ? [] : hits;
      }
      scan.add(batch[i]!);
      await similarity?.add(batch[i]!);
    }
    batch.length = 0;
    if (run.stopped) stopped = stopOf(run.stopped, sets, deadlineMs, opts.maxHeapMb ?? PREVIEW_HEAP_MB);
    else if (Date.now() >= deadline) stopped = stopOf({ reason: 'deadline', job: 0, set: -1, pattern: null }, sets, deadlineMs, opts.maxHeapMb ?? PREVIEW_HEAP_MB);
    return !stopped;
  };
  try {
    read: for (const guid of groups) {
      let n = 0;
      for await (const m of messages(guid, perGroup)) {
        batch.push({ id: m.id, text: m.text });
        opts.onMessage?.(++n, guid);
        if (batch.length >= BATCH && !(await flush())) break read;
        if (n >= perGroup) break;
      }
    }
    if (!stopped && batch.length > 0) await flush();
  } catch (err) {
    await similarity?.close();
    throw err;
  } finally {
    runner.close();
  }
  const counted = scan.result([...groups]);
  const preview = similarity ? await similarity.finish(counted) : counted;
  return stopped ? { ...preview, stopped } : preview;
}

function stopOf(stop: RegexStop, sets: readonly PatternSet[], deadlineMs: number, maxHeapMb: number): PreviewStop {
  const s = sets[stop.set];
  const pattern = s && stop.pattern !== null ? s.patterns[stop.pattern] : undefined;
  const why = stop.reason === 'deadline' ? `ran past its deadline of ${deadlineMs} ms` : stop.reason === 'memory' ? `used more than its ${maxHeapMb} MB of memory` : 'was stopped by the regex engine';
  const where = s ? ` while list ${quote(s.id)}${s.file ? ` (${s.file})` : ''} was running${pattern !== undefined ? ` pattern ${quote(pattern)}` : ''}` : '';
  const message = `the preview ${why}${where}; the counts cover only the messages read before it stopped${pattern !== undefined ? '. That pattern likely backtracks on real messages: rewrite it without nested or overlapping repeats' : ''}`;
  return { reason: stop.reason, list: s?.id ?? '', ...(s?.file ? { file: s.file } : {}), ...(pattern !== undefined ? { pattern } : {}), message };
}
