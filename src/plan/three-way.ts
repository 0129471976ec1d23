// The pull request's plan read three ways: the base branch (what the repository says today), the
// live app, and the pull request. Apply after merge makes live equal the PR's files, so the plan
// (PR vs live) mixes two things a reviewer must tell apart: what the PR itself changes (base -> PR)
// and live edits made outside the repository that merging would undo (base -> live, not in the PR).
// Pure: data in, data out (STYLE 1, 4).
import type { DesiredList, KeywordList, LiveKeywordList } from '../model/keyword-list.js';
import type { FieldChange, Plan } from '../model/plan.js';
import { computePlan, type PlanOptions } from './compute-plan.js';
import { listContent, termsMissing } from './term-sets.js';

export type ListSide = KeywordList | DesiredList;

/** What the pull request itself changes in one list (base branch -> PR). */
export interface OwnChange {
  kind: 'create' | 'update' | 'delete' | 'none';
  added: string[];
  removed: string[];
  fields: FieldChange[];
}

/** A live edit (base -> live) that merging would undo, because the PR's file does not carry it. */
export interface Reverted {
  /** Terms added live that apply would remove. */
  removes: string[];
  /** Terms removed live that apply would add back. */
  readds: string[];
  /** Fields edited live that apply would set back (before = live, after = file). */
  fields: FieldChange[];
  /** The whole list: created live (apply deletes it, with prune) or deleted live (apply creates it again). */
  list: 'deletes-live-list' | 'recreates-list' | null;
}

export interface ThreeWayList {
  id: string;
  /** The PR's file for the list, else the base branch's. */
  file: string | null;
  /** The live revision the plan for this list was made against; null when the list is not live. */
  liveRevision: string | null;
  own: OwnChange;
  /** Live differs from the base branch (changed outside the repository since the last apply). */
  changedLive: boolean;
  reverted: Reverted;
  /** Live edits the PR brings into its file (so merging keeps them). */
  adopted: string[];
}

export interface ThreeWayPlan {
  /** What apply would do after merge: the PR's lists against live. */
  plan: Plan;
  /** One entry per list in any of the three states that differs somewhere, sorted by id. */
  lists: ThreeWayList[];
}

export function hasReverts(r: Reverted): boolean {
  return r.removes.length > 0 || r.readds.length > 0 || r.fields.length > 0 || r.list !== null;
}

export function computeThreeWay(
  base: readonly ListSide[],
  live: readonly LiveKeywordList[],
  pr: readonly ListSide[],
  opts: PlanOptions,
): ThreeWayPlan {
  // A file claiming a default list's id is reported by predict-apply; the plan leaves it out
  // instead of stopping, so the rest of the PR is still planned.
  const defaults = new Set([...live.filter((x) => x.default).map((x) => x.id), ...(opts.defaults ?? [])]);
  const plan = computePlan(pr.filter((d) => !defaults.has(d.id)), live, opts);
  // A list whose live side could not be read is reported by the plan (Plan.unreadable); compared
  // three ways it would look deleted live.
  const unreadable = new Set((opts.unreadable ?? []).map((u) => u.id));
  const without = (xs: readonly ListSide[]) => (unreadable.size > 0 ? xs.filter((x) => !unreadable.has(x.id)) : xs);
  return { plan, lists: threeWayLists(without(base), live, without(pr), opts.prune) };
}

/** The per-list side of computeThreeWay, without the plan (for callers that have one already). */
export function threeWayLists(base: readonly ListSide[], live: readonly LiveKeywordList[], pr: readonly ListSide[], prune: boolean): ThreeWayList[] {
  const byId = <T extends { id: string }>(xs: readonly T[]) => new Map(xs.map((x) => [x.id, x]));
  const b = byId(base);
  const l = byId(live.filter((x) => !x.default));
  const p = byId(pr);
  const ids = [...new Set([...b.keys(), ...l.keys(), ...p.keys()])].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const lists: ThreeWayList[] = [];
  for (const id of ids) {
    const entry = threeWayList(id, b.get(id), l.get(id), p.get(id), prune);
    if (entry.own.kind !== 'none' || entry.changedLive) lists.push(entry);
  }
  return lists;
}

function threeWayList(id: string, base: ListSide | undefined, live: LiveKeywordList | undefined, pr: ListSide | undefined, prune: boolean): ThreeWayList {
  const own = ownChange(base, pr);
  const changedLive = !sameSide(base, live);
  const reverted = changedLive ? revertedEdits(base, live, pr, prune) : emptyReverted();
  const adopted = changedLive && base && live && pr ? termsMissing(live.searchTerms, base.searchTerms).filter((t) => pr.searchTerms.includes(t)) : [];
  return { id, file: fileOf(pr) ?? fileOf(base), liveRevision: live?.revisionId ?? null, own, changedLive, reverted, adopted };
}

function ownChange(base: ListSide | undefined, pr: ListSide | undefined): OwnChange {
  if (!base && !pr) return { kind: 'none', added: [], removed: [], fields: [] };
  if (!base) return { kind: 'create', added: termsMissing(pr!.searchTerms, []), removed: [], fields: [] };
  if (!pr) return { kind: 'delete', added: [], removed: termsMissing(base.searchTerms, []), fields: [] };
  const added = termsMissing(pr.searchTerms, base.searchTerms);
  const removed = termsMissing(base.searchTerms, pr.searchTerms);
  const fields = diffFields(base, pr);
  const kind = added.length + removed.length + fields.length > 0 ? 'update' : 'none';
  return { kind, added, removed, fields };
}

function revertedEdits(base: ListSide | undefined, live: LiveKeywordList | undefined, pr: ListSide | undefined, prune: boolean): Reverted {
  const out = emptyReverted();
  // Created live (not in base): merging deletes it only with prune, and only if the PR has no file for it.
  if (!base && live) {
    if (!pr && prune) out.list = 'deletes-live-list';
    else if (pr) out.removes = termsMissing(live.searchTerms, pr.searchTerms);
    return out;
  }
  // Deleted live: merging creates it again when the PR keeps the file.
  if (base && !live) {
    if (pr) out.list = 'recreates-list';
    return out;
  }
  if (!base || !live || !pr) return out;
  out.removes = termsMissing(termsMissing(live.searchTerms, base.searchTerms), pr.searchTerms);
  out.readds = termsMissing(base.searchTerms, live.searchTerms).filter((t) => pr.searchTerms.includes(t));
  // A field edited live and left as the base branch had it in the PR is set back.
  out.fields = diffFields(live, pr).filter((f) => (base as KeywordList)[f.field] === f.after);
  return out;
}

function emptyReverted(): Reverted {
  return { removes: [], readds: [], fields: [], list: null };
}

function sameSide(a: ListSide | undefined, b: ListSide | undefined): boolean {
  if (!a || !b) return !a && !b;
  const x = listContent(a);
  const y = listContent(b);
  return diffFields(x, y).length === 0 && termsMissing(x.searchTerms, y.searchTerms).length === 0 && termsMissing(y.searchTerms, x.searchTerms).length === 0;
}

function diffFields(before: KeywordList, after: KeywordList): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of ['name', 'description', 'category'] as const) {
    const x = before[field] ?? '';
    const y = after[field] ?? '';
    if (x !== y) out.push({ field, before: x, after: y });
  }
  return out;
}

/** The file a list was loaded from; null for a live or base-standing list without one. */
export function fileOf(d: ListSide | undefined): string | null {
  return d && 'source' in d && d.source ? d.source.file : null;
}
