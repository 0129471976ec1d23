// desired (files) vs live (service) -> Plan. Pure: data in, data out, no I/O (STYLE 1, 4).
import { ConfigError } from '../errors.js';
import type { DesiredList, KeywordList, LiveKeywordList } from '../model/keyword-list.js';
import { PLAN_FORMAT_VERSION, type FieldChange, type ListChange, type Plan, type UnmanagedList, type UnreadableList } from '../model/plan.js';
import { unreadableNote } from './read-live.js';
import { unsafeReason, type SafetyConfig } from './safety.js';
import { diffTerms, listContent, termsMissing, withTermsOnDemand } from './term-sets.js';

export interface PlanOptions {
  /** Target name (kwsync.yaml) or app id, for the reports. */
  target: string;
  /** Delete live lists that have no file (never default lists). */
  prune: boolean;
  safety: SafetyConfig;
  mode?: 'live' | 'offline';
  now?: Date;
  /** Shown with the plan, e.g. that the live listing may be cut short. */
  notes?: string[];
  /** Default lists the listing set aside (ids; readLiveLists): never planned, and a file claiming one is refused. */
  defaults?: readonly string[];
  /** Live lists with a file that could not be read: each is reported (Plan.unreadable), never planned. */
  unreadable?: readonly { id: string; problems: string[] }[];
  /** The listing may be cut short: the plan says what it could not check. */
  truncatedListing?: { listed: number; reason?: string };
}

export function computePlan(
  desired: readonly (KeywordList | DesiredList)[],
  live: readonly LiveKeywordList[],
  opts: PlanOptions,
): Plan {
  const defaultIds = new Set([...live.filter((l) => l.default).map((l) => l.id), ...(opts.defaults ?? [])]);
  const defaults = [...defaultIds];
  const liveById = new Map(live.filter((l) => !l.default).map((l) => [l.id, l]));
  refuseDefaultIds(desired, defaultIds);

  // A list whose live side could not be read fails alone: neither created (it exists) nor updated.
  const problemsById = new Map((opts.unreadable ?? []).map((u) => [u.id, u.problems]));
  const unreadable: UnreadableList[] = [];
  const changes: ListChange[] = [];
  for (const d of desired) {
    const current = liveById.get(d.id);
    const problems = problemsById.get(d.id);
    if (!current && problems) unreadable.push({ id: d.id, file: fileOf(d), problems: [...problems] });
    else changes.push(current ? updateOrNoop(d, current, opts.safety) : create(d));
  }
  const desiredIds = new Set(desired.map((d) => d.id));
  // Unreadable live lists with no file: left alone (never pruned) and said so.
  const leftAlone = (opts.unreadable ?? []).filter((u) => !desiredIds.has(u.id));
  const notes = [...(opts.notes ?? []), ...(leftAlone.length > 0 ? [unreadableNote(leftAlone)] : [])];
  const orphans = [...liveById.values()].filter((l) => !desiredIds.has(l.id));
  const unmanaged: UnmanagedList[] = [];
  for (const l of orphans) {
    if (opts.prune) changes.push(deletion(l, opts.safety));
    else unmanaged.push({ id: l.id, name: l.name, category: l.category, revisionId: l.revisionId, terms: l.searchTerms.length });
  }
  return {
    formatVersion: PLAN_FORMAT_VERSION,
    target: opts.target,
    mode: opts.mode ?? 'live',
    createdAt: (opts.now ?? new Date()).toISOString(),
    prune: opts.prune,
    changes: changes.sort((a, b) => compareIds(a.id, b.id)),
    unmanaged: unmanaged.sort((a, b) => compareIds(a.id, b.id)),
    defaults: defaults.sort(compareIds),
    ...(notes.length > 0 ? { notes } : {}),
    ...(unreadable.length > 0 ? { unreadable: unreadable.sort((a, b) => compareIds(a.id, b.id)) } : {}),
    ...(opts.truncatedListing ? { truncatedListing: { ...opts.truncatedListing } } : {}),
  };
}

// Default lists belong to the service; a file claiming one is a naming mistake, not an update.
function refuseDefaultIds(desired: readonly (KeywordList | DesiredList)[], defaultIds: Set<string>): void {
  const clash = desired.filter((d) => defaultIds.has(d.id));
  if (clash.length === 0) return;
  const where = clash.map((d) => `${fileOf(d) ?? d.id}: list id "${d.id}"`).join('; ');
  throw new ConfigError(`${where} is a default list of the app, and kwsync never changes default lists`, {
    hint: 'give the list its own id',
  });
}

function create(d: KeywordList | DesiredList): ListChange {
  const after = listContent(d);
  return {
    kind: 'create',
    id: d.id,
    before: null,
    after,
    added: termsMissing(after.searchTerms, []),
    removed: [],
    fieldChanges: [],
    revisionId: null,
    file: fileOf(d),
    unsafe: null,
  };
}

// One diff per list: added, removed and the safety share from one walk over the terms, and the
// plan's `before` holds the desired strings where live has the same term (issue 13: memory), built
// only when something reads them (a preview, a saved plan; an apply does not: issue 31).
function updateOrNoop(d: KeywordList | DesiredList, current: LiveKeywordList, safety: SafetyConfig): ListChange {
  const after = listContent(d);
  const diff = diffTerms(current.searchTerms, after.searchTerms);
  const before = withTermsOnDemand(listContent(current, []), diff.before);
  const { added, removed } = diff;
  const fieldChanges = diffFields(before, after);
  const changed = added.length > 0 || removed.length > 0 || fieldChanges.length > 0;
  return {
    kind: changed ? 'update' : 'noop',
    id: d.id,
    before,
    after,
    added,
    removed,
    fieldChanges,
    revisionId: current.revisionId,
    file: fileOf(d),
    unsafe: changed ? unsafeReason(current.searchTerms, after.searchTerms, safety, removed.length) : null,
  };
}

function deletion(l: LiveKeywordList, safety: SafetyConfig): ListChange {
  const before = listContent(l);
  return {
    kind: 'delete',
    id: l.id,
    before,
    after: null,
    added: [],
    removed: termsMissing(before.searchTerms, []),
    fieldChanges: [],
    revisionId: l.revisionId,
    file: null,
    unsafe: unsafeReason(before.searchTerms, null, safety),
  };
}

function diffFields(before: KeywordList, after: KeywordList): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of ['name', 'description', 'category'] as const) {
    if (before[field] !== after[field]) out.push({ field, before: before[field], after: after[field] });
  }
  return out;
}

function fileOf(d: KeywordList | DesiredList): string | null {
  return 'source' in d && d.source ? d.source.file : null;
}

// Code-unit order, not locale order, so the plan (and its checksum) is the same on every machine.
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
