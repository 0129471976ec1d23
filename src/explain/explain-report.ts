// The report `kwsync explain` prints: the verdicts of explain-message.ts for the lists in git (and,
// when asked, the live ones), each matching term placed on its line and traced through git history.
// Takes loaded lists and an open repository; reads the list files again only to find term lines.
// Sentence-similarity lists are scored by the local sentence model when `similarity` is given
// (explain-similarity.ts): the nearest sentence, its score, and the local-model disclaimer.
import { actingRules, type ActingRule } from './acting-rules.js';
import type { DesiredRule } from '../model/moderation-rule.js';
import { readFile, realpath } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import pLimit from 'p-limit';
import type { Category, DesiredList, KeywordList } from '../model/keyword-list.js';
import { explainMessage, findTerm, RULES, type Span } from './explain-message.js';
import { scoreSentenceLists, type SimilarityInput } from './explain-similarity.js';
import { LOCAL_MODEL_NOTE } from '../preview/similarity-scan.js';
import { formatThreshold } from '../preview/similarity-threshold.js';
import { MODEL_NAME } from '../similarity/embedder.js';
import type { GitHistory } from './git-history.js';
import { termProvenance, type Provenance } from './provenance.js';
import { readTermLines, type TermLines } from './term-lines.js';

export interface TermReport {
  term: string;
  /** --term: how the list's term equals the one asked about. */
  match?: 'exact' | 'case-folded';
  /** A message: where the term hits it. */
  spans?: Span[];
  /** The file and line holding the term (the list file, or its terms CSV). */
  file: string;
  line?: number;
  provenance: Provenance;
  /** With --live: whether the live list of the same id holds the term too. */
  live?: 'present' | 'absent' | 'no-live-list';
}

export interface ListReport {
  id: string;
  name: string;
  file: string;
  termsFile?: string;
  category: Category;
  rule: string;
  previewable: boolean;
  caught: boolean;
  terms: TermReport[];
  /** A sentence-similarity list scored by the local model: its sentence nearest the message (null when it has none) and the score. */
  nearest?: { sentence: string; score: number } | null;
  /** A sentence-similarity list not scored: why, and what to do. */
  notPreviewed?: string;
}

export interface LiveListReport {
  id: string;
  category: Category;
  /** Whether the repository has a list of this id. */
  inRepo: boolean;
  caught: boolean;
  /** The live terms that catch the message (or hold the term). */
  terms: string[];
  /** Of those, the ones the repository's list of this id does not hold (added live, or not yet removed live). */
  liveOnly: string[];
}

export interface ExplainReport {
  formatVersion: 1;
  kind: 'message' | 'term';
  /** The message explained, or the term looked up. */
  text: string;
  /** A message: some list in git catches it. A term: some list in git holds it. */
  caught: boolean;
  lists: ListReport[];
  /** Why no commit or pull request is shown, when git history could not be read. */
  provenanceUnavailable?: string;
  live?: { lists: LiveListReport[]; notes: string[] };
  /** Set when a sentence-similarity list was explained: the local model and threshold of its verdict. */
  similarity?: { source: 'local-model'; model: string; threshold: number; note: string };
  /** The kwsync.yaml target answered for: its selection and overrides are what its app holds. */
  target?: ExplainTarget;
  /** A message, when the folder has rule files: the enabled rules that would act on it (through the lists that catch it). */
  rules?: ActingRule[];
}

/** The target a report answers for, and the folder's lists it does not take. */
export interface ExplainTarget {
  name: string;
  /** Ids of the folder's lists the target leaves out (exclude, include, omit). */
  leftOut: string[];
}

export interface ExplainInput {
  cwd: string;
  lists: readonly DesiredList[];
  git: GitHistory | null;
  live?: { lists: readonly KeywordList[]; notes: string[] };
  /** Score sentence-similarity lists with the local model (messages only); without it they are not previewable. */
  similarity?: SimilarityInput;
  /** `lists` are this kwsync.yaml target's (its selection, overrides applied). */
  target?: ExplainTarget;
  /** Per list id, the files (relative to `cwd`) the target appends terms from: a term not in the list's own file is found there. */
  appended?: Readonly<Record<string, readonly string[]>>;
  /** The rule files (keywords/rules/*.yaml), when the folder has rules/: the report names the rules that would act. */
  rules?: readonly DesiredRule[];
}

const NO_GIT = 'not in a git repository (or git is not installed), so provenance is unavailable';

export async function explainMessageReport(message: string, input: ExplainInput): Promise<ExplainReport> {
  const verdicts = explainMessage(message, input.lists);
  const scored = input.similarity ? await scoreSentenceLists(message, input.lists, input.similarity) : undefined;
  const trace = tracer(input);
  const lists = await Promise.all(
    verdicts.map(async (v, i): Promise<ListReport> => {
      const list = input.lists[i]!;
      if (list.category === 'sentence-similarity' && scored) {
        if (!scored.ok) return { ...head(list), rule: v.rule, previewable: false, caught: false, terms: [], notPreviewed: scored.reason };
        const { nearest, caught } = scored.verdicts.get(list.id)!;
        const terms = caught && nearest ? [await trace(list, nearest.sentence, {})] : [];
        return { ...head(list), rule: similarityRule(input.similarity!.threshold), previewable: true, caught, terms, nearest };
      }
      const terms = await Promise.all(v.hits.map((h) => trace(list, h.term, { spans: h.spans })));
      return { ...head(list), rule: v.rule, previewable: v.previewable, caught: v.caught, terms };
    }),
  );
  const finished = await finish('message', message, lists, input, input.live && liveReport(explainMessage(message, input.live.lists).filter((v) => v.caught).map((v) => ({ id: v.id, category: v.category, terms: v.hits.map((h) => h.term) })), input));
  const report = input.rules ? { ...finished, rules: actingRules(input.rules, lists.filter((l) => l.caught).map((l) => l.id)) } : finished;
  if (!scored || !input.similarity) return report;
  const model = scored.model ?? MODEL_NAME;
  return { ...report, similarity: { source: 'local-model', model, threshold: input.similarity.threshold, note: LOCAL_MODEL_NOTE } };
}

