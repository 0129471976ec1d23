// The live lists a plan compares against. The client reads every page of the listing it can follow
// (src/api/listing-pages.ts: meta.pagination, meta.next, or service.listingPaging). Still, a list
// missing from the listing is never taken as absent: no paging of it is published, so the read may
// be cut short. Every wanted id the listing lacks is confirmed with GET by id, which is published
// and settles that one id exactly. A read that may be cut short says why (`incomplete`), the plan
// says what it could not check, and apply refuses --prune (src/plan/safety.ts).
//
// The same goes for ids that were managed before (files deleted since a base: the PR's base branch,
// the commit before a push, `--base`): with a truncated listing, a list whose file was deleted may be
// live and unseen, so prune would miss it and the plan would call the app clean. Each is asked by id.
//
// The read checks itself: a list that GET by id finds but the listing did not show (a listing that
// looks whole but is not) makes the read incomplete, as a listing that disagrees with itself does
// (src/api/listing-pages.ts). With `readAgain` (a plan with prune) such a read is made once more
// from the start before it is given up: a second writer that moved a page boundary once is gone by then.
//
// One item the listing could not read (or one GET by id that answers an unreadable list) never sinks
// the read: it is named in `unreadable`, and a file with that id fails alone (computePlan).
import pLimit from 'p-limit';
import { ApiError } from '../errors.js';
import type { LiveKeywordList } from '../model/keyword-list.js';
import type { KeywordTarget, LiveListing } from '../model/target.js';
import type { PlanOptions } from './compute-plan.js';

export type DefaultListRef = NonNullable<LiveListing['defaults']>[number];

export interface UnreadableLive {
  id: string;
  /** What could not be read, located by field (`searchTerms: ...`). */
  problems: string[];
  /** A list file (a wanted id) names it: that list fails alone; otherwise it is left alone and noted. */
  wanted: boolean;
}

export interface LiveLists {
  /**
   * The listing's readable non-default lists, plus every wanted or former list read by GET by id
   * (a default list among those keeps `default: true`; every consumer leaves those alone).
   */
  lists: LiveKeywordList[];
  /** The listing may be cut short: live lists kwsync was not asked about may be missing. */
  mayBeTruncated: boolean;
  /** Why it may be cut short (which page, what was seen), when the reader says. */
  incomplete?: string;
  /** Set with `incomplete` when a read from the start may be whole (the listing moved or disagreed with itself). */
  again?: boolean;
  /** Pages of the listing read. */
  pages: number;
  /** How many items the listing itself returned (lists, defaults and set-aside items alike). */
  listed: number;
  /** Live lists of a category kwsync does not know, set aside by the client. */
  unknownCategory: { id: string; category: string }[];
  /** Default lists, set aside whatever their shape: never planned, written, pruned or imported. */
  defaults: DefaultListRef[];
  /** Items with an id that could not be read as a list. */
  unreadable: UnreadableLive[];
  /** Items of the listing with no usable id. */
  withoutId: number;
}

export interface ReadLiveOptions {
  /**
   * Ids managed before and no longer wanted (list files deleted since a base). Those the listing
   * does not show are asked by id, so a deleted file's list is seen (and pruned) even when the
   * listing is cut short.
   */
  formerIds?: Iterable<string>;
  /**
   * A read that the listing's own answers (or GET by id) show incomplete, in a way a read from the
   * start may not be, is made once more from the start; the second read stands. For plans with prune.
   */
  readAgain?: boolean;
}

const CONFIRM_CONCURRENCY = 4;

export async function readLiveLists(target: KeywordTarget, wantedIds: Iterable<string>, opts: ReadLiveOptions = {}): Promise<LiveLists> {
  const wanted = [...wantedIds];
  const first = await readOnce(target, wanted, opts);
  if (!opts.readAgain || !first.mayBeTruncated || !first.again) return first;
  const second = await readOnce(target, wanted, opts);
  if (!second.mayBeTruncated) return second;
  const why = second.incomplete ?? 'it may be cut short';
  const before = first.incomplete ?? 'it may be cut short';
  return { ...second, incomplete: before === why ? `${why} (and so again on a second read from the start)` : `${why} (on a second read from the start; the first read: ${before})` };
}

