// Rule files vs live rules -> the rules half of the plan, and what rules say about the list changes:
// a list deletion that a rule would still reference is marked (needs --force, naming the rule), and
// the lists no enabled rule uses once the plan is applied are named (they catch nothing live).
// Pure: data in, data out (STYLE 1, 4).
import { ConfigError } from '../../errors.js';
import type { KeywordList, LiveKeywordList } from '../../model/keyword-list.js';
import { referencedLists, ruleListIds, type DesiredRule, type LiveRule, type RuleWrite } from '../../model/moderation-rule.js';
import type { ListChange, LiveRuleSummary, RuleChange, RuleFieldChange, RulesPlan } from '../../model/plan.js';
import type { LiveRuleListing } from '../../model/target.js';
import { actionText, actionVerb, conditionText, filterText, liveWrite, ruleWrite } from './rule-content.js';

export interface RulePlanInput {
  /** The rule files, or null when the folder has no rules/ (rules are then read, never written). */
  desired: readonly DesiredRule[] | null;
  live: LiveRuleListing;
  /** The target's desired lists (their categories go into list conditions). */
  lists: readonly KeywordList[];
  /** The live lists read (default lists' categories). */
  liveLists: readonly LiveKeywordList[];
  /** The plan's list changes: deletions a rule still needs are marked. */
  listChanges: readonly ListChange[];
  prune: boolean;
}

export function computeRulePlan(input: RulePlanInput): { rules: RulesPlan; listChanges: ListChange[] } {
  const { desired, live, prune } = input;
  const managed = desired !== null;
  const defaults = live.rules.filter((r) => r.isDefault);
  const custom = new Map(live.rules.filter((r) => !r.isDefault).map((r) => [r.id, r]));
  refuseDefaultIds(desired ?? [], new Set(defaults.map((r) => r.id)));
  const categories = new Map<string, string>([...input.liveLists.map((l) => [l.id, l.category] as const), ...input.lists.map((l) => [l.id, l.category] as const)]);
  const categoryOf = (id: string) => categories.get(id);

  const changes: RuleChange[] = [];
  for (const d of desired ?? []) {
    const after = ruleWrite(d, categoryOf);
    const current = custom.get(d.id);
    const lines = d.source.lines ? { lines: d.source.lines } : {};
    changes.push({ ...(current ? updateOrNoop(after, current, d.source.file) : create(after, d.source.file)), ...lines });
  }
  const desiredIds = new Set((desired ?? []).map((d) => d.id));
  const unmanaged: LiveRuleSummary[] = [];
  for (const r of custom.values()) {
    if (desiredIds.has(r.id)) continue;
    if (managed && prune) changes.push(deletion(r));
    else unmanaged.push(summary(r));
  }
  changes.sort((a, b) => compareIds(a.id, b.id));

  // The rules once the plan is applied: written ones as sent, the rest as they are live.
  const after: { id: string; enabled: boolean; action: string[]; lists: string[] }[] = [
    ...changes.filter((c) => c.after !== null).map((c) => ({ id: c.id, enabled: c.after!.enabled, action: c.after!.action, lists: c.lists })),
    ...unmanaged,
    ...defaults.map(summary),
  ];
  const listChanges = input.listChanges.map((c) => (c.kind === 'delete' ? markUsed(c, after) : c));
  const listUsers: RulesPlan['listUsers'] = {};
  const unusedLists: string[] = [];
  for (const l of [...input.lists].sort((a, b) => compareIds(a.id, b.id))) {
    const users = after.filter((r) => r.enabled && r.lists.includes(l.id)).map((r) => ({ rule: r.id, action: [...r.action] }));
    listUsers[l.id] = users;
    if (users.length === 0) unusedLists.push(l.id);
  }
  return {
    rules: {
      managed,
      changes,
      unmanaged: unmanaged.sort((a, b) => compareIds(a.id, b.id)),
      defaults: defaults.map(summary).sort((a, b) => compareIds(a.id, b.id)),
      listUsers,
      unusedLists,
      ...(live.complete ? {} : { incomplete: live.reason ?? 'the rules listing may be cut short' }),
    },
    listChanges,
  };
}

/** A list deletion that a rule would still reference after the plan: marked, needs --force, names the rule. */
function markUsed(c: ListChange, after: readonly { id: string; lists: string[] }[]): ListChange {
  const users = after.filter((r) => r.lists.includes(c.id)).map((r) => r.id);
  if (users.length === 0) return c;
  const named = users.map((u) => `"${u}"`).join(', ');
  const why = `live rule${users.length === 1 ? '' : 's'} ${named} still reference${users.length === 1 ? 's' : ''} this list; deleting it disarms ${users.length === 1 ? "that rule's condition" : "those rules' conditions"} (drop the list from the rule first)`;
  return { ...c, usedBy: users, unsafe: c.unsafe ? `${c.unsafe}; ${why}` : why };
}