/** How a scored sentence list decides, in words. */
export function similarityRule(threshold: number): string {
  return `caught at similarity ${formatThreshold(threshold)} or more to a sentence of the list, as scored by a local model (not CometChat's)`;
}

export async function explainTermReport(term: string, input: ExplainInput): Promise<ExplainReport> {
  const byId = new Map(input.lists.map((l) => [l.id, l]));
  const trace = tracer(input);
  const lists = await Promise.all(
    findTerm(term, input.lists).map(async (h): Promise<ListReport> => {
      const list = byId.get(h.id)!;
      const terms = await Promise.all(h.holds.map((t) => trace(list, t.term, { match: t.match })));
      return { ...head(list), rule: RULES[list.category], previewable: list.category !== 'sentence-similarity', caught: true, terms };
    }),
  );
  return finish('term', term, lists, input, input.live && liveReport(findTerm(term, input.live.lists).map((h) => ({ id: h.id, category: h.category, terms: h.holds.map((t) => t.term) })), input));
}

function head(list: DesiredList): Pick<ListReport, 'id' | 'name' | 'file' | 'termsFile' | 'category'> {
  return { id: list.id, name: list.name, file: list.source.file, ...(list.source.termsFile ? { termsFile: list.source.termsFile } : {}), category: list.category };
}

function finish(kind: ExplainReport['kind'], text: string, lists: ListReport[], input: ExplainInput, live: LiveListReport[] | undefined): ExplainReport {
  const liveById = new Map(input.live?.lists.map((l) => [l.id, new Set(l.searchTerms)]));
  if (input.live) {
    for (const list of lists) for (const t of list.terms) t.live = !liveById.has(list.id) ? 'no-live-list' : liveById.get(list.id)!.has(t.term) ? 'present' : 'absent';
  }
  return {
    formatVersion: 1,
    kind,
    text,
    caught: lists.some((l) => l.caught),
    lists,
    ...(input.git ? {} : { provenanceUnavailable: NO_GIT }),
    ...(input.live && live ? { live: { lists: live, notes: input.live.notes } } : {}),
    ...(input.target ? { target: input.target } : {}),
  };
}

function liveReport(found: { id: string; category: Category; terms: string[] }[], input: ExplainInput): LiveListReport[] {
  const repo = new Map(input.lists.map((l) => [l.id, new Set(l.searchTerms)]));
  return found.map((f) => {
    const inRepo = repo.get(f.id);
    return { id: f.id, category: f.category, inRepo: inRepo !== undefined, caught: f.terms.length > 0, terms: f.terms, liveOnly: f.terms.filter((t) => !inRepo?.has(t)) };
  });
}

/** A term placed on its line and traced through git, each file read once, a few git processes at a time. */
function tracer(input: ExplainInput) {
  const limit = pLimit(4);
  const files = new Map<string, Promise<TermLines | null>>();
  const lines = (file: string) => {
    let read = files.get(file);
    if (!read) files.set(file, (read = readFile(resolve(input.cwd, file), 'utf8').then((text) => readTermLines(file, text), () => null)));
    return read;
  };
  const top = input.git ? realpath(input.git.top) : undefined;
  return async (list: DesiredList, term: string, extra: Pick<TermReport, 'spans' | 'match'>): Promise<TermReport> => {
    // The list's own file first, then the files its target appends terms from.
    let file = list.source.termsFile ?? list.source.file;
    let found = await lines(file);
    let index = found ? found.values.indexOf(term) : -1;
    for (const other of index < 0 && input.appended ? (input.appended[list.id] ?? []) : []) {
      const there = await lines(other);
      const i = there ? there.values.indexOf(term) : -1;
      if (i < 0) continue;
      [file, found, index] = [other, there, i];
      break;
    }
    const line = found && index >= 0 ? found.lineOf(index) : undefined;
    const base = { term, ...extra, file, ...(line ? { line } : {}) };
    if (!input.git || !top) return { ...base, provenance: { status: 'unavailable', reason: NO_GIT } };
    if (!line) return { ...base, provenance: { status: 'unavailable', reason: 'the line holding the term was not found' } };
    const git = input.git;
    const fromTop = relative(await top, await realpath(resolve(input.cwd, file))).split(sep).join('/');
    if (fromTop.startsWith('../')) return { ...base, provenance: { status: 'unavailable', reason: 'the file lies outside the git repository of the working directory' } };
    return { ...base, provenance: await limit(() => termProvenance(git, fromTop, line, term)) };
  };
}
