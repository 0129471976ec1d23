// Issue 39 item 5 (over fakes): one plan for lists and rules; apply writes lists before the rules
// that use them, deletes a rule before a list it referenced, marks and refuses a list deletion a
// rule still needs, never writes default rules, and names what weakens moderation (item 6).
import { FakeTarget } from '../helpers/fake-target.js';
import { FakeRuleTarget } from '../helpers/fake-rule-target.js';
import type { DesiredList } from '../../src/model/keyword-list.js';
import type { DesiredRule } from '../../src/model/moderation-rule.js';
import { planTarget } from '../../src/sync/plan.js';
import { applyTarget } from '../../src/sync/apply.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { renderPlanText } from '../../src/plan/index.js';
import { planHasChanges } from '../../src/model/plan.js';

const list = (id: string, terms = ['x']): DesiredList => ({ id, name: id, description: '', category: 'word', searchTerms: terms, source: { file: `keywords/${id}.yaml` } });
const rule = (id: string, lists: string[], extra: Partial<DesiredRule> = {}): DesiredRule => ({ id, name: id, description: '', enabled: true, action: ['blockMessage'], conditions: lists.map((l) => ({ list: l })), filters: [], source: { file: `keywords/rules/${id}.yaml` }, ...extra });
const opts = (prune = false) => ({ target: 'fake', prune, safety: DEFAULT_CONFIG.safety });

async function planAndApply(keywords: FakeTarget, rules: FakeRuleTarget, lists: DesiredList[], desired: DesiredRule[] | null, prune = false, force = false) {
  const { plan } = await planTarget({ lists, keywords, options: opts(prune), rules: { target: rules, desired } });
  const order: string[] = [];
  keywords.hooks.beforeWrite = (op, id) => void order.push(`list ${op} ${id}`);
  rules.beforeWrite = (op, id) => void order.push(`rule ${op} ${id}`);
  const report = await applyTarget({ plan, keywords, rules, config: DEFAULT_CONFIG, force });
  return { plan, report, order };
}

