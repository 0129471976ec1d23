// Pure answers of `kwsync status`: a plan of the compared lists against live, read as drift (live
// edits, missing lists, unmanaged lists), and two sets of lists compared as "ahead" (which lists the
// ref adds, changes or removes since the applied commit). No I/O.
import type { KeywordList } from '../model/keyword-list.js';
import type { Plan } from '../model/plan.js';
import { uncheckedText } from '../plan/summary.js';
import { sameContent } from '../plan/term-sets.js';
import type { Ahead, Drift } from './status-schema.js';

/**
 * Drift from a plan of the compared lists (prune off) against live. Unmanaged lists are drift only
 * when prune is on: with it off, apply leaves them alone, as the drift check and `plan` do.
 * `differsFrom`: the compared lists are a ref's, not the applied commit's (no deployment record), so
 * a difference may be a committed change never applied: it is "differs from <ref>", not a live edit.
 */
export function classifyDrift(plan: Pick<Plan, 'changes' | 'unmanaged' | 'unreadable' | 'truncatedListing'>, prune: boolean, differsFrom?: string): Drift {
  const updated = plan.changes.filter((c) => c.kind === 'update').map((c) => c.id);
  const liveEdits = differsFrom === undefined ? updated : [];
  const differs = differsFrom === undefined ? [] : updated;
  const missing = plan.changes.filter((c) => c.kind === 'create').map((c) => c.id);
  const unmanaged = [...plan.unmanaged.map((u) => u.id), ...plan.changes.filter((c) => c.kind === 'delete').map((c) => c.id)].sort();
  const unreadable = (plan.unreadable ?? []).map((u) => u.id);
  const unseen = uncheckedText(plan).trim();
  const different = updated.length > 0 || missing.length > 0 || (prune && unmanaged.length > 0);
  return {
    state: unreadable.length > 0 ? 'error' : different ? 'drift' : 'none',
    liveEdits,
    ...(differsFrom === undefined ? {} : { differs, differsFrom }),
    missing,
    unmanaged,
    unreadable,
    ...(unreadable.length > 0 ? { reason: `${unreadable.length} list${unreadable.length === 1 ? '' : 's'} could not be read live: ${unreadable.join(', ')}` } : {}),
    // The reason the read may be cut short (a page cut short, totals that moved between pages, lists found by id it left out).
    notes: unseen ? [plan.truncatedListing?.reason ? `${unseen} Why: ${plan.truncatedListing.reason}.` : unseen] : [],
  };
}

/** Drift that could not be looked at: no key (`not-checked`) or a failure (`error`). */
export function uncheckedDrift(state: 'not-checked' | 'error', reason: string): Drift {
  return { state, liveEdits: [], missing: [], unmanaged: [], unreadable: [], reason, notes: [] };
}

/** Which lists differ between the applied commit's set and the ref's (ids sorted). */
export function compareAhead(applied: readonly KeywordList[], head: readonly KeywordList[], ref: { name: string; sha?: string | undefined }): Ahead {
  const before = new Map(applied.map((l) => [l.id, l]));
  const after = new Map(head.map((l) => [l.id, l]));
  const added = [...after.keys()].filter((id) => !before.has(id)).sort();
  const removed = [...before.keys()].filter((id) => !after.has(id)).sort();
  const changed = [...after.values()].filter((l) => before.has(l.id) && !sameContent(before.get(l.id)!, l)).map((l) => l.id).sort();
  const ahead = added.length + changed.length + removed.length > 0;
  return { state: ahead ? 'ahead' : 'none', ref: ref.name, ...(ref.sha ? { sha: ref.sha } : {}), added, changed, removed };
}

export function unknownAhead(ref: { name: string; sha?: string | undefined }, reason: string): Ahead {
  return { state: 'unknown', ref: ref.name, ...(ref.sha ? { sha: ref.sha } : {}), added: [], changed: [], removed: [], reason };
}

/** Whether something about a target could not be read: its records, or its live lists. */
export function targetUnread(t: { applied: { error?: boolean | undefined }; drift: Drift }): boolean {
  return t.applied.error === true || t.drift.state === 'error' || t.drift.state === 'not-checked';
}

/** Whether a target is read and shows nothing to do. */
export function targetInSync(t: { drift: Drift; ahead: Ahead }): boolean {
  return t.drift.state === 'none' && t.ahead.state !== 'ahead';
}
