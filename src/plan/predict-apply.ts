// What apply would refuse or fail on after merge, found while the pull request is still open: a
// file claiming a default list's id, more lists than the app allows, unsafe removals (which apply
// refuses without force) and live edits that merging would undo. Each is a diagnostic on the file
// it concerns, so the check run shows it on that file. Pure.
import type { Diagnostic } from '../model/diagnostic.js';
import type { LiveKeywordList } from '../model/keyword-list.js';
import type { Plan } from '../model/plan.js';
import { fileOf, hasReverts, type ListSide, type ThreeWayList } from './three-way.js';

export const RULES = {
  defaultId: 'apply-default-list-id',
  listLimit: 'apply-list-limit',
  unsafe: 'apply-unsafe-change',
  reverts: 'apply-reverts-live-edit',
  defaultRuleId: 'apply-default-rule-id',
} as const;

function at(file: string | null, fallback: string, rule: string, message: string): Diagnostic {
  return { file: file ?? fallback, line: 1, column: 1, severity: 'error', rule, message };
}

/** Files whose list id is one of the app's default lists (apply never touches those). */
export function defaultIdProblems(pr: readonly ListSide[], live: readonly LiveKeywordList[], dir: string, setAside: readonly string[] = []): Diagnostic[] {
  // Default lists arrive set aside by the listing (readLiveLists `defaults`), or among lists read by id.
  const defaults = new Set([...live.filter((l) => l.default).map((l) => l.id), ...setAside]);
  return pr
    .filter((d) => defaults.has(d.id))
    .map((d) => at(fileOf(d), dir, RULES.defaultId, `list id "${d.id}" is a default list of the app; kwsync never changes default lists, so apply would stop here: give the list its own id`));
}

/**
 * The app's list limit: live non-default lists, plus the lists apply creates, minus those it deletes.
 * Located at the first file that creates a list (the change that crosses the limit), else kwsync.yaml.
 */
export function listLimitProblem(plan: Plan, live: readonly LiveKeywordList[], maxLists: number, configFile: string): Diagnostic[] {
  const liveCount = live.filter((l) => !l.default).length;
  const creates = plan.changes.filter((c) => c.kind === 'create');
  const deletes = plan.changes.filter((c) => c.kind === 'delete').length;
  const after = liveCount + creates.length - deletes;
  if (after <= maxLists) return [];
  const message =
    `after this change the app would have ${after} keyword lists (${liveCount} live + ${creates.length} created − ${deletes} deleted), ` +
    `more than limits.maxLists (${maxLists}); apply would fail on the create past the limit: delete or merge lists first`;
  return [at(creates[0]?.file ?? null, configFile, RULES.listLimit, message)];
}

/** Changes apply refuses without force: the planner's unsafe changes (lists and rules) and live edits merging undoes. */
export function unsafeProblems(plan: Plan, lists: readonly ThreeWayList[], dir: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const c of plan.changes) {
    if (c.unsafe === null) continue;
    out.push(at(c.file, `${dir}/${c.id}.yaml`, RULES.unsafe, `list "${c.id}" (live revision ${c.revisionId ?? 'none'}): ${c.unsafe}; apply refuses this without force`));
  }
  // A rule change apply refuses (a rule pruned); a list deletion a rule still uses is marked above (usedBy).
  for (const c of plan.rules?.changes ?? []) {
    if (c.unsafe === null) continue;
    out.push(at(c.file, `${dir}/rules`, RULES.unsafe, `rule "${c.id}" (live revision ${c.revisionId ?? 'none'}): ${c.unsafe}; apply refuses this without force`));
  }
  for (const l of lists) {
    if (!hasReverts(l.reverted)) continue;
    out.push(at(l.file, `${dir}/${l.id}.yaml`, RULES.reverts, `list "${l.id}" was changed live (revision ${l.liveRevision ?? 'deleted'}) and merging reverts it (${describeReverted(l)}); bring the live edit into the file (kwsync import --list ${l.id}) or merge knowing the edit is undone`));
  }
  return out;
}

export function describeReverted(l: ThreeWayList): string {
  const r = l.reverted;
  const parts: string[] = [];
  if (r.list === 'deletes-live-list') parts.push('deletes the list created live');
  if (r.list === 'recreates-list') parts.push('creates again the list deleted live');
  if (r.removes.length > 0) parts.push(`removes ${r.removes.length} term${r.removes.length === 1 ? '' : 's'} added live`);
  if (r.readds.length > 0) parts.push(`adds back ${r.readds.length} term${r.readds.length === 1 ? '' : 's'} removed live`);
  if (r.fields.length > 0) parts.push(`sets back ${r.fields.map((f) => f.field).join(', ')}`);
  return parts.join(', ');
}