describe('one plan for lists and rules', () => {
  it('from empty: creates two lists and the rule after the list it uses, and names the unused list', async () => {
    const keywords = new FakeTarget();
    const rules = new FakeRuleTarget();
    const { plan, report, order } = await planAndApply(keywords, rules, [list('a'), list('b')], [rule('r', ['a'])]);
    expect(plan.rules!.changes.map((c) => [c.kind, c.id])).toEqual([['create', 'r']]);
    expect(plan.rules!.unusedLists).toEqual(['b']);
    const text = renderPlanText(plan, { color: false });
    expect(text).toContain('Plan: 2 to create, 0 to update, 0 to delete, 0 unchanged. Rules: 1 to create, 0 to update, 0 to delete, 0 unchanged.');
    expect(text).toContain('Warning: no enabled rule uses list b');
    expect(text).toContain('+ condition: list a (word)');
    expect(order.indexOf('rule create r')).toBeGreaterThan(order.indexOf('list create a'));
    expect(report.rules!.map((r) => r.outcome)).toEqual(['applied']);
    expect(rules.rules.get('r')!.conditions[0]).toMatchObject({ isReference: true, value: ['a'], category: 'word', operand: 'text', operator: 'contains', entity: 'message' });
    const again = await planTarget({ lists: [list('a'), list('b')], keywords, options: opts(), rules: { target: rules, desired: [rule('r', ['a'])] } });
    expect(planHasChanges(again.plan)).toBe(false);
  });

  it('a live edit of the action is drift: planned as an update with a CAUTION only when it weakens, and reverted', async () => {
    const keywords = new FakeTarget();
    const rules = new FakeRuleTarget();
    await planAndApply(keywords, rules, [list('a')], [rule('r', ['a'])]);
    const live = rules.rules.get('r')!;
    rules.put({ ...live, filters: [], action: ['dropMessage'] }, false);
    const { plan, report } = await planAndApply(keywords, rules, [list('a')], [rule('r', ['a'])]);
    expect(plan.rules!.changes[0]).toMatchObject({ kind: 'update', fieldChanges: [{ field: 'action', before: '[dropMessage]', after: '[blockMessage]' }] });
    expect(report.rules![0]!.outcome).toBe('applied');
    expect(rules.rules.get('r')!.action).toEqual(['blockMessage']);
    // The other way round weakens: a CAUTION naming the rule and what it stops doing.
    const { plan: weaker } = await planTarget({ lists: [list('a')], keywords, options: opts(), rules: { target: rules, desired: [rule('r', ['a'], { enabled: false })] } });
    expect(renderPlanText(weaker, { color: false })).toContain('CAUTION: rule "r" is disabled: it stops blocking messages that match a');
  });

  it('deleting a list a live rule still uses is marked, names the rule, and is refused without --force', async () => {
    const keywords = new FakeTarget();
    const rules = new FakeRuleTarget();
    await planAndApply(keywords, rules, [list('a'), list('b')], [rule('r', ['a'])]);
    // The rule is not managed here (no rules/): the list deletion is still guarded.
    const { plan } = await planTarget({ lists: [list('b')], keywords, options: opts(true), rules: { target: rules, desired: null } });
    const a = plan.changes.find((c) => c.id === 'a')!;
    expect(a.usedBy).toEqual(['r']);
    expect(a.unsafe).toContain('live rule "r" still references this list');
    expect(renderPlanText(plan, { color: false })).toContain('CAUTION: list "a" is deleted while rule "r" uses it');
    await expect(applyTarget({ plan, keywords, rules, config: DEFAULT_CONFIG, force: false })).rejects.toThrow(/refusing .*unsafe.*live rule "r"/);
    expect(keywords.lists.has('a')).toBe(true);
  });

  it('a rule and the list it used, both dropped with --prune: the rule is deleted before the list', async () => {
    const keywords = new FakeTarget();
    const rules = new FakeRuleTarget();
    await planAndApply(keywords, rules, [list('a'), list('b')], [rule('r', ['a'])]);
    const { order, report } = await planAndApply(keywords, rules, [list('b')], [], true, true);
    expect(order).toEqual(['rule delete r', 'list delete a']);
    expect(report.results.find((r) => r.id === 'a')!.outcome).toBe('applied');
  });

  it('a rule whose list failed to be created is not written (never a rule pointing at a missing list)', async () => {
    const keywords = new FakeTarget([], { beforeWrite: (op, id) => { if (op === 'create' && id === 'a') throw new Error('boom'); } });
    const rules = new FakeRuleTarget();
    const { plan } = await planTarget({ lists: [list('a')], keywords, options: opts(), rules: { target: rules, desired: [rule('r', ['a'])] } });
    const report = await applyTarget({ plan, keywords, rules, config: DEFAULT_CONFIG, force: false });
    expect(report.rules![0]).toMatchObject({ outcome: 'failed' });
    expect(report.rules![0]!.message).toContain('references keyword list "a", which is not live');
    expect(rules.rules.size).toBe(0);
  });

  it('default rules are never written or deleted, even with prune and force; a file claiming one is refused', async () => {
    const keywords = new FakeTarget();
    const rules = new FakeRuleTarget([{ id: 'text-profanity-filter', name: 'P', enabled: true, action: ['blockMessage'], conditions: [{ entity: 'message', operand: 'text', operator: 'contains', category: 'word', isReference: true, value: ['profanity-list'] }], filters: [], isDefault: true }]);
    const { plan } = await planAndApply(keywords, rules, [list('a')], [], true, true);
    expect(plan.rules!.changes).toEqual([]);
    expect(plan.rules!.defaults.map((d) => d.id)).toEqual(['text-profanity-filter']);
    expect(rules.writes).toEqual([]);
    await expect(planTarget({ lists: [], keywords, options: opts(), rules: { target: rules, desired: [rule('text-profanity-filter', ['profanity-list'])] } })).rejects.toThrow(/default rule/);
  });
});
