// What each changed list would catch in recent group messages, before vs after the change. Pure:
// the command fetches the messages; this only counts. Sentence-similarity lists are judged by an
// AI model on the service: this scan leaves them as not previewable, and similarity-scan.ts
// replaces them with the estimate of a local sentence model when one is loaded.
//
// One pass: each message is offered once to every changed list's before and after matcher as it
// arrives, so a preview of many thousand messages never holds them all and can report progress.
import { compileMatcher, type Matcher, type MatchSpan } from '../match/index.js';
import type { Category, KeywordList } from '../model/keyword-list.js';
import type { ChangeKind, Plan } from '../model/plan.js';
import type { SentenceCatch, SentenceNearest, SimilarityInfo } from './similarity-scan.js';

export interface PreviewMessage {
  id: string;
  text: string;
}

export interface TermHits {
  term: string;
  messages: number;
}

/** A caught message, to judge a false positive by; its text is for the terminal only. */
export interface PreviewExample {
  id: string;
  text: string;
  /** Where the list hits the text (offsets into `text`). */
  spans: MatchSpan[];
}

export interface ListPreview {
  id: string;
  kind: ChangeKind;
  category: Category;
  /** False when the counts below are 0 and mean nothing: a sentence-similarity list not previewed (see notPreviewed). */
  previewable: boolean;
  /** A sentence-similarity list that was not previewed: why, and what to do (the renderers print "not previewed: <this>"). */
  notPreviewed?: string;
  /** Messages the live list catches now. */
  before: number;
  /** Messages the desired list would catch. */
  after: number;
  /** Caught after but not before. */
  newlyCaught: number;
  /** Caught before but not after. */
  noLongerCaught: number;
  /** The enabled rules that use the list once the plan is applied (empty: it catches nothing live); absent when the plan did not read rules. */
  rules?: { rule: string; action: string[] }[];
  /** Terms of the desired list by messages caught, most first (at most 5). */
  topTerms: TermHits[];
  /** Only with `examples` > 0: the first messages newly caught / no longer caught, in reading order. */
  examples?: { newlyCaught: PreviewExample[]; noLongerCaught: PreviewExample[] };
  /** A sentence-similarity list previewed by the local model: each sentence of the desired list (the live one for a delete) and the messages it catches on its own. */
  sentences?: SentenceCatch[];
  /** Only with `examples` > 0, sentence lists: the messages nearest each sentence, with scores (terminal only). */
  nearest?: SentenceNearest[];
}

export interface Preview {
  target: string;
  groups: string[];
  messagesScanned: number;
  lists: ListPreview[];
  /** Set when the preview stopped early (bounded-preview.ts): the counts cover `messagesScanned` messages only. */
  stopped?: PreviewStop;
  /** Set when a changed list is a sentence-similarity list: the local model and threshold its counts come from (or would have). */
  similarity?: SimilarityInfo;
}

/** Why a bounded preview stopped, and where: the list (and its file) and the pattern that was running. */
export interface PreviewStop {
  reason: 'deadline' | 'memory' | 'failed';
  list: string;
  file?: string;
  pattern?: string;
  /** One line saying all of the above and what to do. */
  message: string;
}

export interface PreviewOptions {
  /** Caught messages to keep per list and direction (default 0: counts only). */
  examples?: number;
  /** How a list's matcher is made (default compileMatcher); bounded-preview.ts runs pattern lists elsewhere. */
  compile?: (list: KeywordList, changeId: string) => Matcher | null;
}

const TOP_TERMS = 5;

/** Counts as messages are offered one at a time; `result` can be read at any point. */
export interface PreviewScan {
  add(message: PreviewMessage): void;
  result(groups: string[]): Preview;
}

interface ListScan {
  id: string;
  kind: ChangeKind;
  category: Category;
  before: Matcher | undefined;
  after: Matcher | undefined;
  counts: { before: number; after: number; newlyCaught: number; noLongerCaught: number };
  hits: Map<string, number>;
  newlyCaught: PreviewExample[];
  noLongerCaught: PreviewExample[];
}

