// What each changed list would catch in recent group messages, before vs after the change. Pure:
// the command fetches the messages; this only counts. Sentence-similarity lists are judged by an
// AI model on the service, so they are reported as not previewable rather than guessed at.
import { compileMatcher, type Matcher } from '../match/index.js';
import type { Category, KeywordList } from '../model/keyword-list.js';
import type { ChangeKind, Plan } from '../model/plan.js';

export interface PreviewMessage {
  id: string;
  text: string;
}

export interface TermHits {
  term: string;
  messages: number;
}

export interface ListPreview {
  id: string;
  kind: ChangeKind;
  category: Category;
  /** False for sentence-similarity lists: the counts below are then 0 and mean nothing. */
  previewable: boolean;
  /** Messages the live list catches now. */
  before: number;
  /** Messages the desired list would catch. */
  after: number;
  /** Caught after but not before. */
  newlyCaught: number;
  /** Caught before but not after. */
  noLongerCaught: number;
  /** Terms of the desired list by messages caught, most first (at most 5). */
  topTerms: TermHits[];
}

export interface Preview {
  target: string;
  groups: string[];
  messagesScanned: number;
  lists: ListPreview[];
}

const TOP_TERMS = 5;

export function computePreview(plan: Plan, groups: string[], messages: readonly PreviewMessage[]): Preview {
  const lists = plan.changes
    .filter((c) => c.kind !== 'noop')
    .map((c) => previewList(c.id, c.kind, c.before, c.after, messages));
  return { target: plan.target, groups, messagesScanned: messages.length, lists };
}

function previewList(
  id: string,
  kind: ChangeKind,
  before: KeywordList | null,
  after: KeywordList | null,
  messages: readonly PreviewMessage[],
): ListPreview {
  const category = (after ?? before)?.category ?? 'word';
  const beforeMatcher = before ? compileMatcher(before) : undefined;
  const afterMatcher = after ? compileMatcher(after) : undefined;
  if (beforeMatcher === null || afterMatcher === null) {
    return { id, kind, category, previewable: false, before: 0, after: 0, newlyCaught: 0, noLongerCaught: 0, topTerms: [] };
  }
  const counts = { before: 0, after: 0, newlyCaught: 0, noLongerCaught: 0 };
  const hits = new Map<string, number>();
  for (const m of messages) {
    const was = caught(beforeMatcher, m.text);
    const terms = afterMatcher ? afterMatcher.matches(m.text) : [];
    const is = terms.length > 0;
    for (const t of terms) hits.set(t, (hits.get(t) ?? 0) + 1);
    if (was) counts.before++;
    if (is) counts.after++;
    if (is && !was) counts.newlyCaught++;
    if (was && !is) counts.noLongerCaught++;
  }
  const topTerms = [...hits]
    .map(([term, n]) => ({ term, messages: n }))
    .sort((a, b) => b.messages - a.messages || a.term.localeCompare(b.term))
    .slice(0, TOP_TERMS);
  return { id, kind, category, previewable: true, ...counts, topTerms };
}

function caught(matcher: Matcher | undefined, text: string): boolean {
  return matcher !== undefined && matcher.matches(text).length > 0;
}
