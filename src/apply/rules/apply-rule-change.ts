// One rule change against a RuleTarget, as a list change is applied: the live rule re-read first
// (a rule edited live since the plan is not overwritten), every list it references confirmed live
// (a rule never points at a missing list), the write, then a re-read that checks it holds what was
// sent (another writer is told truthfully). Never throws: the result says what happened.
import { ruleListIds, type LiveRule, type RuleWrite } from '../../model/moderation-rule.js';
import type { ListResult, RuleChange } from '../../model/plan.js';
import type { RuleTarget } from '../../model/target.js';
import { actionText, conditionText, liveWrite } from '../../plan/rules/index.js';

export interface RuleApplyContext {
  target: RuleTarget;
  /** Whether a keyword list is live now (after the lists were written): a rule is written only when all of its are. */
  listIsLive(id: string): Promise<boolean>;
}

export async function applyRuleChange(change: RuleChange, ctx: RuleApplyContext): Promise<ListResult> {
  const result = (outcome: ListResult['outcome'], message: string | null, revisionId: string | null = change.revisionId, warnings: string[] = []): ListResult => ({ id: change.id, kind: change.kind, outcome, revisionId, message, warnings });
  const where = change.file ? ` (${change.file})` : '';
  let current: LiveRule | undefined;
  try {
    current = await ctx.target.getRule(change.id);
  } catch (err) {
    return result('failed', `not written: the live rule could not be read before the write (${errorText(err)}); it is as it was`);
  }
  if (change.kind === 'noop') {
    if (!current) return result('conflict', 'planned unchanged, but the rule is no longer live (another writer deleted it during this apply); plan again');
    return result('unchanged', null, current.revisionId ?? change.revisionId);
  }
  if (change.kind === 'create' && current) return result('conflict', `not written: rule ${change.id} was created by another writer since the plan (revision ${current.revisionId ?? 'unknown'}); plan again to see it`, current.revisionId ?? null);
  if (change.kind !== 'create') {
    if (!current) {
      if (change.kind === 'delete') return result('applied', 'already gone: another writer deleted the rule since the plan', null);
      return result('conflict', 'not written: the rule was deleted live since the plan; plan again (it would be created)', null);
    }
    if (current.isDefault) return result('skipped', 'not written: this is a default rule of the app, which kwsync never writes or deletes', current.revisionId ?? null);
    if (change.revisionId !== null && current.revisionId !== undefined && current.revisionId !== change.revisionId) {
      return result('skipped', `not written: the rule was edited live since the plan (revision ${current.revisionId}, planned against ${change.revisionId}); plan again to see the edit`, current.revisionId);
    }
  }
  if (change.kind === 'delete') {
    try {
      await ctx.target.deleteRule(change.id);
    } catch (err) {
      return result('failed', `the delete failed: ${errorText(err)}; the rule is as it was, run apply again`);
    }
    const after = await reread(ctx.target, change.id);
    if (after.kind === 'error') return result('unconfirmed', `deleted, but the re-read failed (${after.message}); check the rule`, null);
    return after.rule ? result('conflict', 'the delete was answered, but the rule is still live (another writer, or the delete did not land); run apply again', after.rule.revisionId ?? null) : result('applied', null, null);
  }
  const sent = change.after!;
  for (const list of ruleListIds(sent)) {
    let live: boolean;
    try {
      live = await ctx.listIsLive(list);
    } catch (err) {
      return result('failed', `not written: whether list "${list}" is live could not be read (${errorText(err)}); the rule is as it was`);
    }
    if (!live) return result('failed', `not written${where}: it references keyword list "${list}", which is not live (its write failed, or it is not in this target), and a rule is never pointed at a missing list; the rule is as it was`);
  }
  let written: LiveRule;
  try {
    written = change.kind === 'create' ? await ctx.target.createRule(sent) : await ctx.target.updateRule(change.id, sent);
  } catch (err) {
    const text = errorText(err);
    return result('failed', `the service refused rule ${change.id} (${refusedAt(change, text)}): ${text}; the rule is as it was`);
  }
  const after = await reread(ctx.target, change.id);
  if (after.kind === 'error') return result('unconfirmed', `written, but the re-read failed (${after.message}); check the rule`, written.revisionId ?? null);
  if (!after.rule) return result('overwritten', 'written, but the rule is no longer live (another writer deleted it)', null);
  const differences = differ(sent, after.rule);
  const warnings: string[] = [];
  if (written.revisionId !== undefined && after.rule.revisionId !== undefined && written.revisionId !== after.rule.revisionId) warnings.push(`the revision moved from ${written.revisionId} to ${after.rule.revisionId} right after the write: another writer`);
  if (differences.length > 0) return result('overwritten', `written, but the rule now holds something else (${differences.join('; ')}): another writer, or the service changed it`, after.rule.revisionId ?? null, warnings);
  return result(warnings.length > 0 ? 'conflict' : 'applied', warnings.length > 0 ? 'another writer wrote the rule during this apply; plan again' : null, after.rule.revisionId ?? written.revisionId ?? null, warnings);
}

async function reread(target: RuleTarget, id: string): Promise<{ kind: 'ok'; rule: LiveRule | undefined } | { kind: 'error'; message: string }> {
  try {
    return { kind: 'ok', rule: await target.getRule(id) };
  } catch (err) {
    return { kind: 'error', message: errorText(err) };
  }
}

/** What the re-read rule holds that differs from what was sent (fields kwsync writes). */
export function differ(sent: RuleWrite, live: LiveRule): string[] {
  const got = liveWrite(live);
  const out: string[] = [];
  if (got.name !== sent.name) out.push(`name ${JSON.stringify(got.name)}`);
  if (got.enabled !== sent.enabled) out.push(`enabled ${got.enabled}`);
  if (actionText(got.action) !== actionText(sent.action)) out.push(`action ${actionText(got.action)}`);
  const a = got.conditions.map(conditionText).join(' | ');
  const b = sent.conditions.map(conditionText).join(' | ');
  if (a !== b) out.push(`conditions ${a}`);
  return out;
}

/**
 * Where in the rule file the service's refusal points: the condition it names (`conditions[1]`,
 * `conditions.1`, `conditions/1`: the published error shape is not known), else the action or the
 * filters when it names them, else the rule's id line. `file:line`, or the file alone without lines.
 */
export function refusedAt(change: Pick<RuleChange, 'file' | 'lines'>, text: string): string {
  const file = change.file ?? 'no file';
  const lines = change.lines;
  if (!lines) return file;
  const condition = /conditions?(?:\[(\d+)\]|[./](\d+))/i.exec(text);
  const index = condition ? Number(condition[1] ?? condition[2]) : undefined;
  const line = index !== undefined && lines.conditions[index] !== undefined ? lines.conditions[index]
    : /\bfilters?\b/i.test(text) && lines.filters !== undefined ? lines.filters
    : /\baction\b/i.test(text) ? lines.action
    : lines.id;
  return `${file}:${line}`;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
