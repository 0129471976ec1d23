// A plan with rules, in the order that never leaves a rule pointing at a missing list:
//   1. the list changes (applyPlan), except deletions of lists a live rule references;
//   2. the rule changes: deletions first (room under the 25-rule limit), then creates and updates,
//      each written only when every list it references is live;
//   3. the deferred list deletions, each only when every rule that referenced it was changed as
//      planned (or --force accepted that a rule still uses it).
// Unsafe changes of either kind are refused together, before anything is written.
import pLimit from 'p-limit';
import type { ApplyReport, ListChange, ListResult, Plan, RuleChange } from '../../model/plan.js';
import type { KeywordTarget, RuleTarget } from '../../model/target.js';
import { ruleListIds } from '../../model/moderation-rule.js';
import { applyPlan, assertSafe, fileIds, type ApplyOptions } from '../apply-plan.js';
import { finalCheck } from '../final-check.js';
import { applyRuleChange } from './apply-rule-change.js';

export async function applyPlanWithRules(plan: Plan, keywords: KeywordTarget, rules: RuleTarget, opts: ApplyOptions): Promise<ApplyReport> {
  const rulesPlan = plan.rules;
  if (!rulesPlan) return applyPlan(plan, keywords, opts);
  assertSafe(plan, opts.force);
  // Lists some live rule referenced before the plan: deleted only after the rules changed.
  const referenced = new Set([...rulesPlan.changes.flatMap(listsOf), ...rulesPlan.unmanaged.flatMap((r) => r.lists), ...rulesPlan.defaults.flatMap((r) => r.lists)]);
  const deferred = plan.changes.filter((c) => c.kind === 'delete' && referenced.has(c.id));
  // The lists in two parts around the rules; the final re-read (and a prune's final listing) once, over the whole plan.
  const parts = { ...opts, noFinalCheck: true };
  const first = await applyPlan({ ...plan, rules: undefined, changes: plan.changes.filter((c) => !deferred.includes(c)) }, keywords, parts);
  const byId = new Map(first.results.map((r) => [r.id, r]));
  const listIsLive = async (id: string): Promise<boolean> => {
    const r = byId.get(id);
    if (r && r.kind !== 'delete' && (r.outcome === 'applied' || r.outcome === 'unchanged')) return true;
    if (r && r.kind === 'delete' && r.outcome === 'applied') return false;
    if (plan.defaults.includes(id)) return true;
    return (await keywords.getKeywordList(id)) !== undefined;
  };
  const ruleResults = await applyRules(rulesPlan.changes, { target: rules, listIsLive }, opts);
  const ruleById = new Map(ruleResults.map((r) => [r.id, r]));
  const ready = deferred.filter((c) => droppedAsPlanned(c, rulesPlan.changes, ruleById, opts.force));
  const held = deferred.filter((c) => !ready.includes(c)).map((c) => heldResult(c, rulesPlan.changes, ruleById));
  const last = ready.length > 0 ? await applyPlan({ ...plan, rules: undefined, changes: ready }, keywords, parts) : undefined;
  const results = new Map([...first.results, ...held, ...(last?.results ?? [])].map((r) => [r.id, r]));
  const planned = new Set(plan.changes.map((c) => c.id));
  // Lists the plan could not read (first.results' tail) stay after the planned ones.
  const unreadable = first.results.filter((r) => !planned.has(r.id));
  let ordered = plan.changes.map((c) => results.get(c.id)!);
  let finalListing: string | undefined;
  if (!opts.signal?.aborted) ({ results: ordered, finalListing } = await finalCheck(plan.changes, ordered, keywords, plan.prune ? { files: fileIds(plan) } : undefined));
  return {
    target: plan.target,
    startedAt: first.startedAt,
    finishedAt: (opts.now ?? (() => new Date()))().toISOString(),
    results: [...ordered, ...unreadable],
    rules: ruleResults,
    ...(finalListing !== undefined ? { finalListing } : {}),
  };
}

async function applyRules(changes: readonly RuleChange[], ctx: Parameters<typeof applyRuleChange>[1], opts: ApplyOptions): Promise<ListResult[]> {
  const limit = pLimit(Math.max(1, Math.floor(opts.concurrency)));
  const results = new Map<RuleChange, ListResult>();
  const run = (list: readonly RuleChange[]) =>
    Promise.all(
      list.map((c) =>
        limit(async () => {
          const r = opts.signal?.aborted && c.kind !== 'noop' ? notStarted(c) : await applyRuleChange(c, ctx);
          results.set(c, r);
        }),
      ),
    );
  await run(changes.filter((c) => c.kind === 'delete'));
  await run(changes.filter((c) => c.kind !== 'delete'));
  return changes.map((c) => results.get(c)!);
}

function notStarted(c: RuleChange): ListResult {
  return { id: c.id, kind: c.kind, outcome: 'skipped', revisionId: c.revisionId, message: 'not started: the apply was interrupted; the rule is at its old state, run `kwsync apply` again to finish', warnings: [] };
}

/** The lists a rule referenced before the plan. */
function listsOf(c: RuleChange): string[] {
  return c.before ? ruleListIds(c.before) : [];
}

/** The rules that referenced the list and were planned to stop (deleted, or updated without it). */
function droppers(list: ListChange, changes: readonly RuleChange[]): RuleChange[] {
  return changes.filter((c) => listsOf(c).includes(list.id) && !(c.after && c.lists.includes(list.id)));
}

function droppedAsPlanned(list: ListChange, changes: readonly RuleChange[], results: ReadonlyMap<string, ListResult>, force: boolean): boolean {
  const ok = droppers(list, changes).every((c) => results.get(c.id)?.outcome === 'applied');
  // A rule that still uses it (list.usedBy) was accepted with --force; any other must have let go.
  return ok && (force || (list.usedBy ?? []).length === 0);
}

function heldResult(list: ListChange, changes: readonly RuleChange[], results: ReadonlyMap<string, ListResult>): ListResult {
  const stuck = droppers(list, changes).filter((c) => results.get(c.id)?.outcome !== 'applied').map((c) => `"${c.id}"`);
  const why = stuck.length > 0 ? `rule ${stuck.join(', ')}, which references it, was not changed as planned` : `live rule ${(list.usedBy ?? []).map((u) => `"${u}"`).join(', ')} still references it`;
  return { id: list.id, kind: 'delete', outcome: 'skipped', revisionId: list.revisionId, message: `not deleted: ${why}, and a rule is never left pointing at a missing list; the list is as it was, run apply again once the rule is settled`, warnings: [] };
}
