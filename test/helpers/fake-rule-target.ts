// An in-memory RuleTarget: revisions `app_{id}_{n}` rising per write, default rules, a hook to fail
// a write. Pairs with FakeTarget for plan/apply tests of rules without HTTP.
import type { LiveRule, RuleWrite } from '../../src/model/moderation-rule.js';
import type { LiveRuleListing, RuleTarget } from '../../src/model/target.js';

export class FakeRuleTarget implements RuleTarget {
  readonly rules = new Map<string, LiveRule>();
  readonly writes: { op: 'create' | 'update' | 'delete'; id: string }[] = [];
  private n = 0;
  beforeWrite?: (op: 'create' | 'update' | 'delete', id: string) => void;

  constructor(seed: (RuleWrite & { isDefault?: boolean })[] = []) {
    for (const r of seed) this.put(r, r.isDefault ?? false);
  }

  async listRules(): Promise<LiveRuleListing> {
    return { rules: [...this.rules.values()].map(clone), complete: true };
  }
  async getRule(id: string): Promise<LiveRule | undefined> {
    const r = this.rules.get(id);
    return r ? clone(r) : undefined;
  }
  async createRule(rule: RuleWrite): Promise<LiveRule> {
    this.beforeWrite?.('create', rule.id);
    if (this.rules.has(rule.id)) throw new Error(`rule ${rule.id} exists`);
    this.writes.push({ op: 'create', id: rule.id });
    return clone(this.put(rule, false));
  }
  async updateRule(id: string, rule: RuleWrite): Promise<LiveRule> {
    this.beforeWrite?.('update', id);
    if (!this.rules.has(id)) throw new Error(`ERR_RULE_NOT_FOUND ${id}`);
    this.writes.push({ op: 'update', id });
    return clone(this.put(rule, false));
  }
  async deleteRule(id: string): Promise<void> {
    this.beforeWrite?.('delete', id);
    if (!this.rules.delete(id)) throw new Error(`ERR_RULE_NOT_FOUND ${id}`);
    this.writes.push({ op: 'delete', id });
  }
  put(rule: RuleWrite, isDefault: boolean): LiveRule {
    this.n += 1;
    const live: LiveRule = { id: rule.id, name: rule.name, description: rule.description ?? '', enabled: rule.enabled, action: [...rule.action], conditions: rule.conditions.map((c) => ({ ...c, value: [...c.value] })), revisionId: `app_${rule.id}_${this.n}`, isDefault };
    this.rules.set(rule.id, live);
    return live;
  }
}

function clone(r: LiveRule): LiveRule {
  return JSON.parse(JSON.stringify(r)) as LiveRule;
}