async function readOnce(target: KeywordTarget, wantedIds: readonly string[], opts: ReadLiveOptions): Promise<LiveLists> {
  const listing = await target.listKeywordLists();
  const wanted = new Set(wantedIds);
  const defaults = [...(listing.defaults ?? [])];
  const lists = [...listing.lists];
  // A wanted id the client set aside for its unknown category is a managed list kwsync cannot read.
  const unknownCategory: LiveLists['unknownCategory'] = [];
  const unreadable: UnreadableLive[] = [];
  for (const u of listing.unknownCategory ?? []) {
    if (wanted.has(u.id)) unreadable.push({ id: u.id, problems: [unknownCategoryProblem(u.category)], wanted: true });
    else unknownCategory.push({ id: u.id, category: u.category });
  }
  const listedUnreadable = new Map((listing.unreadable ?? []).map((u) => [u.id, u.problems]));
  const listedIds = new Set([...listedIdsOf(listing), ...listedUnreadable.keys()]);
  const seen = new Set([...lists.map((l) => l.id), ...defaults.map((d) => d.id), ...(listing.unknownCategory ?? []).map((u) => u.id)]);
  // Asked by id: wanted ids the listing lacks or could not read (a listing may abridge its items), and former ids it lacks.
  const former = [...new Set(opts.formerIds ?? [])].filter((id) => !wanted.has(id) && !seen.has(id) && !listedUnreadable.has(id));
  const ask = [...[...wanted].filter((id) => !seen.has(id)), ...former];
  // A wanted default list (a file or a plan naming one) is read whole when it can be, so the plan
  // refuses it and a saved plan's check finds it at its revision; one that does not read stays a default.
  const defaultIds = new Set(defaults.map((d) => d.id));
  const wantedDefaults = [...wanted].filter((id) => defaultIds.has(id));
  const limit = pLimit(CONFIRM_CONCURRENCY);
  const [answers, defaultAnswers] = await Promise.all([
    Promise.all(ask.map((id) => limit(() => readOne(target, id)))),
    Promise.all(wantedDefaults.map((id) => limit(() => readOne(target, id)))),
  ]);
  for (const answer of defaultAnswers) if (answer.kind === 'list' && answer.list.default) lists.push(answer.list);
  /** Lists GET by id found that the listing did not show: the listing is not whole. */
  const leftOut: string[] = [];
  ask.forEach((id, i) => {
    const answer = answers[i]!;
    if (answer.kind === 'list' && !listedIds.has(id)) leftOut.push(id);
    const fromListing = listedUnreadable.get(id);
    listedUnreadable.delete(id);
    if (answer.kind === 'list') {
      // A default list found by id is both: set aside by id, and whole in `lists` (default: true) for the checks above.
      if (answer.list.default) defaults.push({ id, name: answer.list.name, category: answer.list.category });
      lists.push(answer.list);
    } else if (answer.kind === 'unreadable') {
      unreadable.push({ id, problems: fromListing ?? [answer.problem], wanted: wanted.has(id) });
    } else if (fromListing) {
      // The listing had an item GET by id does not find: keep what the listing said.
      unreadable.push({ id, problems: fromListing, wanted: wanted.has(id) });
    }
  });
  for (const [id, problems] of listedUnreadable) unreadable.push({ id, problems, wanted: false });
  const leftOutWhy = leftOut.length > 0 ? `the listing left out ${plural(leftOut.length, 'list')} that GET by id found (${named(leftOut)}), so it may leave out others` : undefined;
  const mayBeTruncated = listing.mayBeTruncated || leftOutWhy !== undefined;
  const incomplete = listing.mayBeTruncated ? listing.incomplete : leftOutWhy;
  return {
    lists,
    mayBeTruncated,
    ...(mayBeTruncated && incomplete !== undefined ? { incomplete } : {}),
    // A list found by id that the listing left out may be one created meanwhile: a read from the start may be whole.
    ...(mayBeTruncated && (listing.mayBeTruncated ? listing.again === true : true) ? { again: true } : {}),
    pages: listing.pages ?? 1,
    listed: listing.lists.length + (listing.defaults?.length ?? 0) + (listing.unknownCategory?.length ?? 0) + (listing.unreadable?.length ?? 0) + (listing.withoutId ?? 0),
    unknownCategory,
    defaults,
    unreadable,
    withoutId: listing.withoutId ?? 0,
  };
}

/** Every id the listing showed, whatever became of its item. */
function listedIdsOf(listing: LiveListing): string[] {
  return [...listing.lists.map((l) => l.id), ...(listing.defaults ?? []).map((d) => d.id), ...(listing.unknownCategory ?? []).map((u) => u.id)];
}

type ReadOne = { kind: 'list'; list: LiveKeywordList } | { kind: 'absent' } | { kind: 'unreadable'; problem: string };

/**
 * GET by id. An answer the client could not read (a 2xx in a shape it refuses, or a category it does
 * not know) is that list's problem alone; a failing service still fails the read.
 */