function summary(r: LiveRule): LiveRuleSummary {
  return { id: r.id, name: r.name, enabled: r.enabled, action: [...r.action], lists: ruleListIds(r) };
}

function create(after: RuleWrite, file: string): RuleChange {
  return {
    kind: 'create',
    id: after.id,
    before: null,
    after,
    fieldChanges: [],
    conditionsAdded: after.conditions.map(conditionText),
    conditionsRemoved: [],
    lists: ruleListIds(after),
    revisionId: null,
    file,
    unsafe: null,
    cautions: [],
  };
}

function updateOrNoop(after: RuleWrite, live: LiveRule, file: string): RuleChange {
  const before = liveWrite(live);
  const fieldChanges: RuleFieldChange[] = [];
  for (const field of ['name', 'description'] as const) if (before[field] !== after[field]) fieldChanges.push({ field, before: before[field] ?? '', after: after[field] ?? '' });
  if (before.enabled !== after.enabled) fieldChanges.push({ field: 'enabled', before: String(before.enabled), after: String(after.enabled) });
  if (actionText(before.action) !== actionText(after.action)) fieldChanges.push({ field: 'action', before: actionText(before.action), after: actionText(after.action) });
  // Filters are compared only when the service echoed them (whether it does is not published).
  const filters = (w: RuleWrite) => w.filters.map(filterText).join('; ');
  if (before.filtersKnown && filters(before) !== filters(after)) fieldChanges.push({ field: 'filters', before: filters(before) || '(none)', after: filters(after) || '(none)' });
  const beforeText = before.conditions.map(conditionText);
  const afterText = after.conditions.map(conditionText);
  const conditionsAdded = afterText.filter((t) => !beforeText.includes(t));
  const conditionsRemoved = beforeText.filter((t) => !afterText.includes(t));
  const changed = fieldChanges.length > 0 || conditionsAdded.length > 0 || conditionsRemoved.length > 0 || beforeText.join('\n') !== afterText.join('\n');
  const { filtersKnown: _known, ...beforeWrite } = before;
  return {
    kind: changed ? 'update' : 'noop',
    id: after.id,
    before: beforeWrite,
    after,
    fieldChanges,
    conditionsAdded,
    conditionsRemoved,
    lists: ruleListIds(after),
    revisionId: live.revisionId ?? null,
    file,
    unsafe: null,
    cautions: changed ? weakening(beforeWrite, after) : [],
  };
}

function deletion(live: LiveRule): RuleChange {
  const { filtersKnown: _known, ...before } = liveWrite(live);
  const lists = ruleListIds(live);
  const stops = live.enabled ? `it stops ${actionVerb(live.action)} messages${lists.length > 0 ? ` that match ${lists.join(', ')}` : ' it matches'}` : 'it is disabled, so nothing it did stops';
  return {
    kind: 'delete',
    id: live.id,
    before,
    after: null,
    fieldChanges: [],
    conditionsAdded: [],
    conditionsRemoved: before.conditions.map(conditionText),
    lists,
    revisionId: live.revisionId ?? null,
    file: null,
    unsafe: `deleting rule "${live.id}" (no file; --prune): ${stops}`,
    cautions: live.enabled ? [`rule "${live.id}" is deleted: ${stops}`] : [],
  };
}

/** What an update stops the rule doing: disabled, its action changed, a list dropped from its conditions. */
export function weakening(before: RuleWrite, after: RuleWrite): string[] {
  if (!before.enabled) return [];
  const out: string[] = [];
  const lists = ruleListIds(before);
  const matching = lists.length > 0 ? ` that match ${lists.join(', ')}` : ' it matches';
  if (!after.enabled) return [`rule "${after.id}" is disabled: it stops ${actionVerb(before.action)} messages${matching}`];
  if (actionText(before.action) !== actionText(after.action)) {
    const lost = before.action.filter((a) => !after.action.includes(a));
    if (lost.length > 0) out.push(`rule "${after.id}" changes its action ${actionText(before.action)} -> ${actionText(after.action)}: it stops ${actionVerb(lost)} messages${matching}`);
  }
  const kept = new Set(after.conditions.flatMap(referencedLists));
  for (const l of lists) if (!kept.has(l)) out.push(`rule "${after.id}" no longer uses list "${l}": it stops ${actionVerb(after.action)} messages that match only ${l}`);
  return out;
}

// Default rules belong to the service; a file claiming one is a naming mistake, not an update.
function refuseDefaultIds(desired: readonly DesiredRule[], defaultIds: Set<string>): void {
  const clash = desired.filter((d) => defaultIds.has(d.id));
  if (clash.length === 0) return;
  const where = clash.map((d) => `${d.source.file}: rule id "${d.id}"`).join('; ');
  throw new ConfigError(`${where} is a default rule of the app, and kwsync never writes or deletes default rules`, { hint: 'give the rule its own id (a default rule is switched on or off in the dashboard)' });
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