export function startPreview(plan: Plan, opts: PreviewOptions = {}): PreviewScan {
  const keep = Math.max(0, opts.examples ?? 0);
  const changed = plan.changes.filter((c) => c.kind !== 'noop');
  const compile = opts.compile ?? ((list: KeywordList) => compileMatcher(list));
  const scans = changed.map((c) => startList(c.id, c.kind, c.before, c.after, compile));
  const previewable = scans.filter((s): s is ListScan => s !== null);
  let scanned = 0;
  return {
    add(m) {
      scanned++;
      for (const s of previewable) offer(s, m, keep);
    },
    result(groups) {
      const lists = scans.map((s, i) => withRules(s === null ? notPreviewable(changed[i]!) : finish(s, keep), plan));
      return { target: plan.target, groups, messagesScanned: scanned, lists };
    },
  };
}

/** Which rules act on the list's catches (issue 39 item 7): a count is only what a rule does with it. */
function withRules(l: ListPreview, plan: Plan): ListPreview {
  const users = plan.rules?.listUsers[l.id];
  return users ? { ...l, rules: users.map((u) => ({ rule: u.rule, action: [...u.action] })) } : l;
}

/** The whole preview of messages already in hand (tests, small samples). */
export function computePreview(plan: Plan, groups: string[], messages: Iterable<PreviewMessage>, opts: PreviewOptions = {}): Preview {
  const scan = startPreview(plan, opts);
  for (const m of messages) scan.add(m);
  return scan.result(groups);
}

function startList(id: string, kind: ChangeKind, before: KeywordList | null, after: KeywordList | null, compile: NonNullable<PreviewOptions['compile']>): ListScan | null {
  const category = (after ?? before)?.category ?? 'word';
  const beforeMatcher = before ? compile(before, id) : undefined;
  const afterMatcher = after ? compile(after, id) : undefined;
  if (beforeMatcher === null || afterMatcher === null) return null;
  return {
    id,
    kind,
    category,
    before: beforeMatcher,
    after: afterMatcher,
    counts: { before: 0, after: 0, newlyCaught: 0, noLongerCaught: 0 },
    hits: new Map(),
    newlyCaught: [],
    noLongerCaught: [],
  };
}

function offer(s: ListScan, m: PreviewMessage, keep: number): void {
  const was = s.before !== undefined && s.before.matches(m.text).length > 0;
  const terms = s.after ? s.after.matches(m.text) : [];
  const is = terms.length > 0;
  for (const t of terms) s.hits.set(t, (s.hits.get(t) ?? 0) + 1);
  if (was) s.counts.before++;
  if (is) s.counts.after++;
  if (is && !was) {
    s.counts.newlyCaught++;
    // Spans only for the few messages kept: marking is dearer than counting.
    if (s.newlyCaught.length < keep) s.newlyCaught.push({ id: m.id, text: m.text, spans: s.after!.spans(m.text) });
  }
  if (was && !is) {
    s.counts.noLongerCaught++;
    if (s.noLongerCaught.length < keep) s.noLongerCaught.push({ id: m.id, text: m.text, spans: s.before!.spans(m.text) });
  }
}

function finish(s: ListScan, keep: number): ListPreview {
  const topTerms = [...s.hits]
    .map(([term, n]) => ({ term, messages: n }))
    .sort((a, b) => b.messages - a.messages || a.term.localeCompare(b.term))
    .slice(0, TOP_TERMS);
  const base = { id: s.id, kind: s.kind, category: s.category, previewable: true, ...s.counts, topTerms };
  return keep > 0 ? { ...base, examples: { newlyCaught: [...s.newlyCaught], noLongerCaught: [...s.noLongerCaught] } } : base;
}

function notPreviewable(c: Plan['changes'][number]): ListPreview {
  const category = (c.after ?? c.before)?.category ?? 'word';
  return { id: c.id, kind: c.kind, category, previewable: false, before: 0, after: 0, newlyCaught: 0, noLongerCaught: 0, topTerms: [] };
}