async function readOne(target: KeywordTarget, id: string): Promise<ReadOne> {
  try {
    const list = await target.getKeywordList(id);
    return list ? { kind: 'list', list } : { kind: 'absent' };
  } catch (err) {
    if (err instanceof ApiError && err.status !== undefined && err.status >= 200 && err.status < 300) return { kind: 'unreadable', problem: err.message };
    throw err;
  }
}

function unknownCategoryProblem(category: string): string {
  return `category: "${category}" is a category kwsync does not know (it knows word, pattern, sentence-similarity)`;
}

/** What computePlan needs to know about how live was read, beside the lists themselves. */
export function liveContext(live: LiveLists): Required<Pick<PlanOptions, 'notes' | 'defaults' | 'unreadable'>> & Pick<PlanOptions, 'truncatedListing'> {
  return {
    // Unreadable lists are noted by computePlan, which knows which of them have a file.
    notes: liveNotes({ ...live, unreadable: [] }),
    defaults: live.defaults.map((d) => d.id),
    unreadable: live.unreadable.map(({ id, problems }) => ({ id, problems })),
    ...(live.mayBeTruncated ? { truncatedListing: { listed: live.listed, ...(live.incomplete !== undefined ? { reason: live.incomplete } : {}) } } : {}),
  };
}

const NAMED = 5;

/** `a, b, c and 4 more`: a note stays one line however many items it counts. */
function named(items: readonly string[]): string {
  const shown = items.slice(0, NAMED).join(', ');
  return items.length > NAMED ? `${shown} and ${items.length - NAMED} more` : shown;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What a plan, import or init says about how live was read, one line each: a listing that may hide
 * lists, and what was set aside (counted; default lists are counted by the plan's own line).
 */
export function liveNotes(
  live: Pick<LiveLists, 'mayBeTruncated' | 'listed' | 'unknownCategory'> & Partial<Pick<LiveLists, 'unreadable' | 'withoutId' | 'incomplete' | 'pages' | 'again'>>,
): string[] {
  const notes: string[] = [];
  if (live.mayBeTruncated) notes.push(truncatedNote(live));
  if (live.unknownCategory.length > 0) {
    const items = live.unknownCategory.map((l) => `${l.id} (category "${l.category}")`);
    notes.push(`left alone ${plural(items.length, 'list')}, because kwsync does not know their category: ${named(items)}`);
  }
  const unmanaged = (live.unreadable ?? []).filter((u) => !u.wanted);
  if (unmanaged.length > 0) notes.push(unreadableNote(unmanaged));
  if ((live.withoutId ?? 0) > 0) {
    notes.push(`ignored ${plural(live.withoutId!, 'item')} of the listing without a usable id (never planned or pruned)`);
  }
  return notes;
}

/**
 * What could not be checked, exactly: how far the listing was read, why it stopped there, what was
 * checked anyway (by id), and that prune refuses.
 */
function truncatedNote(live: Pick<LiveLists, 'listed'> & Partial<Pick<LiveLists, 'incomplete' | 'pages' | 'again'>>): string {
  const pages = live.pages !== undefined && live.pages > 1 ? ` over ${plural(live.pages, 'page')}` : '';
  const why = live.incomplete ?? 'it returned a full page and nothing says how to read on';
  // A listing that moved or disagreed with itself is a passing state (another writer at work) or a
  // service that answers inconsistently; a listing that cannot be followed needs service.listingPaging.
  const todo = live.again
    ? 'run again when no other writer is changing the lists; if it persists, run `kwsync doctor --listing-paging` to see how the listing answers'
    : 'run `kwsync doctor --listing-paging` and set service.listingPaging as it recommends';
  return (
    `the service's list of keyword lists may be cut short: ${plural(live.listed, 'item')} read${pages}, then ${why}. ` +
    'Lists with a file, and lists whose file was deleted since a known base (the PR\'s base branch, the commit before a push, plan --base), were each checked by id; ' +
    `other live lists with no file could not be checked: they may be missing from "unmanaged", and apply --prune refuses until the whole listing can be read (${todo})`
  );
}

/** One line for live lists with no file that could not be read: named (capped), never pruned. */
export function unreadableNote(items: readonly { id: string; problems: readonly string[] }[]): string {
  const shown = items.map((u) => `${u.id} (${u.problems[0] ?? 'unreadable'})`);
  return `left alone ${plural(shown.length, 'live list')} that could not be read (never pruned: kwsync cannot tell them from default lists): ${named(shown)}`;
}
